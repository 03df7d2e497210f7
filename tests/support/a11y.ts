/**
 * What the accessibility checks share (tests/e2e/every-page.spec.ts, a11y.spec.ts): axe's WCAG 2.1
 * A/AA run, waiting for colour transitions, the check of scrolling boxes out of keyboard reach, and
 * which API pages get the full axe set at 1440 px.
 */
import { type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { statSync } from 'node:fs';
import { routeFile } from './build';
import { CRAWL_PAGES } from './crawl';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per violation, then one per offending node: rule, impact, selector and axe's reason. */
export async function violations(page: Page, route: string, mode: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself instead of collating in a fresh blank page per call:
  // five times faster here, and the site has no cross-origin frames that would need the latter.
  const { violations: found } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(TAGS).setLegacyMode().analyze();
  return found.map(
    (v) =>
      `${route} [${mode}] ${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`).join('\n'),
  );
}

/** Waits for running transitions (colours fade when the mode changes), so axe sees final colours. */
export async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/**
 * API pages at common desktop widths (long paths and tables), light mode. The crawl runs at
 * Playwright's 1280 px. Every API page is checked at 1280 and 1440 px for scrolling boxes out of
 * keyboard reach: axe ignores overflow under 13 px, which a window's classic scrollbar (about 15 px)
 * turns into a real one, so the check of our own counts any overflow, and it depends on each page's
 * content (the length of its paths and names). The full axe set at 1440 px depends on the template
 * and its CSS, not on the content: it runs on the largest page of each kind (the most tables,
 * paths and samples), which keeps the suite's time near its budget as the API grows.
 */
export const API_KINDS = ['operation', 'schema', 'api-info', 'api-index'];
export const API_PAGES = CRAWL_PAGES.filter((p) => API_KINDS.includes(p.kind));
export const FULL_AXE_WIDTH = 1440;

/** The largest built page of each API kind, by the size of its HTML file. */
export const FULL_AXE_ROUTES = new Set(
  API_KINDS.flatMap((kind) => {
    const pages = API_PAGES.filter((p) => p.kind === kind).map((p) => ({ route: p.route, bytes: statSync(routeFile(p.route)).size }));
    return pages.length ? [pages.reduce((a, b) => (b.bytes > a.bytes ? b : a)).route] : [];
  }),
);

/** Elements that scroll (any overflow) with nothing focusable in them and no tabindex of their own. */
export function unreachableScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main *, article *')]
      .filter((el) => {
        const style = getComputedStyle(el);
        const scrolls = (v: string) => v === 'auto' || v === 'scroll';
        const overflows = (scrolls(style.overflowX) && el.scrollWidth > el.clientWidth) || (scrolls(style.overflowY) && el.scrollHeight > el.clientHeight);
        return overflows && el.tabIndex < 0 && !el.querySelector('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
      })
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`),
  );
}


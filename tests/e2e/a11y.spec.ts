/** WCAG 2.1 A and AA (axe) on every built page, in light mode and, after the switch, in dark mode. */
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { statSync } from 'node:fs';
import { routeFile } from '../support/build';
import { CRAWL_PAGES, hydrated, switchToDark } from '../support/crawl';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One line per violation, then one per offending node: rule, impact, selector and axe's reason. */
async function violations(page: Page, route: string, mode: string): Promise<string[]> {
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
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

for (const { route } of CRAWL_PAGES) {
  test(`axe: ${route} in light and dark mode`, async ({ page }) => {
    // Two full axe passes: the longest guides take 20–30 s on a busy 2-core machine, so the default
    // 30 s would fail them for time, not for a violation.
    test.setTimeout(90_000);
    await page.goto(route);
    await hydrated(page);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await settled(page);
    const found = await violations(page, route, 'light');

    // The reader's way to dark mode: the switch in the navbar.
    await switchToDark(page);
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.mouse.move(0, 0); // No hover styles on the switch while axe reads colours.
    await settled(page);
    found.push(...(await violations(page, route, 'dark')));

    expect(found, `${found.length} axe violation(s) on ${route}:\n${found.join('\n')}`).toEqual([]);
  });
}

/**
 * API pages at common desktop widths (long paths and tables), light mode. The crawl above runs at
 * Playwright's 1280 px. Every API page is checked at 1280 and 1440 px for scrolling boxes out of
 * keyboard reach: axe ignores overflow under 13 px, which a window's classic scrollbar (about 15 px)
 * turns into a real one, so the check of our own counts any overflow, and it depends on each page's
 * content (the length of its paths and names). The full axe set at 1440 px depends on the template
 * and its CSS, not on the content: it runs on the largest page of each kind (the most tables,
 * paths and samples), which keeps the suite's time near its budget as the API grows.
 */
const API_KINDS = ['operation', 'schema', 'api-info', 'api-index'];
const API_PAGES = CRAWL_PAGES.filter((p) => API_KINDS.includes(p.kind));
const FULL_AXE_WIDTH = 1440;

/** The largest built page of each API kind, by the size of its HTML file. */
const FULL_AXE_ROUTES = new Set(
  API_KINDS.flatMap((kind) => {
    const pages = API_PAGES.filter((p) => p.kind === kind).map((p) => ({ route: p.route, bytes: statSync(routeFile(p.route)).size }));
    return pages.length ? [pages.reduce((a, b) => (b.bytes > a.bytes ? b : a)).route] : [];
  }),
);

/** Elements that scroll (any overflow) with nothing focusable in them and no tabindex of their own. */
function unreachableScrollers(page: Page): Promise<string[]> {
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

test('the full axe set at 1440 px covers one page of each API kind', () => {
  const kinds = new Set(API_PAGES.map((p) => p.kind));
  expect([...FULL_AXE_ROUTES].map((r) => API_PAGES.find((p) => p.route === r)!.kind).sort()).toEqual([...kinds].sort());
});

for (const { route } of API_PAGES) {
  const axeToo = FULL_AXE_ROUTES.has(route);
  test(`no scrolling box out of keyboard reach at 1280 and 1440 px${axeToo ? ', axe at 1440 px' : ''}: ${route}`, async ({ page }) => {
    if (axeToo) test.slow(); // The largest operation page: axe takes a good part of the default 30 s on a busy machine.
    const found: string[] = [];
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(route);
    await hydrated(page);
    found.push(...(await unreachableScrollers(page)).map((s) => `${route} [1280 px] scrollable region the keyboard cannot reach: ${s}`));
    await page.setViewportSize({ width: FULL_AXE_WIDTH, height: 800 });
    await settled(page);
    if (axeToo) found.push(...(await violations(page, route, `${FULL_AXE_WIDTH} px`)));
    found.push(...(await unreachableScrollers(page)).map((s) => `${route} [${FULL_AXE_WIDTH} px] scrollable region the keyboard cannot reach: ${s}`));
    expect(found, `${found.length} problem(s) on ${route}:\n${found.join('\n')}`).toEqual([]);
  });
}

/**
 * A phone, 390 px wide, and a desktop, 1440 px: axe in both colour modes, no sideways scrolling of
 * the page, and no scrolling box out of keyboard reach, on the largest page of each kind (tables and
 * samples are what a narrow screen squeezes) and on the pages whose tables once scrolled
 * unreachably. (1280 px is the crawl's width above: every page, both modes.)
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE_ROUTES = new Set([
  ...[...new Set(CRAWL_PAGES.map((p) => p.kind))].map(
    (kind) =>
      CRAWL_PAGES.filter((p) => p.kind === kind)
        .map((p) => ({ route: p.route, bytes: p.kind === 'not-found' ? 0 : statSync(routeFile(p.route)).size }))
        .reduce((a, b) => (b.bytes > a.bytes ? b : a)).route,
  ),
  '/', '/errors', '/fine-tuning/datasets', '/fine-tuning/parameters', '/api/schemas/trainingjobdetail',
]);

for (const viewport of [PHONE, DESKTOP]) {
  for (const route of PHONE_ROUTES) {
    test(`at ${viewport.width} px: axe in light and dark mode, no sideways page scroll, scrolling boxes in keyboard reach: ${route}`, async ({ page }) => {
      test.slow();
      await page.setViewportSize(viewport);
      await page.goto(route);
      await hydrated(page);
      await settled(page);
      const found = await violations(page, route, `${viewport.width} px light`);
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      if (scroll > client) found.push(`${route} [${viewport.width} px] the page scrolls sideways: ${scroll} px of content in ${client} px`);
      found.push(...(await unreachableScrollers(page)).map((s) => `${route} [${viewport.width} px] scrollable region the keyboard cannot reach: ${s}`));
      // The colour switch sits in the closed phone menu: the reader's system turns dark instead (at both widths, alike).
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await settled(page);
      found.push(...(await violations(page, route, `${viewport.width} px dark`)));
      expect(found, `${found.length} problem(s) on ${route}:\n${found.join('\n')}`).toEqual([]);
    });
  }
}

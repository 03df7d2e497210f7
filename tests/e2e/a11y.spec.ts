/**
 * Accessibility beyond the crawl (every page's axe run in both modes is in every-page.spec.ts): the
 * full axe set at 1440 px on one page of each API kind, and phones and desktops on the largest page
 * of each kind.
 */
import { test, expect } from '@playwright/test';
import { statSync } from 'node:fs';
import { routeFile } from '../support/build';
import { API_PAGES, FULL_AXE_ROUTES, settled, unreachableScrollers, violations } from '../support/a11y';
import { CRAWL_PAGES, hydrated } from '../support/crawl';

test('the full axe set at 1440 px covers one page of each API kind', () => {
  const kinds = new Set(API_PAGES.map((p) => p.kind));
  expect([...FULL_AXE_ROUTES].map((r) => API_PAGES.find((p) => p.route === r)!.kind).sort()).toEqual([...kinds].sort());
});

/**
 * A phone, 390 px wide, and a desktop, 1440 px: axe in both colour modes, no sideways scrolling of
 * the page, and no scrolling box out of keyboard reach, on the largest page of each kind (tables and
 * samples are what a narrow screen squeezes) and on the pages whose tables once scrolled
 * unreachably. (1280 px is the crawl's width in every-page.spec.ts: every page, both modes.)
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

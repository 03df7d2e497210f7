/**
 * Every built page in one browser pass, as a reader opens it at 1280 px: no console error, uncaught
 * exception or request to another host (lazy content included: the page is scrolled to its end and
 * the network left to settle); then WCAG 2.1 A and AA (axe) in light mode and, after the navbar's
 * switch, in dark mode. API pages are also checked for scrolling boxes out of keyboard reach at
 * 1280 and 1440 px, and the largest page of each API kind gets the full axe set at 1440 px. No tab,
 * button or field in the content is left unhydrated by a static block.
 *
 * One load per page serves all of these (they were three tests, each loading and hydrating the page
 * again). Every check runs even when an earlier one found something; the test fails listing all.
 */
import { test, expect } from '@playwright/test';
import { API_PAGES, FULL_AXE_ROUTES, FULL_AXE_WIDTH, settled, unreachableScrollers, violations } from '../support/a11y';
import { CRAWL_PAGES, NOT_FOUND_ROUTE, exposeRenderedByReact, hydrated, switchToDark } from '../support/crawl';

const API_ROUTES = new Set(API_PAGES.map((p) => p.route));

for (const { route } of CRAWL_PAGES) {
  const api = API_ROUTES.has(route);
  const axe1440 = FULL_AXE_ROUTES.has(route);
  const name = `${route}: no console error, uncaught exception or foreign request; axe in light and dark mode${api ? `; scrolling boxes in keyboard reach at 1280 and 1440 px${axe1440 ? ', axe at 1440 px' : ''}` : ''}`;
  test(name, async ({ page, baseURL }) => {
    // Two or three full axe passes: the longest guides take 20–30 s each on a busy 2-core machine,
    // so the default 30 s would fail them for time, not for a violation.
    test.setTimeout(axe1440 ? 150_000 : 120_000);
    const ownHost = new URL(baseURL!).host;
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url } = message.location();
      // The not-found page answers 404 on purpose; Chromium logs that status as an error.
      if (route === NOT_FOUND_ROUTE && new URL(url || baseURL!).pathname === NOT_FOUND_ROUTE) return;
      problems.push(`console error: ${message.text()}${url ? ` (${url})` : ''}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!/^(https?|wss?):$/.test(url.protocol)) return; // data:, blob: and the like load nothing.
      if (url.host !== ownHost) problems.push(`request to another host: ${request.method()} ${request.url()}`);
    });

    // API pages: the height the keyboard-reach check has always used (boxes can scroll by height too).
    if (api) await page.setViewportSize({ width: 1280, height: 800 });
    await exposeRenderedByReact(page);
    await page.goto(route);
    await hydrated(page);
    // Reach the bottom so lazy content loads too, then let the network settle.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForLoadState('networkidle');
    const found = problems.map((p) => `${route} ${p}`);
    problems.length = 0;
    // No control inside content React left as the server sent it (lib/ui/Static): such a tab or button would not work.
    const inert = await page.evaluate(() =>
      [...document.querySelectorAll('main :is([role="tab"], button, input:not([disabled]), select, textarea)')]
        .filter((el) => !window.renderedByReact(el))
        .map((el) => el.outerHTML.slice(0, 100)),
    );
    found.push(...inert.map((html) => `${route} control React did not hydrate: ${html}`));
    await page.evaluate(() => window.scrollTo(0, 0));

    if (api) {
      found.push(...(await unreachableScrollers(page)).map((s) => `${route} [1280 px] scrollable region the keyboard cannot reach: ${s}`));
      await page.setViewportSize({ width: FULL_AXE_WIDTH, height: 800 });
      await settled(page);
      if (axe1440) found.push(...(await violations(page, route, `${FULL_AXE_WIDTH} px`)));
      found.push(...(await unreachableScrollers(page)).map((s) => `${route} [${FULL_AXE_WIDTH} px] scrollable region the keyboard cannot reach: ${s}`));
      await page.setViewportSize({ width: 1280, height: 720 }); // Playwright's own, where axe has always run.
    }
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await settled(page);
    found.push(...(await violations(page, route, 'light')));

    // The reader's way to dark mode: the switch in the navbar.
    await switchToDark(page);
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.mouse.move(0, 0); // No hover styles on the switch while axe reads colours.
    await settled(page);
    found.push(...(await violations(page, route, 'dark')));
    found.push(...problems.map((p) => `${route} ${p} (after the checks above)`));

    expect(found, `${found.length} problem(s) on ${route}:\n${found.join('\n')}`).toEqual([]);
  });
}

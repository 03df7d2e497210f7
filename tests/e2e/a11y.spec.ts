/** WCAG 2.1 A and AA (axe) on every built page, in light mode and, after the switch, in dark mode. */
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { CRAWL_PAGES, hydrated } from '../support/crawl';

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
    await page.goto(route);
    await hydrated(page);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await settled(page);
    const found = await violations(page, route, 'light');

    // The reader's way to dark mode: the switch in the navbar.
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.mouse.move(0, 0); // No hover styles on the switch while axe reads colours.
    await settled(page);
    found.push(...(await violations(page, route, 'dark')));

    expect(found, `${found.length} axe violation(s) on ${route}:\n${found.join('\n')}`).toEqual([]);
  });
}

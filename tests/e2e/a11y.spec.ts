/** WCAG 2.1 A/AA (axe) on every built page, in light and in dark mode. */
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { CRAWL_PAGES, hydrated } from '../support/crawl';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function violations(page: Page, route: string): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return found.map(
    (v) =>
      `${route} [${page.url().includes('docusaurus-theme=dark') ? 'dark' : 'light'}] ${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`).join('\n'),
  );
}

for (const mode of ['light', 'dark'] as const) {
  test.describe(`axe, ${mode} mode`, () => {
    for (const { route } of CRAWL_PAGES) {
      test(route, async ({ page }) => {
        // The documented theme query parameter sets the mode for this visit without touching storage.
        await page.goto(mode === 'dark' ? `${route}?docusaurus-theme=dark` : route);
        await hydrated(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        expect((await violations(page, route)).join('\n')).toBe('');
      });
    }
  });
}

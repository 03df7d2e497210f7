/** The build served with its own Content-Security-Policy header runs without a single violation. */
import { test, expect } from '@playwright/test';
import { hydrated, switchToDark } from '../support/crawl';

test('pages, search and the colour switch work under the Content-Security-Policy', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation: (v: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  for (const route of ['/', '/fine-tuning/parameters', '/api/create-dataset', '/api/schemas/projectdetail', '/api']) {
    const response = await page.goto(route);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    await hydrated(page);
  }
  await switchToDark(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: /search/i }).pressSequentially('dataset', { delay: 20 });
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('external links open safely', async ({ page }) => {
  await page.goto('/');
  const external = page.locator('a[href^="http"]:not([href^="http://127.0.0.1"])');
  expect(await external.count()).toBeGreaterThan(5);
  for (const rel of await external.evaluateAll((links) => links.map((a) => `${a.getAttribute('href')} ${a.getAttribute('rel')}`))) {
    expect(rel).toMatch(/noopener/);
    expect(rel).toMatch(/noreferrer/);
  }
});

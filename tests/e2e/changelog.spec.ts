/** The changelog and the error catalogue as a reader uses them: from an API page, without JS, through search and the feed. */
import { test, expect, type Page } from '@playwright/test';
import { hydrated } from '../support/crawl';

async function search(page: Page, query: string) {
  await page.goto('/fine-tuning/limits');
  await hydrated(page);
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: /search/i });
  await input.pressSequentially(query, { delay: 20 });
  const results = page.getByRole('listbox').getByRole('option');
  await expect(results.first()).toBeVisible();
  return results;
}

// An API page carries the latest release's note about it (2026-11 took the body off the state-conflict 400s).
test('the "Changed 2026-11" note on the reactivate-deployment page leads to its changelog entry and migration note', async ({ page }) => {
  await page.goto('/api/reactivate-deployment-by-id');
  await hydrated(page);
  const note = page.locator('main blockquote', { hasText: 'Changed 2026-11:' });
  await expect(note).toBeVisible();
  await note.getByRole('link', { name: 'What changed and how to migrate' }).click();
  await expect(page).toHaveURL(/\/changelog#2026-11-reactivate-deployment-by-id$/);
  const heading = page.getByRole('heading', { level: 3, name: /Reactivate deployment/ });
  await expect(heading).toBeInViewport();
  const entry = page.locator('div', { has: heading }).last();
  await expect(entry.getByText('Breaking', { exact: true }).first()).toBeVisible();
  await expect(entry.getByText('How to migrate')).toBeVisible();
});

test('a 404 response on an operation page links to its section of /errors', async ({ page }) => {
  await page.goto('/api/retrieve-project-by-id');
  await hydrated(page);
  await page.getByRole('tab', { name: '404' }).click();
  await page.getByRole('link', { name: /Causes of 404 errors/ }).click();
  await expect(page).toHaveURL(/\/errors#404$/);
  await expect(page.getByRole('heading', { level: 2, name: /404 Not Found/ })).toBeInViewport();
  await page.getByText(/Operations that declare 404/).click();
  await expect(page.getByRole('link', { name: 'Retrieve project' }).first()).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/changelog shows every release, change and note', async ({ page }) => {
    await page.goto('/changelog');
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 2, name: /2026-03/ })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: /2025-09/ })).toBeVisible();
    await expect(main.getByText('Request field target removed.')).toBeVisible();
    await expect(main.getByText(/upload size limit \(MB\) narrowed from 200 to 5/)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Atom feed' })).toHaveAttribute('href', '/changelog.xml');
  });

  test('/errors shows each status with its example', async ({ page }) => {
    await page.goto('/errors');
    for (const name of [/400 Bad Request/, /401 Unauthorized/, /404 Not Found/, /Any other status/]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.locator('main pre', { hasText: '"code": "object_not_found"' })).toBeVisible();
  });
});

test('the feed is served as XML', async ({ request }) => {
  const response = await request.get('/changelog.xml');
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
});

test('search finds the error catalogue and the changelog', async ({ page }) => {
  const errors = await search(page, 'common causes');
  await expect(errors.filter({ hasText: /Errors/ }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  // Words of the generated entries, not of the page's own prose.
  const changelog = await search(page, 'manhattan removed');
  await expect(changelog.filter({ hasText: /API changelog/ }).first()).toBeVisible();
});

/** Offline search: Ctrl+K, type, pick a result with the keyboard, land on the page. */
import { test, expect, type Page } from '@playwright/test';
import { hydrated } from '../support/crawl';

async function search(page: Page, query: string) {
  await page.goto('/fine-tuning/datasets');
  await hydrated(page);
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: /search/i });
  await expect(input).toBeFocused();
  await input.pressSequentially(query, { delay: 20 });
  const results = page.getByRole('listbox').getByRole('option');
  await expect(results.first()).toBeVisible();
  return results;
}

test('"GRPO" finds the GRPO training job and Enter opens it', async ({ page }) => {
  const results = await search(page, 'GRPO');
  await expect(results.filter({ hasText: /GRPO/ }).first()).toBeVisible();
  const texts = await results.allTextContents();
  const target = texts.findIndex((t) => /Create GRPO training job|GRPO Training Jobs/.test(t));
  expect(target).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= target; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/(api\/create-grpo-training-job|guides\/grpo)/);
});

test('"learning rate" finds the parameters page, naming page and section', async ({ page }) => {
  const results = await search(page, 'learning rate');
  const hit = results.filter({ hasText: /Fine-Tuning Parameters/ }).first();
  await expect(hit).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/fine-tuning\/datasets$/);
});

test('a parameter name finds the operation that takes it', async ({ page }) => {
  const results = await search(page, 'train_test_split_ratio');
  await expect(results.filter({ hasText: /Create SFT training job|Create GRPO training job/ }).first()).toBeVisible();
});

test('the search bar loads its code on first use, and keeps what was typed meanwhile', async ({ page }) => {
  const searchCode: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    // A string of the plugin's bar component (its autocomplete events), not of our stand-in.
    if ((await response.text().catch(() => '')).includes('autocomplete:closed')) searchCode.push(response.url());
  });
  await page.goto('/fine-tuning/datasets');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(searchCode, 'search bar code loaded before anyone used search').toEqual([]);
  // Type at once: the first keys land in the stand-in, before the plugin's bar has loaded.
  await page.getByRole('textbox', { name: 'Search' }).focus();
  await page.keyboard.type('GRPO');
  const results = page.getByRole('listbox').getByRole('option');
  await expect(results.filter({ hasText: /GRPO/ }).first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('GRPO');
  expect(searchCode.length).toBeGreaterThan(0);
});

/** The "Page as Markdown" menu above each doc page: by keyboard, without JavaScript, and with nothing sent before a click. */
import { test, expect, type Page } from '@playwright/test';
import { hydrated } from '../support/crawl';

const SITE = 'https://docs.withemissary.com';
const ROUTES = ['/fine-tuning/parameters', '/api/create-project'];

/** Requests to hosts other than the test server, from now on. */
function foreignRequests(page: Page, baseURL: string): string[] {
  const found: string[] = [];
  const own = new URL(baseURL).host;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^(https?|wss?):$/.test(url.protocol) && url.host !== own) found.push(request.url());
  });
  return found;
}

/** The twin's absolute URL in an assistant link's prompt. */
const promptOf = (href: string) => new URL(href).searchParams.get('q') ?? '';

async function expectAssistantLinks(page: Page, route: string) {
  const twin = `${SITE}${route}.md`;
  await expect(page.getByRole('link', { name: 'View as Markdown' })).toHaveAttribute('href', `${route}.md`);
  const chatgpt = await page.getByRole('link', { name: 'Open in ChatGPT' }).getAttribute('href');
  const claude = await page.getByRole('link', { name: 'Open in Claude' }).getAttribute('href');
  expect(chatgpt).toMatch(/^https:\/\/chatgpt\.com\/\?q=/);
  expect(claude).toMatch(/^https:\/\/claude\.ai\/new\?q=/);
  expect(promptOf(chatgpt!)).toContain(twin);
  expect(promptOf(claude!)).toContain(twin);
  await expect(page.getByRole('link', { name: 'Connect your agent' })).toHaveAttribute('href', '/ai-agents');
}

for (const route of ROUTES) {
  test(`${route}: the menu opens and closes by keyboard, and focus comes back to its button`, async ({ page, baseURL }) => {
    const foreign = foreignRequests(page, baseURL!);
    await page.goto(route);
    await hydrated(page);
    const trigger = page.getByRole('button', { name: 'Page as Markdown', exact: true });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Open in Claude' })).toBeHidden();

    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${(await trigger.getAttribute('aria-controls'))!.replace(/:/g, '\\:')}`);
    await expect(panel).toBeVisible();
    await expectAssistantLinks(page, route);

    // Tab walks the items in order; Escape from any of them closes the menu and returns focus.
    for (const name of ['Copy page as Markdown', 'View as Markdown', 'Open in ChatGPT', 'Open in Claude', 'Connect your agent']) {
      await page.keyboard.press('Tab');
      await expect(panel.getByRole(name.startsWith('Copy') ? 'button' : 'link', { name })).toBeFocused();
    }
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();

    // Space opens it too; leaving it with Tab closes it.
    await page.keyboard.press('Space');
    await expect(panel).toBeVisible();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    await expect(panel).toBeHidden();

    await page.waitForLoadState('networkidle');
    expect(foreign, 'requests to other hosts before any click').toEqual([]);
  });
}

test('"Copy page as Markdown" by keyboard copies the twin, says so and closes the menu', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/fine-tuning/parameters');
  await hydrated(page);
  const trigger = page.getByRole('button', { name: 'Page as Markdown', exact: true });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# Fine-Tuning Parameters/);
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expect(trigger).toBeFocused();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const route of ROUTES) {
    test(`${route}: the menu opens and its links are plain links`, async ({ page, baseURL }) => {
      const foreign = foreignRequests(page, baseURL!);
      await page.goto(route);
      const menu = page.locator('details', { has: page.locator('summary', { hasText: 'Page as Markdown' }) });
      await expect(menu).toHaveCount(1);
      await expect(page.getByRole('link', { name: 'Open in ChatGPT' })).toBeHidden();
      await menu.locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('open', '');
      await expectAssistantLinks(page, route);
      // Copying needs a script, so the menu without one does not offer it.
      await expect(page.getByRole('button', { name: 'Copy page as Markdown' })).toHaveCount(0);
      // The twin opens from the plain link.
      await page.getByRole('link', { name: 'View as Markdown' }).click();
      await expect(page).toHaveURL(new RegExp(`${route}\\.md$`));
      expect(foreign).toEqual([]);
    });
  }
});

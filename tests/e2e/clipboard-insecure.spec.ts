/**
 * The copy buttons over plain HTTP on another host name: a build served on a local network
 * (`http://192.168.…`, a team's staging box) is not a secure context, and there the browser has no
 * Clipboard API. Chromium here resolves docs.insecure.test to the test server, so the page is a
 * real insecure context, not one with the API taken away. What the reader copied is then read back
 * from the browser's clipboard by a page on the secure origin (127.0.0.1).
 */
import { test, expect, type Page } from '@playwright/test';
import { CHROMIUM } from '../../playwright.config';
import { hydrated } from '../support/crawl';

const HOST = 'docs.insecure.test';

test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  },
});

/** The same route on the insecure host name. */
function insecure(baseURL: string, route: string): string {
  const url = new URL(route, baseURL);
  url.hostname = HOST;
  return url.href;
}

/** Reads the browser's clipboard from a page on the secure origin. */
async function clipboardText(secure: Page): Promise<string> {
  return secure.evaluate(() => navigator.clipboard.readText());
}

test('over plain HTTP a code block copy button still copies the block exactly', async ({ page, context, baseURL }) => {
  const secure = await context.newPage();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  await secure.goto('/');
  for (const route of ['/fine-tuning/parameters', '/api/create-project']) {
    await page.goto(insecure(baseURL!, route));
    await hydrated(page);
    expect(await page.evaluate(() => ({ secure: window.isSecureContext, api: 'clipboard' in navigator })), `${route} over ${HOST}`).toEqual({ secure: false, api: false });
    await secure.evaluate(() => navigator.clipboard.writeText('(nothing copied)'));
    const block = page.locator('.theme-code-block:visible').first();
    const code = await block.locator('pre code').evaluate((code) => code.textContent!.replace(/\n$/, ''));
    expect(code.length).toBeGreaterThan(10);
    await block.hover();
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
    await expect(block.getByRole('button', { name: 'Copied' }), `${route}: the button says the code was copied`).toBeVisible();
    expect(await clipboardText(secure), route).toBe(code);
    // The reader's place on the page is kept: the off-screen text area is gone again.
    expect(await page.locator('body > textarea').count()).toBe(0);
  }
});

test('over plain HTTP "Copy page as Markdown" copies the page twin', async ({ page, context, baseURL }) => {
  const secure = await context.newPage();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  await secure.goto('/');
  await secure.evaluate(() => navigator.clipboard.writeText('(nothing copied)'));
  await page.goto(insecure(baseURL!, '/fine-tuning/parameters'));
  await hydrated(page);
  await page.getByRole('button', { name: 'Page as Markdown', exact: true }).click();
  await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied.' })).toBeVisible();
  const twin = await (await page.request.get(new URL('/fine-tuning/parameters.md', baseURL).href)).text();
  expect(await clipboardText(secure)).toBe(twin);
});

/**
 * What a first visit loads (issue #7, item 3): no page's startup JavaScript carries a code
 * generator or request builder, and guide pages load none of the API reference components. Nor
 * does it carry Prism: code arrives highlighted, and the highlighter loads only for code blocks
 * mounted later (client-side navigation).
 * Sizes and timings are the benchmark's business (`npm run bench`); this checks contents only.
 */
import { test, expect, type Page } from '@playwright/test';
import { hydrated } from '../support/crawl';
import { GUIDE_ROUTES } from '../support/routes';
import { API_COMPONENT_MARKERS, CODEGEN_MARKERS, HIGHLIGHTER_MARKERS } from '../../scripts/bench/chunks';

/** The scripts a fresh visit to `route` loads until the network is quiet, with their text. */
async function startupScripts(page: Page, route: string): Promise<Array<{ url: string; text: string }>> {
  const scripts: Array<Promise<{ url: string; text: string }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  await page.goto(route);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  return Promise.all(scripts);
}

const name = (url: string) => new URL(url).pathname;

for (const route of ['/', ...GUIDE_ROUTES]) {
  test(`guide page ${route} loads no API reference components`, async ({ page }) => {
    const scripts = await startupScripts(page, route);
    expect(scripts.length).toBeGreaterThan(3);
    const offenders = scripts.filter((s) => /\/openapi\.[0-9a-f]+\.js$/.test(s.url) || API_COMPONENT_MARKERS.some((m) => s.text.includes(m)));
    expect(offenders.map((s) => name(s.url))).toEqual([]);
  });
}

for (const route of ['/', '/fine-tuning/parameters', '/api', '/api/create-training-job', '/api/schemas/trainingjobdetail']) {
  test(`${route} loads no code generator or request builder`, async ({ page }) => {
    const scripts = await startupScripts(page, route);
    const found = scripts.flatMap((s) => CODEGEN_MARKERS.filter((m) => m.needles.some((n) => s.text.includes(n))).map((m) => `${name(s.url)}: ${m.name}`));
    expect(found).toEqual([]);
  });
}

test('operation pages do load the API components (so the guide check above can fail)', async ({ page }) => {
  const scripts = await startupScripts(page, '/api/create-training-job');
  expect(scripts.some((s) => API_COMPONENT_MARKERS.some((m) => s.text.includes(m)))).toBe(true);
});

for (const route of ['/', '/fine-tuning/parameters', '/api/create-training-job']) {
  test(`${route}: code blocks hydrate as served, without being rendered and highlighted again`, async ({ page }) => {
    // Remember each highlighted line element the server sent, before any script runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { served: Element[] }).served = [...document.querySelectorAll('pre.prism-code .token-line')];
      });
    });
    await page.goto(route);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const { served, kept, now } = await page.evaluate(() => {
      const before = (window as unknown as { served: Element[] }).served;
      return { served: before.length, kept: before.filter((el) => el.isConnected).length, now: document.querySelectorAll('pre.prism-code .token-line').length };
    });
    expect(served).toBeGreaterThan(20);
    expect(now).toBe(served);
    expect(kept, 'highlighted lines replaced after hydration').toBe(served);
  });
}

const hasHighlighter = (text: string) => HIGHLIGHTER_MARKERS.some((m) => text.includes(m));

for (const route of ['/', '/fine-tuning/parameters', '/api/create-training-job', '/api/schemas/trainingjobdetail']) {
  test(`${route} loads no highlighter at startup: its code arrives highlighted`, async ({ page }) => {
    const scripts = await startupScripts(page, route);
    expect(scripts.filter((s) => hasHighlighter(s.text)).map((s) => name(s.url))).toEqual([]);
    await expect(page.locator('pre.prism-code .token-line .token').first()).toBeAttached();
  });
}

test('code shown after client-side navigation is highlighted: Prism loads on first use', async ({ page }) => {
  const scripts: Array<Promise<string>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/fine-tuning/parameters');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect((await Promise.all(scripts)).some(hasHighlighter), 'highlighter loaded before any code needed it').toBe(false);
  const served = await page.evaluate(() => document.querySelectorAll('pre.prism-code').length);
  // A link followed inside the app, not a page load: the samples are rendered in the browser.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page.locator('article a[href="/api/create-training-job"]').first().click();
  await expect(page).toHaveURL(/\/api\/create-training-job$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  const blocks = page.locator('pre.prism-code');
  await expect(blocks).not.toHaveCount(served);
  // Every sample, the hidden tabs' too, ends up as highlighted lines with tokens.
  await expect(page.locator('pre.prism-code:not(:has(.token-line .token))')).toHaveCount(0);
  expect(await blocks.count()).toBeGreaterThanOrEqual(7);
  expect((await Promise.all(scripts)).some(hasHighlighter)).toBe(true);
});

test('links in view are prefetched once the reader takes up the page, in idle time', async ({ page }) => {
  // Counts <link rel="prefetch"> tags by whether they were added inside an idle callback.
  await page.addInitScript(() => {
    const counts = { idle: 0, busy: 0 };
    (window as unknown as { prefetches: typeof counts }).prefetches = counts;
    let inIdleCallback = false;
    const requestIdle = window.requestIdleCallback.bind(window);
    window.requestIdleCallback = (callback, options) =>
      requestIdle((deadline) => {
        inIdleCallback = true;
        try {
          callback(deadline);
        } finally {
          inIdleCallback = false;
        }
      }, options);
    const append = Node.prototype.appendChild;
    Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
      if (node instanceof HTMLLinkElement && node.rel === 'prefetch') counts[inIdleCallback ? 'idle' : 'busy'] += 1;
      return append.call(this, node) as T;
    };
  });
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/assets/js/')) scripts.add(request.url());
  });
  await page.goto('/api/create-training-job');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const atLoad = scripts.size;
  const counts = () => page.evaluate(() => (window as unknown as { prefetches: { idle: number; busy: number } }).prefetches);
  // A first visit fetches no other page's code until the reader does something.
  expect(await counts()).toEqual({ idle: 0, busy: 0 });
  await page.waitForTimeout(1000);
  expect(scripts.size, 'scripts fetched after the page went quiet, without any reader action').toBe(atLoad);
  await page.mouse.move(200, 300);
  await expect.poll(async () => (await counts()).idle).toBeGreaterThan(10);
  expect((await counts()).busy).toBe(0);
  await expect.poll(() => scripts.size - atLoad).toBeGreaterThan(5);
});

/**
 * What a first visit loads (issue #7, item 3): no page's startup JavaScript carries a code
 * generator or request builder, and guide pages load none of the API reference components. No page
 * loads Prism, at startup or later, nor its code's highlighted HTML at startup: the build highlights
 * the code (plugins/code-blocks, issue #39), hydration keeps the server's lines, and a page's
 * highlights file loads only for code the browser renders itself (client-side navigation).
 * Sizes and timings are the benchmark's business (`npm run bench`); this checks contents only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { BUILD_DIR } from '../support/build';
import { hydrated, servedElementsKept, startupScripts } from '../support/crawl';
import { GUIDE_ROUTES } from '../support/routes';
import { operations, spec } from '../support/openapi';
import { API_COMPONENT_MARKERS, CODEGEN_MARKERS, HIGHLIGHTS_FILE, HIGHLIGHTER_MARKERS } from '../../scripts/bench/chunks';

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

test("/fine-tuning/parameters loads no copy of base-models.json: its table is the page's static HTML", async ({ page }) => {
  const scripts = await startupScripts(page, '/fine-tuning/parameters');
  // A prompt format's id: only the catalogue carries it (the table shows names, kinds and windows).
  expect(scripts.filter((s) => s.text.includes('llama3-instruct')).map((s) => name(s.url))).toEqual([]);
});

test('operation pages do load the API components (so the guide check above can fail)', async ({ page }) => {
  const scripts = await startupScripts(page, '/api/create-training-job');
  expect(scripts.some((s) => API_COMPONENT_MARKERS.some((m) => s.text.includes(m)))).toBe(true);
});

for (const route of ['/', '/fine-tuning/parameters', '/api/create-training-job']) {
  test(`${route}: code blocks hydrate as served, without being rendered and highlighted again`, async ({ page }) => {
    // Each highlighted line element the server sent, before any script runs.
    const { served, kept, now } = await servedElementsKept(page, route, 'pre.prism-code .token-line');
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
    // Nor its highlighted lines: the server's are kept, not rendered again from the page's data.
    expect(scripts.filter((s) => HIGHLIGHTS_FILE.test(s.text)).map((s) => name(s.url))).toEqual([]);
    await expect(page.locator('pre.prism-code .token-line .token').first()).toBeAttached();
  });
}

/** Chooses every tab of the article the reader can see, nested ones too (a tab hidden by an earlier choice is left); returns how many. */
async function clickEveryTab(page: Page): Promise<number> {
  let clicked = 0;
  for (const tab of await page.locator('article [role="tab"]').all()) {
    if (!(await tab.isVisible())) continue;
    await tab.click();
    clicked++;
  }
  return clicked;
}

test('no highlighter loads on any interaction: tabs, details and the colour mode load nothing; after client-side navigation the code is highlighted from its highlights file', async ({ page }) => {
  const scripts: Array<{ url: string; text: Promise<string> }> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), text: response.text() });
  });
  const texts = async (from = 0) => Promise.all(scripts.slice(from).map(async (s) => ({ url: name(s.url), text: await s.text })));
  await page.goto('/fine-tuning/parameters');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const atLoad = scripts.length;
  expect((await texts()).filter((s) => hasHighlighter(s.text) || HIGHLIGHTS_FILE.test(s.text)).map((s) => s.url)).toEqual([]);

  // Every <details> opened, every tab of the article chosen, the colour mode switched twice: nothing is downloaded.
  const details = page.locator('article details > summary');
  expect(await details.count()).toBeGreaterThan(0);
  for (const summary of await details.all()) await summary.click();
  expect(await clickEveryTab(page)).toBeGreaterThan(1);
  await expect(page.locator('article [role="tabpanel"]:visible pre .token-line .token').first()).toBeVisible();
  const mode = page.locator('button[title*="mode"]').first();
  await mode.click();
  await mode.click();
  await page.waitForLoadState('networkidle');
  expect((await texts(atLoad)).map((s) => s.url), 'scripts downloaded by tabs, details or the colour mode').toEqual([]);

  const served = await page.evaluate(() => document.querySelectorAll('pre.prism-code').length);
  // A link followed inside the app, not a page load: the samples and examples are rendered in the browser.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const beforeNavigation = scripts.length;
  await page.locator('article a[href="/api/create-training-job"]').first().click();
  await expect(page).toHaveURL(/\/api\/create-training-job$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  const blocks = page.locator('pre.prism-code');
  await expect(blocks).not.toHaveCount(served);
  expect(await blocks.count()).toBeGreaterThanOrEqual(7);
  // Every sample and example, the hidden tabs' too, ends up as highlighted lines with tokens.
  await expect(page.locator('pre.prism-code:not(:has(.token-line .token))')).toHaveCount(0);
  // Another sample language, every tab, the colour mode: still no highlighter.
  await page.locator('label[data-language="go"]').click();
  await expect(page.locator('div[data-language="go"] pre .token.keyword').first()).toBeVisible();
  expect(await clickEveryTab(page)).toBeGreaterThan(1);
  await mode.click();
  await page.waitForLoadState('networkidle');
  const later = await texts(beforeNavigation);
  expect(later.filter((s) => HIGHLIGHTS_FILE.test(s.text)).length, "the page's highlights file came with the navigation").toBeGreaterThan(0);
  expect(later.filter((s) => hasHighlighter(s.text)).map((s) => s.url), 'a script holding a highlighter was downloaded').toEqual([]);
});

test('other pages load on intent: pointing at a link fetches its page, links in view fetch nothing', async ({ page }) => {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/assets/js/')) scripts.add(new URL(request.url()).pathname);
  });
  await page.goto('/fine-tuning/parameters');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const atLoad = new Set(scripts);
  // Reading: scrolling brings more links into view, the pointer moves over the text.
  await page.mouse.move(600, 400);
  await page.mouse.wheel(0, 1500);
  await page.waitForTimeout(1500);
  expect([...scripts].filter((s) => !atLoad.has(s)), 'scripts fetched for links merely in view').toEqual([]);
  // Pointing at a link to a page of another kind fetches that page's code before the click.
  await page.locator('article a[href="/api/create-training-job"]').first().hover();
  await expect.poll(() => [...scripts].filter((s) => !atLoad.has(s)).length).toBeGreaterThan(0);
  await page.locator('article a[href="/api/create-training-job"]').first().click();
  await expect(page).toHaveURL(/\/api\/create-training-job$/);
  await expect(page.locator('.openapi-left-panel__container h1')).toBeVisible();
});

/**
 * The description of every API page as built (its meta description, which the generated page's
 * `description` front matter becomes): what upstream's version metadata repeats per doc. Read from
 * build/, not api-docs/, which the fixture stage regenerates from other documents.
 */
function apiPageDescriptions(): Array<{ file: string; description: string }> {
  const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return filesUnder(path.join(BUILD_DIR, 'api'))
    .filter((f) => f.endsWith('.html'))
    .map((file) => {
      const m = fs.readFileSync(file, 'utf8').match(/<meta\b[^>]*\bname=(?:"description"|description)\s[^>]*?content=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/);
      return { file, description: decode(m?.[1] ?? m?.[2] ?? m?.[3] ?? '') };
    })
    .filter((d) => d.description.length > 20);
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

test('an operation page does not load the description of every API page (it grows with the API)', async ({ page }) => {
  const descriptions = apiPageDescriptions();
  expect(descriptions.length).toBeGreaterThan(30);
  const text = (await startupScripts(page, '/api/create-training-job')).map((s) => s.text).join('\n');
  // Its own, those of the schemas it shows, and the /api index cards' (upstream: every page's).
  const loaded = descriptions.filter((d) => text.includes(JSON.stringify(d.description).slice(1, -1)));
  expect(loaded.length, loaded.map((d) => path.basename(d.file)).join(', ')).toBeLessThanOrEqual(5);
});

/**
 * Follows the page's "Next" link as a reader does, and waits for the URL; returns where it led. By
 * keyboard: no pointer goes near the sidebar, and the back-to-top button, which can lie over the
 * link once the page has scrolled, cannot take the click (a pointer click there once did not navigate).
 */
async function followNext(page: Page): Promise<string> {
  const next = page.locator('a.pagination-nav__link--next');
  const href = (await next.getAttribute('href'))!;
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(href);
  return href;
}

test("route data loads by bucket: a page fetches its own bucket's routes, and links navigate client-side into other buckets", async ({ page }) => {
  const buckets: string[] = [];
  page.on('request', (r) => {
    const m = new URL(r.url()).pathname.match(/\/assets\/js\/(routes-\d+-\d+)\./);
    if (m) buckets.push(m[1]);
  });
  await page.goto('/api/create-training-job');
  await hydrated(page);
  expect(buckets, 'one bucket of the API list, none of the guides').toHaveLength(1);
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  // Page after page through the "Next" link, as a reader reads on: each is rendered by the client.
  for (let step = 0; step < 5; step++) {
    const href = await followNext(page);
    // The URL changes before the page is drawn (Docusaurus keeps the old one until the new one's code is in).
    await expect(page.locator('aside a[aria-current="page"]')).toHaveAttribute('href', href);
    await expect(page.locator('article h1, article header h1').first()).toBeVisible();
  }
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no full page load').toBe(true);
  expect(new Set(buckets).size, `buckets fetched: ${buckets.join(', ')}`).toBeGreaterThan(1);
  expect(buckets.length, 'each bucket is fetched once').toBe(new Set(buckets).size);
});

test("the API sidebar comes lean: the categories around each page with the page's own code, the whole sidebar when the reader reaches for it", async ({ page }) => {
  const whole: string[] = [];
  page.on('request', (r) => {
    const m = new URL(r.url()).pathname.match(/\/assets\/js\/(sidebars-[0-9a-f]+)\./);
    if (m) whole.push(m[1]);
  });
  const tagged = (tag: string) => operations.filter((o) => (o.operation.tags as string[] | undefined)?.includes(tag)).length;
  const sidebar = page.locator('aside.theme-doc-sidebar-container');
  const category = (label: string) => sidebar.locator('li.theme-doc-sidebar-item-category', { has: page.locator(':scope > div .menu__link', { hasText: new RegExp(`^${label}$`) }) });
  const operationLinks = (label: string) => category(label).locator('ul a.menu__link[href^="/api/"]');

  await page.goto('/api/create-training-job');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(whole, 'the whole sidebar at load').toEqual([]);
  // The page's own category is open and complete, from its bucket.
  expect(tagged('Training Jobs')).toBeGreaterThan(2);
  await expect(operationLinks('Training Jobs')).toHaveCount(tagged('Training Jobs'));
  await expect(category('Training Jobs').locator('a[aria-current="page"]')).toHaveAttribute('href', '/api/create-training-job');

  // Into another category through the pages' own links, without touching the sidebar: that category
  // opens complete, still without the whole sidebar.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  for (let step = 0; step < 12 && (await category('Training Jobs').locator('a[aria-current="page"]').count()) > 0; step++) {
    const href = await followNext(page);
    await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', href);
  }
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), 'no full page load').toBe(true);
  await expect(category('Training Jobs').locator('a[aria-current="page"]')).toHaveCount(0);
  const open = sidebar.locator('li.theme-doc-sidebar-item-category:not(.menu__list-item--collapsed)', { has: page.locator(`a[aria-current="page"]`) }).last();
  const label = (await open.locator(':scope > div .menu__link').textContent())!;
  await expect(operationLinks(label)).toHaveCount(tagged(label));
  expect(whole, 'the whole sidebar after client-side navigation').toEqual([]);

  // Reaching for the sidebar loads it whole, once; a closed category then opens complete.
  await sidebar.hover();
  await expect.poll(() => whole.length).toBe(1);
  await category('Projects').locator(':scope > div .menu__link').click();
  await expect(operationLinks('Projects')).toHaveCount(tagged('Projects'));
  // Schemas is one list (up to 24 schemas, plugins/api-reference/sidebar-groups.ts): it opens complete.
  await category('Schemas').locator(':scope > div .menu__link').click();
  const schemaLinks = category('Schemas').locator(':scope > ul a.menu__link[href^="/api/schemas/"]');
  await expect(schemaLinks.first()).toBeVisible();
  expect(await schemaLinks.count()).toBe(Object.keys(spec.components?.schemas ?? {}).length);
  expect(whole).toHaveLength(1);
});

test('keyboard readers get the whole API sidebar as focus enters it', async ({ page }) => {
  const whole: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/js\/sidebars-[0-9a-f]+\./.test(new URL(r.url()).pathname)) whole.push(r.url());
  });
  await page.goto('/api/list-projects');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(whole).toEqual([]);
  await page.locator('aside.theme-doc-sidebar-container a[aria-current="page"]').focus();
  await expect.poll(() => whole.length).toBe(1);
});

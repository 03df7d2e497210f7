/**
 * Static blocks (lib/ui/Static) in Chromium, on the built site: what never changes after
 * the build stays as the server sent it, and React renders only the interactive parts.
 *
 * "Rendered by React" is read from the DOM (`window.renderedByReact`, tests/support/crawl.ts). Inside a
 * static block no element is; the block's own element is (React attaches to it). The interactive parts (tabs, copy buttons, details, the dataset
 * checker, search, the page menu) keep working: tests/e2e/tabs, guide-blocks, api-page,
 * dataset-checker, search and page-menu click them on the same build. Links inside static blocks
 * navigate in place; after a hydration error, React renders the page afresh with every block filled.
 */
import { test, expect, type Page } from '@playwright/test';
import { exposeRenderedByReact, hydrated, servedElementsKept } from '../support/crawl';

test.beforeEach(({ page }) => exposeRenderedByReact(page));

/**
 * One page of each kind: `inside`, the elements whose insides are static there; `outer`, the
 * outermost static blocks, the elements React attaches to.
 */
const MDX_BLOCKS = ':is(p, ul:not([role="tablist"]), ol, li:not([role="tab"]), .table-scroll, blockquote, h2, h3, h4)';
const PAGES = [
  { kind: 'home', route: '/', inside: `.theme-doc-markdown ${MDX_BLOCKS}`, outer: '.theme-doc-markdown > :is(p, ul, ol, .table-scroll, blockquote, h2, h3, h4)' },
  { kind: 'guide', route: '/guides/grpo', inside: `.theme-doc-markdown ${MDX_BLOCKS}`, outer: '.theme-doc-markdown > :is(p, ul, ol, .table-scroll, blockquote, h2, h3, h4)' },
  // An API page's Markdown, its parameter and field lines and the names of the fields that open.
  {
    kind: 'operation',
    route: '/api/create-training-job',
    inside: '.theme-api-markdown :is(p:not(.api-source-link), .openapi-left-panel__container > ul, .openapi-params__list-item, .openapi-schema__list-item > div:not(:has(.tabs)), summary > .openapi-schema__container)',
    outer: '.openapi-left-panel__container > :is(p:not(.api-source-link), ul, blockquote), .openapi-params__list-item, summary > .openapi-schema__container',
  },
  {
    kind: 'schema',
    route: '/api/schemas/trainingjobdetail',
    inside: '.theme-api-markdown :is(p:not(.api-source-link), .openapi-left-panel__container > ul, .openapi-schema__list-item > div:not(:has(.tabs)), summary > .openapi-schema__container)',
    outer: '.openapi-left-panel__container > :is(p:not(.api-source-link), blockquote), .openapi-schema__list-item > div',
  },
];

/** The elements inside `selector`'s matches and those of them React rendered; how many `outer` match, and how many React attached to. */
function rendered(page: Page, selector: string, outer: string) {
  return page.evaluate(
    ([sel, out]) => {
      const byReact = window.renderedByReact;
      const inside = [...document.querySelectorAll(sel)].flatMap((block) => [...block.querySelectorAll('*')]);
      const blocks = [...document.querySelectorAll(out)];
      return {
        blocks: blocks.length,
        blocksAttached: blocks.filter(byReact).length,
        inside: inside.length,
        byReact: inside.filter(byReact).map((el) => el.outerHTML.slice(0, 120)),
      };
    },
    [selector, outer],
  );
}

for (const { kind, route, inside, outer } of PAGES) {
  test(`${kind} (${route}): the static blocks keep the server's elements and React renders none inside them`, async ({ page }) => {
    const kept = await servedElementsKept(page, route, inside);
    expect(kept.served, 'the server sent static blocks').toBeGreaterThan(5);
    expect(kept, 'every block the server sent is still the one shown').toEqual({ served: kept.served, kept: kept.served, now: kept.served });
    const found = await rendered(page, inside, outer);
    expect(found.inside, 'the blocks hold elements (links, code, emphasis)').toBeGreaterThan(5);
    expect(found.byReact, 'elements React rendered inside static blocks').toEqual([]);
    // React attached to the outermost blocks themselves: the page did hydrate, around them.
    expect(found.blocks).toBeGreaterThan(2);
    expect(found.blocksAttached).toBe(found.blocks);
  });
}

test('the interactive parts of a static page are React-rendered: tabs and copy buttons', async ({ page }) => {
  await page.goto('/guides/grpo');
  await hydrated(page);
  const counts = await page.evaluate(() => {
    const byReact = window.renderedByReact;
    const of = (sel: string) => [...document.querySelectorAll(sel)].map(byReact);
    return { tabs: of('.theme-doc-markdown [role="tab"]'), copy: of('.theme-doc-markdown button[class*="copyButton"]') };
  });
  expect(counts.tabs.length).toBeGreaterThan(0);
  expect(counts.copy.length).toBeGreaterThan(0);
  expect([...counts.tabs, ...counts.copy].every(Boolean)).toBe(true);
});

/** A link to another page of the site inside a static paragraph of the home page. */
async function pageLink(page: Page) {
  const link = page.locator('.theme-doc-markdown p a[href^="/"]:not([download]):not([href*="."]):not([href^="/#"])').first();
  await expect(link).toBeVisible();
  return { link, href: (await link.getAttribute('href'))! };
}

test('a link in a static paragraph navigates in place, and the page it opens renders as usual', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const { link, href } = await pageLink(page);
  const homeTitle = await page.locator('article h1').first().textContent();
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await link.click();
  await expect(page).toHaveURL(new URL(href, page.url()).href);
  // The router shows the new page once its code is in: until then the URL is new, the page not.
  await expect(page.locator('article h1').first()).not.toHaveText(homeTitle ?? '');
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), 'no page load: the router navigated').toBe(true);
  // A page reached in place is rendered by React, paragraphs and all.
  const rows = await page.evaluate(() => {
    const byReact = window.renderedByReact;
    const inner = [...document.querySelectorAll('.theme-doc-markdown p *, .theme-api-markdown p *')];
    return { inner: inner.length, byReact: inner.filter(byReact).length };
  });
  expect(rows.inner).toBeGreaterThan(0);
  expect(rows.byReact).toBe(rows.inner);
  // Back: the home page again, rendered in place, with its text.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  await expect(page.locator('.theme-doc-markdown p').first()).not.toBeEmpty();
});

test('pointing at a link in a static paragraph preloads its page; a click with a modifier key is the browser\'s', async ({ page, context }) => {
  await page.goto('/');
  await hydrated(page);
  // Docusaurus's preload, observed: the site's client module keeps a replaced window.docusaurus's own preload.
  await page.evaluate(() => {
    const scope = window as unknown as { docusaurus: { preload(path: string): unknown }; preloaded: string[] };
    const original = scope.docusaurus;
    scope.preloaded = [];
    scope.docusaurus = { ...original, preload: (path: string) => (scope.preloaded.push(path), original.preload(path)) };
  });
  const { link, href } = await pageLink(page);
  await link.hover();
  await expect.poll(() => page.evaluate(() => (window as unknown as { preloaded: string[] }).preloaded)).toContain(new URL(href, page.url()).pathname);
  const opened = context.waitForEvent('page');
  await link.click({ modifiers: ['Control'] });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(new URL(href, page.url()).pathname);
  expect(new URL(page.url()).pathname, 'the page itself stayed').toBe('/');
  await tab.close();
});

test('a download link in a static paragraph stays a download', async ({ page }) => {
  await page.goto('/guides/grpo');
  await hydrated(page);
  const download = page.waitForEvent('download');
  await page.locator('.script-downloads a[href$=".py"]').click();
  expect((await download).suggestedFilename()).toMatch(/\.py$/);
  expect(new URL(page.url()).pathname).toBe('/guides/grpo');
});

test('after a hydration error, React renders the page afresh and no static block is left empty', async ({ page }) => {
  // The served page's title is changed in the HTML only, so hydration meets text it did not render
  // and React renders the whole page again in the browser (its recovery from a hydration error).
  await page.route('**/guides/grpo', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('<h1>GRPO Training Jobs</h1>', '<h1>Not what React renders</h1>');
    await route.fulfill({ response, body: html });
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/guides/grpo');
  await hydrated(page);
  await expect(page.locator('article h1').first()).toHaveText('GRPO Training Jobs');
  expect(errors.join('\n'), 'React reported the hydration error it recovered from').toMatch(/hydrat|#418|#423|#425/i);
  const blocks = await page.evaluate(() => {
    const byReact = window.renderedByReact;
    const paragraphs = [...document.querySelectorAll('.theme-doc-markdown p')];
    return { paragraphs: paragraphs.length, empty: paragraphs.filter((p) => !p.textContent?.trim()).length, inner: paragraphs.flatMap((p) => [...p.querySelectorAll('*')]).filter((el) => !byReact(el)).length };
  });
  expect(blocks.paragraphs).toBeGreaterThan(10);
  expect(blocks.empty, 'empty paragraphs').toBe(0);
  expect(blocks.inner, 'elements inside paragraphs React did not render').toBe(0);
});

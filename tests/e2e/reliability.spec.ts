/**
 * Every built page holds up: readable without JavaScript; no crash and a working colour-mode switch
 * when storage is blocked. (No console error, uncaught exception or request to another host with
 * JavaScript: every-page.spec.ts, in the same pass as axe.)
 */
import { test, expect, type Page } from '@playwright/test';
import { CRAWL_PAGES, MAIN_CONTENT, hydrated, switchToDark, type CrawlPage } from '../support/crawl';
import { deref, findOperation, spec, type Json } from '../support/openapi';


/** Top-level fields of a body or component schema, as the reference lists them. */
function fieldNames(schema: Json | undefined, direction: 'request' | 'response'): string[] {
  const resolved = deref(schema);
  if (!resolved) return [];
  const parts = [resolved, ...((resolved.allOf as Json[] | undefined) ?? []).map((s) => deref(s) ?? {})];
  return parts.flatMap((part) =>
    Object.entries((part.properties as Json | undefined) ?? {})
      .filter(([, prop]) => !(direction === 'request' ? deref(prop)?.readOnly : deref(prop)?.writeOnly))
      .map(([name]) => name),
  );
}

/** Visible text of the element that holds the page's main content. */
const mainText = async (page: Page) => (await page.locator(MAIN_CONTENT).first().innerText()).trim();

async function checkReadable(page: Page, { route, kind }: CrawlPage, textWithScript: () => Promise<string>) {
  const main = page.locator(MAIN_CONTENT).first();
  await expect(main, `${route}: main content`).toBeVisible();
  switch (kind) {
    case 'api-index':
      // The generated index puts its title above the cards, outside their <article>s.
      await expect(main.locator('h1').first(), `${route}: h1`).toBeVisible();
      expect((await mainText(page)).length, `${route}: length of the main text`).toBeGreaterThan(200);
      break;
    case 'tags':
    case 'search':
    case 'not-found':
      // Short by nature: every word a reader gets with JavaScript must be there without it.
      await expect(main.locator('h1').first(), `${route}: h1`).toBeVisible();
      expect(await mainText(page), `${route}: main text differs from the page with JavaScript`).toBe(await textWithScript());
      break;
    default:
      await expect(page.locator('article h1').first(), `${route}: article h1`).toBeVisible();
      expect((await mainText(page)).length, `${route}: length of the main text`).toBeGreaterThan(200);
  }
  if (kind === 'operation') {
    const endpoint = (await page.locator('.openapi__method-endpoint').first().innerText()).trim();
    const [method, path] = endpoint.split(/\s+/);
    const operation = findOperation(method, path);
    expect(operation, `${route}: no operation ${endpoint} in the OpenAPI document`).toBeDefined();
    const left = page.locator('.openapi-left-panel__container');
    const parameters = ((operation!.operation.parameters as Json[] | undefined) ?? []).map((p) => deref(p)!.name as string);
    const body = deref(operation!.operation.requestBody);
    const bodyFields = Object.values((body?.content as Json | undefined) ?? {}).flatMap((media) => fieldNames((media as Json).schema, 'request'));
    for (const name of [...parameters, ...new Set(bodyFields)]) {
      await expect(left.locator('.openapi-schema__property', { hasText: new RegExp(`^${name}$`) }).filter({ visible: true }).first(), `${route}: field ${name}`).toBeVisible();
    }
    const sample = page.locator('.openapi-right-panel__container [data-language]:visible pre');
    await expect(sample, `${route}: one visible code sample`).toHaveCount(1);
    await expect(sample, `${route}: code sample`).toContainText('https://api.withemissary.com/v1/');
  }
  if (kind === 'schema') {
    const name = Object.keys(spec.components?.schemas as Json).find((n) => n.toLowerCase() === route.split('/').pop());
    expect(name, `${route}: no such schema in the OpenAPI document`).toBeDefined();
    for (const field of fieldNames((spec.components?.schemas as Json)[name!], 'response')) {
      await expect(page.locator('.openapi-schema__property', { hasText: new RegExp(`^${field}$`) }).filter({ visible: true }).first(), `${route}: field ${field}`).toBeVisible();
    }
  }
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const crawlPage of CRAWL_PAGES) {
    test(`${crawlPage.route}: main content is readable`, async ({ page, browser }) => {
      await page.goto(crawlPage.route);
      await checkReadable(page, crawlPage, async () => {
        const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: true });
        const withScript = await context.newPage();
        await withScript.goto(crawlPage.route);
        await hydrated(withScript);
        const text = await mainText(withScript);
        await context.close();
        return text;
      });
    });
  }
});

test.describe('with storage blocked', () => {
  test.beforeEach(async ({ page }) => {
    // As in a sandboxed iframe or with strict privacy settings: touching storage throws.
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage']) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException(`Failed to read the '${name}' property from 'Window': Access is denied for this document.`, 'SecurityError');
          },
        });
      }
    });
  });

  // Storage is touched by templates and components, not by content: every guide (each has its own
  // components: tabs that remember a choice, the dataset checker, …) and the first page of each
  // other kind (every API page shares one template and its stored language choice).
  const SHARED_TEMPLATES: string[] = ['operation', 'schema', 'api-info', 'api-index', 'tags'];
  const firstOfKind = new Set(SHARED_TEMPLATES.map((kind) => CRAWL_PAGES.find((p) => p.kind === kind)?.route));
  const STORAGE_PAGES = CRAWL_PAGES.filter((p) => !SHARED_TEMPLATES.includes(p.kind) || firstOfKind.has(p.route));

  test('the storage-blocked pass covers every kind of page', () => {
    expect(new Set(STORAGE_PAGES.map((p) => p.kind))).toEqual(new Set(CRAWL_PAGES.map((p) => p.kind)));
  });

  for (const { route } of STORAGE_PAGES) {
    test(`${route}: no crash and the colour-mode switch works`, async ({ page }) => {
      await page.goto(route);
      await hydrated(page);
      expect(await page.evaluate(() => { try { return !window.localStorage; } catch { return true; } }), 'storage is blocked').toBe(true);
      const crashed = page.getByText('This page crashed.');
      await expect(crashed).toHaveCount(0);
      await expect(page.locator('h1').first()).toBeVisible();
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-theme', 'light');
      await switchToDark(page);
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await expect(crashed).toHaveCount(0);
    });
  }
});

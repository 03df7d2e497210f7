/** The API reference as a reader uses it: operation pages, samples, schemas, download. */
import { test, expect } from '@playwright/test';
import { hydrated } from '../support/crawl';

const LANGUAGES = ['Python', 'curl', 'Go', 'Node.js', 'Ruby', 'Java', 'PowerShell'];

test('an operation page shows its method, path, parameters and the seven sample tabs in order', async ({ page }) => {
  await page.goto('/api/retrieve-dataset-by-id');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Retrieve dataset');
  const endpoint = page.locator('.openapi__method-endpoint');
  await expect(endpoint).toContainText('GET');
  await expect(endpoint).toContainText('/v1/projects/{project_id}/datasets/{dataset_id}');
  await expect(page.getByText('project_id', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('dataset_id', { exact: true }).first()).toBeVisible();
  const group = page.getByRole('radiogroup', { name: 'Code sample language' });
  await expect(group.locator('label')).toHaveText(LANGUAGES);
  const visible = page.locator('[data-language]:visible pre');
  await expect(visible).toHaveCount(1);
  await expect(visible).toContainText('https://api.withemissary.com/v1/projects/');
  await expect(visible).toContainText('X-API-Key');
});

test('every language tab shows a complete request', async ({ page }) => {
  await page.goto('/api/create-project');
  for (const label of LANGUAGES) {
    await page.locator('label', { hasText: new RegExp(`^${label.replace('.', '\\.')}$`) }).click();
    const code = page.locator('[data-language]:visible pre');
    await expect(code).toContainText('https://api.withemissary.com/v1/projects');
    await expect(code).toContainText('X-API-Key');
  }
});

test('every sample is syntax-highlighted, in the HTML and after hydration', async ({ page }) => {
  // Token kinds each language's grammar must produce for a request sample; without the grammar
  // (e.g. Ruby, Java, PowerShell not registered) the code renders as plain text.
  await page.goto('/api/create-project');
  await hydrated(page);
  for (const id of ['python', 'curl', 'go', 'nodejs', 'ruby', 'java', 'powershell']) {
    const tokens = page.locator(`div[data-language="${id}"] pre .token.string`);
    expect(await tokens.count(), `${id}: no highlighted strings`).toBeGreaterThan(0);
  }
  const html = await (await page.request.get('/api/create-project')).text();
  for (const language of ['ruby', 'java', 'powershell']) {
    const at = html.search(new RegExp(`\\blanguage-${language}[\\s"]`));
    expect(at, `${language}: no code block in the server-rendered HTML`).toBeGreaterThan(0);
    const block = html.slice(at, html.indexOf('</pre>', at));
    expect(block, `${language}: not highlighted in the server-rendered HTML`).toMatch(/token string/);
  }
});

test('the chosen language persists to the next operation page', async ({ page }) => {
  await page.goto('/api/create-project');
  await page.locator('label', { hasText: /^Go$/ }).click();
  await expect(page.locator('div[data-language="go"]')).toBeVisible();
  await page.goto('/api/list-datasets');
  await expect(page.getByRole('radio', { name: 'Go' })).toBeChecked();
  await expect(page.locator('div[data-language="go"]')).toBeVisible();
  await expect(page.locator('div[data-language="python"]')).toBeHidden();
});

test('no page offers to send a request', async ({ page }) => {
  for (const route of ['/api/create-training-job', '/api/get-chat-completions', '/api/emissary-api']) {
    await page.goto(route);
    await expect(page.getByRole('button', { name: /send/i })).toHaveCount(0);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('samples are in the HTML and the tabs still switch', async ({ page }) => {
    await page.goto('/api/create-dataset');
    await expect(page.locator('[data-language="python"] pre')).toContainText('tickets_train.jsonl');
    await page.locator('label', { hasText: /^curl$/ }).click();
    await expect(page.locator('[data-language="curl"] pre')).toBeVisible();
    await expect(page.locator('[data-language="curl"] pre')).toContainText('--form');
  });
});

test('a schema page shows every field with its type and an example', async ({ page }) => {
  await page.goto('/api/schemas/apierrornotfound');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ApiErrorNotFound');
  for (const field of ['status', 'error', 'code']) {
    await expect(page.locator('.openapi-schema__property', { hasText: new RegExp(`^${field}$`) }).first()).toBeVisible();
  }
  await expect(page.locator('.openapi-right-panel__container pre')).toContainText('object_not_found');
});

test('the API sidebar groups operations by tag in workflow order, schemas last', async ({ page }) => {
  await page.goto('/api');
  const categories = await page.locator('.theme-doc-sidebar-menu > li > ul > li.menu__list-item--collapsed, .theme-doc-sidebar-menu > li > ul > li.theme-doc-sidebar-item-category').locator('> div .menu__link').allTextContents();
  expect(categories).toEqual([
    'Projects', 'Datasets', 'Training Jobs', 'Deployments', 'Inference Engines', 'Inference', 'Base Models', 'Testing Functions', 'Schemas',
  ]);
});

test('the info page offers the OpenAPI document for download from this site', async ({ page, request }) => {
  await page.goto('/api/emissary-api');
  const link = page.getByRole('link', { name: 'openapi.yaml' }).first();
  await expect(link).toHaveAttribute('href', '/openapi.yaml');
  const response = await request.get('/openapi.yaml');
  expect(response.status()).toBe(200);
  expect(await response.text()).toMatch(/^openapi: 3\.1\.0/m);
  const json = await request.get('/openapi.json');
  expect((await json.json()).info.title).toBe('Emissary API');
});

test("the info page's Export menu downloads the OpenAPI document as a file", async ({ page }) => {
  await page.goto('/api/emissary-api');
  await hydrated(page);
  await page.getByRole('button', { name: 'Export' }).hover();
  const link = page.getByRole('link', { name: 'OpenAPI Spec' });
  await expect(link).toBeVisible();
  // The pointer goes where the open menu shows the link, as a reader's does: a locator click waits for the
  // menu's opening transition, scrolls the link under the fixed navbar and loses the hover (failed 4 of 4).
  const box = (await link.boundingBox())!;
  const [download] = await Promise.all([page.waitForEvent('download'), page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)]);
  expect(download.suggestedFilename()).toBe('openapi.yaml');
  expect(new URL(download.url()).pathname).toBe('/openapi.yaml');
});

test("a click on the info page's download links fetches the file, not the site's not-found page", async ({ page }) => {
  for (const name of ['openapi.yaml', 'openapi.json', 'Postman collection']) {
    await page.goto('/api/emissary-api');
    await hydrated(page);
    const link = page.getByRole('link', { name, exact: true }).first();
    const href = await link.getAttribute('href');
    // The site's router would show its not-found page without a request; the browser asks the server for the file.
    const fetched = page.waitForRequest((r) => new URL(r.url()).pathname === href && r.isNavigationRequest(), { timeout: 10_000 });
    await link.click();
    await fetched;
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  }
});

test('the info page links the Postman collection, which holds the 35 requests', async ({ page, request }) => {
  await page.goto('/api/emissary-api');
  await expect(page.getByRole('link', { name: 'Postman collection' })).toHaveAttribute('href', '/emissary.postman_collection.json');
  const collection = await (await request.get('/emissary.postman_collection.json')).json();
  const count = (items: Array<{ item?: unknown[] }>): number => items.reduce((n, i) => n + (i.item ? count(i.item as never) : 1), 0);
  expect(count(collection.item)).toBe(35);
});

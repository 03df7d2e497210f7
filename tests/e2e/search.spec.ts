/** Search as a reader uses it: Ctrl+K, type, results grouped by page, pick one with the keyboard, land on the page. */
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { hydrated, openInMode } from '../support/crawl';

// Typing, results and axe in a real browser: slower than the default 30 s allows when the machine is busy.
test.describe.configure({ timeout: 120_000 });

const box = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Search results' });

async function search(page: Page, query: string, from = '/fine-tuning/datasets') {
  await page.goto(from);
  await hydrated(page);
  await page.keyboard.press('Control+k');
  await expect(box(page)).toBeFocused();
  await box(page).pressSequentially(query, { delay: 20 });
  await expect(listbox(page).getByRole('option').first()).toBeVisible();
}

/** The pages shown, in order: the first option of each group is the page itself. */
async function pages(page: Page): Promise<string[]> {
  // Wait until the list shows this query's results (the list updates as each key arrives).
  await page.waitForTimeout(300);
  return listbox(page)
    .getByRole('group')
    .evaluateAll((groups) => groups.map((g) => g.querySelector('[role="option"]')!.getAttribute('data-href')!));
}

async function expectAmongFirst(page: Page, query: string, url: string, n: number) {
  await search(page, query);
  const shown = await pages(page);
  const at = shown.indexOf(url);
  expect(at, `"${query}": ${url} among the first ${n} of ${shown.join(', ')}`).toBeGreaterThanOrEqual(0);
  expect(at).toBeLessThan(n);
}

const QUERIES: Array<[query: string, url: string | RegExp, among: number]> = [
  // The operation's name (summary), its operationId, its path, one of its parameters.
  ['Create SFT training job', '/api/create-training-job', 1],
  ['createGrpoTrainingJob', '/api/create-grpo-training-job', 1],
  ['/v1/training-jobs', /^\/api\/(create|list)-training-jobs?$/, 1],
  ['train_test_split_ratio', /^\/api\/create-(grpo-)?training-job$/, 1],
  ['GRPO', '/api/create-grpo-training-job', 3],
  ['GRPO', '/guides/grpo', 3],
  ['learning rate', '/fine-tuning/parameters', 1],
  // A one-letter typo in a word of five letters or more.
  ['trainnig job', '/api/create-training-job', 5],
  ['embedings', '/guides/embeddings', 3],
  // Everyday words for an operation: another form of a word ("deploy" for "deployment") counts, and
  // "deploy" is what "Create deployment" does.
  ['deploy model', '/api/create-deployment', 1],
  ['delete project', '/api/delete-project-by-id', 1],
  ['list checkpoints', '/api/list-checkpoints', 1],
];

for (const [query, url, among] of QUERIES) {
  test(`"${query}" shows ${url} among the first ${among}`, async ({ page }) => {
    if (typeof url === 'string') return expectAmongFirst(page, query, url, among);
    await search(page, query);
    expect((await pages(page)).slice(0, among).some((u) => url.test(u)), (await pages(page)).join(', ')).toBe(true);
  });
}

test('"api key" puts the authentication section first', async ({ page }) => {
  await search(page, 'api key');
  await pages(page);
  await expect(listbox(page).getByRole('option').first()).toHaveAttribute('data-href', /^\/api\/emissary-api(#authentication[\w-]*)?$/);
  // The section that explains the key comes first under it, the words marked in its excerpt.
  const section = listbox(page).getByRole('group').first().getByRole('option').nth(1);
  await expect(section).toHaveAttribute('data-href', '/api/emissary-api#authentication-your-api-key');
  expect((await section.locator('mark').allTextContents()).map((m) => m.toLowerCase())).toEqual(expect.arrayContaining(['api', 'key']));
});

test('a query the docs do not cover says nothing matched, and offers the closest titles as options', async ({ page }) => {
  await page.goto('/fine-tuning/datasets');
  await hydrated(page);
  await page.keyboard.press('Control+k');
  await box(page).pressSequentially('SOC 2 compliance', { delay: 20 });
  await expect(page.getByText('No page matches “SOC 2 compliance”.')).toBeVisible();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await box(page).fill('');
  await box(page).pressSequentially('embeddings zebra', { delay: 20 });
  await expect(page.getByText('No page matches “embeddings zebra”. Closest titles:')).toBeVisible();
  const closest = page.getByRole('listbox', { name: 'Closest titles' }).getByRole('option');
  await expect(closest.first()).toHaveAttribute('data-href', /^\/(guides\/embeddings|api\/get-embeddings-from-deployment)$/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/(guides\/embeddings|api\/get-embeddings-from-deployment)$/);
});

test('"5MB", "finetuning" and a question in words find their pages', async ({ page }) => {
  await expectAmongFirst(page, '5MB', '/fine-tuning/limits', 5);
  await expectAmongFirst(page, 'finetuning parameters', '/fine-tuning/parameters', 1);
  await expectAmongFirst(page, 'how do I know when my deployment is ready to use', '/fine-tuning/deployment', 5);
});

test('the maintainer handbook is not searched: "blog" and "tutorial" find none of its pages', async ({ page }) => {
  for (const query of ['blog', 'docusaurus tutorial']) {
    await page.goto('/fine-tuning/datasets');
    await hydrated(page);
    await page.keyboard.press('Control+k');
    await box(page).pressSequentially(query, { delay: 20 });
    await page.waitForTimeout(800);
    const hrefs = await listbox(page).getByRole('option').evaluateAll((os) => os.map((o) => o.getAttribute('data-href') ?? ''), undefined).catch(() => [] as string[]);
    expect(hrefs.filter((h) => /^\/(intro|markdown-page|tags|tutorial-(basics|extras))(\/|#|$)/.test(h)), `${query}: ${hrefs.join(', ')}`).toEqual([]);
  }
});

test('results are grouped by page: each page once, its matching sections under it', async ({ page }) => {
  await search(page, 'learning rate');
  const shown = await pages(page);
  expect(new Set(shown).size).toBe(shown.length);
  const group = listbox(page).getByRole('group', { name: 'Fine-Tuning Parameters' });
  const options = group.getByRole('option');
  await expect(options.first()).toHaveAttribute('data-href', '/fine-tuning/parameters');
  await expect(group.getByRole('option', { name: /^Learning rate\b/ })).toHaveAttribute('data-href', '/fine-tuning/parameters#learning-rate');
  for (const href of await options.evaluateAll((os) => os.slice(1).map((o) => o.getAttribute('data-href')))) expect(href).toMatch(/^\/fine-tuning\/parameters#./);
});

test('each result shows an excerpt of the matched text with the query\u2019s words marked', async ({ page }) => {
  await search(page, 'learning rate');
  await pages(page);
  const option = listbox(page).getByRole('option', { name: /^Learning rate\b/ });
  await expect(option.locator('[data-search-name]')).toHaveText('Learning rate');
  const excerpt = option.locator('[data-search-excerpt]');
  await expect(excerpt).toContainText(/learning rate/i);
  const marks = await excerpt.locator('mark').allTextContents();
  expect(marks.length).toBeGreaterThan(0);
  for (const m of marks) expect(m).toMatch(/^(learn\w*|rates?)$/i);
  // Index text is shown as text: a tag in it would be a <mark> sibling element, never parsed markup.
  expect(await listbox(page).locator('[data-search-excerpt] *:not(mark)').count()).toBe(0);
});

test('one label per section: no heading twice within a result', async ({ page }) => {
  for (const query of ['api', 'deploy model', 'dashboard']) {
    await search(page, query);
    await pages(page);
    for (const group of await listbox(page).getByRole('group').all()) {
      const labels = await group.getByRole('option').evaluateAll((os) => os.slice(1).map((o) => (o.querySelector('[data-search-name]') ?? o).textContent));
      expect(new Set(labels).size, `${query}: ${labels.join(' | ')}`).toBe(labels.length);
    }
  }
});

test('arrows move through the results, Enter opens one, Escape closes the list and then clears the box', async ({ page }) => {
  await search(page, 'GRPO');
  await pages(page);
  const input = box(page);
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(input).not.toHaveAttribute('aria-activedescendant');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  const first = listbox(page).getByRole('option').first();
  await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  await expect(listbox(page)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(input).toHaveValue('');

  await input.pressSequentially('GRPO', { delay: 20 });
  const target = (await pages(page)).indexOf('/api/create-grpo-training-job');
  const ids = await listbox(page).getByRole('option').evaluateAll((os) => os.map((o) => o.getAttribute('data-href')));
  for (let i = 0; i <= ids.indexOf('/api/create-grpo-training-job'); i++) await page.keyboard.press('ArrowDown');
  expect(target).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/api\/create-grpo-training-job$/);
  await expect(page.locator('h1')).toHaveText('Create GRPO training job');
});

test('a section result opens the page at that section', async ({ page }) => {
  await search(page, 'learning rate');
  await listbox(page).getByRole('option', { name: /^Learning rate\b/ }).first().click();
  await expect(page).toHaveURL(/\/fine-tuning\/parameters#learning-rate$/);
});

test('search loads on first use: no search code or index at page load, only the shards a query needs after', async ({ page }) => {
  const requests: string[] = [];
  const searchCode: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    // A string of the results popup, not of the box the server renders.
    if ((await response.text().catch(() => '')).includes('See all results for')) searchCode.push(response.url());
  });
  await page.goto('/fine-tuning/datasets');
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(searchCode, 'search code loaded before anyone used search').toEqual([]);
  expect(requests.filter((u) => new URL(u).pathname.startsWith('/search/'))).toEqual([]);
  // Type at once: the first keys land before the popup's code has arrived, and are kept.
  await box(page).focus();
  await page.keyboard.type('GRPO');
  await expect(listbox(page).getByRole('option').filter({ hasText: /GRPO/ }).first()).toBeVisible({ timeout: 15_000 });
  await expect(box(page)).toHaveValue('GRPO');
  expect(searchCode.length).toBeGreaterThan(0);
  const index = requests.map((u) => new URL(u).pathname).filter((p) => p.startsWith('/search/'));
  expect(index).toContain('/search/manifest.json');
  // The manifest, the shard of "gr" (and of "g" at most) and the page blocks of the results.
  expect(index.filter((p) => /\/t-/.test(p)).length).toBeLessThanOrEqual(2);
  expect(requests.filter((u) => !u.startsWith('http://127.0.0.1'))).toEqual([]);
});

test('the open result list passes axe in light and dark mode', async ({ page }) => {
  for (const mode of ['light', 'dark'] as const) {
    await openInMode(page, '/fine-tuning/datasets', mode);
    await box(page).focus();
    await box(page).pressSequentially('GRPO', { delay: 20 });
    await expect(listbox(page).getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    // The popup scrolls under the combobox, which keeps focus (aria-activedescendant): the arrows reach
    // every option, as the next test checks; axe cannot see that and wants the region itself focusable.
    const { violations } = await new AxeBuilder({ page })
      .include('.navbar')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .setLegacyMode()
      .analyze();
    const found = violations.flatMap((v) =>
      v.nodes.filter((n) => !(v.id === 'scrollable-region-focusable' && /popup/.test(n.target.join(' ')))).map((n) => `${mode}: ${v.id} ${n.target.join(' ')}`),
    );
    expect(found).toEqual([]);
  }
});

test('the arrows scroll the open result list to the active option, so the keyboard reaches all of it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 420 });
  await page.goto('/fine-tuning/datasets');
  await hydrated(page);
  await box(page).focus();
  await box(page).pressSequentially('training', { delay: 20 });
  const options = listbox(page).getByRole('option');
  await expect(options.first()).toBeVisible();
  const popup = listbox(page).locator('..');
  const scrolls = await popup.evaluate((el) => el.scrollHeight > el.clientHeight);
  expect(scrolls).toBe(true);
  const count = await options.count();
  for (let i = 0; i < count; i++) await page.keyboard.press('ArrowDown');
  await expect(box(page)).toBeFocused();
  const active = await box(page).getAttribute('aria-activedescendant');
  expect(active).toBeTruthy();
  await expect(page.locator(`[id="${active}"]`)).toBeInViewport();
  expect(await popup.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
});

test('the search page lists every result of ?q= as links, and Enter without a result list goes there', async ({ page }) => {
  await page.goto('/search?q=GRPO');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search the documentation');
  const main = page.locator('main');
  await expect(main.getByRole('link', { name: 'Create GRPO training job', exact: true })).toHaveAttribute('href', '/api/create-grpo-training-job');
  await expect(main.getByRole('link', { name: 'GRPO Training Jobs' })).toBeVisible();
  // Excerpts under the results, the query's word marked.
  await expect(main.locator('li mark').first()).toHaveText(/^grpo$/i);
  await search(page, 'embeddings');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=embeddings$/);
  await expect(page.locator('main').getByRole('link', { name: 'Embeddings' }).first()).toBeVisible();
});

test('the search page with results passes axe in light and dark mode (marked words included)', async ({ page }) => {
  for (const mode of ['light', 'dark'] as const) {
    await openInMode(page, '/search?q=deploy%20model', mode);
    await expect(page.locator('main li mark').first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode().analyze();
    expect(violations.flatMap((v) => v.nodes.map((n) => `${mode}: ${v.id} ${n.target.join(' ')}`))).toEqual([]);
  }
});

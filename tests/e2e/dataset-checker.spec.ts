/**
 * The dataset checker of /fine-tuning/datasets as a reader uses it: the sample files chosen and dropped,
 * pasted rows, edge files, no request while checking, nothing loaded before the reader reaches for it,
 * the Python checker without JavaScript, and axe with results shown.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { hydrated, switchToDark } from '../support/crawl';
import { BAD, SAMPLES } from '../support/dataset-samples';
import { fiveMegabyteFile } from '../../scripts/bench/checker';

const ROUTE = '/fine-tuning/datasets';
// Big files and axe in two colour modes take a while on a shared machine.
test.describe.configure({ timeout: 90_000 });
const form = (page: Page) => page.getByRole('form', { name: 'Check a dataset file in this page' });
const status = (page: Page) => form(page).getByRole('status');
const fileInput = (page: Page) => form(page).locator('input[type=file]');

/** Writes `contents` to a scratch file: large files go to the browser as paths, not over the protocol. */
function scratch(name: string, contents: Buffer | string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dataset-')), name);
  writeFileSync(file, contents);
  return file;
}

async function open(page: Page) {
  await page.goto(ROUTE);
  await hydrated(page);
  await expect(form(page)).toBeVisible();
}

/** Chooses `file` (a path, or a name with contents) with the task set, and waits for the verdict. */
async function choose(page: Page, file: string | { name: string; buffer: Buffer }, task = '') {
  await form(page).getByLabel('Task type').selectOption(task);
  const name = typeof file === 'string' ? path.basename(file) : file.name;
  await fileInput(page).setInputFiles(typeof file === 'string' ? file : { ...file, mimeType: 'text/plain' });
  await expect(status(page)).toContainText(`Checked ${name}`, { timeout: 60_000 });
}

/** The lines the results table names as errors, in order, without repeats. */
async function errorLines(page: Page): Promise<number[]> {
  const lines = await form(page).locator('tbody tr').evaluateAll((rows) =>
    rows.filter((r) => r.children[1].textContent === 'error').map((r) => Number(r.getAttribute('data-line'))),
  );
  return [...new Set(lines)].sort((a, b) => a - b);
}

test('the checker loads nothing at page load, and its code arrives on the first move towards the form', async ({ page }) => {
  const scripts: string[] = [];
  const all: string[] = [];
  page.on('request', (r) => (all.push(r.url()), r.resourceType() === 'script' && scripts.push(r.url())));
  await open(page);
  await page.waitForLoadState('networkidle');
  const atLoad = scripts.length;
  await expect(form(page)).not.toHaveAttribute('data-ready');
  await fileInput(page).focus();
  await expect(form(page)).toHaveAttribute('data-ready', 'true');
  expect(scripts.length, 'the checker and its worker load on focus').toBeGreaterThan(atLoad);
  expect(all.filter((url) => /tokenizer/.test(url)), 'no tokenizer before a file is checked').toEqual([]);
  // The tokenizer (a chunk of the site) arrives with the first checked file, for the default model's family only.
  await choose(page, path.join(SAMPLES, 'good', 'meeting-times.jsonl'));
  await expect(form(page).locator('[data-tokens]')).toBeVisible({ timeout: 60_000 });
  expect(all.filter((url) => /tokenizer/.test(url)).map((url) => new URL(url).pathname.replace(/\.[0-9a-f]+\.js$/, ''))).toEqual(['/assets/js/tokenizer-llama3']);
});

/** Waits for the token count of the check shown and returns it with the training total and the rows over the window. */
async function counts(page: Page) {
  const tokens = form(page).locator('[data-tokens]');
  await expect(tokens).toBeVisible({ timeout: 60_000 });
  const read = (selector: string, name: string) => form(page).locator(selector).getAttribute(name).then(Number);
  return { total: await read('[data-tokens]', 'data-tokens'), training: await read('[data-training-tokens]', 'data-training-tokens'), over: await read('[data-over]', 'data-over') };
}

test('token counts: each base model counts with its own tokenizer, times the epochs, rows over the window flagged', async ({ page }) => {
  test.setTimeout(180_000);
  await open(page);
  // Published ids: Llama 3 "Hello world" 2, "This is a test" 4; Llama 2 and Mistral "This is a test" 4;
  // the SentencePiece test sentence below is 18 tokens for Llama 2 (transformers' Llama tokenizer tests).
  const file = scratch('counts.jsonl', [
    JSON.stringify({ prompt: 'Hello world', completion: 'This is a test' }),
    JSON.stringify({ prompt: 'I was born in 92000, and this is falsé.', completion: 'This is a test' }),
    '',
  ].join('\n'));
  await choose(page, file);
  const llama3 = await counts(page);
  expect(llama3.total, 'Llama 3, the default model').toBe(6 + 14 + 4);
  expect(llama3.training, '3 epochs by default').toBe(3 * llama3.total);
  expect(llama3.over).toBe(0);
  await expect(form(page)).toContainText('Price and duration: not documented');
  await expect(form(page).getByRole('link', { name: 'its model card' })).toHaveAttribute('href', 'https://huggingface.co/meta-llama/Llama-3.2-3B-Instruct');

  // Another model counts the same file again with its tokenizer.
  await form(page).getByLabel('Base model').selectOption('LLama2-7B-Completion');
  await expect(form(page).locator('[data-tokens]')).toHaveAttribute('data-tokens', String(2 + 4 + 18 + 4), { timeout: 60_000 });
  await form(page).getByLabel('Epochs').fill('2');
  await expect(form(page).locator('[data-training-tokens]')).toHaveAttribute('data-training-tokens', String(2 * 28));
  await form(page).getByLabel('Base model').selectOption('Mistral-7B-Instruct-v0.2');
  await expect(form(page).locator('[data-tokens]')).toHaveAttribute('data-tokens', String(2 + 4 + 17 + 4), { timeout: 60_000 });

  // BERT's WordPiece: "hello" is one piece (id 7592), "How are you?" four; a 304-token row is over MiniLM's 256.
  await form(page).getByLabel('Base model').selectOption('All-MiniLM-L6-V2-Embedding-Model');
  const long = scratch('long.jsonl', `${JSON.stringify({ prompt: Array(300).fill('hello').join(' '), completion: 'How are you?' })}\n${JSON.stringify({ prompt: 'Hello world', completion: 'How are you?' })}\n`);
  await choose(page, long);
  expect(await counts(page)).toEqual({ total: 304 + 6, training: 2 * 310, over: 1 });
  await expect(form(page).locator('[data-over]')).toContainText('line 1 (304 tokens)');
  // A row over the window is a warning, in the problems by line, not only a note.
  await expect(form(page).locator('[data-over-warning]')).toContainText('1 row does not fit the context window of All-MiniLM-L6-V2-Embedding-Model');
  await expect(form(page).locator('tr[data-kind="over-context"][data-line="1"]')).toContainText('warning');
  await expect(form(page).locator('[data-longest]')).toHaveText('line 1 (304 tokens), line 2 (6 tokens)');

  // A model without a tokenizer in this page keeps the estimate and says so.
  await form(page).getByLabel('Base model').selectOption('Codestral');
  await expect(status(page)).toContainText('Checked long.jsonl');
  await expect(form(page).locator('dd').filter({ hasText: 'This page has no tokenizer for Codestral' })).toContainText(/^about /);
});

test('wording: sizes under 1 MB in KB, names as code, the verdict once, a JSON error at its column in the line', async ({ page }) => {
  await open(page);
  const row = (n: number) => `${JSON.stringify({ prompt: 'Summarise the meeting notes.', completion: 'x'.repeat(n) })}\n`;
  const small = row(4608 - row(0).length);
  expect(small.length).toBe(4608);
  await choose(page, { name: 'small.jsonl', buffer: Buffer.from(small) });
  await expect(form(page).locator('dd').filter({ hasText: '% of the API' })).toContainText(/^4\.5 KB, under 1% of the API's 5 MB upload limit/);
  expect(await form(page).innerText()).not.toMatch(/No problems found[^]*No problems found/);
  await choose(page, { name: 'broken.jsonl', buffer: Buffer.from('{"prompt": "a", "completion": "b"}\n{"prompt": "c", "completion": "d"}\n{"prompt": "e" "completion": "f"}\n{"prompt": "g"}\n') }, 'text-generation');
  await expect.poll(() => errorLines(page)).toEqual([3, 4]);
  const line3 = form(page).locator('tbody tr[data-line="3"] td').nth(2);
  // Column 16 of line 3, as Python's json module counts it (the checkers agree).
  await expect(line3).toContainText('at column 16');
  await expect(line3).not.toContainText(/line \d/);
  const line4 = form(page).locator('tbody tr[data-line="4"] td').nth(2);
  await expect(line4).toHaveText('missing completion');
  await expect(line4.locator('code')).toHaveText('completion');
});

test('good samples: chosen with the file input, no errors', async ({ page }) => {
  await open(page);
  for (const name of ['meeting-times.jsonl', 'lamp-chat.jsonl', 'parcel-labels.csv', 'password-pairs.csv', 'review-ratings.jsonl']) {
    await choose(page, path.join(SAMPLES, 'good', name));
    await expect(status(page)).toContainText('No problems found');
    await expect(form(page)).toContainText('Checked as');
  }
  // Classification shows its labels; the inferred layout is said to be inferred.
  await choose(page, path.join(SAMPLES, 'good', 'parcel-labels.csv'), 'classification');
  await expect(form(page).locator('dd').filter({ hasText: 'damaged: 1 row' })).toBeVisible();
  await expect(form(page)).toContainText('the task you chose');
});

for (const [name, expected] of Object.entries(BAD)) {
  test(`bad sample ${name}: the lines the Python checker names`, async ({ page }) => {
    await open(page);
    await choose(page, path.join(SAMPLES, 'bad', name), expected.task);
    await expect.poll(() => errorLines(page)).toEqual(expected.lines);
    if (expected.says) await expect(form(page).locator('tbody')).toContainText(expected.says);
    await expect(form(page).locator('tbody tr').first().locator('td').nth(3)).not.toBeEmpty();
  });
}

test('a dropped file is checked like a chosen one, and no request leaves the page while checking', async ({ page }) => {
  await open(page);
  await form(page).getByLabel('Task type').focus();
  await expect(form(page)).toHaveAttribute('data-ready', 'true');
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const text = readFileSync(path.join(SAMPLES, 'bad', 'regression-quoted.jsonl'), 'utf8');
  await form(page).getByLabel('Task type').selectOption('regression');
  const dataTransfer = await page.evaluateHandle((contents) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([contents], 'ratings.jsonl', { type: 'application/jsonl' }));
    return transfer;
  }, text);
  const zone = form(page).getByText('or drop a');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(status(page)).toContainText('Checked ratings.jsonl');
  await expect.poll(() => errorLines(page)).toEqual(BAD['regression-quoted.jsonl'].lines);
  // The only request: the default model's tokenizer, a chunk of this site, fetched to count the tokens.
  const origin = new URL(page.url()).origin;
  expect(requests.filter((url) => !(url.startsWith(`${origin}/assets/js/tokenizer-llama3.`) && url.endsWith('.js')))).toEqual([]);
});

test('pasted rows: the format is inferred and said, problems by line', async ({ page }) => {
  await open(page);
  await form(page).getByLabel(/Or paste rows/).fill('{"prompt": "a", "completion": "b"}\n{"prompt": "a", "completion": ""}\n');
  await form(page).getByRole('button', { name: 'Check the pasted rows' }).click();
  await expect(status(page)).toContainText('read as JSON Lines');
  // The table follows the status line; on a loaded CI machine that can take longer than the default 5 s.
  await expect.poll(() => errorLines(page), { timeout: 15_000 }).toEqual([2]);
  await form(page).getByLabel(/Or paste rows/).fill('text1,text2,score\na,b,"0.5"\nc,d\n');
  await form(page).getByRole('button', { name: 'Check the pasted rows' }).click();
  await expect(status(page)).toContainText('read as CSV');
  await expect.poll(() => errorLines(page), { timeout: 15_000 }).toEqual([3]);
});

test('edge files each give a clear message: empty, binary, invalid UTF-8, BOM and CRLF, over the cap', async ({ page }) => {
  test.setTimeout(120_000);
  await open(page);
  const cases: Array<[string, Buffer, RegExp | null]> = [
    ['empty.jsonl', Buffer.alloc(0), /the file has no rows/],
    ['image.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49, 0x48]), /binary file/],
    ['latin1.jsonl', Buffer.concat([Buffer.from('{"prompt": "Caf'), Buffer.from([0xe9]), Buffer.from('", "completion": "x"}\n')]), /not UTF-8/],
    ['bom-crlf.csv', Buffer.from('\ufeffinput,expected_output\r\n"a, b",c\r\nd,e\r\n'), null],
  ];
  for (const [name, buffer, says] of cases) {
    await choose(page, { name, buffer });
    if (says) await expect(form(page).locator('tbody')).toContainText(says);
    else await expect(status(page)).toContainText('No problems found in 2 rows');
  }
  await choose(page, scratch('huge.jsonl', Buffer.alloc(50 * 1048576, '{"prompt": "a", "completion": "b"}\n')));
  await expect(form(page).locator('tbody')).toContainText(/50\.0 MB is more than this page checks/);
  await expect(form(page).locator('tbody')).toContainText(/over the API's 5 MB upload limit/);
});

// How fast a 5 MB file is checked, and how long the page goes without a frame meanwhile, is a figure
// of `BENCH_ONLY=checker npm run bench` (scripts/bench/checker.ts, with its budget), not of a test.
test('a 5 MB file, the API\'s limit, is checked whole by a worker: no problems, 100% of the limit', async ({ page }) => {
  await open(page);
  const { text, rows } = fiveMegabyteFile();
  const file = scratch('five-mb.jsonl', text);
  await fileInput(page).focus();
  await expect(form(page)).toHaveAttribute('data-ready', 'true');
  expect(page.workers(), 'the checker starts its worker when its code loads').toHaveLength(1);
  await choose(page, file, 'regression');
  await expect(status(page)).toContainText(`No problems found in ${rows.toLocaleString('en-US')} rows`);
  await expect(form(page).locator('dd').filter({ hasText: '% of the API' })).toContainText(/^5\.0 MB, 100%/);
  await expect(form(page).locator('[data-ms]')).toContainText(/^Checked in \d+\.\d\d s, in this browser\.$/);
});

test('a long check shows its progress', async ({ page }) => {
  await open(page);
  await page.evaluate(() => {
    new MutationObserver(() => {
      if (document.querySelector('form progress')) document.body.dataset.sawProgress = 'yes';
    }).observe(document.body, { subtree: true, childList: true });
  });
  const line = '{"prompt": "a longer prompt to fill the file", "completion": "and its answer"}\n';
  await choose(page, scratch('big.jsonl', Buffer.alloc(12 * 1048576, line)), 'text-generation');
  await expect(page.locator('body')).toHaveAttribute('data-saw-progress', 'yes');
});

test('without JavaScript, the section shows the Python checker instead of a form', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(ROUTE);
  // The article has no form (the navbar's search box is a form of its own, which works without JavaScript).
  await expect(page.locator('article form')).toHaveCount(0);
  await expect(form(page)).toHaveCount(0);
  await expect(page.getByText('needs JavaScript')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Python checker', exact: true })).toHaveAttribute('href', '#python-checker');
  await expect(page.getByRole('link', { name: 'Download the Python script' }).first()).toHaveAttribute('href', '/scripts/tools/check_dataset.py');
  await expect(page.getByText('python3 check_dataset.py meeting-times.jsonl')).toBeVisible();
  await context.close();
});

test('keyboard: the file input, the task menu, the base model, the epochs, the paste box and the button are reachable with Tab', async ({ page }) => {
  await open(page);
  await fileInput(page).focus();
  await expect(fileInput(page)).toBeFocused();
  // The base model and epochs arrive with the checker, on this first focus.
  await expect(form(page)).toHaveAttribute('data-ready', 'true');
  for (const next of [form(page).getByLabel('Task type'), form(page).getByLabel('Base model'), form(page).getByLabel('Epochs'), form(page).getByRole('checkbox'), form(page).getByLabel(/Or paste rows/), form(page).getByRole('button', { name: 'Check the pasted rows' })]) {
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
  }
});

test('axe: the page with results shown, in light and dark mode, under the CSP', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { reportViolation: (v: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await open(page);
  await choose(page, path.join(SAMPLES, 'bad', 'embedding-pairs.csv'));
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
  const light = await new AxeBuilder({ page }).include('form').withTags(tags).setLegacyMode().analyze();
  await switchToDark(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.mouse.move(0, 0);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const dark = await new AxeBuilder({ page }).include('form').withTags(tags).setLegacyMode().analyze();
  const found = [...light.violations, ...dark.violations].map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found).toEqual([]);
  expect(violations).toEqual([]);
});

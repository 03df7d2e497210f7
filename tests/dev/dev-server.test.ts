/**
 * `npm start`, as a contributor runs it: the API pages generated, then `docusaurus start` on a free
 * port, and one page of every kind loaded in Chromium. The dev server renders in the browser only
 * (no server HTML to hydrate) and keeps the original route modules, so every patch in plugins/ runs
 * there on another path than in `npm run build`. Fails on "This page crashed", an uncaught error or a
 * console error; checks that a guide's edit is served and that regenerating the API pages while the
 * server runs reloads it without a plugin error. Every patch is checked in both builds: the patches
 * that apply under `npm start` have their effect here too (their production checks: tests/unit/patch-checks.test.ts names them).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM } from '../../playwright.config';
import { freePort, ROOT } from '../support/prism';

/** One page of each kind, with whether it shows code blocks. */
const PAGES: Array<{ path: string; kind: string; code: boolean }> = [
  { path: '/', kind: 'home', code: true },
  { path: '/fine-tuning/quickstart', kind: 'fine-tuning page', code: true },
  { path: '/guides/grpo', kind: 'guide', code: true },
  { path: '/api/create-dataset', kind: 'operation', code: true },
  { path: '/api/schemas/apierrornotfound', kind: 'schema', code: true },
  { path: '/errors', kind: 'error catalogue', code: true },
  { path: '/changelog', kind: 'changelog', code: false },
  { path: '/search', kind: 'search page', code: false },
  { path: '/fine-tuning/datasets', kind: 'dataset checker', code: true },
];
const EDITED_GUIDE = 'docs/guides/grpo.mdx';
const RELOAD_ERROR = /reload failure|ENOENT|Error:/i;

let server: ChildProcess | undefined;
let log = '';
let base = '';
let browser: Browser;

/** Resolves when `check` returns true, polling; fails with `what` and the server's log after `ms`. */
async function until(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${what}: not within ${ms / 1000} s. Dev server output:\n${log.slice(-4000)}`);
}

const responds = async (url: string) => (await fetch(url)).ok;

before(async () => {
  const gen = spawnSync('npm', ['run', 'gen-api'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(gen.status, 0, `npm run gen-api failed:\n${gen.stdout}\n${gen.stderr}`);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // Its own process group, so that stopping it also stops the bundler's workers.
  server = spawn(path.join(ROOT, 'node_modules/.bin/docusaurus'), ['start', '--host', '127.0.0.1', '--port', String(port), '--no-open'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BROWSER: 'none' },
  });
  server.stdout!.on('data', (d) => (log += d));
  server.stderr!.on('data', (d) => (log += d));
  await until('the dev server answering /', 600_000, () => responds(`${base}/`));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
});

after(async () => {
  await browser?.close();
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
});

/** Loads `url` and returns what went wrong there: crashes, uncaught errors, console errors. */
async function problemsLoading(page: Page, url: string): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  await page.goto(url, { waitUntil: 'load' });
  // The page has rendered once its main landmark is there (or the crash screen is).
  await page.locator('main').or(page.getByText('This page crashed')).first().waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {});
  if (await page.getByText('This page crashed').count()) problems.push(`"This page crashed": ${await page.locator('body').innerText()}`);
  return problems;
}

for (const { path: route, kind, code } of PAGES) {
  test(`${kind} ${route} renders in the dev server without an error`, async () => {
    const page = await browser.newPage();
    try {
      assert.deepEqual(await problemsLoading(page, `${base}${route}`), []);
      if (code) {
        // Code blocks show their code (highlighted or not), not an empty box.
        const blocks = page.locator('pre');
        assert.ok((await blocks.count()) > 0, `${route}: no code block`);
        const empty = await blocks.evaluateAll((pres) => pres.filter((p) => !p.textContent?.trim()).length);
        assert.equal(empty, 0, `${route}: ${empty} empty code block(s)`);
      }
    } finally {
      await page.close();
    }
  });
}

test('an edit to a guide is served without a restart', async () => {
  const file = path.join(ROOT, EDITED_GUIDE);
  const original = readFileSync(file, 'utf8');
  const marker = `Dev server edit check ${Date.now()}`;
  const page = await browser.newPage();
  try {
    await page.goto(`${base}/guides/grpo`);
    writeFileSync(file, `${original.trimEnd()}\n\n${marker}\n`);
    await until(`the edit to ${EDITED_GUIDE} shown at /guides/grpo`, 180_000, async () => (await page.getByText(marker).count()) > 0);
  } finally {
    writeFileSync(file, original);
    await page.close();
  }
});

test('regenerating the API pages while the server runs reloads it without a plugin error', async () => {
  const before = log.length;
  const gen = spawnSync('npm', ['run', 'gen-api'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(gen.status, 0, `npm run gen-api failed:\n${gen.stdout}\n${gen.stderr}`);
  // The reload after the last rewritten file: wait until the log has been quiet for a while.
  let seen = log.length;
  let quietSince = Date.now();
  await until('the dev server settling after gen-api', 300_000, async () => {
    if (log.length !== seen) [seen, quietSince] = [log.length, Date.now()];
    return Date.now() - quietSince > 15_000;
  });
  const reloadLog = log.slice(before);
  assert.doesNotMatch(reloadLog, RELOAD_ERROR, `dev server output while gen-api ran:\n${reloadLog.slice(-4000)}`);
  const page = await browser.newPage();
  try {
    assert.deepEqual(await problemsLoading(page, `${base}/api/create-dataset`), []);
  } finally {
    await page.close();
  }
});

/**
 * Every patch is checked in both builds: the patches that run under `npm start` (theme components,
 * client modules; not the route buckets, the server-only replacements or the production chunking)
 * have their effect there too. Each test is named by its UPGRADING.md section.
 */
async function withPage(route: string, check: (page: Page, scripts: Promise<string>[]) => Promise<void>, viewport = { width: 1280, height: 900 }): Promise<void> {
  const page = await browser.newPage({ viewport });
  const scripts: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => ''));
  });
  try {
    assert.deepEqual(await problemsLoading(page, `${base}${route}`), []);
    await check(page, scripts);
  } finally {
    await page.close();
  }
}

// Our own component (plugins/api-reference/components/MethodEndpoint.tsx), as tests/site/api-page.test.ts checks the build.
test('the method-and-path box is a <div> holding the path\'s <h2>, under npm start', () =>
  withPage('/api/create-dataset', async (page) => {
    assert.equal(await page.locator('pre.openapi__method-endpoint').count(), 0, 'the method-and-path box is still a <pre>');
    assert.equal(await page.locator('div.openapi__method-endpoint h2').count(), 1, 'the method-and-path box: a <div> holding the <h2>');
  }));

/** Module paths of a highlighter, as the development bundles name them. */
const HIGHLIGHTERS = ['node_modules/prismjs/', 'node_modules/prism-react-renderer/'];

// Code highlighted by the build (plugins/code-blocks) under npm start too, where the browser renders every block
// itself: a guide's and an API page's code arrive as token lines, from the page's highlights file, and no page
// loads a highlighter (with the patch off, theme-classic's client module brings Prism to every page).
for (const route of ['/fine-tuning/quickstart', '/api/create-dataset']) {
  test(`Every patch is checked in both builds: Prism stays out of the browser, under npm start: ${route}'s code arrives highlighted, and no highlighter loads`, () =>
    withPage(route, async (page, scripts) => {
      await page.locator('pre.prism-code code > span.token-line .token').first().waitFor({ state: 'attached', timeout: 60_000 });
      assert.equal(await page.locator('code div').count(), 0, 'a <div> inside <code>');
      const texts = await Promise.all(scripts);
      assert.ok(texts.some((t) => t.includes('node_modules/react-dom/')), 'the development bundles name their modules, so the check can fail');
      assert.deepEqual(HIGHLIGHTERS.filter((m) => texts.some((t) => t.includes(m))), []);
    }));
}

test('API pages load no Redux, immer or react-redux under npm start either', () =>
  withPage('/api/create-dataset', async (_page, scripts) => {
    const texts = await Promise.all(scripts);
    assert.ok(texts.some((t) => t.includes('openapi__method-endpoint')), 'the API components were loaded, so the check can fail');
    // Development bundles keep comments (ours name the libraries) and module paths: the init action and the paths.
    const redux = ['@@redux/INIT', ...['@reduxjs/toolkit', 'redux', 'immer', 'react-redux'].map((p) => `node_modules/${p}/`)].filter((m) => texts.some((t) => t.includes(m)));
    assert.deepEqual(redux, []);
  }));

test('Every patch is checked in both builds: Pages load on intent only, under npm start', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const fetched: string[] = [];
  const prefetched: string[] = [];
  // From the start: links in view are prefetched while the page loads. A prefetch is a
  // <link rel="prefetch">, not a script request (seen with EMISSARY_PATCHES_OFF=pages-load-on-intent-only).
  // Hot updates are the dev server's own (after the edits above), not pages.
  page.on('request', (r) => {
    const file = new URL(r.url()).pathname;
    if (!file.endsWith('.js') || file.includes('.hot-update.')) return;
    fetched.push(r.url());
    if (r.resourceType() !== 'script') prefetched.push(r.url());
  });
  try {
    assert.deepEqual(await problemsLoading(page, `${base}/fine-tuning/quickstart`), []);
    const loaded = fetched.length;
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(2000);
    assert.deepEqual([...prefetched, ...fetched.slice(loaded)], [], 'scripts fetched for links merely in view');
    await page.locator('article a[href^="/api/"]').first().hover();
    await until('the page of a pointed-at link fetched', 30_000, async () => fetched.length > loaded);
  } finally {
    await page.close();
  }
});

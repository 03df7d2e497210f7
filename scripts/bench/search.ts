/**
 * Search: the site's own search (@easyops-cn/docusaurus-search-local, a lunr index in a Web Worker)
 * against Pagefind (devDependency) over the same pages of the same build, served with gzip.
 *
 * - Index size: bytes of the whole index on disk (gzip), and the bytes a reader's browser fetches
 *   (on the wire, gzip) from focusing the box through the three example queries.
 * - Time to first results, in Chromium on a freshly loaded /fine-tuning/datasets (new context, empty
 *   cache, page hydrated and the network idle). Measured inside the page: performance.now() in a
 *   capture-phase keydown listener, and a MutationObserver on the result list. "First result" is
 *   the first keystroke → the first result entry inserted into the DOM (the frame that paints it
 *   follows); "settled" is the last keystroke → the last change of the result list (the results of
 *   the whole query). Typing is page.keyboard.type with 50 ms between keys. Cold: the reader focuses
 *   the box and types at once, so the index download is included (both engines start loading on
 *   focus). Warm: the same page, the box cleared, then another of the three queries.
 * - Quality: the first five distinct pages in the order shown, and where the expected one is.
 *
 * easyops is measured through the navbar box of the build as it is. Pagefind indexes a copy of the
 * build: the same pages easyops indexed (read from its index), the same part of each page (the
 * Markdown column, `.theme-doc-markdown`, minus the selectors the site's `ignoreCssSelectors` drops),
 * and is measured through its default UI (pagefind-ui.js) added to that copy's
 * /fine-tuning/datasets. Neither debounces: the search plugin passes no debounce to autocomplete.js,
 * and Pagefind UI gets `debounceTimeoutMs: 0` (its default is 300).
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { resolveFile, serve, siteHeaders } from '../serve-static';
import { CHROME_PATH } from './lighthouse';

export type Engine = 'easyops' | 'pagefind';

export const SEARCH_QUERIES: Array<{ query: string; expected: string[] }> = [
  { query: 'GRPO', expected: ['/api/create-grpo-training-job'] },
  { query: 'learning rate', expected: ['/fine-tuning/parameters'] },
  // The two operations whose request body has the field.
  { query: 'train_test_split_ratio', expected: ['/api/create-training-job', '/api/create-grpo-training-job'] },
];

/** The page the reader searches from (the one the e2e search test uses). */
export const SEARCH_PAGE = '/fine-tuning/datasets';
export const TYPING_DELAY_MS = 50;
/** How many distinct pages count as "the top results". */
export const TOP = 5;
/** The part of each page the site's search indexes: `ignoreCssSelectors` in docusaurus.config.ts. */
const EASYOPS_IGNORED = ['.openapi-right-panel__container', 'pre', '.openapi-tabs__code-container'];

const SETTLE_QUIET_MS = 1000;
const RESULT_TIMEOUT_MS = 8000;

interface EngineUi {
  /** The search box. */
  input: string;
  /** What holds the results: mutations inside it are result-list changes. */
  container: string;
  /** One result entry. */
  result: string;
  /** Index data, as opposed to the engine's code. */
  indexUrl: RegExp;
}

const UI: Record<Engine, EngineUi> = {
  easyops: {
    input: '.navbar__search-input',
    container: '[role="listbox"]',
    result: '[role="listbox"] [role="option"]',
    indexUrl: /\/search-index[^/]*\.json/,
  },
  pagefind: {
    input: '.pagefind-ui__search-input',
    container: '.pagefind-ui__drawer',
    // A result counts once its page's title link is there (Pagefind UI first shows a placeholder).
    result: '.pagefind-ui__result-title .pagefind-ui__result-link',
    indexUrl: /\/pagefind\/(.*\.pf_(meta|index|fragment|filter)|pagefind-entry\.json)/,
  },
};

export interface Timing {
  /** First keystroke → first result entry in the DOM; null: none within 8 s. */
  firstMs: number | null;
  /** Last keystroke → last change of the result list. */
  settledMs: number | null;
}

export interface QueryResult {
  query: string;
  expected: string[];
  cold: Timing;
  warm: Timing;
  runs: { cold: Timing[]; warm: Timing[] };
  /** First TOP distinct pages shown for the whole query (first cold run). */
  top: string[];
  /** 1-based rank of the first expected page among `top`; null: not there. */
  rank: number | null;
  /** False when another run showed other top pages. */
  stable: boolean;
}

export interface EngineResult {
  engine: Engine;
  label: string;
  index: { files: number; rawBytes: number; gzipBytes: number };
  /** From focusing the box through the three queries, one fresh page: bytes on the wire, gzip, without headers. */
  fetched: { indexBytes: number; codeBytes: number; requests: number; files: string[] };
  /** Loaded with the page, before focus, for this engine alone (Pagefind UI's script and CSS). */
  pageLoadBytes: number;
  queries: QueryResult[];
  /** Worst median of the first-result times, cold and warm, over the three queries. */
  worstFirstMs: number | null;
  worstSettledMs: number | null;
}

export interface SearchResult {
  runs: number;
  /** How many distinct pages count as the top results. */
  top: number;
  typingDelayMs: number;
  page: string;
  /** At the start and at the end of the search part: timings under load are slower and noisier. */
  loadAverage: number[];
  loadAverageEnd: number[];
  pagefind: { version: string; indexSeconds: number; pages: number; rootSelector: string; excludeSelectors: string[]; csp: string };
  engines: EngineResult[];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Median where a missing result counts as slower than any; null when the median is missing. */
function medianMs(xs: Array<number | null>): number | null {
  if (!xs.length) return null;
  const m = median(xs.map((x) => (x == null ? Number.POSITIVE_INFINITY : x)));
  return Number.isFinite(m) ? Math.round(m) : null;
}

function worst(xs: Array<number | null>): number | null {
  return xs.some((x) => x == null) ? null : Math.max(...(xs as number[]));
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}

/** The pages easyops indexed: the URL of every title document of every search-index*.json. */
async function easyopsIndex(buildDir: string): Promise<{ files: string[]; pages: string[] }> {
  const files = (await fs.readdir(buildDir)).filter((f) => /^search-index.*\.json$/.test(f)).map((f) => path.join(buildDir, f));
  if (!files.length) throw new Error(`no search-index*.json in ${buildDir}: not a build of this site?`);
  const pages = new Set<string>();
  for (const f of files) {
    const json = JSON.parse(await fs.readFile(f, 'utf8')) as Array<{ documents: Array<{ u: string }> }>;
    for (const d of json[0].documents) pages.add(d.u);
  }
  return { files, pages: [...pages] };
}

async function sizes(files: string[], alreadyGzip: (f: string) => boolean): Promise<EngineResult['index']> {
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const f of files) {
    const body = await fs.readFile(f);
    rawBytes += body.length;
    // Same compression as the server (zlib's default level); Pagefind's files are gzip already.
    gzipBytes += alreadyGzip(f) ? body.length : gzipSync(body).length;
  }
  return { files: files.length, rawBytes, gzipBytes };
}

const PAGEFIND_ROOT = '.theme-doc-markdown';
const PAGEFIND_EXCLUDE = [...EASYOPS_IGNORED];

/** Copies the build, indexes the pages easyops indexed with Pagefind and adds the UI to SEARCH_PAGE. */
async function preparePagefind(buildDir: string, pages: string[], tmp: string): Promise<{ site: string; seconds: number }> {
  const site = path.join(tmp, 'site');
  await fs.cp(buildDir, site, { recursive: true });
  const pagefind = await import('pagefind');
  const t0 = performance.now();
  const { index, errors } = await pagefind.createIndex({ rootSelector: PAGEFIND_ROOT, excludeSelectors: PAGEFIND_EXCLUDE, forceLanguage: 'en' });
  if (!index) throw new Error(`pagefind createIndex: ${errors.join('; ')}`);
  for (const url of pages) {
    const file = path.join(site, url === '/' ? 'index.html' : `${url}.html`);
    const r = await index.addHTMLFile({ url, content: await fs.readFile(file, 'utf8') });
    if (r.errors.length) throw new Error(`pagefind ${url}: ${r.errors.join('; ')}`);
  }
  const w = await index.writeFiles({ outputPath: path.join(site, 'pagefind') });
  if (w.errors.length) throw new Error(`pagefind writeFiles: ${w.errors.join('; ')}`);
  const seconds = (performance.now() - t0) / 1000;
  await pagefind.close();

  // The UI in a box of its own outside Docusaurus's React root, so hydration leaves it alone.
  await fs.writeFile(
    path.join(site, 'pagefind-bench.js'),
    "new PagefindUI({ element: '#pagefind-bench', showSubResults: true, showImages: false, debounceTimeoutMs: 0 });\n",
  );
  const file = path.join(site, `${SEARCH_PAGE}.html`);
  const html = await fs.readFile(file, 'utf8');
  const head = '<link rel="stylesheet" href="/pagefind/pagefind-ui.css"><script defer src="/pagefind/pagefind-ui.js"></script><script defer src="/pagefind-bench.js"></script>';
  const box = '<div id="pagefind-bench" style="position:fixed;top:0;right:0;width:34rem;max-height:100vh;overflow:auto;z-index:1000;background:#fff"></div>';
  if (!html.includes('</head>') || !/<body[^>]*>/.test(html)) throw new Error(`${file}: no </head> or <body>`);
  await fs.writeFile(file, html.replace('</head>', `${head}</head>`).replace(/<body[^>]*>/, (b) => `${b}${box}`));
  return { site, seconds };
}

// The code that runs in the page is kept as plain JavaScript text: functions handed to Playwright
// would carry the helpers tsx's compiler adds to them, which the page does not have.

/** Runs in every page before its scripts: the keystroke clock and, for easyops, the result URLs. */
const RECORDER = `(() => {
  const sb = { keys: [], events: [], pages: null };
  window.__searchBench = sb;
  addEventListener('keydown', (e) => {
    if (e.key.length === 1 && !e.ctrlKey) sb.keys.push(performance.now());
  }, true);
  // easyops's results carry their page URL only in its Worker's answers, which Comlink sends over a
  // MessagePort ({ type: 'RAW', value: [...] }): listen on every port before Comlink does.
  const inspect = (e) => {
    const v = e.data && e.data.value;
    if (Array.isArray(v) && v.every((x) => x && x.document && typeof x.document.u === 'string')) {
      sb.pages = v.map((x) => x.document.u);
    }
  };
  const add = MessagePort.prototype.addEventListener;
  MessagePort.prototype.addEventListener = function (type, listener, options) {
    if (type === 'message' && !this.__searchBench) {
      this.__searchBench = true;
      add.call(this, 'message', inspect);
    }
    return add.call(this, type, listener, options);
  };
})();`;

/** Records, after each change inside the result list, when it happened and how many results it holds. */
function observe(page: Page, ui: EngineUi): Promise<void> {
  return page.evaluate(`(() => {
    const container = ${JSON.stringify(ui.container)};
    const result = ${JSON.stringify(ui.result)};
    const sb = window.__searchBench;
    const inside = (n) => {
      const el = n.nodeType === 1 ? n : n.parentElement;
      return !!el && el.closest(container) !== null;
    };
    const holds = (n) => n.nodeType === 1 && (n.matches(container) || n.querySelector(container) !== null);
    new MutationObserver((records) => {
      const t = performance.now();
      if (records.some((r) => inside(r.target) || [...r.addedNodes, ...r.removedNodes].some(holds))) {
        sb.events.push({ t, n: document.querySelectorAll(result).length });
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
}

interface PageState {
  keys: number[];
  events: Array<{ t: number; n: number }>;
  pages: string[] | null;
  hrefs: string[];
  now: number;
}

function state(page: Page, ui: EngineUi): Promise<PageState> {
  return page.evaluate(`(() => {
    const sb = window.__searchBench;
    const hrefs = [...document.querySelectorAll(${JSON.stringify(ui.result)})].map((a) => a.getAttribute('href') || '');
    return { keys: [...sb.keys], events: [...sb.events], pages: sb.pages, hrefs, now: performance.now() };
  })()`);
}

function reset(page: Page): Promise<void> {
  return page.evaluate(`(() => {
    const sb = window.__searchBench;
    sb.keys = [];
    sb.events = [];
    sb.pages = null;
  })()`);
}

/** Waits until the result list has not changed for a second (or 8 s after the last key). */
async function settle(page: Page, ui: EngineUi, wantResults: boolean): Promise<PageState> {
  for (;;) {
    await page.waitForTimeout(100);
    const s = await state(page, ui);
    const lastKey = s.keys.length ? s.keys[s.keys.length - 1] : 0;
    const lastEvent = s.events.length ? s.events[s.events.length - 1] : null;
    const n = lastEvent?.n ?? 0;
    const quietSince = Math.max(lastKey, lastEvent?.t ?? 0);
    if ((n > 0) === wantResults && s.now - quietSince >= SETTLE_QUIET_MS) return s;
    if (s.now - lastKey >= RESULT_TIMEOUT_MS) return s;
  }
}

function timing(s: PageState): Timing {
  if (!s.keys.length) return { firstMs: null, settledMs: null };
  const firstKey = s.keys[0];
  const lastKey = s.keys[s.keys.length - 1];
  const first = s.events.find((e) => e.t >= firstKey && e.n > 0);
  const final = s.events[s.events.length - 1];
  const ok = final && final.n > 0;
  const after = s.events.filter((e) => e.t >= lastKey);
  const tenth = (x: number) => Math.round(x * 10) / 10;
  return {
    firstMs: first ? tenth(first.t - firstKey) : null,
    // No change after the last key: the list shown already was the whole query's.
    settledMs: ok ? (after.length ? tenth(after[after.length - 1].t - lastKey) : 0) : null,
  };
}

/** Distinct pages of the results in the order shown. */
function shownPages(engine: Engine, s: PageState): string[] | null {
  // easyops: one answer entry per option shown (`hrefs` has one empty entry per option).
  const urls = engine === 'easyops' ? (s.pages?.length === s.hrefs.length ? s.pages : null) : s.hrefs;
  if (!urls) return null;
  const pages = urls.map((u) => u.replace(/[?#].*$/, '').replace(/\.html$/, '').replace(/(.)\/$/, '$1'));
  return [...new Set(pages)].slice(0, TOP);
}

async function freshPage(browser: Browser, origin: string, ui: EngineUi, log: (m: string) => void): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: RECORDER });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') log(`  console error: ${m.text().slice(0, 200)}`);
  });
  page.on('pageerror', (e) => log(`  page error: ${e.message.slice(0, 200)}`));
  await page.goto(origin + SEARCH_PAGE, { waitUntil: 'networkidle' });
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await page.locator(ui.input).waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  await observe(page, ui);
  return { context, page };
}

async function clear(page: Page, ui: EngineUi): Promise<void> {
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await settle(page, ui, false);
  await reset(page);
}

async function typeQuery(page: Page, ui: EngineUi, query: string): Promise<PageState> {
  await page.keyboard.type(query, { delay: TYPING_DELAY_MS });
  return settle(page, ui, true);
}

/** One fresh page: `cold` typed right after focusing the box, then `warm` in the same box. */
async function sample(browser: Browser, origin: string, engine: Engine, cold: string, warm: string, log: (m: string) => void): Promise<{ cold: Timing; warm: Timing; coldTop: string[] | null; warmTop: string[] | null }> {
  const ui = UI[engine];
  const { context, page } = await freshPage(browser, origin, ui, log);
  try {
    await page.focus(ui.input);
    const c = await typeQuery(page, ui, cold);
    await clear(page, ui);
    const w = await typeQuery(page, ui, warm);
    return { cold: timing(c), warm: timing(w), coldTop: shownPages(engine, c), warmTop: shownPages(engine, w) };
  } finally {
    await context.close();
  }
}

/**
 * One fresh page, the three queries in turn: what the browser fetched from focus on. A response's
 * body is the gzip of its file, as the server sends it (Playwright reports 0 bytes for worker scripts).
 */
async function fetched(browser: Browser, origin: string, dir: string, engine: Engine, log: (m: string) => void): Promise<{ fetched: EngineResult['fetched']; pageLoadBytes: number }> {
  const ui = UI[engine];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: RECORDER });
  const page = await context.newPage();
  const before: Array<Promise<{ url: string; bytes: number }>> = [];
  const after: Array<Promise<{ url: string; bytes: number }>> = [];
  let focused = false;
  const size = async (r: Request) => {
    const file = await resolveFile(dir, new URL(r.url()).pathname);
    return { url: r.url(), bytes: file ? gzipSync(await fs.readFile(file)).length : (await r.sizes()).responseBodySize };
  };
  page.on('requestfinished', (r) => (focused ? after : before).push(size(r)));
  try {
    await page.goto(origin + SEARCH_PAGE, { waitUntil: 'networkidle' });
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await observe(page, ui);
    focused = true;
    await page.focus(ui.input);
    for (const [i, q] of SEARCH_QUERIES.entries()) {
      if (i) await clear(page, ui);
      const s = await typeQuery(page, ui, q.query);
      if (!s.events.some((e) => e.n > 0)) log(`  ${engine}: no result for "${q.query}"`);
    }
    await page.waitForLoadState('networkidle');
    const got = await Promise.all(after);
    const loaded = await Promise.all(before);
    const index = got.filter((r) => ui.indexUrl.test(r.url));
    const sum = (rs: Array<{ bytes: number }>) => rs.reduce((a, r) => a + r.bytes, 0);
    return {
      fetched: {
        indexBytes: sum(index),
        codeBytes: sum(got) - sum(index),
        requests: got.length,
        files: got.map((r) => `${new URL(r.url).pathname} ${r.bytes}`),
      },
      pageLoadBytes: engine === 'pagefind' ? sum(loaded.filter((r) => /\/pagefind(\/|-bench)/.test(r.url))) : 0,
    };
  } finally {
    await context.close();
  }
}

function listen(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Measures both engines against a built site. */
export async function benchSearch(buildDir: string, runs: number, log: (m: string) => void): Promise<SearchResult> {
  const loadAverage = os.loadavg();
  const easy = await easyopsIndex(buildDir);
  // The package's exports hide its package.json from require.resolve.
  const pagefindVersion = (JSON.parse(await fs.readFile(path.join(__dirname, '../../node_modules/pagefind/package.json'), 'utf8')) as { version: string }).version;
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-search-'));
  const servers: Server[] = [];
  let browser: Browser | undefined;
  try {
    log(`search: Pagefind ${pagefindVersion} indexing ${easy.pages.length} pages of a copy of ${buildDir}`);
    const pf = await preparePagefind(buildDir, easy.pages, tmp);
    // Pagefind compiles WebAssembly, which the site's Content-Security-Policy does not allow.
    const headers = await siteHeaders(buildDir);
    const csp = (headers['Content-Security-Policy'] ?? '').replace(/script-src ([^;]*)/, "script-src $1 'wasm-unsafe-eval'");
    servers.push(await serve({ dir: buildDir, port: 0, gzip: true }));
    servers.push(await serve({ dir: pf.site, port: 0, gzip: true, headers: csp ? { 'Content-Security-Policy': csp } : {} }));
    const origins: Record<Engine, string> = { easyops: listen(servers[0]), pagefind: listen(servers[1]) };
    const dirs: Record<Engine, string> = { easyops: buildDir, pagefind: pf.site };
    browser = await chromium.launch({
      executablePath: CHROME_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });

    const engines: Engine[] = ['easyops', 'pagefind'];
    const samples = new Map<string, { cold: Timing[]; warm: Timing[]; tops: Array<string[] | null> }>();
    const key = (e: Engine, q: string) => `${e}\u0000${q}`;
    for (const e of engines) for (const q of SEARCH_QUERIES) samples.set(key(e, q.query), { cold: [], warm: [], tops: [] });
    // Rounds outermost and engines alternating, so that a burst of load hits both alike. Page i
    // types query i cold, then query i+1 warm: each query is measured once cold and once warm per round.
    for (let round = 1; round <= runs; round++) {
      for (const [i, q] of SEARCH_QUERIES.entries()) {
        const next = SEARCH_QUERIES[(i + 1) % SEARCH_QUERIES.length];
        for (const e of round % 2 ? engines : [...engines].reverse()) {
          log(`search ${round}/${runs} ${e}: "${q.query}" cold, "${next.query}" warm`);
          const s = await sample(browser, origins[e], e, q.query, next.query, log);
          const a = samples.get(key(e, q.query))!;
          const b = samples.get(key(e, next.query))!;
          a.cold.push(s.cold);
          a.tops.push(s.coldTop);
          b.warm.push(s.warm);
          b.tops.push(s.warmTop);
          const ms = (x: number | null) => (x == null ? 'none' : `${Math.round(x)} ms`);
          log(`  first result ${ms(s.cold.firstMs)} cold, ${ms(s.warm.firstMs)} warm`);
        }
      }
    }

    const results: EngineResult[] = [];
    for (const e of engines) {
      log(`search: bytes ${e} fetches for the three queries`);
      const f = await fetched(browser, origins[e], dirs[e], e, log);
      const indexFiles =
        e === 'easyops' ? easy.files : (await walk(path.join(pf.site, 'pagefind'))).filter((p) => UI.pagefind.indexUrl.test(`/pagefind/${path.relative(path.join(pf.site, 'pagefind'), p)}`));
      const index = await sizes(indexFiles, (p) => /\.pf_\w+$/.test(p));
      const queries = SEARCH_QUERIES.map((q): QueryResult => {
        const s = samples.get(key(e, q.query))!;
        const top = s.tops.find((t) => t !== null) ?? [];
        const rank = top.findIndex((p) => q.expected.includes(p));
        return {
          query: q.query,
          expected: q.expected,
          cold: { firstMs: medianMs(s.cold.map((t) => t.firstMs)), settledMs: medianMs(s.cold.map((t) => t.settledMs)) },
          warm: { firstMs: medianMs(s.warm.map((t) => t.firstMs)), settledMs: medianMs(s.warm.map((t) => t.settledMs)) },
          runs: { cold: s.cold, warm: s.warm },
          top,
          rank: rank >= 0 ? rank + 1 : null,
          stable: s.tops.every((t) => t !== null && t.join() === top.join()),
        };
      });
      results.push({
        engine: e,
        label: e === 'easyops' ? '@easyops-cn/docusaurus-search-local (in use)' : `Pagefind ${pagefindVersion} (default UI)`,
        index,
        ...f,
        queries,
        worstFirstMs: worst(queries.flatMap((q) => [q.cold.firstMs, q.warm.firstMs])),
        worstSettledMs: worst(queries.flatMap((q) => [q.cold.settledMs, q.warm.settledMs])),
      });
    }
    return {
      runs,
      top: TOP,
      typingDelayMs: TYPING_DELAY_MS,
      page: SEARCH_PAGE,
      loadAverage,
      loadAverageEnd: os.loadavg(),
      pagefind: { version: pagefindVersion, indexSeconds: pf.seconds, pages: easy.pages.length, rootSelector: PAGEFIND_ROOT, excludeSelectors: PAGEFIND_EXCLUDE, csp: "script-src + 'wasm-unsafe-eval'" },
      engines: results,
    };
  } finally {
    await browser?.close();
    for (const s of servers) s.close();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

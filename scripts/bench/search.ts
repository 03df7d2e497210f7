/**
 * Search: the site's own search (plugins/search: an index sharded by term prefix, fetched per query)
 * against a build served with gzip and the site's own headers (Content-Security-Policy included).
 *
 * - Index size: every file under /search/ on disk (gzip), and the largest shard.
 * - Fetched per query: bytes on the wire (gzip, without headers) the page fetches while one query is
 *   typed into a fresh page (cold: manifest, shards, page blocks, plus the popup's code), and while
 *   the next query is typed into the same page (warm: only what was not fetched yet).
 * - Time to first results, in Chromium on a freshly loaded /fine-tuning/datasets (new context, empty
 *   cache, page hydrated and the network idle). Measured inside the page: performance.now() in a
 *   capture-phase keydown listener, and a MutationObserver on the result list. "First result" is
 *   the first keystroke → the first result entry inserted into the DOM (the frame that paints it
 *   follows); "settled" is the last keystroke → the last change of the result list (the results of
 *   the whole query). Typing is page.keyboard.type with 50 ms between keys. Cold: the reader focuses
 *   the box and types at once, so the code and index downloads are included (loading starts on
 *   focus). Warm: the same page, the box cleared, then the next query. No debounce.
 * - Quality: the first five distinct pages in the order shown, and where the expected one is.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { resolveFile } from '../../lib/files';
import { serve, siteHeaders } from '../serve-static';
import { CHROME_PATH } from './lighthouse';

export type Engine = 'site';

export const SEARCH_QUERIES: Array<{ query: string; expected: string[]; within?: number }> = [
  { query: 'GRPO', expected: ['/api/create-grpo-training-job'], within: 3 },
  { query: 'learning rate', expected: ['/fine-tuning/parameters'] },
  // The two operations whose request body has the field.
  { query: 'train_test_split_ratio', expected: ['/api/create-training-job', '/api/create-grpo-training-job'], within: 1 },
  // #17: an operation's name, operationId and path put its page first; a typo still finds the page.
  { query: 'Create SFT training job', expected: ['/api/create-training-job'], within: 1 },
  { query: 'createGrpoTrainingJob', expected: ['/api/create-grpo-training-job'], within: 1 },
  { query: '/v1/training-jobs', expected: ['/api/create-training-job', '/api/list-training-jobs'], within: 1 },
  { query: 'trainnig job', expected: ['/api/create-training-job', '/api/list-training-jobs'] },
  { query: 'embedings', expected: ['/guides/embeddings'], within: 3 },
];

/** The page the reader searches from (the one the e2e search test uses). */
export const SEARCH_PAGE = '/fine-tuning/datasets';
export const TYPING_DELAY_MS = 50;
/** How many distinct pages count as "the top results". */
export const TOP = 5;

const SETTLE_QUIET_MS = 1000;
const RESULT_TIMEOUT_MS = 8000;

const UI = {
  input: '.navbar__search-input',
  container: '.navbar__search',
  result: '[role="listbox"] [role="option"]',
  /** The page of each group: its first option. */
  page: '[role="listbox"] [role="group"] > [role="option"]:first-child',
  indexUrl: /\/search\/[^/]+\.json$/,
};

export interface Timing {
  /** First keystroke → first result entry in the DOM; null: none within 8 s. */
  firstMs: number | null;
  /** Last keystroke → last change of the result list. */
  settledMs: number | null;
}

export interface Fetched {
  /** Index data (manifest, shards, page blocks), gzip bytes. */
  indexBytes: number;
  /** Code (the popup's chunk), gzip bytes. */
  codeBytes: number;
  requests: number;
}

export interface QueryResult {
  query: string;
  expected: string[];
  /** The expected page must be among the first `within` pages (default TOP). */
  within: number;
  cold: Timing;
  warm: Timing;
  runs: { cold: Timing[]; warm: Timing[] };
  /** Fetched while typing this query into a fresh page (first run), and into a page that ran another query. */
  fetchedCold: Fetched;
  fetchedWarm: Fetched;
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
  index: { files: number; rawBytes: number; gzipBytes: number; largestGzipBytes: number };
  queries: QueryResult[];
  /** Worst median of the first-result times, cold and warm, over the queries. */
  worstFirstMs: number | null;
  worstSettledMs: number | null;
  /** Most index bytes one query fetched (cold, first run). */
  worstFetchedIndexBytes: number;
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

/** Every file of the index under /search/: count, raw and gzip bytes (zlib's default level, as the server sends them). */
async function indexSizes(buildDir: string): Promise<EngineResult['index']> {
  const dir = path.join(buildDir, 'search');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  if (!names.includes('manifest.json')) throw new Error(`no search/manifest.json in ${buildDir}: not a build of this site?`);
  const out = { files: names.length, rawBytes: 0, gzipBytes: 0, largestGzipBytes: 0 };
  for (const name of names) {
    const body = await fs.readFile(path.join(dir, name));
    const gzip = gzipSync(body).length;
    out.rawBytes += body.length;
    out.gzipBytes += gzip;
    out.largestGzipBytes = Math.max(out.largestGzipBytes, gzip);
  }
  return out;
}

// The code that runs in the page is kept as plain JavaScript text: functions handed to Playwright
// would carry the helpers tsx's compiler adds to them, which the page does not have.

/** Runs in every page before its scripts: the keystroke clock. */
const RECORDER = `(() => {
  const sb = { keys: [], events: [] };
  window.__searchBench = sb;
  addEventListener('keydown', (e) => {
    if (e.key.length === 1 && !e.ctrlKey) sb.keys.push(performance.now());
  }, true);
})();`;

/** Records, after each change inside the search box's container, when it happened and how many results it holds. */
function observe(page: Page): Promise<void> {
  return page.evaluate(`(() => {
    const container = ${JSON.stringify(UI.container)};
    const result = ${JSON.stringify(UI.result)};
    const sb = window.__searchBench;
    const inside = (n) => {
      const el = n.nodeType === 1 ? n : n.parentElement;
      return !!el && el.closest(container) !== null;
    };
    new MutationObserver((records) => {
      const t = performance.now();
      if (records.some((r) => inside(r.target))) sb.events.push({ t, n: document.querySelectorAll(result).length });
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  })()`);
}

interface PageState {
  keys: number[];
  events: Array<{ t: number; n: number }>;
  pages: string[];
  now: number;
}

function state(page: Page): Promise<PageState> {
  return page.evaluate(`(() => {
    const sb = window.__searchBench;
    const pages = [...document.querySelectorAll(${JSON.stringify(UI.page)})].map((o) => o.getAttribute('data-href') || '');
    return { keys: [...sb.keys], events: [...sb.events], pages, now: performance.now() };
  })()`);
}

function reset(page: Page): Promise<void> {
  return page.evaluate(`(() => {
    const sb = window.__searchBench;
    sb.keys = [];
    sb.events = [];
  })()`);
}

/** Waits until the result list has not changed for a second (or 8 s after the last key). */
async function settle(page: Page, wantResults: boolean): Promise<PageState> {
  for (;;) {
    await page.waitForTimeout(100);
    const s = await state(page);
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

const topPages = (s: PageState): string[] => [...new Set(s.pages.map((u) => u.replace(/[?#].*$/, '')))].slice(0, TOP);

/** Bytes of what the page fetched while `phase` was set: the gzip of each file, as the server sends it. */
class Traffic {
  phase: 'cold' | 'warm' | null = null;
  private seen: Record<'cold' | 'warm', Array<Promise<{ url: string; bytes: number }>>> = { cold: [], warm: [] };
  constructor(private dir: string) {}
  listen(page: Page): void {
    page.on('requestfinished', (r: Request) => {
      if (!this.phase) return;
      this.seen[this.phase].push(
        (async () => {
          const file = await resolveFile(this.dir, new URL(r.url()).pathname);
          return { url: r.url(), bytes: file ? gzipSync(await fs.readFile(file)).length : (await r.sizes()).responseBodySize };
        })(),
      );
    });
  }
  async total(phase: 'cold' | 'warm'): Promise<Fetched> {
    const got = await Promise.all(this.seen[phase]);
    const index = got.filter((r) => UI.indexUrl.test(new URL(r.url).pathname));
    const sum = (rs: Array<{ bytes: number }>) => rs.reduce((a, r) => a + r.bytes, 0);
    return { indexBytes: sum(index), codeBytes: sum(got) - sum(index), requests: got.length };
  }
}

/** One fresh page: `cold` typed right after focusing the box, then `warm` in the same box. */
async function sample(browser: Browser, origin: string, dir: string, from: string, cold: string, warm: string, log: (m: string) => void) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: RECORDER });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') log(`  console error: ${m.text().slice(0, 200)}`);
  });
  page.on('pageerror', (e) => log(`  page error: ${e.message.slice(0, 200)}`));
  const traffic = new Traffic(dir);
  traffic.listen(page);
  try {
    await page.goto(origin + from, { waitUntil: 'networkidle' });
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await page.locator(UI.input).waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    await observe(page);
    traffic.phase = 'cold';
    await page.focus(UI.input);
    await page.keyboard.type(cold, { delay: TYPING_DELAY_MS });
    const c = await settle(page, true);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await settle(page, false);
    await reset(page);
    traffic.phase = 'warm';
    await page.keyboard.type(warm, { delay: TYPING_DELAY_MS });
    const w = await settle(page, true);
    await page.waitForLoadState('networkidle');
    traffic.phase = null;
    return { cold: timing(c), warm: timing(w), coldTop: topPages(c), warmTop: topPages(w), fetchedCold: await traffic.total('cold'), fetchedWarm: await traffic.total('warm') };
  } finally {
    await context.close();
  }
}

/** What is searched: the queries (each with the pages expected among the first results), typed on `page`. */
export interface SearchSet {
  page: string;
  queries: typeof SEARCH_QUERIES;
}

/** Measures the site's search against a built site (by default Emissary's queries from SEARCH_PAGE). */
export async function benchSearch(
  buildDir: string,
  runs: number,
  log: (m: string) => void,
  { page: from, queries: QUERIES }: SearchSet = { page: SEARCH_PAGE, queries: SEARCH_QUERIES },
): Promise<SearchResult> {
  const loadAverage = os.loadavg();
  const index = await indexSizes(buildDir);
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    server = await serve({ dir: buildDir, port: 0, gzip: true, headers: await siteHeaders(buildDir) });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROME_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    type Samples = { cold: Timing[]; warm: Timing[]; tops: string[][]; fetchedCold?: Fetched; fetchedWarm?: Fetched };
    const samples = new Map<string, Samples>(QUERIES.map((q) => [q.query, { cold: [], warm: [], tops: [] }]));
    // Page i types query i cold, then query i+1 warm: each query is measured once cold and once warm per round.
    for (let round = 1; round <= runs; round++) {
      for (const [i, q] of QUERIES.entries()) {
        const next = QUERIES[(i + 1) % QUERIES.length];
        log(`search ${round}/${runs}: "${q.query}" cold, "${next.query}" warm`);
        const s = await sample(browser, origin, buildDir, from, q.query, next.query, log);
        const a = samples.get(q.query)!;
        const b = samples.get(next.query)!;
        a.cold.push(s.cold);
        a.tops.push(s.coldTop);
        a.fetchedCold ??= s.fetchedCold;
        b.warm.push(s.warm);
        b.tops.push(s.warmTop);
        b.fetchedWarm ??= s.fetchedWarm;
        const ms = (x: number | null) => (x == null ? 'none' : `${Math.round(x)} ms`);
        log(`  first result ${ms(s.cold.firstMs)} cold (${(s.fetchedCold.indexBytes / 1024).toFixed(1)} KB index), ${ms(s.warm.firstMs)} warm`);
      }
    }
    const none: Fetched = { indexBytes: 0, codeBytes: 0, requests: 0 };
    const queries = QUERIES.map((q): QueryResult => {
      const s = samples.get(q.query)!;
      const top = s.tops[0] ?? [];
      const rank = top.findIndex((p) => q.expected.includes(p));
      return {
        query: q.query,
        expected: q.expected,
        within: q.within ?? TOP,
        cold: { firstMs: medianMs(s.cold.map((t) => t.firstMs)), settledMs: medianMs(s.cold.map((t) => t.settledMs)) },
        warm: { firstMs: medianMs(s.warm.map((t) => t.firstMs)), settledMs: medianMs(s.warm.map((t) => t.settledMs)) },
        runs: { cold: s.cold, warm: s.warm },
        fetchedCold: s.fetchedCold ?? none,
        fetchedWarm: s.fetchedWarm ?? none,
        top,
        rank: rank >= 0 ? rank + 1 : null,
        stable: s.tops.every((t) => t.join() === top.join()),
      };
    });
    return {
      runs,
      top: TOP,
      typingDelayMs: TYPING_DELAY_MS,
      page: from,
      loadAverage,
      loadAverageEnd: os.loadavg(),
      engines: [
        {
          engine: 'site',
          label: 'plugins/search (sharded index)',
          index,
          queries,
          worstFirstMs: worst(queries.flatMap((q) => [q.cold.firstMs, q.warm.firstMs])),
          worstSettledMs: worst(queries.flatMap((q) => [q.cold.settledMs, q.warm.settledMs])),
          worstFetchedIndexBytes: Math.max(...queries.map((q) => q.fetchedCold.indexBytes)),
        },
      ],
    };
  } finally {
    await browser?.close();
    server?.close();
  }
}

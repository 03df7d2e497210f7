/**
 * `npm run bench`: cold build time, then first-visit weight and Lighthouse scores of one page of
 * each type, then the search comparison, printed as Markdown and written to .bench/results.json.
 * A benchmark, not a test: it exits 0 when a budget is missed, non-zero only when it cannot measure
 * (build or browser failure).
 *
 * Env: BENCH_BUILDS (cold builds, default 3), BENCH_LH_RUNS (Lighthouse runs per page and form
 * factor, default 5), BENCH_ANALYZE=1 (extra untimed build that attributes each chunk's bytes to
 * packages), BENCH_SKIP_BUILD=1 (measure the existing .bench/build), BENCH_BASELINE=<results.json
 * of another commit> (adds a table of differences), CHROME_PATH.
 *
 * Search (scripts/bench/search.ts), after Lighthouse and against the same build: the site's search,
 * index bytes fetched per query and time to first results in Chromium. BENCH_SEARCH=0 (skip it),
 * BENCH_SEARCH_RUNS (runs per query, cold and warm, default 5), BENCH_ONLY=search (nothing but the
 * search part, against BENCH_BUILD_DIR, default .bench/build; writes .bench/search-results.json and
 * .md, leaving a full run's results.json alone). BENCH_ONLY=mcp (scripts/bench/mcp.ts): the docs MCP
 * server's costliest accepted search_docs call against BENCH_BUILD_DIR (default build/), its CPU time
 * per call (BENCH_MCP_RUNS, default 20) and a ping's wait beside 8 of them; then the server as it ships
 * (scripts/bench/mcp-serve.ts): its size and first answer on stdio against their budgets, requests/s
 * and p95 on Node and on workerd (BENCH_MCP_CALLS per tool, default 400); writes .bench/mcp-results.*.
 * BENCH_ONLY=checker (scripts/bench/checker.ts): the dataset checker on a 5 MB file in Chromium against
 * BENCH_BUILD_DIR (default build/): time to the verdict and longest frame gap (BENCH_CHECKER_RUNS,
 * default 5), against its budget; writes .bench/checker-results.*.
 *
 * BENCH_SCALE=1,8,32 (scripts/bench/scale.ts): instead of all the above, one cold build per factor of
 * the document multiplied, and a table of build time, peak memory, output, search index fetched and
 * operation-page JavaScript per factor; writes .bench/scale-results.json and .md.
 * BENCH_SCALE=real (or real:<id>,<id>; scripts/bench/real-apis.ts): one cold build per public document
 * of tests/real-apis/documents.yaml instead, each spot-checked in Chromium; writes (merges into)
 * .bench/real-apis-results.json and .md. BENCH_REAL_BUILT=1 reuses the builds of the earlier run still
 * in .bench/real-apis/<id> (measures and spot-checks them again without building).
 *
 * BENCH_PATCHES=all (or <slug>,<slug>; scripts/bench/patches.ts): instead of all the above, one cold
 * build with every patch of upstream internals on and one per patch left out (EMISSARY_PATCHES_OFF,
 * slugs of UPGRADING.md's "The patches"), and a table of JavaScript at load and server HTML kept per
 * page kind; with BENCH_LH_RUNS, Lighthouse mobile on the operation page for the patches whose
 * JavaScript gain is under 2 KB (with BENCH_SKIP_BUILD=1, against the builds of the last run).
 * Writes .bench/patches-results.json and .md.
 */
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from './serve-static';
import { coldBuild, generatedDir, type BuildTiming } from './bench/build';
import { inspectScripts, readRegistry, transferTotals } from './bench/chunks';
import { runLighthouse, CHROME_PATH, type FormFactor, type LighthouseRun } from './bench/lighthouse';
import { analyzeBuild, type PackageShare } from './bench/analyze';
import { benchSearch, type SearchResult } from './bench/search';
import { benchScale, scaleFactors, scaleMarkdown, type ScaleRow } from './bench/scale';
import { benchRealApis, realApisMarkdown, type RealApiRow } from './bench/real-apis';
import { realApiDocuments } from '../tests/real-apis/documents';
import { benchMcp, mcpReport } from './bench/mcp';
import { benchServe, serveReport } from './bench/mcp-serve';
import { benchChecker, checkerReport } from './bench/checker';
import { benchPatches, patchesMarkdown } from './bench/patches';
import { budgets, differences, markdown, searchBudgets, searchReport, PAGES, type Baseline, type PageResult, type PageKind } from './bench/report';

const SITE = path.resolve(__dirname, '..');
const BENCH = path.join(SITE, '.bench');
const OUT = path.join(BENCH, 'build');
const RESULTS_FILE = path.join(__dirname, 'bench', 'RESULTS.md');
const RESULTS_HEADER =
  '# Latest benchmark\n\nWritten by `npm run bench` (see [README.md](README.md) for the method and budgets). ' +
  'Commit it with the change it measures.\n\n';

function positiveInt(name: string, fallback: number): number {
  const n = Number(process.env[name] ?? fallback);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Median of scores that may be null (a category Lighthouse could not score). */
function medianScore(xs: Array<number | null | undefined>): number | null {
  const ok = xs.filter((x): x is number => typeof x === 'number');
  return ok.length ? Math.round(median(ok) * 100) / 100 : null;
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: SITE, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function log(msg: string): void {
  process.stderr.write(`[bench] ${msg}\n`);
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return CHROME_PATH;
  }
}

/** What every report starts with: the commit (marked when the tree has changes), when, which browser. */
function runInfo(): { commit: string; date: string; chromium: string } {
  const dirty = git(['status', '--porcelain']) ? ' (uncommitted changes)' : '';
  return {
    commit: `${git(['rev-parse', '--short', 'HEAD']) || 'unknown commit'}${dirty}`,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    chromium: chromiumVersion(),
  };
}

/** `BENCH_ONLY=mcp`: the docs MCP server's costliest accepted search, against an existing build (scripts/bench/mcp.ts). */
async function mcpOnly(): Promise<void> {
  const dir = path.resolve(process.env.BENCH_BUILD_DIR ?? 'build');
  log(`BENCH_ONLY=mcp: the MCP server reading ${dir}`);
  const result = await benchMcp(dir, positiveInt('BENCH_MCP_RUNS', 20), log);
  const serve = await benchServe(dir, positiveInt('BENCH_MCP_CALLS', 400), log);
  const md = `${mcpReport(result, path.relative(process.cwd(), dir) || dir)}\n\n${serveReport(serve)}`;
  console.log(md);
  await fs.mkdir(BENCH, { recursive: true });
  await fs.writeFile(path.join(BENCH, 'mcp-results.json'), `${JSON.stringify({ ...runInfo(), buildDir: dir, ...result, serve }, null, 2)}\n`);
  await fs.writeFile(path.join(BENCH, 'mcp-results.md'), `${md}\n`);
  log('wrote .bench/mcp-results.json and .bench/mcp-results.md');
}

/** `BENCH_ONLY=checker`: the dataset checker on a 5 MB file, against an existing build (scripts/bench/checker.ts). */
async function checkerOnly(): Promise<void> {
  const dir = path.resolve(process.env.BENCH_BUILD_DIR ?? 'build');
  const loadAverage = os.loadavg();
  log(`BENCH_ONLY=checker: the dataset checker of ${dir}`);
  const result = await benchChecker(dir, positiveInt('BENCH_CHECKER_RUNS', 5), log);
  const md = checkerReport(result, path.relative(process.cwd(), dir) || dir, loadAverage);
  console.log(md);
  await fs.writeFile(path.join(BENCH, 'checker-results.json'), `${JSON.stringify({ ...runInfo(), buildDir: dir, loadAverage, ...result }, null, 2)}\n`);
  await fs.writeFile(path.join(BENCH, 'checker-results.md'), `${md}\n`);
  log('wrote .bench/checker-results.json and .bench/checker-results.md');
}

/** `BENCH_ONLY=search`: the search comparison alone, against an existing build. */
async function searchOnly(): Promise<void> {
  const dir = path.resolve(process.env.BENCH_BUILD_DIR ?? OUT);
  log(`BENCH_ONLY=search: searching ${dir}`);
  const search = await benchSearch(dir, positiveInt('BENCH_SEARCH_RUNS', 5), log);
  const input = {
    ...runInfo(),
    buildDir: dir,
    search,
    budgets: searchBudgets(search),
  };
  const md = searchReport(input);
  console.log(md);
  await fs.writeFile(path.join(BENCH, 'search-results.json'), `${JSON.stringify({ ...input, markdown: md }, null, 2)}\n`);
  await fs.writeFile(path.join(BENCH, 'search-results.md'), `${md}\n`);
  log('wrote .bench/search-results.json and .bench/search-results.md');
}

/** `BENCH_SCALE=1,8,32`: one cold build per factor of the multiplied document, and the scale table. */
async function scaleOnly(value: string): Promise<void> {
  const loadAverage = os.loadavg();
  const info = runInfo();
  const rows: ScaleRow[] = [];
  let md = '';
  for (const factor of scaleFactors(value)) {
    rows.push(await benchScale(SITE, BENCH, factor, log));
    // Written after every row: a ×32 build takes long enough for the earlier rows to be worth keeping.
    md = scaleMarkdown(rows, { ...info, loadAverage });
    await fs.writeFile(path.join(BENCH, 'scale-results.json'), `${JSON.stringify({ ...info, loadAverage, rows, markdown: md }, null, 2)}\n`);
    await fs.writeFile(path.join(BENCH, 'scale-results.md'), `${md}\n`);
    log(`wrote .bench/scale-results.json and .bench/scale-results.md (×${rows.map((r) => r.factor).join(', ×')})`);
  }
  console.log(md);
}

/** `BENCH_SCALE=real` (or `real:<id>,<id>`): one cold build per public document of the real-API set, and its table. */
async function realApisOnly(value: string): Promise<void> {
  const loadAverage = os.loadavg();
  const info = runInfo();
  let md = '';
  const file = path.join(BENCH, 'real-apis-results.json');
  // Rows of documents this run does not build stay (the set is built a few documents at a time).
  const earlier = (JSON.parse(await fs.readFile(file, 'utf8').catch(() => '{"rows":[]}')) as { rows: RealApiRow[] }).rows;
  const order = realApiDocuments().map((d) => d.id);
  const reuse = process.env.BENCH_REAL_BUILT === '1' ? earlier : [];
  await benchRealApis(SITE, BENCH, value, log, async (done) => {
    const rows = [...earlier.filter((r) => !done.some((d) => d.id === r.id)), ...done].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
    // Written after every row: the whole set takes hours on this machine.
    md = realApisMarkdown(rows, { ...info, loadAverage });
    await fs.writeFile(file, `${JSON.stringify({ ...info, loadAverage, rows, markdown: md }, null, 2)}\n`);
    await fs.writeFile(path.join(BENCH, 'real-apis-results.md'), `${md}\n`);
    log(`wrote .bench/real-apis-results.json and .bench/real-apis-results.md (${done.map((r) => r.id).join(', ')} of this run)`);
  }, reuse);
  console.log(md);
}

/** `BENCH_PATCHES=all` (or slugs): a cold build with every patch on and one per patch off, and the gain table. */
async function patchesOnly(value: string): Promise<void> {
  const loadAverage = os.loadavg();
  const info = runInfo();
  const lhRuns = process.env.BENCH_LH_RUNS ? positiveInt('BENCH_LH_RUNS', 3) : undefined;
  let md = '';
  await benchPatches(SITE, BENCH, value, { lhRuns, skipBuild: process.env.BENCH_SKIP_BUILD === '1' }, log, async (rows) => {
    // Written after every row: each is a cold build.
    md = patchesMarkdown(rows, { ...info, loadAverage });
    await fs.writeFile(path.join(BENCH, 'patches-results.json'), `${JSON.stringify({ ...info, loadAverage, rows, markdown: md }, null, 2)}\n`);
    await fs.writeFile(path.join(BENCH, 'patches-results.md'), `${md}\n`);
    log(`wrote .bench/patches-results.json and .bench/patches-results.md (${rows.length} rows)`);
  });
  console.log(md);
}

async function main(): Promise<void> {
  await fs.mkdir(BENCH, { recursive: true });
  if (process.env.BENCH_PATCHES) return patchesOnly(process.env.BENCH_PATCHES);
  if (process.env.BENCH_SCALE?.startsWith('real')) return realApisOnly(process.env.BENCH_SCALE);
  if (process.env.BENCH_SCALE) return scaleOnly(process.env.BENCH_SCALE);
  if (process.env.BENCH_ONLY === 'search') return searchOnly();
  if (process.env.BENCH_ONLY === 'mcp') return mcpOnly();
  if (process.env.BENCH_ONLY === 'checker') return checkerOnly();
  if (process.env.BENCH_ONLY) throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY}: only "search", "mcp" and "checker" are known`);
  const buildRuns = positiveInt('BENCH_BUILDS', 3);
  // Five: on this shared 2-core machine a single mobile run moves by up to ±0.07, and the mobile
  // budget compares two medians.
  const lhRuns = positiveInt('BENCH_LH_RUNS', 5);
  const loadAverage = os.loadavg();
  if (loadAverage[0] > os.cpus().length) {
    log(`load average ${loadAverage[0].toFixed(1)} on ${os.cpus().length} CPUs: other work is running, build times and Lighthouse scores will be worse and noisier`);
  }

  // 1. Cold builds.
  const builds: BuildTiming[] = [];
  if (process.env.BENCH_SKIP_BUILD === '1') {
    log('BENCH_SKIP_BUILD=1: measuring the existing .bench/build, no build timing');
  } else {
    const buildLog = path.join(BENCH, 'build.log');
    await fs.rm(buildLog, { force: true });
    for (let i = 1; i <= buildRuns; i++) {
      log(`cold build ${i}/${buildRuns} (log: .bench/build.log)`);
      const t = await coldBuild(SITE, OUT, buildLog);
      log(`  ${t.totalSeconds.toFixed(1)} s (gen-api ${t.genApiSeconds.toFixed(1)} s, build ${t.buildSeconds.toFixed(1)} s)`);
      builds.push(t);
    }
  }
  // Read right after the last build: chunk name → the page or component module it holds.
  const registry = await readRegistry(generatedDir(SITE));
  const buildMedianSeconds = builds.length ? median(builds.map((b) => b.totalSeconds)) : Number.NaN;

  // 2. Serve the build with gzip on a free port and run Lighthouse, rounds outermost so that a
  // burst of load on the machine hits every page alike.
  const server = await serve({ dir: OUT, port: 0, gzip: true });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const runs = new Map<PageKind, Record<FormFactor, LighthouseRun[]>>(PAGES.map((p) => [p.kind, { desktop: [], mobile: [] }]));
  try {
    for (let round = 1; round <= lhRuns; round++) {
      for (const page of PAGES) {
        for (const ff of ['desktop', 'mobile'] as const) {
          log(`lighthouse ${round}/${lhRuns} ${ff} ${page.route}`);
          const r = await runLighthouse(origin + page.route, ff);
          runs.get(page.kind)![ff].push(r);
        }
      }
    }
  } finally {
    server.close();
  }

  // 2b. Search: index bytes per query and time to first results on the same build.
  // A failure here is reported, not thrown: the builds and Lighthouse runs above are still worth having.
  let search: SearchResult | undefined;
  let searchError: string | undefined;
  if (process.env.BENCH_SEARCH === '0') log('BENCH_SEARCH=0: search not measured');
  else {
    try {
      search = await benchSearch(OUT, positiveInt('BENCH_SEARCH_RUNS', 5), log);
    } catch (err) {
      searchError = err instanceof Error ? err.message : String(err);
      log(`search could not be measured: ${searchError}`);
    }
  }

  // 3. Bytes, scores and the startup chunks of each page.
  const pages: PageResult[] = [];
  for (const page of PAGES) {
    const { desktop, mobile } = runs.get(page.kind)!;
    const totals = desktop.map((r) => transferTotals(r.records));
    const pick = (k: keyof ReturnType<typeof transferTotals>) => median(totals.map((t) => t[k]));
    const metricMedians = (rs: LighthouseRun[]) =>
      Object.fromEntries((Object.keys(rs[0].metrics) as Array<keyof LighthouseRun['metrics']>).map((k) => [k, median(rs.map((r) => r.metrics[k]))]));
    const clsDesktop = median(desktop.map((r) => r.metrics.cls));
    const clsMobile = median(mobile.map((r) => r.metrics.cls));
    const scripts = await inspectScripts(OUT, origin, desktop[0].records, registry);
    const failedAudits = Object.assign({}, ...desktop.map((r) => r.failedAudits)) as PageResult['failedAudits'];
    for (const r of desktop[0].records) if (r.statusCode >= 400) log(`${page.route}: ${r.statusCode} for ${r.url}`);
    pages.push({
      kind: page.kind,
      route: page.route,
      jsBytes: pick('js'),
      allBytes: pick('all'),
      prefetchBytes: pick('prefetch'),
      cssBytes: pick('css'),
      documentBytes: pick('document'),
      desktop: medianScore(desktop.map((r) => r.scores.performance)),
      mobile: medianScore(mobile.map((r) => r.scores.performance)),
      cls: Math.max(clsDesktop, clsMobile),
      clsDesktop,
      clsMobile,
      accessibility: medianScore(desktop.map((r) => r.scores.accessibility)),
      bestPractices: medianScore(desktop.map((r) => r.scores.bestPractices)),
      seo: medianScore(desktop.map((r) => r.scores.seo)),
      metrics: { desktop: metricMedians(desktop), mobile: metricMedians(mobile) },
      runs: {
        desktop: desktop.map((r) => r.scores.performance ?? Number.NaN),
        mobile: mobile.map((r) => r.scores.performance ?? Number.NaN),
      },
      failedAudits,
      scripts,
      codegenChunks: scripts.filter((c) => c.codegen.length).map((c) => `${c.chunk} (${c.codegen.join(', ')})`),
      apiComponentChunks: scripts.filter((c) => c.apiComponents.length).map((c) => c.chunk),
    });
  }

  // Optional: attribute chunk bytes to packages with a separate stats build.
  let packages: Record<string, PackageShare[]> | undefined;
  if (process.env.BENCH_ANALYZE === '1') {
    log('BENCH_ANALYZE=1: untimed stats build (log: .bench/analyze-build.log)');
    packages = await analyzeBuild(SITE, BENCH);
    const missing = pages.flatMap((p) => p.scripts.map((c) => c.chunk)).filter((c) => !packages![c]);
    if (missing.length) log(`chunks not found in the stats build (left to fingerprints): ${[...new Set(missing)].join(', ')}`);
  }

  const input = {
    ...runInfo(),
    lighthouseRuns: lhRuns,
    loadAverage,
    benchmarkIndex: [...runs.values()].flatMap((r) => [...r.desktop, ...r.mobile].map((x) => x.benchmarkIndex)),
    builds,
    buildMedianSeconds,
    pages,
    budgets: budgets(pages, buildMedianSeconds, search),
    packages,
    search,
    searchError,
  };
  let md = markdown(input);
  if (process.env.BENCH_BASELINE) {
    const base = JSON.parse(await fs.readFile(path.resolve(process.env.BENCH_BASELINE), 'utf8')) as Baseline;
    md += `\n\n${differences(input, base)}`;
  }
  console.log(md);
  await fs.writeFile(path.join(BENCH, 'results.json'), `${JSON.stringify({ ...input, markdown: md }, null, 2)}\n`);
  await fs.writeFile(path.join(BENCH, 'results.md'), `${md}\n`);
  // The dated record a maintainer commits with a change; the README links it instead of copying figures.
  await fs.writeFile(RESULTS_FILE, `${RESULTS_HEADER}${md}\n`);
  log(`wrote .bench/results.json, .bench/results.md and ${path.relative(SITE, RESULTS_FILE)}`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

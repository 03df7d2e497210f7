/**
 * `BENCH_SCALE=1,8,32 npm run bench`: how the site grows with the API. For each factor, the
 * project's document multiplied (./multiply-spec.ts; ×1 is the document itself), a cold build of it,
 * and one row: build time and peak memory, output size and pages, the search index fetched per query
 * (./search.ts) and the JavaScript an operation page loads, by script tag and in the browser.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { parse, stringify } from 'yaml';
import { chromium } from 'playwright-core';
import { serve } from '../serve-static';
import { coldBuild, type BuildTiming } from './build';
import { CHROME_PATH } from './lighthouse';
import { multiplySpec, operationCount, type Doc } from './multiply-spec';
import { benchSearch, SEARCH_QUERIES } from './search';

const SOURCE_SPEC = 'openapi/emissary.yaml';
/** The page whose JavaScript is measured at every scale: it exists in every multiplied document. */
export const SCALE_OPERATION = '/api/create-training-job';
const MiB = 1024 * 1024;

export interface ScaleRow {
  factor: number;
  operations: number;
  schemas: number;
  build: BuildTiming;
  /** HTML pages written (404.html aside). */
  pages: number;
  outputBytes: number;
  htmlBytes: number;
  /** The site's search: index bytes fetched (gzip) per query of the three, and the worst median first result. */
  search: { engine: string; indexBytesPerQuery: number; worstFirstMs: number | null } | { error: string };
  /** The operation page's `<script src>` files, gzip, and every script it ran until the network was idle, gzip. */
  operationJs: { scriptTagBytes: number; startupBytes: number; startupScripts: number; fetchedBytes?: number };
  /** The MCP server's bundle (plugins/mcp): bytes raw and gzip, and the plugin's own work in the build, from its log line. */
  mcp: { bytes: number; gzipBytes: number; workMs: number } | { error: string };
}

/** `BENCH_SCALE`: comma-separated positive integers. */
export function scaleFactors(value: string): number[] {
  const factors = value.split(',').map((x) => Number(x.trim()));
  if (!factors.length || factors.some((f) => !Number.isInteger(f) || f < 1)) throw new Error(`BENCH_SCALE=${value}: expected factors such as 1,8,32`);
  return factors;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])));
  return nested.flat();
}

export async function outputStats(dir: string): Promise<{ pages: number; outputBytes: number; htmlBytes: number }> {
  let outputBytes = 0;
  let htmlBytes = 0;
  let pages = 0;
  for (const file of await walk(dir)) {
    const { size } = await fs.stat(file);
    outputBytes += size;
    if (file.endsWith('.html') && path.basename(file) !== '404.html') {
      pages++;
      htmlBytes += size;
    }
  }
  return { pages, outputBytes, htmlBytes };
}

/**
 * A page's JavaScript as a first visit loads it: what its script tags name, and every script Chromium
 * ran until the network was idle, each gzipped (bytes on the wire), and every response until then
 * (route chunks prefetched for links in view included). Also used by ./patches.ts.
 */
export async function jsAtLoad(dir: string, route: string): Promise<ScaleRow['operationJs']> {
  const html = await fs.readFile(path.join(dir, route === '/' ? 'index.html' : `${route}.html`), 'utf8');
  let scriptTagBytes = 0;
  for (const m of html.matchAll(/<script\b[^>]*\bsrc=["']?([^"' >]+)/g)) scriptTagBytes += gzipSync(await fs.readFile(path.join(dir, m[1]))).length;
  const server = await serve({ dir, port: 0 });
  const browser = await chromium.launch({ executablePath: CHROME_PATH });
  try {
    const page = await browser.newPage();
    const sizes: Array<Promise<number>> = [];
    const fetched: Array<Promise<number>> = [];
    page.on('response', (r) => {
      const size = r.body().then((b) => gzipSync(b).length, () => 0);
      fetched.push(size);
      if (r.request().resourceType() === 'script') sizes.push(size);
    });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}${route}`);
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(sizes);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    return { scriptTagBytes, startupBytes: sum(all), startupScripts: all.length, fetchedBytes: sum(await Promise.all(fetched)) };
  } finally {
    await browser.close();
    server.close();
  }
}

/** The MCP bundle the build wrote, and the time plugins/mcp reported for writing it (`[mcp] … in N ms of work`). */
export async function mcpBundleStats(dir: string, buildLog: string): Promise<ScaleRow['mcp']> {
  const file = path.join(dir, '_mcp', 'bundle.json');
  const body = await fs.readFile(file).catch(() => null);
  if (!body) return { error: `${path.relative(process.cwd(), file)} not written` };
  const line = /\[mcp\] [^\n]* in (\d+) ms of work/.exec(await fs.readFile(buildLog, 'utf8'));
  if (!line) return { error: `no "[mcp] … ms of work" line in ${path.relative(process.cwd(), buildLog)}` };
  return { bytes: body.length, gzipBytes: gzipSync(body).length, workMs: Number(line[1]) };
}

/** One cold build of the document multiplied by `factor`, measured; its output stays in `<bench>/scale/x<factor>`. */
export async function benchScale(site: string, bench: string, factor: number, log: (m: string) => void): Promise<ScaleRow> {
  const source = parse(await fs.readFile(path.join(site, SOURCE_SPEC), 'utf8')) as Doc;
  const doc = multiplySpec(source, factor);
  const spec = factor === 1 ? SOURCE_SPEC : path.relative(site, path.join(bench, `openapi-x${factor}.yaml`));
  if (factor !== 1) await fs.writeFile(path.join(site, spec), stringify(doc, { lineWidth: 0 }));
  const out = path.join(bench, 'scale', `x${factor}`);
  const buildLog = path.join(bench, `scale-x${factor}.log`);
  await fs.rm(buildLog, { force: true });
  log(`×${factor}: cold build of ${spec} (${operationCount(doc)} operations; log: ${path.relative(site, buildLog)})`);
  const build = await coldBuild(site, out, buildLog, { OPENAPI_SPEC: spec });
  log(`  ${build.totalSeconds.toFixed(1)} s, peak ${(build.peakRssBytes / MiB).toFixed(0)} MiB`);
  let search: ScaleRow['search'];
  try {
    // A build of OPENAPI_SPEC holds the API only: search from the operation page, for the queries that find API pages.
    const s = await benchSearch(out, 1, log, { page: SCALE_OPERATION, queries: SEARCH_QUERIES.filter((q) => q.expected.every((page) => page.startsWith('/api/'))) });
    const e = s.engines[0];
    search = { engine: e.engine, indexBytesPerQuery: e.worstFetchedIndexBytes, worstFirstMs: e.worstFirstMs };
  } catch (err) {
    search = { error: err instanceof Error ? err.message : String(err) };
  }
  return {
    factor,
    operations: operationCount(doc),
    schemas: Object.keys(doc.components.schemas ?? {}).length,
    build,
    ...(await outputStats(out)),
    search,
    operationJs: await jsAtLoad(out, SCALE_OPERATION),
    mcp: await mcpBundleStats(out, buildLog),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

/** The scale table, Markdown. */
export function scaleMarkdown(rows: ScaleRow[], info: { commit: string; date: string; loadAverage: number[] }): string {
  const lines = [`### Scale benchmark — ${info.commit}, ${info.date}`, ''];
  lines.push(
    `Cold builds of the document multiplied (\`scripts/bench/multiply-spec.ts\`), one each; load average at start ${info.loadAverage.map((x) => x.toFixed(1)).join(' ')}. ` +
      'Peak memory: resident memory of the process tree, sampled every 250 ms. KB = 1024 bytes.',
  );
  lines.push('');
  lines.push('| scale | operations | pages | build s (gen-api + build; CPU s) | peak MiB | output MiB (HTML KB per page) | search index KB fetched per query | operation page JS KB gzip: script tags / at load | MCP bundle KB raw / gzip (build ms) |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    const b = r.build;
    const mcp = 'error' in r.mcp ? `not measured: ${r.mcp.error}` : `${kb(r.mcp.bytes)} / ${kb(r.mcp.gzipBytes)} (${r.mcp.workMs})`;
    const search = 'error' in r.search ? `not measured: ${r.search.error.split('\n')[0]}` : `${kb(r.search.indexBytesPerQuery)} (${r.search.engine})`;
    lines.push(
      `| ×${r.factor} | ${r.operations} | ${r.pages} | ${b.totalSeconds.toFixed(0)} (${b.genApiSeconds.toFixed(0)} + ${b.buildSeconds.toFixed(0)}; ${b.cpuSeconds?.toFixed(0) ?? '–'}) | ` +
        `${(b.peakRssBytes / MiB).toFixed(0)} | ${(r.outputBytes / MiB).toFixed(0)} (${kb(r.htmlBytes / r.pages)}) | ${search} | ${kb(r.operationJs.scriptTagBytes)} / ${kb(r.operationJs.startupBytes)} | ${mcp} |`,
    );
  }
  lines.push('');
  lines.push(
    `Operation page: \`${SCALE_OPERATION}\`; "at load" is every script Chromium ran until the network was idle (${rows.map((r) => r.operationJs.startupScripts).join(' / ')} scripts). ` +
      'Budgets at ×32 (issue #14): build ≤ 120 s and ≤ 4096 MiB; operation page JS within 10% of ×1. ' +
      'MCP bundle: `_mcp/bundle.json`, read by `mcp/server.ts`, never by a page; build ms is the plugin\'s own work in `postBuild`.',
  );
  return lines.join('\n');
}

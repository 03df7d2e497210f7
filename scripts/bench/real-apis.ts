/**
 * `BENCH_SCALE=real npm run bench` (or `BENCH_SCALE=real:<id>,<id>`): one cold build per public
 * document of tests/real-apis/documents.yaml, one after another (Stripe, Kubernetes and GitHub are
 * heavy: never two builds at once), and per document one row: operations, schemas, wall time, CPU
 * seconds, peak memory of the process tree, output size and search index bytes fetched per query.
 * A failed build is a row saying so; the next document still builds.
 */
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { serve } from '../serve-static';
import { coldBuild, type BuildTiming } from './build';
import { CHROME_PATH } from './lighthouse';
import { jsAtLoad, outputStats, type ScaleRow } from './scale';
import { benchSearch, type SearchSet } from './search';
import { normalizeDocument } from '../../lib/openapi/normalize';
import { documentFile, realApiDocuments } from '../../tests/real-apis/documents';
import { deref, listOperations, listWebhooks, parseOpenApi, type ApiOperationEntry, type OpenApiDocument } from '../../lib/openapi/spec';

const MiB = 1024 * 1024;

export interface RealApiRow {
  id: string;
  operations: number;
  webhooks: number;
  schemas: number;
  build?: BuildTiming;
  pages?: number;
  outputBytes?: number;
  htmlBytes?: number;
  search?: { indexBytesPerQuery: number } | { error: string };
  /** The browser spot-check (`spotCheck`): the operation page it opened, its HTML and JavaScript, and what failed. */
  spot?: { route?: string; htmlBytes?: number; js?: ScaleRow['operationJs']; problems: string[] };
  error?: string;
}

/**
 * Three queries from the document, typed on /api: the summary of the operation in the middle of the
 * list, the path of the last one, the name of the first schema (or of the first webhook).
 */
function searchSet(doc: OpenApiDocument): SearchSet {
  const ops = listOperations(doc);
  const mid = ops[Math.floor(ops.length / 2)];
  const last = ops.at(-1);
  const queries: SearchSet['queries'] = [];
  if (mid) queries.push({ query: (mid.operation.summary ?? mid.operation.operationId ?? mid.path).slice(0, 60), expected: [mid.route] });
  if (last) queries.push({ query: last.path, expected: [last.route] });
  const named = Object.keys(doc.components?.schemas ?? {})[0] ?? listWebhooks(doc)[0]?.event;
  if (named) queries.push({ query: named, expected: [] });
  return { page: '/api', queries };
}

type Security = Array<Record<string, unknown>> | undefined;
type Servers = Array<{ url: string; variables?: Record<string, { default?: string }> }> | undefined;

/**
 * What a sample of `entry` must show, read from the document itself (not from the site's sample code):
 * the URL of the first server that applies (variables at their defaults) and, per security scheme the
 * operation accepts, the text that carries its credentials (the API key's header or query name,
 * `Basic `, `Bearer `). `schemes` is empty when the operation needs none or none can be shown.
 */
function expectedSample(doc: OpenApiDocument, entry: ApiOperationEntry): { server?: string; schemes: Array<{ name: string; marker: string }> } {
  const item = doc.paths[entry.path] as { servers?: Servers };
  const server = ((entry.operation as { servers?: Servers }).servers ?? item.servers ?? (doc as { servers?: Servers }).servers)?.[0];
  const url = server?.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole).replace(/\/$/, '');
  const requirements = (entry.operation as { security?: Security }).security ?? (doc as { security?: Security }).security ?? [];
  if (requirements.some((r) => Object.keys(r).length === 0)) return { server: url, schemes: [] };
  const defined = (doc.components?.securitySchemes ?? {}) as Record<string, { $ref?: string; type?: string; in?: string; name?: string; scheme?: string }>;
  const schemes = requirements.flatMap((r) => Object.keys(r)).flatMap((name) => {
    const s = defined[name] ? deref(doc, defined[name]) : undefined;
    const kind = s?.type === 'http' ? s.scheme?.toLowerCase() : s?.type;
    const marker =
      kind === 'apiKey' && s?.name ? (s.in === 'query' ? `${s.name}=` : s.name) : kind === 'basic' ? 'Basic ' : kind === 'bearer' || kind === 'oauth2' || kind === 'openIdConnect' ? 'Bearer ' : undefined;
    return marker ? [{ name, marker }] : [];
  });
  return { server: url, schemes };
}

/**
 * Item 4 of issue 28, in Chromium: the API landing (/api) is titled after the document's
 * `info.title` (heading and page title), and so is one operation page (the first that needs
 * credentials, else the first), whose curl sample calls the document's own server with one of the
 * operation's own security schemes, and nothing of Emissary's. Also measures that page's HTML and
 * the JavaScript it loads (item 5). Returns the problems found, none when it passes.
 */
/**
 * Nothing dropped (issue 28, item 2): every operation has its page and its Markdown twin, every
 * schema its page and twin, and every webhook (as the generator reads them) a page; what is missing, by name.
 */
export async function completeness(out: string, doc: OpenApiDocument): Promise<string[]> {
  const problems: string[] = [];
  const exists = (file: string) => fs.stat(path.join(out, file)).then(() => true, () => false);
  const twin = (route: string) => fs.readFile(path.join(out, `${route.slice(1)}.md`), 'utf8').then((t) => t.startsWith('# '), () => false);
  const missing: string[] = [];
  for (const entry of listOperations(doc)) {
    if (!(await exists(`${entry.route.slice(1)}.html`)) || !(await twin(entry.route))) missing.push(`${entry.method.toUpperCase()} ${entry.path} (${entry.route})`);
  }
  if (missing.length) problems.push(`${missing.length} operations without a page or twin: ${missing.slice(0, 3).join(', ')}`);
  const schemaDir = path.join(out, 'api', 'schemas');
  const files = await fs.readdir(schemaDir).catch(() => [] as string[]);
  const html = files.filter((f) => f.endsWith('.html'));
  const schemas = Object.keys(doc.components?.schemas ?? {}).length;
  if (html.length !== schemas) problems.push(`${schemas} schemas, ${html.length} schema pages`);
  const noTwin = html.filter((f) => !files.includes(f.replace(/\.html$/, '.md')));
  if (noTwin.length) problems.push(`${noTwin.length} schema pages without a twin: ${noTwin.slice(0, 3).join(', ')}`);
  const operationPages = new Set(listOperations(doc).map((e) => `${e.route.slice('/api/'.length)}.html`));
  const apiFiles = await fs.readdir(path.join(out, 'api')).catch(() => [] as string[]);
  const others = apiFiles.filter((f) => f.endsWith('.html') && !operationPages.has(f));
  const webhooks = listWebhooks(normalizeDocument(doc).doc).length;
  if (others.length < webhooks) problems.push(`${webhooks} webhooks, ${others.length} other API pages`);
  return problems;
}

export async function spotCheck(out: string, doc: OpenApiDocument): Promise<NonNullable<RealApiRow['spot']>> {
  const title = doc.info.title.trim();
  const problems: string[] = await completeness(out, doc);
  const entries = listOperations(doc);
  const entry = entries.find((e) => expectedSample(doc, e).schemes.length) ?? entries[0];
  const server = await serve({ dir: out, port: 0 });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const open = async (route: string) => {
      await page.goto(`${origin}${route}`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached', timeout: 30_000 });
      return page.title();
    };
    const landing = await open('/api');
    const h1 = (await page.locator('main h1, article h1').first().textContent({ timeout: 10_000 }).catch(() => null))?.trim() ?? '';
    if (!h1.includes(title)) problems.push(`/api: heading ${JSON.stringify(h1)} does not name ${JSON.stringify(title)}`);
    if (!landing.endsWith(title)) problems.push(`/api: page title ${JSON.stringify(landing)} does not end with ${JSON.stringify(title)}`);
    if (!entry) return { problems: [...problems, ...(listWebhooks(doc).length ? [] : ['no operation or webhook page'])] };
    const pageTitle = await open(entry.route);
    if (!pageTitle.endsWith(`| ${title}`)) problems.push(`${entry.route}: page title ${JSON.stringify(pageTitle)} does not end with "| ${title}"`);
    const curl = (await page.locator('div[data-language="curl"] pre code').first().textContent({ timeout: 10_000 }).catch(() => null)) ?? '';
    const expected = expectedSample(doc, entry);
    if (!curl) problems.push(`${entry.route}: no curl sample`);
    else {
      if (expected.server !== undefined && !curl.includes(expected.server)) problems.push(`${entry.route}: the sample does not call ${expected.server}`);
      if (expected.schemes.length && !expected.schemes.some((s) => curl.includes(s.marker))) {
        problems.push(`${entry.route}: the sample sends none of ${expected.schemes.map((s) => `${s.name} (${s.marker.trim()})`).join(', ')}`);
      }
      if (/withemissary|Emissary/i.test(curl)) problems.push(`${entry.route}: the sample names Emissary`);
    }
    const htmlBytes = (await fs.stat(path.join(out, `${entry.route}.html`))).size;
    return { route: entry.route, htmlBytes, js: await jsAtLoad(out, entry.route), problems };
  } finally {
    await browser.close();
    server.close();
  }
}

/** `real` for the whole list, `real:<id>,<id>` for some. */
export function realApiIds(value: string): string[] | undefined {
  const ids = value.replace(/^real:?/, '').split(',').filter(Boolean);
  return ids.length ? ids : undefined;
}

/** Operations, webhooks (as the generator reads them: written as a callback too) and schemas of a document. */
export function realApiCounts(doc: OpenApiDocument): Pick<RealApiRow, 'operations' | 'webhooks' | 'schemas'> {
  return { operations: listOperations(doc).length, webhooks: listWebhooks(normalizeDocument(doc).doc).length, schemas: Object.keys(doc.components?.schemas ?? {}).length };
}

/**
 * `reuse`: rows of an earlier run; a document whose row has a build and whose output is still in
 * .bench/real-apis/<id> is not built again (BENCH_REAL_BUILT=1), only measured and spot-checked.
 */
export async function benchRealApis(
  site: string,
  bench: string,
  value: string,
  log: (m: string) => void,
  onRow: (rows: RealApiRow[]) => Promise<void>,
  reuse: RealApiRow[] = [],
): Promise<RealApiRow[]> {
  const ids = realApiIds(value);
  const docs = realApiDocuments().filter((d) => !ids || ids.includes(d.id));
  if (ids && docs.length !== ids.length) throw new Error(`BENCH_SCALE=${value}: not in tests/real-apis/documents.yaml: ${ids.filter((id) => !docs.some((d) => d.id === id)).join(', ')}`);
  const rows: RealApiRow[] = [];
  for (const listed of docs) {
    const spec = documentFile(listed);
    const doc = parseOpenApi(readFileSync(spec, 'utf8'));
    let row: RealApiRow;
    try {
      row = { id: listed.id, ...realApiCounts(doc) };
    } catch (err) {
      // The document cannot even be counted: a row saying so, and the next document still builds.
      rows.push({ id: listed.id, operations: 0, webhooks: 0, schemas: 0, error: `counting: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}` });
      log(`${listed.id}: failed to count: ${rows.at(-1)!.error}`);
      await onRow(rows);
      continue;
    }
    const out = path.join(bench, 'real-apis', listed.id);
    const buildLog = path.join(bench, `real-apis-${listed.id}.log`);
    log(`${listed.id}: cold build (${row.operations} operations, ${row.schemas} schemas; log: ${path.relative(site, buildLog)})`);
    const earlier = reuse.find((r) => r.id === listed.id && r.build && !r.error);
    try {
      if (earlier && (await fs.stat(path.join(out, 'api.html')).catch(() => null))) {
        row.build = earlier.build;
        log(`  reusing the build of the earlier run in ${path.relative(site, out)}`);
      } else {
        await fs.rm(buildLog, { force: true });
        row.build = await coldBuild(site, out, buildLog, { OPENAPI_SPEC: spec });
      }
      log(`  ${row.build!.totalSeconds.toFixed(1)} s, peak ${(row.build!.peakRssBytes / MiB).toFixed(0)} MiB`);
      Object.assign(row, await outputStats(out));
      try {
        const s = await benchSearch(out, 1, log, searchSet(doc));
        row.search = { indexBytesPerQuery: s.engines[0].worstFetchedIndexBytes };
      } catch (err) {
        row.search = { error: err instanceof Error ? err.message : String(err) };
      }
      try {
        row.spot = await spotCheck(out, doc);
      } catch (err) {
        row.spot = { problems: [`spot-check failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`] };
      }
      log(`  spot-check: ${row.spot.problems.length ? row.spot.problems.join('; ') : 'pass'}`);
    } catch (err) {
      row.error = (err instanceof Error ? err.message : String(err)).split('\n')[0];
      log(`  failed: ${row.error}`);
    }
    rows.push(row);
    await onRow(rows);
  }
  return rows;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(0);

/** Least squares y = a + b·x over the points (the fixed cost of a build and its cost per page). */
function linearFit(points: Array<[number, number]>): { a: number; b: number } | undefined {
  const n = points.length;
  if (n < 2) return undefined;
  const mx = points.reduce((t, [x]) => t + x, 0) / n;
  const my = points.reduce((t, [, y]) => t + y, 0) / n;
  const sxx = points.reduce((t, [x]) => t + (x - mx) ** 2, 0);
  if (!sxx) return undefined;
  const b = points.reduce((t, [x, y]) => t + (x - mx) * (y - my), 0) / sxx;
  return { a: my - b * mx, b };
}

/** The table for scripts/bench/README.md, Markdown: one row per document, then how cost grows with size (issue 28, item 5). */
export function realApisMarkdown(rows: RealApiRow[], info: { commit: string; date: string; loadAverage: number[] }): string {
  const lines = [`### Real APIs — ${info.commit}, ${info.date}`, ''];
  lines.push(
    `Cold builds of the documents of \`tests/real-apis/documents.yaml\`, one at a time; load average at start ${info.loadAverage.map((x) => x.toFixed(1)).join(' ')}. ` +
      'Pages: HTML pages written (operations, webhooks, schemas, the landing and the site pages). ' +
      'Peak memory: resident memory of the process tree, sampled every 250 ms. CPU s: user + system of both commands and their children; ' +
      'unlike wall time it hardly moves with the load of the machine, so compare CPU. Operation page: the one the spot-check opens, ' +
      'its HTML and the JavaScript Chromium runs until the network is idle (gzip). Search: index KB (gzip) the worst of the benchmark queries fetches. ' +
      'Spot-check: every operation and schema has its page and Markdown twin, and every webhook a page (`completeness`); in Chromium, /api and that page are titled from `info.title`, and its curl sample calls the document\'s own server with one of the ' +
      'operation\'s own security schemes. KB = 1024 bytes.',
    '',
    '| document | operations | webhooks | schemas | pages | build s (gen-api + build) | CPU s | peak MiB | output MiB | HTML KB per page | operation page HTML KB | operation page JS KB | search KB per query | CPU s per page | spot-check |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  const built = rows.filter((r) => r.build && !r.error);
  for (const r of rows) {
    const b = r.build;
    if (!b || r.error) {
      lines.push(`| ${r.id} | ${r.operations} | ${r.webhooks} | ${r.schemas} | | failed: ${r.error ?? 'no build'} | | | | | | | | | |`);
      continue;
    }
    const search = !r.search ? '–' : 'error' in r.search ? 'not measured' : kb(r.search.indexBytesPerQuery);
    const spot = !r.spot ? '–' : r.spot.problems.length ? `fail: ${r.spot.problems.join('; ').replace(/\|/g, '\\|')}` : 'pass';
    const perPage = r.pages && b.cpuSeconds != null ? (b.cpuSeconds / r.pages).toFixed(2) : '–';
    lines.push(
      `| ${r.id} | ${r.operations} | ${r.webhooks} | ${r.schemas} | ${r.pages ?? '–'} | ${b.totalSeconds.toFixed(0)} (${b.genApiSeconds.toFixed(0)} + ${b.buildSeconds.toFixed(0)}) | ${b.cpuSeconds?.toFixed(0) ?? '–'} | ` +
        `${(b.peakRssBytes / MiB).toFixed(0)} | ${((r.outputBytes ?? 0) / MiB).toFixed(1)} | ${r.pages ? kb((r.htmlBytes ?? 0) / r.pages) : '–'} | ` +
        `${r.spot?.htmlBytes ? kb(r.spot.htmlBytes) : '–'} | ${r.spot?.js ? kb(r.spot.js.startupBytes) : '–'} | ${search} | ${perPage} | ${spot} |`,
    );
  }
  const sized = built.filter((r) => r.pages && r.build?.cpuSeconds != null).sort((a, b) => a.pages! - b.pages!);
  const fit = linearFit(sized.map((r) => [r.pages!, r.build!.cpuSeconds!]));
  const withPage = sized.filter((r) => r.spot?.htmlBytes && r.spot.js);
  // Per page above the fixed cost: from the smallest document with 50 pages (below, the fixed cost and its noise dominate).
  const sizable = sized.filter((r) => r.pages! >= 50);
  if (fit && withPage.length >= 2 && sizable.length >= 2) {
    const [small, large] = [withPage[0], withPage.at(-1)!];
    const ratio = (f: (r: RealApiRow) => number) => (f(large) / f(small)).toFixed(2);
    const marginal = (r: RealApiRow) => (r.build!.cpuSeconds! - fit.a) / r.pages!;
    const [first, last] = [sizable[0], sizable.at(-1)!];
    lines.push(
      '',
      `Growth, smallest to largest built document by pages (${small.id}, ${small.pages} pages → ${large.id}, ${large.pages} pages): ` +
        `operation page HTML ${kb(small.spot!.htmlBytes!)} → ${kb(large.spot!.htmlBytes!)} KB (×${ratio((r) => r.spot!.htmlBytes!)}), ` +
        `its JavaScript at load ${kb(small.spot!.js!.startupBytes)} → ${kb(large.spot!.js!.startupBytes)} KB (×${ratio((r) => r.spot!.js!.startupBytes)}), ` +
        `HTML per page ${kb(small.htmlBytes! / small.pages!)} → ${kb(large.htmlBytes! / large.pages!)} KB (×${ratio((r) => r.htmlBytes! / r.pages!)}). ` +
        `CPU seconds fit ${fit.a.toFixed(0)} s + ${fit.b.toFixed(2)} s per page (least squares over ${sized.length} builds); ` +
        `CPU s per page above that fixed cost, ${first.id} (${first.pages} pages) → ${last.id} (${last.pages}): ` +
        `${marginal(first).toFixed(2)} → ${marginal(last).toFixed(2)} (×${(marginal(last) / marginal(first)).toFixed(2)}).`,
    );
  }
  lines.push('', 'Budgets (issue 28): every document builds within 15 minutes and 4096 MiB peak.');
  return lines.join('\n');
}

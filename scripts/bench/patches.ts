/**
 * `BENCH_PATCHES=all|<slug>,<slug>`: what each patch of upstream internals earns. One cold build of the
 * site as it is, then one per patch with that patch left out (EMISSARY_PATCHES_OFF, read by
 * docusaurus.config.ts; plugins/fast-hydration/patches.ts), and for one page of each kind
 * (./report.ts PAGES, the bare page aside): the JavaScript a first visit loads (gzip, ./scale.ts
 * `jsAtLoad`), and the server HTML (bytes, and whether its text and its markup are the same as with
 * every patch on). With BENCH_LH_RUNS, Lighthouse mobile (total blocking time, score) on the
 * operation page, with and without each patch whose JavaScript gain is under 2 KB on every page, the
 * rounds interleaved so that a burst of load on the machine hits both alike.
 * Writes .bench/patches-results.json and .md after each build; outputs stay in .bench/patches/<name>.
 * The slugs run in the order given ("all": the tables' order). BENCH_SKIP_BUILD=1 keeps the rows (and
 * builds) of the last run, comparing their server HTML again, and builds only the slugs it lacks.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { PATCHES, PATCHES_OFF_ENV, patchesOff, slugOf } from '../../plugins/fast-hydration/patches';
import { serve } from '../serve-static';
import { coldBuild, type BuildTiming } from './build';
import { runLighthouse } from './lighthouse';
import { KB, PAGES, type PageKind } from './report';
import { jsAtLoad } from './scale';

/** The site as it is: every patch on. */
const ALL_ON = 'all patches on';
/** Under this JavaScript gain on every page, Lighthouse decides (issue 26). */
const SMALL_GAIN_BYTES = 2 * KB;
const LH_ROUTE = PAGES.find((p) => p.kind === 'operation')!.route;

export interface PagePatchResult {
  kind: PageKind;
  route: string;
  /** Every script the page ran until the network was idle, gzip. */
  jsBytes: number;
  /** Every response until then (route chunks prefetched for links in view included), gzip. */
  fetchedBytes?: number;
  htmlBytes: number;
  /** The page's text (tags, scripts and styles left out) is the same as with every patch on. */
  sameText: boolean;
  /** The page's markup, asset hashes aside, is the same as with every patch on. */
  sameMarkup: boolean;
}

export interface PatchRow {
  /** The slug left out, or ALL_ON. */
  name: string;
  title: string;
  build: BuildTiming;
  pages: PagePatchResult[];
  lighthouse?: { tbtMs: number[]; score: Array<number | null> };
}

/** The slugs `value` names: "all" is every patch. */
export function benchedSlugs(value: string): string[] {
  return value === 'all' ? PATCHES.map((p) => slugOf(p.title)) : [...patchesOff(value)];
}

const titleOf = (slug: string) => PATCHES.find((p) => slugOf(p.title) === slug)?.title ?? slug;

const pageFile = (dir: string, route: string) => path.join(dir, route === '/' ? 'index.html' : `${route}.html`);
const textOf = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
/**
 * Markup with what differs between two builds of the same code left out: the content hashes of assets
 * (and the build's own script tags and preloads), and the schema tab ids that the OpenAPI theme drew
 * from Math.random (`lib/theme/Schema/index.js`) in builds of older commits.
 */
const markupOf = (html: string) =>
  html
    .replace(/<(script|link)\b[^>]*>/g, '')
    .replace(/\.[0-9a-f]{8,}\./g, '.')
    .replace(/tab-[a-z0-9]+-(\d+-item)/g, 'tab-$1');

const MEASURED = PAGES.filter((p) => p.kind !== 'bare');

/** The server HTML of each measured page against `base` (every patch on). */
type ServerHtml = Omit<PagePatchResult, 'jsBytes' | 'fetchedBytes'>;

async function serverHtml(dir: string, base: Map<string, string> | undefined): Promise<ServerHtml[]> {
  const out: ServerHtml[] = [];
  for (const { kind, route } of MEASURED) {
    const html = await fs.readFile(pageFile(dir, route), 'utf8');
    const original = base?.get(route) ?? html;
    out.push({ kind, route, htmlBytes: Buffer.byteLength(html), sameText: textOf(html) === textOf(original), sameMarkup: markupOf(html) === markupOf(original) });
  }
  return out;
}

async function measure(dir: string, base: Map<string, string> | undefined): Promise<PagePatchResult[]> {
  const out: PagePatchResult[] = [];
  for (const page of await serverHtml(dir, base)) {
    const js = await jsAtLoad(dir, page.route);
    out.push({ ...page, jsBytes: js.startupBytes, fetchedBytes: js.fetchedBytes });
  }
  return out;
}

const readBase = async (dir: string) => new Map(await Promise.all(MEASURED.map(async (p) => [p.route, await fs.readFile(pageFile(dir, p.route), 'utf8')] as [string, string])));

const kb = (bytes: number) => (bytes / KB).toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The table, Markdown: per page kind JS KB at load with every patch on → with this one off. */
export function patchesMarkdown(rows: PatchRow[], info: { commit: string; date: string; loadAverage: number[] }): string {
  const on = rows.find((r) => r.name === ALL_ON);
  const kinds = PAGES.filter((p) => p.kind !== 'bare').map((p) => p.kind);
  const lines = [`### Each patch's gain — ${info.commit}, ${info.date}`, ''];
  lines.push(
    `One cold build per row (\`BENCH_PATCHES\`, scripts/bench/patches.ts); load average at start ${info.loadAverage.map((x) => x.toFixed(1)).join(' ')}. ` +
      'JS: every script a first visit ran until the network was idle, gzip, KB = 1024 bytes, with every patch on → with the patch off. ' +
      'Server HTML: the page\'s text and markup against every patch on ("text ≠" means content lost or changed).',
  );
  lines.push('');
  lines.push(`| patch off | ${kinds.map((k) => `${k} JS KB`).join(' | ')} | all KB fetched, 4 pages | server HTML (${kinds.join(', ')}) | LH mobile, operation page: TBT ms (score), on → off |`);
  lines.push(`| --- | ${kinds.map(() => '---:').join(' | ')} | ---: | --- | --- |`);
  const fetched = (r: PatchRow | undefined) => (r && r.pages.every((p) => p.fetchedBytes != null) ? kb(r.pages.reduce((a, p) => a + p.fetchedBytes!, 0)) : '–');
  const lhOf = (r: PatchRow | undefined) => (r?.lighthouse ? `${median(r.lighthouse.tbtMs).toFixed(0)} (${median(r.lighthouse.score.map((s) => s ?? Number.NaN)).toFixed(2)})` : '');
  for (const r of rows) {
    const js = kinds.map((k) => {
      const p = r.pages.find((x) => x.kind === k)!;
      const o = on?.pages.find((x) => x.kind === k);
      return r === on || !o ? kb(p.jsBytes) : `${kb(o.jsBytes)} → ${kb(p.jsBytes)}`;
    });
    const html = r === on ? 'reference' : r.pages.map((p) => (p.sameText ? (p.sameMarkup ? 'same' : 'markup ≠') : 'text ≠') + ` ${kb(p.htmlBytes)} KB`).join('; ');
    const lh = r.lighthouse && r !== on ? `${lhOf(on)} → ${lhOf(r)} (runs: ${r.lighthouse.tbtMs.map((t) => t.toFixed(0)).join(', ')})` : r === on ? lhOf(r) : 'not run';
    const all = r === on ? fetched(r) : `${fetched(on)} → ${fetched(r)}`;
    lines.push(`| ${r === on ? ALL_ON : `\`${r.name}\``} | ${js.join(' | ')} | ${all} | ${html} | ${lh} |`);
  }
  return lines.join('\n');
}

/** The builds and measurements; `write` is called after each row. */
export async function benchPatches(
  site: string,
  bench: string,
  value: string,
  { lhRuns, skipBuild }: { lhRuns?: number; skipBuild?: boolean },
  log: (m: string) => void,
  write: (rows: PatchRow[]) => Promise<void>,
): Promise<PatchRow[]> {
  const slugs = benchedSlugs(value);
  const rows: PatchRow[] = [];
  let base: Map<string, string> | undefined;
  const last = skipBuild ? (JSON.parse(await fs.readFile(path.join(bench, 'patches-results.json'), 'utf8')) as { rows: PatchRow[] }).rows : [];
  for (const name of [ALL_ON, ...slugs]) {
    const dirName = name === ALL_ON ? 'all-on' : name;
    const dir = path.join(bench, 'patches', dirName);
    const kept = last.find((r) => r.name === name);
    if (kept) {
      // BENCH_SKIP_BUILD=1: the last run's row and build, its server HTML compared again.
      base ??= await readBase(dir);
      const html = await serverHtml(dir, base);
      rows.push({ ...kept, pages: kept.pages.map((p) => ({ ...p, ...html.find((h) => h.route === p.route)! })), lighthouse: undefined });
      continue;
    }
    const buildLog = path.join(bench, `patches-${dirName}.log`);
    await fs.rm(buildLog, { force: true });
    log(`${name}: cold build (log: ${path.relative(site, buildLog)})`);
    // The API pages once: gen-api's output does not depend on the patches.
    const build = await coldBuild(site, dir, buildLog, name === ALL_ON ? {} : { [PATCHES_OFF_ENV]: name }, { keepApiPages: name !== ALL_ON });
    log(`  ${build.totalSeconds.toFixed(1)} s`);
    const pages = await measure(dir, base);
    if (name === ALL_ON) base = await readBase(dir);
    rows.push({ name, title: name === ALL_ON ? ALL_ON : titleOf(name), build, pages });
    await write(rows);
  }
  await write(rows);
  if (lhRuns) {
    const on = rows[0];
    // A patch's gain: what the page loads without it, less what it loads with it.
    const small = rows.slice(1).filter((r) => r.pages.every((p) => p.jsBytes - on.pages.find((o) => o.kind === p.kind)!.jsBytes < SMALL_GAIN_BYTES));
    log(`Lighthouse mobile on ${LH_ROUTE}, ${lhRuns} rounds: all on and ${small.map((r) => r.name).join(', ') || 'no patch'}`);
    for (let round = 1; round <= lhRuns && small.length; round++) {
      for (const r of [on, ...small]) {
        const dir = path.join(bench, 'patches', r === on ? 'all-on' : r.name);
        const server = await serve({ dir, port: 0, gzip: true });
        try {
          const run = await runLighthouse(`http://127.0.0.1:${(server.address() as AddressInfo).port}${LH_ROUTE}`, 'mobile');
          r.lighthouse ??= { tbtMs: [], score: [] };
          r.lighthouse.tbtMs.push(run.metrics.tbt);
          r.lighthouse.score.push(run.scores.performance ?? null);
          log(`  round ${round} ${r.name}: TBT ${run.metrics.tbt.toFixed(0)} ms, score ${run.scores.performance}`);
        } finally {
          server.close();
        }
      }
      await write(rows);
    }
  }
  return rows;
}

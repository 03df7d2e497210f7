/** The Markdown a maintainer pastes into a PR or issue, and the budgets it is checked against. */
import type { ChunkInfo } from './chunks';
import type { FailedAudit } from './lighthouse';
import type { PackageShare } from './analyze';
import type { SearchResult } from './search';

export const KB = 1024;

export type PageKind = 'home' | 'guide' | 'operation' | 'schema' | 'bare';

export const PAGES: Array<{ kind: PageKind; route: string; label: string }> = [
  { kind: 'home', route: '/', label: 'home `/`' },
  { kind: 'guide', route: '/fine-tuning/parameters', label: 'guide `/fine-tuning/parameters`' },
  { kind: 'operation', route: '/api/create-training-job', label: 'operation `/api/create-training-job`' },
  { kind: 'schema', route: '/api/schemas/trainingjobdetail', label: 'schema `/api/schemas/trainingjobdetail`' },
  { kind: 'bare', route: '/tutorial-basics/congratulations', label: 'bare Markdown `/tutorial-basics/congratulations`' },
];

export interface PageResult {
  kind: PageKind;
  route: string;
  /** Medians over the Lighthouse runs. */
  jsBytes: number;
  allBytes: number;
  prefetchBytes: number;
  cssBytes: number;
  documentBytes: number;
  desktop: number | null;
  mobile: number | null;
  /** Worst of the desktop and mobile medians. */
  cls: number;
  clsDesktop: number;
  clsMobile: number;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  metrics: { desktop: Record<string, number>; mobile: Record<string, number> };
  runs: { desktop: number[]; mobile: number[] };
  failedAudits: Record<string, FailedAudit>;
  scripts: ChunkInfo[];
  codegenChunks: string[];
  apiComponentChunks: string[];
}

export interface Budget {
  name: string;
  kind: PageKind | 'build' | 'search';
  value: number | null;
  limit: string;
  pass: boolean;
}

const BUILD_LIMIT_S = 60;
const SEARCH_FETCHED_LIMIT_KB = 300;
const SEARCH_FIRST_RESULT_LIMIT_MS = 300;

/** The site's search: the most index one query fetches, and the worst median time to first results. */
export function searchBudgets(search: SearchResult): Budget[] {
  const e = search.engines[0];
  if (!e) return [];
  return [
    {
      name: 'search index KB gzip fetched per query (worst, cold)',
      kind: 'search',
      value: e.worstFetchedIndexBytes / KB,
      limit: `≤ ${SEARCH_FETCHED_LIMIT_KB}`,
      pass: e.worstFetchedIndexBytes / KB <= SEARCH_FETCHED_LIMIT_KB,
    },
    {
      name: 'search first result ms (worst median, cold and warm)',
      kind: 'search',
      value: e.worstFirstMs,
      limit: `≤ ${SEARCH_FIRST_RESULT_LIMIT_MS}`,
      pass: e.worstFirstMs != null && e.worstFirstMs <= SEARCH_FIRST_RESULT_LIMIT_MS,
    },
  ];
}

export function budgets(pages: PageResult[], buildMedianSeconds: number, search?: SearchResult): Budget[] {
  const out: Budget[] = [];
  const bare = pages.find((p) => p.kind === 'bare');
  for (const p of pages) {
    if (p.kind === 'bare') continue;
    const api = p.kind === 'operation' || p.kind === 'schema';
    const jsLimit = api ? 260 : 200;
    const allLimit = api ? 450 : 350;
    out.push({ name: 'JS KB', kind: p.kind, value: p.jsBytes / KB, limit: `≤ ${jsLimit}`, pass: p.jsBytes / KB <= jsLimit });
    out.push({ name: 'all KB', kind: p.kind, value: p.allBytes / KB, limit: `≤ ${allLimit}`, pass: p.allBytes / KB <= allLimit });
    out.push({ name: 'LH desktop', kind: p.kind, value: p.desktop, limit: '≥ 0.95', pass: (p.desktop ?? 0) >= 0.95 });
    const floor = bare?.mobile != null ? bare.mobile - 0.05 : null;
    out.push({
      name: 'LH mobile',
      kind: p.kind,
      value: p.mobile,
      limit: floor == null ? '≥ bare − 0.05' : `≥ ${floor.toFixed(2)} = bare − 0.05`,
      // Scores have two decimals: compare in hundredths so 0.80 vs 0.85 − 0.05 is not a float miss.
      pass: p.mobile != null && floor != null && Math.round(p.mobile * 100) >= Math.round(floor * 100),
    });
    out.push({ name: 'CLS', kind: p.kind, value: p.cls, limit: '≤ 0.02', pass: p.cls <= 0.02 });
    out.push({ name: 'a11y', kind: p.kind, value: p.accessibility, limit: '= 1', pass: p.accessibility === 1 });
    out.push({ name: 'best-practices', kind: p.kind, value: p.bestPractices, limit: '= 1', pass: p.bestPractices === 1 });
    out.push({ name: 'SEO', kind: p.kind, value: p.seo, limit: '= 1', pass: p.seo === 1 });
  }
  const measured = Number.isFinite(buildMedianSeconds);
  out.push({
    name: 'build s (median)',
    kind: 'build',
    value: measured ? buildMedianSeconds : null,
    limit: `≤ ${BUILD_LIMIT_S}`,
    pass: measured && buildMedianSeconds <= BUILD_LIMIT_S,
  });
  if (search) out.push(...searchBudgets(search));
  return out;
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);
const score = (s: number | null) => (s == null ? '–' : s.toFixed(2));
const mark = (pass: boolean) => (pass ? '✓' : '✗');

function fmt(b: Budget): string {
  if (b.value == null) return b.kind === 'build' ? 'not measured' : b.kind === 'search' ? 'no result' : '–';
  if (b.name.includes(' ms')) return `${Math.round(b.value)} ms`;
  if (b.name === 'CLS') return b.value.toFixed(3);
  if (b.name.includes('KB')) return b.value.toFixed(1);
  if (b.name.startsWith('build')) return `${b.value.toFixed(1)} s`;
  return b.value.toFixed(2);
}

export interface ReportInput {
  commit: string;
  date: string;
  chromium: string;
  lighthouseRuns: number;
  loadAverage: number[];
  benchmarkIndex: number[];
  builds: Array<{ genApiSeconds: number; buildSeconds: number; totalSeconds: number; cpuSeconds: number | null }>;
  buildMedianSeconds: number;
  pages: PageResult[];
  budgets: Budget[];
  packages?: Record<string, PackageShare[]>;
  search?: SearchResult;
  /** Why the search part could not be measured. */
  searchError?: string;
}

const ms = (x: number | null) => (x == null ? 'none' : String(Math.round(x)));

/** The search table: the index, then per query times, bytes fetched and where the expected page is. */
export function searchMarkdown(s: SearchResult): string[] {
  const lines: string[] = [];
  const runs = s.runs === 1 ? '1 run' : `medians of ${s.runs} runs`;
  const e = s.engines[0];
  lines.push('#### Search');
  lines.push('');
  lines.push(
    `${e.label}: index ${kb(e.index.gzipBytes)} KB gzip on disk (${kb(e.index.rawBytes)} KB raw, ${e.index.files} files, largest ${kb(e.index.largestGzipBytes)} KB). ` +
      `Each query typed (${s.typingDelayMs} ms between keys) into a fresh \`${s.page}\` in Chromium, ${runs}; ` +
      `load average ${s.loadAverage.map((x) => x.toFixed(1)).join(' ')} at start, ${s.loadAverageEnd.map((x) => x.toFixed(1)).join(' ')} at end.`,
  );
  lines.push('');
  lines.push(`| query | first result ms, cold / warm | settled ms, cold / warm | fetched KB cold: index + code (requests) | fetched KB warm: index | expected page |`);
  lines.push('| --- | ---: | ---: | ---: | ---: | --- |');
  for (const r of e.queries) {
    const ok = r.rank != null && r.rank <= r.within;
    const quality = r.rank == null ? `✗ (${r.top.length ? `top: ${r.top[0]}` : 'no results'})` : `${ok ? '✓' : '✗'} #${r.rank} (≤ ${r.within})`;
    lines.push(
      `| \`${r.query}\` | ${ms(r.cold.firstMs)} / ${ms(r.warm.firstMs)} | ${ms(r.cold.settledMs)} / ${ms(r.warm.settledMs)} | ` +
        `${kb(r.fetchedCold.indexBytes)} + ${kb(r.fetchedCold.codeBytes)} (${r.fetchedCold.requests}) | ${kb(r.fetchedWarm.indexBytes)} | ${quality}${r.stable ? '' : ' (varied between runs)'} |`,
    );
  }
  lines.push('');
  lines.push(
    '"First result": first keystroke → first result entry in the DOM; "settled": last keystroke → last change of the result list. ' +
      'Cold: the box focused and typed into at once, code and index downloads included (they start on focus); warm: the box cleared, then the next query. ' +
      'Fetched: gzip bytes of what the page downloaded while that query was typed. Expected pages: ' +
      e.queries.map((q) => `\`${q.query}\` → ${q.expected.join(' or ')}`).join('; ') +
      '.',
  );
  lines.push('');
  return lines;
}

/** The report of `BENCH_ONLY=search`: the search section and its budgets. */
export function searchReport(r: { commit: string; date: string; chromium: string; search: SearchResult; budgets: Budget[] }): string {
  const lines = [`### Search benchmark — ${r.commit}, ${r.date}`, '', `${r.chromium}, gzip. KB = 1024 bytes.`, ''];
  lines.push(...searchMarkdown(r.search));
  lines.push('| budget | value |');
  lines.push('| --- | --- |');
  for (const b of r.budgets) lines.push(`| ${b.name} | ${mark(b.pass)} ${fmt(b)} (${b.limit}) |`);
  lines.push('');
  lines.push(`${r.budgets.filter((b) => b.pass).length}/${r.budgets.length} budgets met.`);
  return lines.join('\n');
}

export function markdown(r: ReportInput): string {
  const lines: string[] = [];
  const runs = r.lighthouseRuns === 1 ? '1 run' : `median of ${r.lighthouseRuns} runs`;
  lines.push(`### Benchmark — ${r.commit}, ${r.date}`);
  lines.push('');
  lines.push(
    `First visit, fresh profile, gzip, ${r.chromium}; Lighthouse 12 (${runs}; CPU benchmark index ` +
      `${Math.min(...r.benchmarkIndex)}–${Math.max(...r.benchmarkIndex)}; load average at start ${r.loadAverage.map((x) => x.toFixed(1)).join(' ')}). KB = 1024 bytes.`,
  );
  lines.push('');
  lines.push('| page | JS KB | all KB | LH desktop | LH mobile | CLS | a11y | best-practices | SEO |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const p of r.pages) {
    const label = PAGES.find((x) => x.kind === p.kind)?.label ?? p.route;
    lines.push(
      `| ${label} | ${kb(p.jsBytes)} | ${kb(p.allBytes)} | ${score(p.desktop)} | ${score(p.mobile)} | ${p.cls.toFixed(3)} | ` +
        `${score(p.accessibility)} | ${score(p.bestPractices)} | ${score(p.seo)} |`,
    );
  }
  lines.push('');
  const times = r.builds.length ? r.builds.map((b) => `${b.totalSeconds.toFixed(1)} s (gen-api ${b.genApiSeconds.toFixed(1)} + build ${b.buildSeconds.toFixed(1)}${b.cpuSeconds != null ? `; ${b.cpuSeconds.toFixed(0)} s CPU` : ''})`) : [];
  lines.push(
    times.length
      ? `Cold build (\`npm run gen-api\` + \`scripts/build-site.mjs\`, no caches): ${times.join(', ')}; median **${r.buildMedianSeconds.toFixed(1)} s**.`
      : 'Cold build: not measured (BENCH_SKIP_BUILD=1).',
  );
  lines.push('');
  lines.push(
    `"all KB" includes route chunks prefetched for links in view (0 while pages load on intent only): ` +
      r.pages.map((p) => `${p.kind} ${kb(p.prefetchBytes)}`).join(', ') +
      ' KB of it. CSS: ' +
      r.pages.map((p) => `${p.kind} ${kb(p.cssBytes)}`).join(', ') +
      ' KB.',
  );
  lines.push('');
  if (r.search) lines.push(...searchMarkdown(r.search));
  else if (r.searchError) lines.push('#### Search', '', `Not measured: ${r.searchError}`, '');

  // Budgets: one row per budget, one column per page type.
  const kinds: PageKind[] = ['home', 'guide', 'operation', 'schema'];
  lines.push('#### Budgets');
  lines.push('');
  lines.push(`| budget | ${kinds.join(' | ')} |`);
  lines.push(`| --- | ${kinds.map(() => '---').join(' | ')} |`);
  const names = [...new Set(r.budgets.filter((b) => b.kind !== 'build' && b.kind !== 'search').map((b) => b.name))];
  for (const name of names) {
    const cells = kinds.map((k) => {
      const b = r.budgets.find((x) => x.name === name && x.kind === k);
      return b ? `${mark(b.pass)} ${fmt(b)} (${b.limit})` : '–';
    });
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  const build = r.budgets.find((b) => b.kind === 'build');
  if (build) lines.push(`| ${build.name} | ${mark(build.pass)} ${fmt(build)} (${build.limit}) | | | |`);
  for (const b of r.budgets.filter((x) => x.kind === 'search')) lines.push(`| ${b.name} | ${mark(b.pass)} ${fmt(b)} (${b.limit}) | | | |`);
  const missed = r.budgets.filter((b) => !b.pass).length;
  lines.push('');
  lines.push(`${r.budgets.length - missed}/${r.budgets.length} budgets met.`);
  lines.push('');

  const failing = r.pages.filter((p) => Object.keys(p.failedAudits).length);
  if (failing.length) {
    lines.push('#### Accessibility, best-practices and SEO audits that failed');
    lines.push('');
    for (const p of failing) {
      for (const [id, a] of Object.entries(p.failedAudits)) {
        // The last two steps of a selector say which element; the full ones are in results.json.
        const short = (sel: string) => sel.split(' > ').slice(-2).join(' > ');
        const nodes = a.nodes.length ? `, e.g. ${[...new Set(a.nodes.map(short))].slice(0, 3).map((n) => `\`${n}\``).join(', ')}` : '';
        lines.push(`- ${p.kind}: \`${id}\` — ${a.title.replace(/\.$/, '')} (${a.count} element${a.count === 1 ? '' : 's'}${nodes})`);
      }
    }
    lines.push('');
  }

  // What the startup JavaScript is made of.
  lines.push('#### Code generators and API components in startup JS');
  lines.push('');
  for (const p of r.pages) {
    const gen = p.codegenChunks.length ? `✗ code generator / request builder in ${p.codegenChunks.join('; ')}` : '✓ no code generator or request builder';
    const api = p.apiComponentChunks.length ? `API component code in ${p.apiComponentChunks.join(', ')}` : 'no API component code';
    lines.push(`- ${p.kind}: ${gen}; ${api}.`);
  }
  lines.push('');
  lines.push('#### Largest startup chunks (gzip KB / minified KB)');
  lines.push('');
  for (const p of r.pages) {
    lines.push(`- **${p.kind}** (${p.scripts.length} scripts, ${kb(p.jsBytes)} KB):`);
    for (const c of p.scripts.slice(0, 6)) {
      const what: string[] = [];
      if (c.source) what.push(c.source);
      const pk = r.packages?.[c.chunk];
      if (pk) what.push(pk.slice(0, 6).map((x) => `${x.name} ${Math.round(x.share * 100)}%`).join(', '));
      else if (c.contains.length) what.push(c.contains.join(', '));
      lines.push(`  - \`${c.chunk}\` ${kb(c.transferSize)} / ${kb(c.rawSize)}${what.length ? ` — ${what.join('; ')}` : ''}`);
    }
  }
  return lines.join('\n');
}

/** The part of another run's results.json that the difference table needs. */
export interface Baseline {
  commit: string;
  buildMedianSeconds: number | null;
  pages: Array<Pick<PageResult, 'kind' | 'jsBytes' | 'allBytes' | 'desktop' | 'mobile' | 'cls' | 'accessibility' | 'bestPractices' | 'seo'>>;
  search?: { engines: Array<{ engine: string; index: { gzipBytes: number }; worstFirstMs: number | null }> };
}

/** head − base per page and column; positive KB is more bytes, positive scores are better. */
export function differences(r: ReportInput, base: Baseline): string {
  const sign = (x: number, digits: number) => (Math.abs(x) < 0.5 * 10 ** -digits ? '0' : `${x > 0 ? '+' : ''}${x.toFixed(digits)}`);
  const d = (a: number | null | undefined, b: number | null | undefined, digits: number) =>
    typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b) ? sign(a - b, digits) : '–';
  const lines = [`#### Difference from ${base.commit} (head − base)`, ''];
  lines.push('| page | JS KB | all KB | LH desktop | LH mobile | CLS | a11y | best-practices | SEO |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const p of r.pages) {
    const b = base.pages.find((x) => x.kind === p.kind);
    if (!b) continue;
    lines.push(
      `| ${p.kind} | ${d(p.jsBytes / KB, b.jsBytes / KB, 1)} | ${d(p.allBytes / KB, b.allBytes / KB, 1)} | ${d(p.desktop, b.desktop, 2)} | ` +
        `${d(p.mobile, b.mobile, 2)} | ${d(p.cls, b.cls, 3)} | ${d(p.accessibility, b.accessibility, 2)} | ${d(p.bestPractices, b.bestPractices, 2)} | ${d(p.seo, b.seo, 2)} |`,
    );
  }
  lines.push('');
  const build = d(r.buildMedianSeconds, base.buildMedianSeconds, 1);
  lines.push(`Cold build median: ${build === '–' ? 'not measured in both' : `${build} s`}.`);
  const head = r.search?.engines[0];
  const was = base.search?.engines[0];
  if (head && was) {
    lines.push(
      `Search: index ${d(head.index.gzipBytes / KB, was.index.gzipBytes / KB, 1)} KB gzip, ` +
        `worst median first result ${d(head.worstFirstMs, was.worstFirstMs, 0)} ms.`,
    );
  }
  return lines.join('\n');
}

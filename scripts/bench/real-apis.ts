/**
 * `BENCH_SCALE=real npm run bench` (or `BENCH_SCALE=real:<id>,<id>`): one cold build per public
 * document of tests/real-apis/documents.yaml, one after another (Stripe, Kubernetes and GitHub are
 * heavy: never two builds at once), and per document one row: operations, schemas, wall time, CPU
 * seconds, peak memory of the process tree, output size and search index bytes fetched per query.
 * A failed build is a row saying so; the next document still builds.
 */
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { coldBuild, type BuildTiming } from './build';
import { outputStats } from './scale';
import { benchSearch } from './search';
import { documentFile, realApiDocuments } from '../../tests/real-apis/documents';
import { listOperations, listWebhooks, parseOpenApi } from '../../plugins/api-reference/spec';

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
  error?: string;
}

/** `real` for the whole list, `real:<id>,<id>` for some. */
export function realApiIds(value: string): string[] | undefined {
  const ids = value.replace(/^real:?/, '').split(',').filter(Boolean);
  return ids.length ? ids : undefined;
}

export async function benchRealApis(site: string, bench: string, value: string, log: (m: string) => void, onRow: (rows: RealApiRow[]) => Promise<void>): Promise<RealApiRow[]> {
  const ids = realApiIds(value);
  const docs = realApiDocuments().filter((d) => !ids || ids.includes(d.id));
  if (ids && docs.length !== ids.length) throw new Error(`BENCH_SCALE=${value}: not in tests/real-apis/documents.yaml: ${ids.filter((id) => !docs.some((d) => d.id === id)).join(', ')}`);
  const rows: RealApiRow[] = [];
  for (const listed of docs) {
    const spec = documentFile(listed);
    const doc = parseOpenApi(readFileSync(spec, 'utf8'));
    const row: RealApiRow = { id: listed.id, operations: listOperations(doc).length, webhooks: listWebhooks(doc).length, schemas: Object.keys(doc.components?.schemas ?? {}).length };
    const out = path.join(bench, 'real-apis', listed.id);
    const buildLog = path.join(bench, `real-apis-${listed.id}.log`);
    await fs.rm(buildLog, { force: true });
    log(`${listed.id}: cold build (${row.operations} operations, ${row.schemas} schemas; log: ${path.relative(site, buildLog)})`);
    try {
      row.build = await coldBuild(site, out, buildLog, { OPENAPI_SPEC: spec });
      log(`  ${row.build.totalSeconds.toFixed(1)} s, peak ${(row.build.peakRssBytes / MiB).toFixed(0)} MiB`);
      Object.assign(row, await outputStats(out));
      try {
        const s = await benchSearch(out, 1, log);
        row.search = { indexBytesPerQuery: s.engines[0].worstFetchedIndexBytes };
      } catch (err) {
        row.search = { error: err instanceof Error ? err.message : String(err) };
      }
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

/** The table for scripts/bench/README.md, Markdown. */
export function realApisMarkdown(rows: RealApiRow[], info: { commit: string; date: string; loadAverage: number[] }): string {
  const lines = [`### Real APIs — ${info.commit}, ${info.date}`, ''];
  lines.push(
    `Cold builds of the documents of \`tests/real-apis/documents.yaml\`, one at a time; load average at start ${info.loadAverage.map((x) => x.toFixed(1)).join(' ')}. ` +
      'Peak memory: resident memory of the process tree, sampled every 250 ms. Search: index KB (gzip) the worst of the benchmark queries fetches. KB = 1024 bytes.',
    '',
    '| document | operations | webhooks | schemas | build s (gen-api + build) | CPU s | peak MiB | output MiB | HTML KB per page | search KB per query | build s per operation |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const r of rows) {
    const b = r.build;
    if (!b || r.error) {
      lines.push(`| ${r.id} | ${r.operations} | ${r.webhooks} | ${r.schemas} | failed: ${r.error ?? 'no build'} | | | | | | |`);
      continue;
    }
    const search = !r.search ? '–' : 'error' in r.search ? 'not measured' : kb(r.search.indexBytesPerQuery);
    const perOp = r.operations + r.webhooks ? (b.totalSeconds / (r.operations + r.webhooks)).toFixed(2) : '–';
    lines.push(
      `| ${r.id} | ${r.operations} | ${r.webhooks} | ${r.schemas} | ${b.totalSeconds.toFixed(0)} (${b.genApiSeconds.toFixed(0)} + ${b.buildSeconds.toFixed(0)}) | ${b.cpuSeconds?.toFixed(0) ?? '–'} | ` +
        `${(b.peakRssBytes / MiB).toFixed(0)} | ${((r.outputBytes ?? 0) / MiB).toFixed(1)} | ${r.pages ? kb((r.htmlBytes ?? 0) / r.pages) : '–'} | ${search} | ${perOp} |`,
    );
  }
  lines.push('', 'Budgets (issue 28): every document builds within 15 minutes and 4096 MiB peak.');
  return lines.join('\n');
}

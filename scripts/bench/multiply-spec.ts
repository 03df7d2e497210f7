/**
 * Writes a bigger OpenAPI document for measuring how the site scales: the project's own document
 * with every path copied `factor - 1` times under a prefix (`/copy-b/v1/...`), each copy's
 * operationIds, tags and component names suffixed (`createTrainingJobCopyB`, `Training Jobs (copy B)`),
 * and its `$ref`s pointed at its own components. Copy A is the original.
 *
 *   npx tsx scripts/bench/multiply-spec.ts <factor> [out] [--keep-tags]
 *
 * `--keep-tags` leaves tags alone, so each tag groups `factor` times as many operations.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';

type Json = unknown;
export type Doc = {
  paths: Record<string, Record<string, Json>>;
  tags?: { name: string; description?: string }[];
  components: Record<string, Record<string, Json>>;
  [key: string]: Json;
};

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** A, B, …, Z, AA, AB, …: letters only, so names keep the shape of the original's. */
export function copyLetter(index: number): string {
  let n = index;
  let out = '';
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

function mapDeep(value: Json, fn: (key: string, v: Json, parent: Record<string, Json>) => Json): Json {
  if (Array.isArray(value)) return value.map((v) => mapDeep(v, fn));
  if (value && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) out[k] = fn(k, mapDeep(v, fn), value as Record<string, Json>);
    return out;
  }
  return value;
}

/** How many operations the document has. */
export function operationCount(doc: Doc): number {
  return Object.values(doc.paths).flatMap((item) => Object.keys(item).filter((m) => HTTP_METHODS.has(m))).length;
}

export function multiplySpec(source: Doc, factor: number, keepTags = false): Doc {
  if (!Number.isInteger(factor) || factor < 1) throw new Error(`factor must be a positive integer, got ${factor}`);
  const doc: Doc = structuredClone(source);
  for (let i = 1; i < factor; i++) {
    const letter = copyLetter(i);
    const suffix = `Copy${letter}`;
    const tag = (name: string) => (keepTags ? name : `${name} (copy ${letter})`);
    const rewrite = (value: Json) =>
      mapDeep(value, (key, v, parent) => {
        if (key === '$ref' && typeof v === 'string') return v.replace(/^(#\/components\/[^/]+\/)(.+)$/, `$1$2${suffix}`);
        if (key === 'operationId' && typeof v === 'string') return `${v}${suffix}`;
        if (key === 'tags' && Array.isArray(v) && 'responses' in parent) return v.map((t) => tag(String(t)));
        return v;
      });
    for (const [route, item] of Object.entries(source.paths)) {
      const copy = rewrite(item) as Record<string, Json>;
      for (const [method, op] of Object.entries(copy)) {
        if (!HTTP_METHODS.has(method) || !op || typeof op !== 'object') continue;
        const operation = op as { summary?: string };
        if (operation.summary) operation.summary = `${operation.summary} (copy ${letter})`;
      }
      doc.paths[`/copy-${letter.toLowerCase()}${route}`] = copy;
    }
    for (const [kind, entries] of Object.entries(source.components)) {
      if (kind === 'securitySchemes') continue;
      for (const [name, value] of Object.entries(entries)) {
        const copy = rewrite(value) as Record<string, Json>;
        if (kind === 'schemas' && typeof copy.title === 'string') copy.title = `${copy.title} ${suffix}`;
        doc.components[kind][`${name}${suffix}`] = copy;
      }
    }
    if (!keepTags) for (const t of source.tags ?? []) doc.tags!.push({ ...t, name: tag(t.name) });
  }
  return doc;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [factorArg, out = `.bench/openapi-x${factorArg}.yaml`] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const keepTags = process.argv.includes('--keep-tags');
  const doc = multiplySpec(parse(readFileSync('openapi/emissary.yaml', 'utf8')) as Doc, Number(factorArg), keepTags);
  writeFileSync(out, stringify(doc, { lineWidth: 0 }));
  console.error(`${out}: ${operationCount(doc)} operations, ${Object.keys(doc.components.schemas).length} schemas`);
}

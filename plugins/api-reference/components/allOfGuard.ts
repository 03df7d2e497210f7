/**
 * A guard for the schema tree (./Schema.tsx), which would throw while rendering where a schema's place holds
 * no schema. Two ways that happens with valid documents:
 * - the parts of an `allOf` disagree on a property (GitHub's workflow_job webhooks: one part's `run_id`
 *   is a number, another's an integer; Mailchimp's Facebook ads reports: the same, one level down, in
 *   `report_summary.impressions`): the merge (allof-merge) leaves that property undefined. Such an `allOf`
 *   is handed over already merged, each disputed property, at any depth, taken from the last part that
 *   defines it (the most specific, as documents write them);
 * - OpenAPI 3.1's boolean schemas (`properties: { any: true }`, `items: false`).
 * What still holds no schema is shown as a note saying so, and reported (`holes`) for a build warning.
 * Every other schema stays as it is (the same object).
 */
import { mergeAllOf } from './schemaNormalize';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
/** The generator's marker of a circular reference ("circular(Name)"), a string where a schema goes. */
const isMarker = (v: unknown) => typeof v === 'string' && v.startsWith('circular(');

/** Keys whose value is one schema, a map of schemas, a list of schemas. */
const ONE = ['items', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'];
const MAP = ['properties', 'patternProperties', 'dependentSchemas'];
const LIST = ['allOf', 'oneOf', 'anyOf', 'prefixItems'];

/** What a place that holds no schema shows instead. */
const notShown = (what: string): Node => ({ description: `<p><em>Not shown: ${what}.</em></p>` });

/** A boolean schema of OpenAPI 3.1 as the tree can show it; anything else no schema at all. */
function standIn(value: unknown, where: string, holes: string[]): Node {
  if (value === true) return {};
  if (value === false) return { description: '<p><em>No value is allowed here.</em></p>' };
  holes.push(where);
  return notShown('the document gives no schema the page can show here');
}

const at = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Passed each schema place of a node: its value, its name for a warning, and the same place in another node. */
type Visit = (value: unknown, where: string, same: (other: Node) => unknown) => unknown;

/** `node` with each of its schema places (properties, items, allOf entries, …) passed through `visit`: a copy where one changes. */
function mapPlaces(node: Node, path: string, visit: Visit): Node {
  let out: Node | undefined;
  const set = (key: string, value: unknown) => {
    (out ??= { ...node })[key] = value;
  };
  for (const key of MAP) {
    const map = node[key];
    if (!isNode(map)) continue;
    const entries = Object.entries(map).map(([name, value]) => [name, visit(value, at(path, name), (o) => (isNode(o[key]) ? (o[key] as Node)[name] : undefined))] as const);
    if (entries.some(([name, value]) => value !== map[name])) set(key, Object.fromEntries(entries));
  }
  for (const key of ONE) {
    if (!(key in node)) continue;
    const next = visit(node[key], at(path, key === 'items' ? '[]' : key), (o) => o[key]);
    if (next !== node[key]) set(key, next);
  }
  for (const key of LIST) {
    const list = node[key];
    if (!Array.isArray(list)) continue;
    const items = list.map((value, i) => visit(value, at(path, `${key}[${i}]`), () => undefined));
    if (items.some((value, i) => value !== list[i])) set(key, items);
  }
  return out ?? node;
}

/**
 * The merged `allOf` with every hole the merge left filled from the parts: `candidates` are the
 * parts' schemas at the same place, the last that has one deciding.
 */
function filled(merged: Node, candidates: Node[], path: string, holes: string[]): Node {
  return mapPlaces(merged, path, (value, where, same) => {
    const below = candidates.map(same).filter(isNode);
    if (isNode(value)) return filled(value, below, where, holes);
    return isMarker(value) ? value : (below.at(-1) ?? standIn(value, where, holes));
  });
}

function agreeing(node: Node, path: string, holes: string[]): Node {
  const warn = console.warn;
  let merged: Node;
  try {
    console.warn = () => {}; // the merge reports each disagreement; the page shows the resolved one
    merged = mergeAllOf(node) as Node;
  } finally {
    console.warn = warn;
  }
  if (!isNode(merged)) return node;
  const out = filled(merged, (node.allOf as unknown[]).filter(isNode), path, holes);
  // Nothing disputed: the tree merges it itself, as before.
  return out === merged ? node : out;
}

/** Places where the tree would find no schema (`x`, `x.[]`, …), each replaced by what it can show. */
const sound = (node: Node, path: string, holes: string[]): Node =>
  mapPlaces(node, path, (value, where) => (isNode(value) || isMarker(value) ? value : standIn(value, where, holes)));

/** Values that are data, not schemas: never walked. */
const DATA = new Set(['example', 'examples', 'default', 'enum', 'const', 'discriminator', 'xml', 'externalDocs']);

const guarded = new WeakMap<object, { schema: unknown; holes: string[] }>();

/**
 * The schema with every disagreeing `allOf` below it merged and every place without a schema filled
 * (the same object when there is none), and the places (`report_summary.impressions`, `data.[]`)
 * where the page cannot show the document's schema.
 */
export function guardedSchema<T>(schema: T, path = ''): { schema: T; holes: string[] } {
  if (!schema || typeof schema !== 'object') return { schema, holes: [] };
  const known = guarded.get(schema);
  if (known) return known as { schema: T; holes: string[] };
  const holes: string[] = [];
  const walk = (value: unknown, where: string) => {
    const inner = guardedSchema(value, where);
    holes.push(...inner.holes);
    return inner.schema;
  };
  let out: unknown;
  if (Array.isArray(schema)) {
    const items = schema.map((item) => walk(item, path));
    out = items.some((item, i) => item !== schema[i]) ? items : schema;
  } else {
    const node = schema as Node;
    const entries = Object.entries(node).map(([key, value]) => {
      if (DATA.has(key) || key.startsWith('x-')) return [key, value] as const;
      if (MAP.includes(key) && isNode(value)) {
        const map = Object.entries(value).map(([name, v]) => [name, walk(v, at(path, name))] as const);
        return [key, map.some(([name, v]) => v !== value[name]) ? Object.fromEntries(map) : value] as const;
      }
      return [key, walk(value, key === 'items' ? at(path, '[]') : path)] as const;
    });
    const copy = sound(entries.some(([k, v]) => v !== node[k]) ? Object.fromEntries(entries) : node, path, holes);
    out = Array.isArray(copy.allOf) && copy.allOf.length > 1 ? agreeing(copy, path, holes) : copy;
  }
  const result = { schema: out as T, holes: [...new Set(holes)] };
  guarded.set(schema, result);
  return result;
}

/** The schema with every disagreeing `allOf` below it merged (the same object when there is none). */
export const withAgreeingAllOf = <T>(schema: T): T => guardedSchema(schema).schema;

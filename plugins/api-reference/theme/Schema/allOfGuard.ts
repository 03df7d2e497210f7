/**
 * A guard for the OpenAPI theme's Schema: where the parts of an `allOf` disagree on a property
 * (GitHub's workflow_job webhooks: one part's `run_id` is a number, another's an integer),
 * the theme's merge leaves that property undefined and its SchemaEdge throws while rendering.
 * Such an `allOf` is handed over already merged, each disputed property taken from the last part
 * that defines it (the most specific, as documents write them). Every other schema stays as it is.
 */
import { mergeAllOf } from 'docusaurus-theme-openapi-docs/lib/theme/Schema/normalize';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

function agreeing(node: Node): Node {
  const parts = node.allOf as unknown[];
  const warn = console.warn;
  let merged: Node;
  try {
    console.warn = () => {}; // the theme's merge reports each disagreement; the page shows the resolved one
    merged = mergeAllOf(node) as Node;
  } finally {
    console.warn = warn;
  }
  const properties = isNode(merged?.properties) ? merged.properties : undefined;
  const disputed = Object.keys(properties ?? {}).filter((name) => !isNode(properties![name]));
  if (!disputed.length) return node;
  const fixed = { ...properties };
  for (const name of disputed) {
    const defined = parts.map((p) => (isNode(p) && isNode(p.properties) ? p.properties[name] : undefined)).filter(isNode);
    fixed[name] = defined.at(-1) ?? {};
  }
  return { ...merged, properties: fixed };
}

const guarded = new WeakMap<object, unknown>();

/** The schema with every disagreeing `allOf` below it merged (the same object when there is none). */
export function withAgreeingAllOf<T>(schema: T): T {
  if (!schema || typeof schema !== 'object') return schema;
  const known = guarded.get(schema);
  if (known) return known as T;
  let out: unknown;
  if (Array.isArray(schema)) {
    const items = schema.map(withAgreeingAllOf);
    out = items.some((item, i) => item !== schema[i]) ? items : schema;
  } else {
    const node = schema as Node;
    const entries = Object.entries(node).map(([k, v]) => [k, withAgreeingAllOf(v)] as const);
    const copy = entries.some(([k, v]) => v !== node[k]) ? Object.fromEntries(entries) : node;
    out = Array.isArray(copy.allOf) && copy.allOf.length > 1 ? agreeing(copy) : copy;
  }
  guarded.set(schema, out);
  return out as T;
}

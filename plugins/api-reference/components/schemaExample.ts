/**
 * The value an API page's "Example (auto)" tab shows for a body: built from the body's schema by
 * the rules docusaurus-plugin-openapi-docs 5.2 uses for its examples (its `sampleResponseFromSchema`,
 * lib/openapi/createSchemaExample.js, MIT; tests/unit/generator-forks.test.ts compares the two on
 * the kitchen sink), ported here so that the page (./bodyExamples.ts,
 * ./ExampleTabs.tsx) and the build-time highlighting of those examples (../highlights.ts) run the
 * same function. The pages showed the plugin's values before; this keeps every value the same.
 *
 * It is not ../schema-sample.ts, which builds the code samples' request bodies by other rules
 * (other format values, `readOnly` left out, nesting and size limits): the two give different
 * values for the same schema, and changing either would change what every API page shows.
 *
 * The rules, for one schema: its `example`, else the first of its `examples`; else its first
 * `oneOf`/`anyOf` branch (merged with its own properties if it has some); an `allOf` merged
 * (allof-merge) and sampled; an object's properties, each sampled, leaving out deprecated and
 * write-only ones (the tabs show what a response carries; request bodies use the same rules);
 * an array of one sampled item, or one per `anyOf`/`oneOf` item; an enum's default or first value;
 * a `const`; a default; else a stand-in value of the type. A schema that cannot be sampled (a part
 * that is no schema) gives undefined for itself, with a warning; the rest of the value is kept.
 */
import { merge as allOfMerge } from 'allof-merge';

/** A schema as the page's props carry it: any JSON (a circular reference is a "circular(Name)" string). */
type Schema = any;
type Values = Record<string, unknown>;

/** Stand-in values of a type, by format, where a schema gives no example, enum, const or default. */
const STAND_INS: Record<string, Record<string, unknown>> = {
  string: {
    default: 'string',
    email: 'user@example.com',
    date: '2024-07-29',
    'date-time': '2024-07-29T15:51:28.071Z',
    uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    hostname: 'example.com',
    ipv4: '198.51.100.42',
    ipv6: '2001:0db8:5b96:0000:0000:426f:8e17:642a',
  },
  number: { default: 0, float: 0.0 },
  integer: { default: 0 },
  boolean: { default: true },
  object: {},
  array: {},
  null: { default: 'null' },
};

/** Properties the example leaves out: deprecated ones, and write-only ones (a response does not carry them). */
const leftOut = (prop: Schema): boolean => Boolean(prop.deprecated) || prop.writeOnly === true;

/** Deletes the left-out entries of a `properties` map (the schemas here are the sampler's own copies). */
function dropLeftOut(properties: Values): void {
  for (const [key, value] of Object.entries(properties)) if (leftOut(value)) delete properties[key];
}

/**
 * Merges `source` into `target`, deeply, as lodash's `merge` does for JSON: objects key by key,
 * arrays index by index, anything else replaced. Returns `target`.
 */
function mergeInto(target: Values, source: Values): Values {
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (value && typeof value === 'object') {
      const current = target[key];
      const into = Array.isArray(value) ? (Array.isArray(current) ? current : []) : current && typeof current === 'object' ? current : {};
      target[key] = mergeInto(into as Values, value as Values);
    } else {
      target[key] = value;
    }
  }
  return target;
}

/**
 * The parts of an `allOf` without `additionalProperties: false`, at every depth, where a part has
 * it and others add properties: merged, such a part would admit no property at all.
 */
function withoutStrictParts(node: Schema): Schema {
  if (Array.isArray(node)) return node.map(withoutStrictParts);
  if (!node || typeof node !== 'object') return node;
  let working = node;
  if (Array.isArray(node.allOf) && node.allOf.length > 1 && node.allOf.some((part: Schema) => part && part.additionalProperties === false)) {
    working = {
      ...node,
      allOf: node.allOf.map((part: Schema) => {
        if (!part || part.additionalProperties !== false) return part;
        const { additionalProperties: _strict, ...rest } = part;
        return rest;
      }),
    };
  }
  return Object.fromEntries(Object.entries(working).map(([key, value]) => [key, withoutStrictParts(value)]));
}

/** A schema with its `allOf` merged into one schema; an empty schema where the parts merge to nothing. */
function mergedAllOf(schema: Schema): Schema {
  return allOfMerge(withoutStrictParts(schema), { onMergeError: (message) => console.warn(message) }) ?? {};
}

/** An array as is; any other value as the one item of an array. */
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** The stand-in value of a schema's (first) type, or its default; undefined without a type. */
function standIn(schema: Schema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === undefined) return undefined;
  if (schema.default !== undefined) return schema.default;
  const byFormat = Object.hasOwn(STAND_INS, type) ? STAND_INS[type] : undefined;
  if (byFormat) {
    if (schema.format !== undefined && Object.hasOwn(byFormat, schema.format)) return byFormat[schema.format];
    if (Object.hasOwn(byFormat, 'default')) return byFormat.default;
  }
  return `Unknown Type: ${schema.type}`;
}

/** Sets `values[name]` to the example of the property schema `prop`. */
function sampleProperty(name: string, prop: Schema, values: Values): void {
  if (typeof prop === 'object' && Object.keys(prop).length === 0) values[name] = prop;
  else if (prop.example !== undefined) values[name] = prop.example;
  else if (prop.examples !== undefined && prop.examples.length > 0) values[name] = prop.examples[0];
  else if (prop.oneOf) values[name] = schemaExample(prop.oneOf[0]);
  else if (prop.anyOf) values[name] = schemaExample(prop.anyOf[0]);
  else if (prop.allOf) sampleProperty(name, mergedAllOf(prop), values);
  else values[name] = schemaExample(prop);
}

/** One example per branch of an array's `anyOf`/`oneOf` items, each with the items' own properties. */
function branchItems(items: Schema, key: 'anyOf' | 'oneOf'): unknown[] {
  return items[key].map((item: Schema) => {
    if (!items.properties) return schemaExample(item);
    const combined = { ...item, properties: { ...items.properties, ...item.properties } };
    delete combined[key];
    return schemaExample(combined);
  });
}

/** The example value of `schema` (see the top of this file); undefined where none can be built. */
export function schemaExample(schema: unknown = {}): unknown {
  try {
    // Every step works on its own copy: the rules delete and merge in place.
    const copy: Schema = JSON.parse(JSON.stringify(schema));
    const { example, examples, allOf, properties, items, oneOf, anyOf, const: constant } = copy;
    let { type } = copy;
    if (example !== undefined) return example;
    if (examples !== undefined && examples.length > 0) return examples[0];
    for (const [key, branches] of [['oneOf', oneOf], ['anyOf', anyOf]] as const) {
      if (!branches) continue;
      if (!properties) return schemaExample(branches[0]);
      const combined = mergeInto(copy, branches[0]);
      delete combined[key];
      return schemaExample(combined);
    }
    if (allOf) {
      const merged = mergedAllOf(copy);
      if (merged.properties) dropLeftOut(merged.properties);
      if (!properties) return schemaExample(merged);
      const combined = mergeInto(copy, merged);
      delete combined.allOf;
      return schemaExample(combined);
    }
    if (!type) {
      if (properties) type = 'object';
      else if (items) type = 'array';
      else return undefined;
    }
    if (type === 'object') {
      const values: Values = {};
      for (const [name, prop] of Object.entries<Schema>(properties ?? {})) {
        if (prop.properties) dropLeftOut(prop.properties);
        if (prop.items && prop.items.properties) dropLeftOut(prop.items.properties);
        if (leftOut(prop)) continue;
        sampleProperty(name, prop, values);
      }
      return values;
    }
    if (type === 'array') {
      if (Array.isArray(items?.anyOf)) return branchItems(items, 'anyOf');
      if (Array.isArray(items?.oneOf)) return branchItems(items, 'oneOf');
      return asArray(schemaExample(items));
    }
    if (copy.enum) return copy.default ? copy.default : asArray(copy.enum)[0];
    if (leftOut(copy)) return undefined;
    if (constant) return constant;
    return standIn(copy);
  } catch (error) {
    console.warn('[api-reference] no example could be built from a schema:', error);
    return undefined;
  }
}

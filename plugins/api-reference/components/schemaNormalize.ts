/**
 * What the schema tree (./Schema.tsx) needs to read a schema as the OpenAPI theme 5.2 shows it:
 * `allOf` merged (with allof-merge, the library the theme uses), the fields beside a `oneOf` or
 * `anyOf` folded into each of its variants, the discriminator and a property found at any depth,
 * and the generator's marker of a circular reference. Written after the theme 5.2's
 * `lib/theme/Schema/normalize.js`, on public packages only; tests/unit/schema-normalize.test.ts
 * holds them to its results.
 */
import { merge } from 'allof-merge';

/* eslint-disable @typescript-eslint/no-explicit-any -- schemas are whatever the document holds */
type S = any;

/** The generator writes "circular(Name)" where a schema refers back to one of its parents. */
export const isCircularMarker = (value: unknown): value is string => typeof value === 'string' && value.startsWith('circular(');

/**
 * `node` with `additionalProperties: false` left out of the parts of each `allOf` of two or more:
 * merged as written, a part that allows no other property would forbid its siblings' properties,
 * and the merge would leave nothing to show. A copy each call: the tree deletes properties from the
 * variants it shows under a discriminator, so a cached copy would bring them back.
 */
function withoutClosedParts(node: S): S {
  if (Array.isArray(node)) return node.map(withoutClosedParts);
  if (!node || typeof node !== 'object') return node;
  let own = node;
  if (Array.isArray(node.allOf) && node.allOf.length > 1 && node.allOf.some((part: S) => part?.additionalProperties === false)) {
    own = {
      ...node,
      allOf: node.allOf.map((part: S) => {
        if (part?.additionalProperties !== false) return part;
        const { additionalProperties: _closed, ...open } = part;
        return open;
      }),
    };
  }
  return Object.fromEntries(Object.entries(own).map(([key, value]) => [key, withoutClosedParts(value)]));
}

/** `schema` with its `allOf` merged into one schema; parts that cannot merge are reported, not thrown. */
export function mergeAllOf(schema: S): S {
  return merge(withoutClosedParts(schema), { onMergeError: (message: string) => console.warn(message) }) ?? {};
}

/** Keys that describe a schema rather than constrain it: they stay beside the variants when fields fold into them. */
const DESCRIBING = new Set(['title', 'description', 'discriminator', 'deprecated', 'externalDocs', 'example', 'examples', 'xml', 'nullable', 'readOnly', 'writeOnly', 'default']);
const describing = (key: string) => DESCRIBING.has(key) || key.startsWith('x-');

/**
 * A `oneOf`/`anyOf` with fields beside it as variants that each hold those fields too, so every
 * tab shows its whole shape. Left as it is under a discriminator: the tree shows the shared fields
 * once, above the tabs.
 */
export function foldSiblingsIntoBranches(schema: S): S {
  const key = schema?.oneOf ? 'oneOf' : schema?.anyOf ? 'anyOf' : undefined;
  if (!key || !Array.isArray(schema[key]) || schema[key].length === 0 || schema.discriminator) return schema;
  const shared = Object.fromEntries(Object.entries(schema).filter(([k]) => k !== key && !describing(k)));
  if (Object.keys(shared).length === 0) return schema;
  const folded: S = { [key]: schema[key].map((variant: S) => mergeAllOf({ allOf: [shared, variant] })) };
  for (const k of Object.keys(schema)) if (k !== key && describing(k)) folded[k] = schema[k];
  return folded;
}

const BRANCHES = ['oneOf', 'anyOf', 'allOf'];

/** The first schema below `schema` (itself, then its variants and parts, depth first) for which `pick` gives something. */
function firstBelow<T>(schema: S, pick: (node: S) => T | undefined, seen = new Set<S>()): T | undefined {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return undefined;
  seen.add(schema);
  const own = pick(schema);
  if (own) return own;
  for (const key of BRANCHES) {
    if (!Array.isArray(schema[key])) continue;
    for (const branch of schema[key]) {
      const found = firstBelow(branch, pick, seen);
      if (found) return found;
    }
  }
  return undefined;
}

const discriminators = new WeakMap<object, S>();

/** The discriminator of `schema` or of the first of its variants or parts that has one. */
export function getDiscriminator(schema: S): S {
  if (!schema || typeof schema !== 'object') return undefined;
  if (!discriminators.has(schema)) discriminators.set(schema, firstBelow(schema, (node) => node.discriminator) ?? null);
  return discriminators.get(schema) ?? undefined;
}

/** The property `name` of `schema`, or of the first of its variants or parts that defines it. */
export function findPropertyDeep(schema: S, name: string): S {
  return firstBelow(schema, (node) => node.properties?.[name]);
}

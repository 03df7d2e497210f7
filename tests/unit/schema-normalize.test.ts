// The schema tree's own reading of schemas (plugins/api-reference/components/schemaNormalize.ts):
// allOf merged, the fields beside a oneOf folded into its variants, the discriminator and a property
// found at any depth. Held to the OpenAPI theme 5.2's normalize.js, which it was written after, on
// every schema of our document and of the kitchen sink, and to what each step is for.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findPropertyDeep, foldSiblingsIntoBranches, getDiscriminator, isCircularMarker, mergeAllOf } from '../../plugins/api-reference/components/schemaNormalize';
import { parseOpenApi } from '../../lib/openapi/spec';

/* eslint-disable @typescript-eslint/no-explicit-any -- schemas are whatever the documents hold */
type S = any;

const theme = createRequire(import.meta.url)('docusaurus-theme-openapi-docs/lib/theme/Schema/normalize');
const DOCUMENTS = ['openapi/emissary.yaml', 'tests/fixtures/openapi/kitchen-sink.yaml'];

/** Every object of a document that holds `key`, by JSON path. */
function holding(node: S, key: string, at = '#', out: Array<[string, S]> = []): Array<[string, S]> {
  if (!node || typeof node !== 'object') return out;
  if (!Array.isArray(node) && key in node) out.push([at, node]);
  for (const [k, v] of Object.entries(node)) holding(v, key, `${at}/${k}`, out);
  return out;
}

/** The merge warns where parts disagree; both implementations do, so the test keeps quiet. */
function quietly<T>(run: () => T): T {
  const warn = console.warn;
  console.warn = () => {};
  try {
    return run();
  } finally {
    console.warn = warn;
  }
}

const clone = (value: S) => structuredClone(value);

/** Every object holding `key` in the documents, named by file and JSON path. */
const all = (key: string): Array<[string, S]> =>
  DOCUMENTS.flatMap((file) => holding(parseOpenApi(readFileSync(path.resolve(__dirname, '../..', file), 'utf8')), key, file));

describe("The same as the theme's normalize.js, on our document and the kitchen sink", () => {
  it('merges every allOf alike', () => {
    const schemas = all('allOf');
    assert.ok(schemas.length >= 3, `only ${schemas.length} allOf schemas`);
    for (const [at, schema] of schemas) assert.deepEqual(quietly(() => mergeAllOf(clone(schema))), quietly(() => theme.mergeAllOf(clone(schema))), at);
  });

  it('folds the fields beside every oneOf and anyOf alike', () => {
    const schemas = [...all('oneOf'), ...all('anyOf')];
    assert.ok(schemas.length >= 5, `only ${schemas.length} oneOf and anyOf schemas`);
    for (const [at, schema] of schemas) assert.deepEqual(quietly(() => foldSiblingsIntoBranches(clone(schema))), quietly(() => theme.foldSiblingsIntoBranches(clone(schema))), at);
  });

  it('finds the same discriminator and discriminating property', () => {
    const schemas = ['oneOf', 'anyOf', 'allOf', 'discriminator'].flatMap(all);
    assert.ok(schemas.some(([, schema]) => getDiscriminator(schema)), 'no discriminator in the documents');
    for (const [at, schema] of schemas) {
      const ours = getDiscriminator(schema);
      assert.deepEqual(ours, theme.getDiscriminator(schema), at);
      if (ours?.propertyName) assert.deepEqual(findPropertyDeep(schema, ours.propertyName), theme.findPropertyDeep(schema, ours.propertyName), at);
    }
  });
});

describe('What each step is for', () => {
  it('keeps the fields of every part where one part of an allOf allows no other property', () => {
    const merged = mergeAllOf({ allOf: [{ type: 'object', properties: { id: { type: 'string' } }, additionalProperties: false }, { properties: { name: { type: 'string' } } }] });
    assert.deepEqual(Object.keys(merged.properties), ['id', 'name']);
  });

  it('gives each variant of a oneOf the fields beside it, and keeps the describing keys outside', () => {
    const folded = foldSiblingsIntoBranches({
      description: 'A source',
      properties: { id: { type: 'string' } },
      oneOf: [{ properties: { url: { type: 'string' } } }, { properties: { file: { type: 'string' } } }],
    });
    assert.equal(folded.description, 'A source');
    assert.equal(folded.properties, undefined);
    assert.deepEqual(folded.oneOf.map((v: S) => Object.keys(v.properties)), [['id', 'url'], ['id', 'file']]);
  });

  it('leaves a oneOf under a discriminator as it is', () => {
    const schema = { discriminator: { propertyName: 'kind' }, properties: { kind: { type: 'string' } }, oneOf: [{ title: 'A' }] };
    assert.equal(foldSiblingsIntoBranches(schema), schema);
  });

  it('finds a discriminator and a property in a variant, and survives a schema that contains itself', () => {
    const variant: S = { discriminator: { propertyName: 'kind' }, properties: { kind: { type: 'string', enum: ['a'] } } };
    const schema: S = { anyOf: [{ type: 'string' }, { allOf: [variant] }] };
    variant.allOf = [schema];
    assert.equal(getDiscriminator(schema), variant.discriminator);
    assert.equal(findPropertyDeep(schema, 'kind'), variant.properties.kind);
    assert.equal(findPropertyDeep(schema, 'missing'), undefined);
  });

  it("tells the generator's circular marker from a schema", () => {
    assert.equal(isCircularMarker('circular(Job)'), true);
    assert.equal(isCircularMarker({ type: 'string' }), false);
    assert.equal(isCircularMarker('string'), false);
  });
});

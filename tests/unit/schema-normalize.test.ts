// The schema tree's own reading of schemas (plugins/api-reference/components/schemaNormalize.ts):
// allOf merged, the fields beside a oneOf folded into its variants, the discriminator and a property
// found at any depth. Held to the OpenAPI theme 5.2's lib/theme/Schema/normalize.js, which it was
// written after: the theme is no longer installed, so its results on every such schema of the
// kitchen sink and of our recorded 2026-03 document are kept as one hash per step (recorded from
// docusaurus-theme-openapi-docs 5.2.0), and to what each step is for.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findPropertyDeep, foldSiblingsIntoBranches, getDiscriminator, isCircularMarker, mergeAllOf } from '../../plugins/api-reference/components/schemaNormalize';
import { parseOpenApi } from '../../lib/openapi/spec';

/* eslint-disable @typescript-eslint/no-explicit-any -- schemas are whatever the documents hold */
type S = any;

/** The theme 5.2's results on DOCUMENTS: sha256 of the JSON of [JSON path, result] per schema. */
const THEME_5_2 = {
  mergeAllOf: '57f37d6001762cbf6e57feec7c5631ec2fb654f8388a74c7b082822fe7b45307',
  foldSiblingsIntoBranches: '3231ca2c6cabf110af8b5b68e7eb97a0e712290005406809b80d93351aa57912',
  discriminator: 'ba3b4447e4cfd3a0bfb45cf1cf9c90805560262c8681e64a7d458cd0afa4e7e4',
};
/** Documents that do not change: the kitchen sink and a recorded version of ours. */
const DOCUMENTS = ['tests/fixtures/openapi/kitchen-sink.yaml', 'openapi/history/emissary-2026-03.yaml'].map((file) => parseOpenApi(readFileSync(path.resolve(__dirname, '../..', file), 'utf8')));

/** Every object of a document that holds `key`, by JSON path. */
function holding(node: S, key: string, at = '#', out: Array<[string, S]> = []): Array<[string, S]> {
  if (!node || typeof node !== 'object') return out;
  if (!Array.isArray(node) && key in node) out.push([at, node]);
  for (const [k, v] of Object.entries(node)) holding(v, key, `${at}/${k}`, out);
  return out;
}

/** The merge warns where parts disagree; the theme's did too, so the test keeps quiet. */
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
const hash = (value: unknown) => crypto.createHash('sha256').update(JSON.stringify(value)).digest('hex');
const SAME = "differs from the OpenAPI theme 5.2's result on the documents: if the change is meant, say why in the commit and record the new hash";

describe("The same as the theme 5.2's normalize.js, on the kitchen sink and a recorded document", () => {
  it('merges every allOf alike', () => {
    const results = holding(DOCUMENTS, 'allOf').map(([at, schema]) => [at, quietly(() => mergeAllOf(clone(schema)))]);
    assert.equal(hash(results), THEME_5_2.mergeAllOf, `mergeAllOf ${SAME}`);
  });

  it('folds the fields beside every oneOf and anyOf alike', () => {
    const schemas = [...holding(DOCUMENTS, 'oneOf'), ...holding(DOCUMENTS, 'anyOf')];
    const results = schemas.map(([at, schema]) => [at, quietly(() => foldSiblingsIntoBranches(clone(schema)))]);
    assert.equal(hash(results), THEME_5_2.foldSiblingsIntoBranches, `foldSiblingsIntoBranches ${SAME}`);
  });

  it('finds the same discriminator and discriminating property', () => {
    const schemas = ['oneOf', 'anyOf', 'allOf', 'discriminator'].flatMap((key) => holding(DOCUMENTS, key));
    assert.ok(schemas.some(([, schema]) => getDiscriminator(schema)), 'no discriminator in the documents');
    const results = schemas.map(([at, schema]) => {
      const found = getDiscriminator(schema);
      return [at, found, found?.propertyName ? findPropertyDeep(schema, found.propertyName) : null];
    });
    assert.equal(hash(results), THEME_5_2.discriminator, `getDiscriminator or findPropertyDeep ${SAME}`);
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

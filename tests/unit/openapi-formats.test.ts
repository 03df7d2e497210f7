/**
 * The document claims no format its values do not have: a `format: uri` field's examples must be
 * web addresses (storage locations such as gs://… are plain strings in the reference).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spec, type Json } from '../support/openapi';

function* schemas(node: unknown, at: string): Generator<[string, Json]> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* schemas(item, `${at}/${i}`);
    return;
  }
  const json = node as Json;
  if (typeof json.type === 'string') yield [at, json];
  for (const [key, value] of Object.entries(json)) yield* schemas(value, `${at}/${key}`);
}

test('every format: uri field has only http(s) examples', () => {
  const wrong = [...schemas(spec, '#')]
    .filter(([, schema]) => schema.format === 'uri')
    .flatMap(([at, schema]) => [schema.example, ...(schema.examples ?? [])].filter((v) => v !== undefined && !/^https?:\/\//.test(String(v))).map((v) => `${at}: ${v}`));
  assert.deepEqual(wrong, []);
});

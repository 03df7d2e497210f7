/** Sample values built from schemas (for values without an example) and safe page titles. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sampleFromSchema } from '../../lib/openapi/schema-sample';
import { normalizeDocument, plainTitle, splitTitle, yamlString } from '../../lib/openapi/normalize';
import { refResolver, type OpenApiDocument, type Schema } from '../../lib/openapi/spec';
import { parse } from 'yaml';

const schemas: Record<string, Schema> = {
  Pet: {
    type: 'object',
    required: ['name'],
    properties: {
      id: { type: 'integer', format: 'int64', readOnly: true },
      name: { type: 'string' },
      born: { type: 'string', format: 'date' },
      kind: { type: 'string', enum: ['cat', 'dog'] },
      weight: { type: 'number', minimum: 0.5 },
      owner: { $ref: '#/components/schemas/Owner' },
      tags: { type: 'array', items: { type: 'string', format: 'uuid' } },
      chip: { type: ['string', 'null'], default: null },
    },
  },
  Owner: { type: 'object', properties: { email: { type: 'string', format: 'email' }, pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } },
  Cat: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', properties: { lives: { type: 'integer', default: 9 } } }] },
  Base: { type: 'object', properties: { kind: { const: 'cat' } } },
  Animal: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { type: 'string' }], discriminator: { propertyName: 'kind' } },
  Legacy: { type: 'string', nullable: true, example: 'old' } as Schema,
};
const doc = { openapi: '3.1.0', info: { title: 'Pets', version: '1' }, paths: {}, components: { schemas } } as OpenApiDocument;
const sample = (schema: Schema, forRequest = true) => sampleFromSchema(schema, refResolver(doc), forRequest);

test('a value per type and format; enums, consts and defaults first; readOnly fields out of requests', () => {
  assert.deepEqual(sample({ $ref: '#/components/schemas/Pet' }), {
    name: 'string',
    born: '2024-01-15',
    kind: 'cat',
    weight: 0.5,
    owner: { email: 'user@example.com', pets: [] },
    tags: ['3fa85f64-5717-4562-b3fc-2c963f66afa6'],
    chip: null,
  });
  assert.equal((sample({ $ref: '#/components/schemas/Pet' }, false) as { id?: number }).id, 0, 'responses keep readOnly fields');
});

test('allOf merges its parts, oneOf and anyOf take the first branch, examples win', () => {
  assert.deepEqual(sample({ $ref: '#/components/schemas/Cat' }), { kind: 'cat', lives: 9 });
  assert.deepEqual(sample({ $ref: '#/components/schemas/Animal' }), { kind: 'cat', lives: 9 });
  assert.equal(sample({ anyOf: [{ type: 'boolean' }, { type: 'string' }] }), true);
  assert.equal(sample({ $ref: '#/components/schemas/Legacy' }), 'old');
  assert.deepEqual(sample({ type: 'object', additionalProperties: { type: 'integer' } }), { key: 0 });
});

test('a schema that contains itself stops at the cycle; unknown refs and empty schemas give null', () => {
  const tree: Schema = { $ref: '#/components/schemas/Owner' };
  assert.deepEqual(sample(tree), { email: 'user@example.com', pets: [{ name: 'string', born: '2024-01-15', kind: 'cat', weight: 0.5, tags: ['3fa85f64-5717-4562-b3fc-2c963f66afa6'], chip: null }] });
  assert.equal(sample({ $ref: '#/components/schemas/Nope' }), null);
  assert.equal(sample({}), null);
});

test('titles: Markdown and several lines become one line of plain text; the rest moves to the description', () => {
  assert.deepEqual(splitTitle('List **books**\n---\nFilter by `genre`.'), { title: 'List books', rest: 'Filter by `genre`.' });
  assert.equal(plainTitle('Get a book by `id` and <b>more</b> [here](/x)'), 'Get a book by id and more here');
  assert.equal(plainTitle('Plain title'), 'Plain title');
});

test('titles: front matter values are YAML-safe whatever they hold', () => {
  for (const title of ['Say "hi": now', 'C:\\path # not a comment', "it's --- {x}: [y]", 'tab\there']) {
    assert.equal(parse(`title: ${yamlString(title)}`).title, title);
  }
});

test('the document the generator reads: plain summaries, and schemas sharing a title told apart by name', () => {
  const source = {
    ...doc,
    paths: { '/pets': { get: { operationId: 'listPets', summary: 'List *pets*\n\nPaged.', description: 'All of them.' } } },
    components: { schemas: { Address: { title: 'Address', type: 'object' }, OldAddress: { title: 'address', type: 'object' }, Pet: schemas.Pet } },
  } as unknown as OpenApiDocument;
  const { doc: out, changed } = normalizeDocument(source);
  assert.ok(changed);
  const op = out.paths['/pets'].get as { summary: string; description: string };
  assert.deepEqual([op.summary, op.description], ['List pets', 'Paged.\n\nAll of them.']);
  assert.deepEqual(Object.values(out.components!.schemas!).map((s) => s.title), ['Address', 'address (OldAddress)', undefined]);
  assert.equal(normalizeDocument(doc).changed, false, 'a document with plain titles is read as it is');
});

test('two items that would write one page fail the generation, naming both', async () => {
  const { pageRegistry } = await import('../../plugins/api-reference/options');
  const claim = pageRegistry({ path: 'openapi/emissary.yaml' });
  claim('schemas/address', 'schema Address');
  assert.throws(() => claim('schemas/address', 'schema OldAddress'), /schema Address and schema OldAddress would share the page schemas\/address/);
});

test('an OpenAPI 3.0 document: server variables, nullable, the exclusiveMinimum flag, x-webhooks, no security', async () => {
  const { readFileSync } = await import('node:fs');
  const { listOperations, listWebhooks, entryRef } = await import('../../lib/openapi/spec');
  const { operationSample, requestUrl } = await import('../../lib/openapi/samples');
  const small = parse(readFileSync(new URL('../fixtures/openapi/small-3.0.yaml', import.meta.url), 'utf8')) as OpenApiDocument;
  const { doc: normal } = normalizeDocument(small);
  const [tides, health] = listOperations(normal);
  const missing: string[] = [];
  assert.equal(requestUrl(operationSample(normal, tides, (w) => missing.push(w))), 'https://eu.tides.example/api/stations/101/tides?day=2024-01-15&token=YOUR_API_KEY');
  assert.equal(missing.length, 2);
  assert.equal(operationSample(normal, health).auth, undefined, 'security: [] sends no credentials');
  assert.equal((normal.paths['/stations/{station_id}/tides'].get as { summary: string }).summary, 'List tides of a station');
  const [hook] = listWebhooks(normal);
  assert.equal(entryRef(normal, hook), '#/x-webhooks/highTide/post');
});

test('plainTitle takes literal text as it is and parses everything else: the same titles as remark gives', () => {
  const titles = [
    'Create SFT training job (copy AE)',
    'List  projects  by   owner',
    'Get a job: status, 50% done; ETA?',
    "Delete a user's API key (v2)",
    'user@example.com sends a report',
    '2. Second step',
    '3) Third',
    '2024 roadmap',
    '-1 degrees',
    '- a list item',
    '+ plus item',
    '# Heading',
    '> quoted',
    '---',
    '===',
    '(optional) Update a model',
    'Price = 5 - 2 + 1',
    'A & B',
    'Tom &amp; Jerry',
    'Read **bold** text',
    'snake_case_name',
    'Path /v1/projects/{id}',
    'Cancel [run](/x)',
    'Trailing space  ',
    '   Leading space',
    'Überprüfung der Daten',
    '数据集',
    'Español: ¿Qué?',
  ];
  for (const title of titles) assert.equal(plainTitle(title), splitTitle(title).title, title);
});

/** The docs MCP server's build-time parts (plugins/mcp): the /errors guidance it reads, the bundle's error statuses, its server card and catalog. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ERRORS_PAGE, errorGuidance, MAX_OPERATION_BYTES, mcpBundle, operationSamples } from '../../lib/mcp/bundle';
import { generateSamples, operationSample } from '../../lib/openapi/samples';
import { entryRef, listOperations, type OpenApiDocument } from '../../lib/openapi/spec';
import { cardName, clientConfigs, mcpCatalog, serverCard, SERVER_CARD_SCHEMA } from '../../lib/mcp/clients';

test('every section of docs/errors.mdx gives causes, what to do and whether to retry, or its prose', () => {
  const guidance = errorGuidance(readFileSync(ERRORS_PAGE, 'utf8'));
  for (const status of ['400', '401', '404']) {
    const g = guidance.get(status)!;
    assert.ok(g, status);
    assert.match(g.heading, new RegExp(`^${status} `));
    assert.ok(g.causes && g.fix, `${status}: ${JSON.stringify(g)}`);
    assert.match(g.retry!, /^No\./, status);
    assert.equal(g.text, undefined, status);
  }
  const other = guidance.get('other-statuses')!;
  assert.match(other.text!, /not documented/);
  // Admonitions come out as Markdown, not MDX.
  assert.doesNotMatch(other.text!, /^:::/m);
  assert.throws(() => errorGuidance('# Errors\n\nNothing here.\n', 'x.mdx'), /^Error: x\.mdx: no "## <status> \{#anchor\}" section/);
});

test('the server card follows the server-card draft (SEP-2127): schema URL, reverse-DNS name, short description', () => {
  const site = { title: 'Emissary Docs', url: 'https://docs.withemissary.com' };
  const card = serverCard(site, 'https://github.com/Emissary-Tech/emissary-api-docs');
  assert.equal(card.title, 'Emissary Docs');
  // The site's own name, from the bundle; nothing of Emissary's for another site.
  // Another site: its own name everywhere, no repository unless one is given, nothing of Emissary's.
  const acme = { title: 'Acme API', url: 'https://docs.acme.example' };
  const other = JSON.stringify([serverCard(acme), mcpCatalog(acme, 'https://docs.acme.example/card.json'), clientConfigs(acme)]);
  assert.doesNotMatch(other, /emissary|"repository"|"clone"/i);
  assert.match(other, /acme-api/);
  assert.equal(card.$schema, SERVER_CARD_SCHEMA);
  assert.match(card.$schema, /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/v2\/server-card\.schema\.json$/);
  assert.match(card.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
  assert.equal(card.name, 'com.withemissary.docs/emissary-docs');
  assert.ok(card.description.length >= 1 && card.description.length <= 100, card.description);
  assert.equal('remotes' in card, false, 'a static site hosts no MCP endpoint');
  for (const key of Object.keys(card._meta)) assert.match(key, /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)*\/[a-zA-Z0-9][\w.-]*$/);
  const hosted = serverCard(site, 'https://github.com/x/y', 'http://127.0.0.1:8765/mcp');
  assert.deepEqual(hosted.remotes, [{ type: 'streamable-http', url: 'http://127.0.0.1:8765/mcp' }]);
  const catalog = mcpCatalog(site, 'https://docs.withemissary.com/.well-known/mcp/server-card.json');
  assert.equal(catalog.entries[0].type, 'application/mcp-server-card+json');
  assert.equal(catalog.entries[0].identifier, `urn:air:docs.withemissary.com:${cardName(site).split('/')[1]}`);
});

test('the bundle keeps, per error status, the operations that declare it without a body', () => {
  const invalid = { $ref: '#/components/responses/InvalidInput' };
  const doc = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/v1/things': { post: { operationId: 'createThing', responses: { '201': { description: 'ok' }, '400': invalid } } },
      '/v1/things/{id}/start': { post: { operationId: 'startThing', responses: { '200': { description: 'ok' }, '400': { description: 'Not in a state that allows it. No documented body.' } } } },
    },
    components: {
      responses: { InvalidInput: { description: 'Invalid.', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } } },
      schemas: { ApiError: { type: 'object', required: ['status'], properties: { status: { type: 'integer' }, error: { type: 'string' } } } },
    },
  } as unknown as OpenApiDocument;
  const entries = listOperations(doc);
  const routes = new Map(entries.map((e) => [entryRef(doc, e), `/api/${e.operation.operationId}`]));
  const samples = new Map(entries.map((e) => [entryRef(doc, e), [{ id: 'curl', label: 'curl', highlight: 'bash', code: 'curl …' }]]));
  const bundle = mcpBundle({ siteDir: '.', site: { title: 't', url: 'https://x.example' }, doc, recorded: doc, routes, samples, releases: [] });
  const bad = bundle.errors.find((e) => e.status === '400')!;
  assert.equal(bad.schemaName, 'ApiError');
  assert.deepEqual(bad.operations, ['POST /v1/things', 'POST /v1/things/{id}/start']);
  assert.deepEqual(bad.noBody, ['POST /v1/things/{id}/start']);
});

/**
 * A document shaped like DocuSign's eSignature API (issue 41): one shared schema (`Tab`, 40 fields)
 * under 30 array properties of another (`Tabs`), the body of every operation, with an example that
 * fills them all: each page's sample body repeats the shared shape 30 times, in 7 languages. (A body
 * generated from the schemas instead is shortened above MAX_GENERATED_BODY_CHARS; a document's own
 * example is shown whole.)
 */
function sharedSchemaDocument(operations: number): OpenApiDocument {
  const field = (i: number) => [`field${i}`, { type: 'string', description: `Field ${i}.` }];
  const tabs = Array.from({ length: 30 }, (_, i) => [`kind${i}Tabs`, { type: 'array', items: { $ref: '#/components/schemas/Tab' } }]);
  const tab = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field${i}`, 'string']));
  const example = Object.fromEntries(tabs.map(([name]) => [name, [tab]]));
  const body = { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Tabs' }, example } } };
  const paths = Object.fromEntries(
    Array.from({ length: operations }, (_, i) => [`/v2/envelopes/{envelopeId}/part${i}/tabs`, { put: { operationId: `updateTabs${i}`, parameters: [{ name: 'envelopeId', in: 'path', required: true, schema: { type: 'string' } }], requestBody: body, responses: { '200': { description: 'ok' } } } }]),
  );
  return {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    servers: [{ url: 'https://api.example.com' }],
    paths,
    components: { schemas: { Tab: { type: 'object', properties: Object.fromEntries(Array.from({ length: 40 }, (_, i) => field(i))) }, Tabs: { type: 'object', properties: Object.fromEntries(tabs) } } },
  } as unknown as OpenApiDocument;
}

/** The bundle of a document with the samples its pages show (plugins/api-reference/options.ts makes them so). */
function bundleOf(doc: OpenApiDocument) {
  const entries = listOperations(doc);
  const routes = new Map(entries.map((e) => [entryRef(doc, e), `/api/${e.operation.operationId}`]));
  const samples = new Map(entries.map((e) => [entryRef(doc, e), generateSamples(operationSample(doc, e))]));
  return { samples, bundle: mcpBundle({ siteDir: '.', site: { title: 't', url: 'https://x.example' }, doc, recorded: doc, routes, samples, releases: [], errors: false }) };
}

test('a bundle stays small when every operation repeats a shared schema in its sample body, and gives the page samples back byte for byte', () => {
  const doc = sharedSchemaDocument(10);
  const { bundle, samples } = bundleOf(doc);
  const shown = samples.get(entryRef(doc, listOperations(doc)[0]))!;
  // The case of issue 41: each page's samples hold the shared schema 30 times over, in each of 7 languages.
  assert.ok(shown.reduce((n, s) => n + s.code.length, 0) > 100_000, 'the fixture repeats the shared schema in every sample');
  const sizes = bundle.operations.map((o) => JSON.stringify(o).length);
  const average = sizes.reduce((x, y) => x + y, 0) / sizes.length;
  // MAX_OPERATION_BYTES on average keeps a 400-operation document's bundle near 3 MiB ("a few MB").
  assert.ok(average <= MAX_OPERATION_BYTES, `an operation takes ${Math.round(average)} bytes of the bundle on average (at most ${MAX_OPERATION_BYTES})`);
  for (const [i, op] of bundle.operations.entries()) {
    const page = samples.get(entryRef(doc, listOperations(doc)[i]))!;
    assert.deepEqual(operationSamples(op), Object.fromEntries(page.map((s) => [s.id, s.code])), op.operationId);
  }
});

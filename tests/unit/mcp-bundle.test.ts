/** The docs MCP server's build-time parts (plugins/mcp): the /errors guidance it reads, the bundle's error statuses, its server card and catalog. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ERRORS_PAGE, errorGuidance, mcpBundle } from '../../plugins/mcp/bundle';
import { entryRef, listOperations, type OpenApiDocument } from '../../plugins/api-reference/spec';
import { cardName, mcpCatalog, serverCard, SERVER_CARD_SCHEMA } from '../../plugins/mcp/clients';

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
  const card = serverCard('https://docs.withemissary.com', 'https://github.com/Emissary-Tech/emissary-api-docs');
  assert.equal(card.$schema, SERVER_CARD_SCHEMA);
  assert.match(card.$schema, /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/v2\/server-card\.schema\.json$/);
  assert.match(card.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
  assert.equal(card.name, 'com.withemissary.docs/emissary-docs');
  assert.ok(card.description.length >= 1 && card.description.length <= 100, card.description);
  assert.equal('remotes' in card, false, 'a static site hosts no MCP endpoint');
  for (const key of Object.keys(card._meta)) assert.match(key, /^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z][a-zA-Z0-9-]*)*\/[a-zA-Z0-9][\w.-]*$/);
  const hosted = serverCard('https://docs.withemissary.com', 'https://github.com/x/y', 'http://127.0.0.1:8765/mcp');
  assert.deepEqual(hosted.remotes, [{ type: 'streamable-http', url: 'http://127.0.0.1:8765/mcp' }]);
  const catalog = mcpCatalog('https://docs.withemissary.com', 'https://docs.withemissary.com/.well-known/mcp/server-card.json');
  assert.equal(catalog.entries[0].type, 'application/mcp-server-card+json');
  assert.equal(catalog.entries[0].identifier, `urn:air:docs.withemissary.com:${cardName('https://docs.withemissary.com').split('/')[1]}`);
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

/** The docs MCP server's build-time parts (plugins/mcp): the /errors guidance it reads, its server card and catalog. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ERRORS_PAGE, errorGuidance } from '../../plugins/mcp/bundle';
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

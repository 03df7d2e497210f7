/**
 * The site's inputs reach the plugins as options (docusaurus.config.ts, lib/site.ts):
 * read once from OPENAPI_SPEC and SITE_CONFIG, checked by each plugin's validateOptions, and kept out of
 * the site configuration Docusaurus sends to the browser.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { validateConfig } from '@docusaurus/core/lib/server/configValidation';
import { siteInput, withOptions } from '../../lib/site';
import llmsTxt from '../../plugins/llms-txt';
import apiReference from '../../plugins/api-reference';
import fastHydration from '../../plugins/fast-hydration';

const SITE_DIR = path.join(__dirname, '../..');

test("Emissary's own document by default; another one named relative to the site", () => {
  const own = siteInput(SITE_DIR, {});
  assert.deepEqual(own.spec, { path: 'openapi/emissary.yaml', file: path.join(SITE_DIR, 'openapi/emissary.yaml'), recorded: true });
  assert.equal(own.site.title, 'Emissary Docs');
  const other = siteInput(SITE_DIR, { spec: 'tests/fixtures/openapi/small-3.0.yaml' });
  assert.equal(other.spec.recorded, false);
  assert.deepEqual(other.site.pages, { guides: false, errors: false, changelog: false });
});

test("a plugin's validateOptions takes the site's input and fails, naming the plugin, without it", () => {
  const input = siteInput(SITE_DIR, {});
  assert.deepEqual(llmsTxt.validateOptions({ options: input }), { ...input, id: 'default' });
  assert.throws(() => llmsTxt.validateOptions({ options: {} }), /^Error: llms-txt: invalid options[^]*spec/);
  assert.throws(() => llmsTxt.validateOptions({ options: { ...input, spec: { ...input.spec, file: 'openapi/emissary.yaml' } } }), /llms-txt: [^]*must be absolute/);
  assert.throws(() => apiReference.validateOptions({ options: { ...input, patchesOff: ['x'] } }), /api-reference: [^]*patchesOff/);
  assert.throws(() => fastHydration.validateOptions({ options: { patchesOff: [], extra: 1 } }), /fast-hydration: [^]*extra/);
});

test('a plugin listed with its options serializes to null in the configuration the browser gets, as a plugin function does', () => {
  const input = siteInput(SITE_DIR, {});
  const config = validateConfig({ title: 't', url: 'https://x.example', baseUrl: '/', plugins: [withOptions(llmsTxt, input), () => ({ name: 'fn' })] } as never, 'docusaurus.config.ts');
  const [entry] = config.plugins as unknown[];
  assert.ok(Array.isArray(entry) && entry[1] === input, 'Docusaurus still sees [plugin, options]');
  assert.equal(JSON.stringify(config.plugins), '[null,null]');
});

/** The one configuration file of a site (SITE_CONFIG; for Emissary's own document, config/site.yaml first: lib/site.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteConfig, siteInput } from '../../lib/site';

const dir = mkdtempSync(path.join(os.tmpdir(), 'site-config-'));
const file = (name: string, text: string) => {
  const where = path.join(dir, name);
  writeFileSync(where, text);
  return where;
};

test('pages turns each Emissary-only page kind on or off', () => {
  assert.deepEqual(siteConfig(file('ok.yaml', 'title: Acme\npages:\n  guides: false\n  changelog: true\n')), { title: 'Acme', pages: { guides: false, changelog: true } });
});

test('a bad pages setting fails naming the file and the key', () => {
  const bad = file('bad.yaml', 'pages:\n  guide: false\n');
  assert.throws(() => siteConfig(bad), (e: Error) => e.message.includes(bad) && /unknown page kind pages\.guide \(known: guides, errors, changelog\)/.test(e.message));
  assert.throws(() => siteConfig(file('text.yaml', 'pages:\n  errors: "no"\n')), /pages\.errors must be true or false/);
  assert.throws(() => siteConfig(file('list.yaml', 'pages: [guides]\n')), /pages must be a mapping of guides, errors, changelog/);
});

test('url, logo and errors are checked when the file is read; the logo resolves next to the file', () => {
  writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  assert.deepEqual(siteConfig(file('own.yaml', 'url: https://docs.acme.example\nlogo: logo.svg\nerrors: /errors#{status}\n')), {
    url: 'https://docs.acme.example',
    logo: path.join(dir, 'logo.svg'),
    errors: '/errors#{status}',
  });
  assert.throws(() => siteConfig(file('path.yaml', 'url: https://acme.example/docs\n')), /url must be a scheme and host only/);
  assert.throws(() => siteConfig(file('nostatus.yaml', 'errors: https://acme.example/errors\n')), /errors must be a URL or a site path with \{status\}/);
  assert.throws(() => siteConfig(file('gif.yaml', 'logo: logo.gif\n')), /logo must be an \.svg or \.png file/);
  const missing = file('missing.yaml', 'logo: nowhere.png\n');
  assert.throws(() => siteConfig(missing), (e: Error) => e.message.includes(missing) && e.message.includes(path.join(dir, 'nowhere.png')) && /does not exist/.test(e.message));
});

test('name, reference and billed are checked when the file is read', () => {
  const billed = 'billed:\n  operations: [startThing]\n  note: "{operations} start a paid run."\n';
  assert.deepEqual(siteConfig(file('billed.yaml', `name: Acme\nreference:\n  label: Acme API\n${billed}`)), {
    name: 'Acme', reference: { label: 'Acme API' }, billed: { operations: ['startThing'], note: '{operations} start a paid run.' },
  });
  assert.throws(() => siteConfig(file('noplace.yaml', 'billed:\n  operations: [startThing]\n  note: Paid.\n')), /billed must be a mapping of operations \(operationIds\) and note \(text with \{operations\} in it\)/);
  assert.throws(() => siteConfig(file('noops.yaml', 'billed:\n  operations: []\n  note: "{operations}"\n')), /billed must be/);
  assert.throws(() => siteConfig(file('ref.yaml', 'reference:\n  heading: X\n')), /unknown key reference\.heading \(known: label, title, description\)/);
  assert.throws(() => siteConfig(file('name.yaml', 'name: [A]\n')), /name must be text/);
});

test("Emissary's facts come from config/site.yaml, another document's from its info; a SITE_CONFIG key wins over config/site.yaml's", () => {
  const site = path.join(__dirname, '../..');
  const own = siteInput(site, {}).site;
  assert.equal(own.url, 'https://docs.withemissary.com');
  assert.equal(own.postmanFile, 'emissary.postman_collection.json');
  assert.deepEqual(own.billed?.operations, ['createDeployment', 'reactivateDeploymentById', 'createEngine', 'reactivateEngineById']);
  const renamed = siteInput(site, { siteConfig: file('rename.yaml', 'name: Envoy\npages:\n  guides: false\n') }).site;
  assert.deepEqual([renamed.name, renamed.postmanFile, renamed.url, renamed.pages], ['Envoy', 'envoy.postman_collection.json', own.url, { guides: false, errors: true, changelog: true }]);
  const other = siteInput(site, { spec: 'tests/fixtures/openapi/kitchen-sink.yaml' }).site;
  assert.equal(other.billed, undefined);
  assert.deepEqual(other.reference, { label: other.title, title: `${other.title} reference`, description: other.summary });
  assert.doesNotMatch(JSON.stringify(other), /emissary/i);
});

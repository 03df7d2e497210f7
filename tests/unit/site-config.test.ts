/** The one configuration file of a site built from another document (SITE_CONFIG, lib/site.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteConfig } from '../../lib/site';

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

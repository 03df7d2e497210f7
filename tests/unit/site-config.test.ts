/** The one configuration file of a site built from another document (SITE_CONFIG, plugins/api-reference/site.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteConfig } from '../../plugins/api-reference/site';

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

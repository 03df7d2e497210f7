/**
 * The base-models table of /fine-tuning/parameters as the build ships it: one row per model of
 * docs/_scripts/data/base-models.json, its window linked to the model card it comes from, on the page
 * (a Markdown table written at build time) and in the page's Markdown twin. That the page's
 * JavaScript carries no copy of the file: tests/e2e/bundles.spec.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_DIR, routeFile } from '../support/build';

const ROUTE = '/fine-tuning/parameters';
const { models } = JSON.parse(readFileSync(path.join(__dirname, '../../docs/_scripts/data/base-models.json'), 'utf8')) as {
  models: Array<{ name: string; context: number | null; source: string | null }>;
};
const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const windowOf = (m: (typeof models)[number]) => (m.context === null ? 'not documented' : m.context.toLocaleString('en'));

test('the page and its twin list every base model with its context window and source', () => {
  const html = readFileSync(routeFile(ROUTE), 'utf8');
  const twin = readFileSync(path.join(BUILD_DIR, `${ROUTE.slice(1)}.md`), 'utf8');
  assert.ok(models.length > 5, 'base-models.json lists too few models');
  for (const m of models) {
    // Minified HTML: end tags and attribute quotes may be left out.
    const cell = m.source ? `<a href="?${esc(m.source)}"?[^>]*>${esc(windowOf(m))}</a>` : esc(windowOf(m));
    assert.ok(new RegExp(`<td><code>${esc(m.name)}</code>(</td>)?<td>[^<]*(</td>)?<td>${cell}`).test(html), `${ROUTE}: no table row for ${m.name} with ${windowOf(m)}`);
    assert.ok(twin.includes(`| \`${m.name}\` |`), `${ROUTE}.md: no row for ${m.name}`);
  }
});

/**
 * The README a new contributor reads first (issue 26, item 5): at most 150 lines, it says what
 * `npm start` shows and what only `npm run build` writes, and every file it links exists.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

test('README.md is at most 150 lines', () => {
  const lines = README.replace(/\n$/, '').split('\n').length;
  assert.ok(lines <= 150, `README.md has ${lines} lines: move detail to the file it describes and link it`);
});

test('README.md says what npm start shows and what only npm run build writes', () => {
  const paragraph = README.split('\n\n').find((p) => p.includes('`npm start` shows')) ?? '';
  assert.ok(paragraph, 'no paragraph says what `npm start` shows');
  for (const output of ['search index', 'twins', 'share cards', 'llms.txt']) {
    assert.ok(paragraph.includes(output), `the npm start paragraph does not say that only the build writes ${output}`);
  }
});

test("every file README.md links exists", () => {
  const missing = [...README.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
    .map((m) => m[1])
    .filter((href) => !/^[a-z]+:/.test(href))
    .filter((href) => !existsSync(path.join(ROOT, href)));
  assert.deepEqual(missing, []);
});

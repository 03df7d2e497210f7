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

test('tests/README.md lists every stage of tests/run.mjs, and package.json runs each by name', async () => {
  const { STAGES } = (await import('../run.mjs')) as { STAGES: Record<string, unknown> };
  const doc = readFileSync(path.join(ROOT, 'tests/README.md'), 'utf8');
  const listed = [...doc.matchAll(/^\| `([a-z0-9]+)` \|/gm)].map((m) => m[1]);
  assert.deepEqual(listed, Object.keys(STAGES), 'tests/README.md lists other stages than tests/run.mjs runs, or in another order');
  const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  assert.equal(scripts.test, 'node tests/run.mjs');
  assert.equal(scripts['test:quick'], 'node tests/run.mjs --quick');
  for (const stage of Object.keys(STAGES).filter((s) => !['lint', 'build', 'typecheck'].includes(s))) {
    assert.equal(scripts[`test:${stage}`], `node tests/run.mjs ${stage}`, `npm run test:${stage} does not run the stage ${stage}`);
  }
});

/**
 * tests/run.mjs reads each stage's counts and failures from node's own TAP output (not from the
 * spec reporter's text): run here on a small test file written for the purpose, by the same Node.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SAMPLE = `
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
describe('a page', () => {
  test('/api/foo: the title matches', () => assert.equal('a', 'b', '/api/foo has the wrong title'));
  test('/api/bar: fine', () => {});
});
test('top level', () => { throw new Error('boom\\nsecond line'); });
describe('a suite whose hook fails', () => { before(() => { throw new Error('no build/'); }); test('x', () => {}); });
test('passes', () => {});
`;

test('a stage counts what node:test counted and names each failing test with its first error line', async () => {
  const { tapResults, summary } = (await import('../run.mjs')) as typeof import('../run.mjs');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'run-stages-'));
  try {
    writeFileSync(path.join(dir, 'sample.test.mjs'), SAMPLE);
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.NODE_TEST_CONTEXT; // Its own report, not this runner's.
    const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', 'sample.test.mjs'], { cwd: dir, env, encoding: 'utf8' });
    const result = tapResults(run.stdout, run.status ?? 1);
    assert.equal(result.passed, 2);
    assert.equal(result.failed, 3); // node's totals: two failing tests and the test its suite's hook cancelled
    assert.deepEqual(
      result.failures.map((f: { test: string }) => f.test),
      ['/api/foo: the title matches', 'top level', 'x', 'a suite whose hook fails'],
    );
    assert.equal(result.failures[0].error, '/api/foo has the wrong title');
    assert.equal(result.failures[1].error, 'boom');
    // The suite is named too: its hook's error is the cause of the cancelled test.
    assert.equal(result.failures[3].error, 'no build/');
    const text = summary({ results: [{ name: 'unit', code: 1, seconds: 2, log: path.join(dir, 'unit.log'), ...result }], seconds: 2 });
    const lines = text.split('\n');
    assert.equal(lines.at(-1), 'tests: 2 passed, 3 failed');
    assert.ok(lines.some((l) => l.includes('unit › /api/foo: the title matches')), text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a stage whose runner fails before any test counts as a failure, naming the end of its log', async () => {
  const { tapResults } = (await import('../run.mjs')) as typeof import('../run.mjs');
  const result = tapResults('', 1, 'line 1\nError: Cannot find module ./missing');
  assert.equal(result.failed, 1);
  assert.match(result.failures[0].error, /Cannot find module/);
});

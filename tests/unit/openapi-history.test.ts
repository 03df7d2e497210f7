// The recorded earlier versions in openapi/history pass the checks of the current document: shape,
// and every example against its schema (tests/unit/openapi-examples.test.ts, run once per file).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '../..');
const HISTORY = path.join(ROOT, 'openapi/history');
const files = readdirSync(HISTORY).filter((f) => /^emissary-.*\.yaml$/.test(f));

test('openapi/history holds every earlier release named in releases.yaml', () => {
  const named = (parse(readFileSync(path.join(HISTORY, 'releases.yaml'), 'utf8')) as Array<{ file?: string }>).flatMap((r) => (r.file ? [r.file] : []));
  assert.ok(named.length > 0, 'releases.yaml names no earlier document');
  assert.deepEqual([...files].sort(), [...named].sort());
});

for (const file of files) {
  test(`openapi/history/${file}: every example validates and the shape checks pass`, () => {
    const env: NodeJS.ProcessEnv = { ...process.env, OPENAPI_EXAMPLES_FILE: `../../openapi/history/${file}` };
    // Without NODE_TEST_CONTEXT the child reports on stdout instead of to this runner.
    delete env.NODE_TEST_CONTEXT;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', 'tests/unit/openapi-examples.test.ts'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    const failures = run.stdout.split('\n').filter((l) => /^\s*not ok|^\s+(error|expected|actual):|example at/.test(l));
    assert.equal(run.status, 0, `openapi/history/${file} fails the checks of openapi-examples.test.ts:\n${failures.join('\n')}`);
    assert.match(run.stdout, /# pass [1-9]/);
  });
}

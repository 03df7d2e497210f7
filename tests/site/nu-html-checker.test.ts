/**
 * Every built page passes the Nu HTML Checker (the W3C validator, npm `vnu-jar`, run with the
 * machine's Java): 0 errors. One JVM run over all pages (a JVM start costs seconds). Warnings and
 * info messages (e.g. the minifier's `/>` on void elements) are not errors and do not fail.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BUILD_DIR, htmlFiles } from '../support/build';

const VNU_JAR = require.resolve('vnu-jar/build/dist/vnu.jar');

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('the Nu HTML Checker finds no error in any built page', async () => {
  const files: string[] = [];
  for await (const file of htmlFiles()) files.push(file);
  assert.ok(files.length > 0, `no HTML files in ${BUILD_DIR}`);
  const run = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--errors-only', ...files.sort()], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  assert.ifError(run.error); // No Java on PATH: .ci/run installs it.
  let messages: VnuMessage[];
  try {
    messages = (JSON.parse(run.stderr) as { messages: VnuMessage[] }).messages;
  } catch {
    assert.fail(`the Nu HTML Checker (${VNU_JAR}) printed no JSON report (exit ${run.status}):\n${run.stderr.slice(0, 2000)}`);
  }
  const errors = messages
    .filter((m) => m.type === 'error' || m.type === 'non-document-error')
    .map((m) => {
      const page = m.url ? path.relative(BUILD_DIR, new URL(m.url).pathname) : '(no file)';
      return `${page}:${m.lastLine ?? '?'} ${m.message}${m.extract ? `\n    …${m.extract.replace(/\s+/g, ' ')}…` : ''}`;
    });
  assert.deepEqual(errors, [], `${errors.length} Nu HTML Checker error(s):\n${errors.join('\n')}`);
  assert.equal(run.status, 0, `the Nu HTML Checker exited with ${run.status}`);
});

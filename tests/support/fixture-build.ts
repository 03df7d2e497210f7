/**
 * The site built from another OpenAPI document, as a maintainer who adopts it does: `npm run build`
 * (the same script as Emissary's own build: the API pages generated again from `spec`, then the
 * site built) with `OPENAPI_SPEC` (relative or absolute), into `out` (`env`: more variables, such as
 * `SITE_CONFIG`). The log goes to `log`; a failure names the document and the log.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';

export const SITE = path.join(__dirname, '../..');

export function buildFromDocument(spec: string, out: string, log: string, env: NodeJS.ProcessEnv = {}): string {
  const build = spawnSync('npm', ['run', 'build', '--', '--out-dir', out], { cwd: SITE, env: { ...process.env, ...env, OPENAPI_SPEC: spec }, encoding: 'utf8', maxBuffer: 1 << 28 });
  const text = `${build.stdout}${build.stderr}`;
  writeFileSync(log, text);
  assert.equal(build.status, 0, `the site does not build from ${spec} (log: ${log}):\n${text.slice(-3000)}`);
  return text;
}

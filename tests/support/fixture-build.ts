/**
 * The site built from another OpenAPI document, as a maintainer who adopts it does: the generated
 * pages cleaned, generated again from `spec` (`OPENAPI_SPEC`, relative or absolute) and built into `out`
 * (`env`: more variables, such as `SITE_CONFIG`).
 * The log (both commands) goes to `log`; a failure names the document and the log.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';

export const SITE = path.join(__dirname, '../..');

export function buildFromDocument(spec: string, out: string, log: string, env: NodeJS.ProcessEnv = {}): string {
  env = { ...process.env, ...env, OPENAPI_SPEC: spec };
  const run = (args: string[]) => spawnSync('npx', args, { cwd: SITE, env, encoding: 'utf8', maxBuffer: 1 << 28 });
  const gen = run(['docusaurus', 'clean-api-docs', 'all']);
  const gen2 = gen.status === 0 ? run(['docusaurus', 'gen-api-docs', 'all']) : gen;
  const build = gen2.status === 0 ? run(['docusaurus', 'build', '--out-dir', out]) : gen2;
  const text = [gen, gen2, build].map((r) => `${r.stdout}${r.stderr}`).join('\n');
  writeFileSync(log, text);
  assert.equal(build.status, 0, `the site does not build from ${spec} (log: ${log}):\n${text.slice(-3000)}`);
  return text;
}

/**
 * The last `npm run build` parsed each OpenAPI document once, normalized it once and diffed the releases once, across all
 * its processes (gen-api, then scripts/build-site.mjs's): the later processes read what the first
 * wrote (lib/computed-once.ts). Read from the work log the build writes in its folder
 * (EMISSARY_BUILD_STATE, .docusaurus/build-state unless set): a line per result computed ("parse <file>",
 * "diff releases of …") or read ("read …"), with the process that did it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { workLog } from '../../lib/computed-once';

const LOG = workLog(process.env.EMISSARY_BUILD_STATE ?? path.join(__dirname, '../../.docusaurus/build-state'));

test('the build parsed and normalized each document and diffed the releases once; its later processes read them', () => {
  const lines = readFileSync(LOG, 'utf8').split('\n').filter(Boolean).map((line) => line.split('\t') as [string, string]);
  const byWork = new Map<string, string[]>();
  for (const [work, process] of lines) byWork.set(work, [...(byWork.get(work) ?? []), process]);
  const repeated = [...byWork].filter(([work, processes]) => !work.startsWith('read ') && processes.length > 1);
  assert.deepEqual(repeated, [], `computed more than once in one build (${LOG})`);
  assert.deepEqual(byWork.get('parse openapi/emissary.yaml')?.length, 1, `${LOG}: openapi/emissary.yaml was never parsed`);
  const diffs = [...byWork.keys()].filter((work) => work.startsWith('diff releases'));
  assert.equal(diffs.length, 1, `${LOG}: the releases were diffed ${diffs.length} times`);
  // The generator's copy and the Markdown twins read one normalized document (lib/openapi/document.ts normalizedDocument).
  assert.deepEqual(byWork.get('normalize openapi/emissary.yaml')?.length, 1, `${LOG}: openapi/emissary.yaml was never normalized`);
  assert.ok((byWork.get('read normalize openapi/emissary.yaml') ?? []).length >= 1, `${LOG}: the twins did not read the normalized document`);
  // What the later processes used was read, not computed: the check above would see it otherwise.
  const readers = new Set(byWork.get('read parse openapi/emissary.yaml') ?? []);
  assert.ok(readers.size >= 1, `${LOG}: no later process read the parsed document`);
});

/**
 * OpenAI-only fields: both dataset checkers (the Python one, assembled, and the in-page one that the
 * MCP check_dataset tool shares) name each key of the rules' openai_only list as an OpenAI
 * fine-tuning field with the guide that converts it, on the same lines, instead of an unknown key.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assembleScript, SCRIPTS_ROOT } from '../../lib/guide-scripts/assemble';
import { checkDataset } from '../../lib/dataset-check/check';
import { RULES } from '../../lib/dataset-check/rules';

const SAMPLE = path.join(SCRIPTS_ROOT, 'data/openai_chat_train.jsonl');
let work = '';
let checker = '';

before(() => {
  work = mkdtempSync(path.join(tmpdir(), 'dataset-checker-openai-'));
  checker = path.join(work, 'check_dataset.py');
  writeFileSync(checker, assembleScript(path.join(SCRIPTS_ROOT, 'tools/check_dataset.py')).text);
});
after(() => rmSync(work, { recursive: true, force: true }));

/** `line severity kind` from each checker, sorted, with the message of each openai-field (values are shown differently). */
function both(file: string): { python: string[]; page: string[] } {
  const run = spawnSync('python3', [checker, file], { encoding: 'utf8' });
  const python = [...run.stdout.matchAll(/:(\d+): (error|warning): (.*) \[([a-z0-9-]+)\]$/gm)].map((m) => `${m[1]} ${m[2]} ${m[4]}: ${m[3]}`);
  const report = checkDataset(path.basename(file), readFileSync(file), { maxListed: Infinity });
  const page = report.problems.map((p) => `${p.line} ${p.severity} ${p.kind}: ${p.message}`);
  const cut = (p: string) => (/ openai-field: /.test(p) ? p : p.split(':')[0]);
  return { python: python.map(cut).sort(), page: page.map(cut).sort() };
}

test('each OpenAI-only key of the sample is named as OpenAI\'s, with the guide, by both checkers alike', () => {
  const { python, page } = both(SAMPLE);
  assert.deepEqual(page, python, 'the page and the Python checker differ');
  const named = page.filter((p) => / openai-field: /.test(p)).map((p) => `${p.split(' ')[0]} ${p.match(/`([a-z_]+)`/)![1]}`);
  assert.deepEqual(named.sort(), [
    '3 weight', '3 weight', '4 parallel_tool_calls', '4 tools', '5 tool_call_id', '5 tool_calls', '5 tools',
    '6 functions', '7 non_preferred_output', '7 preferred_output',
  ].sort());
  for (const line of page.filter((p) => / openai-field: /.test(p))) {
    assert.match(line, /is an OpenAI fine-tuning field; this API has no counterpart: see \/guides\/from-openai/);
  }
  // A key OpenAI's files do not define stays an unknown key.
  assert.ok(page.includes('8 warning extra-field'), page.join('\n'));
  assert.ok(RULES.problems['openai-field'].includes(RULES.openai_only.guide));
});

test('a key of the list is named on every layout and level where the layout has no such key', () => {
  const file = path.join(work, 'mixed.jsonl');
  writeFileSync(file, [
    JSON.stringify({ prompt: 'a', completion: 'b', weight: 1 }),
    JSON.stringify({ prompt: 'c', completion: 'd', note: 1 }),
  ].join('\n'));
  const { python, page } = both(file);
  assert.deepEqual(page, python);
  assert.deepEqual(page.map((p) => p.split(':')[0]), ['1 warning openai-field', '2 warning extra-field']);
});

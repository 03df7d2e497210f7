/**
 * /guides/from-openai: its converter (docs/_scripts/guides/from-openai.py and .sh, assembled) run alone
 * (EMISSARY_CONVERT_ONLY=1, no API call) on the sample file with each OpenAI-only field planted
 * (data/openai_chat_train.jsonl). Its report must name every dropped or changed row and field with
 * its line, its output must pass both dataset checkers with no warning, and a line it cannot
 * convert must stop it with status 1, naming the line, before it writes anything. Both languages
 * report the same lines and write the same rows.
 * scripts.test.ts runs the whole flow against the mock.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assembleScript, SCRIPTS_ROOT } from '../../lib/guide-scripts/assemble';
import { checkDataset } from '../../lib/dataset-check/check';
import { pickPython } from './support/run';

const SAMPLE = 'openai_chat_train.jsonl';
const OUTPUT = 'emissary_chat_train.jsonl';
const LANGUAGES = ['py', 'sh'] as const;
let work = '';
let python = '';

before(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'from-openai-'));
  python = pickPython();
  for (const ext of LANGUAGES) writeFileSync(path.join(work, `from-openai.${ext}`), assembleScript(path.join(SCRIPTS_ROOT, `guides/from-openai.${ext}`)).text);
  writeFileSync(path.join(work, 'check_dataset.py'), assembleScript(path.join(SCRIPTS_ROOT, 'tools/check_dataset.py')).text);
});
after(() => rmSync(work, { recursive: true, force: true }));

/** Runs the converter alone in a fresh folder; `input` replaces the sample when given. */
function convert(ext: (typeof LANGUAGES)[number], input?: string) {
  const dir = mkdtempSync(path.join(work, 'run-'));
  copyFileSync(path.join(work, `from-openai.${ext}`), path.join(dir, `from-openai.${ext}`));
  const env: NodeJS.ProcessEnv = { ...process.env, EMISSARY_API_KEY: 'unused', EMISSARY_CONVERT_ONLY: '1', EMISSARY_BASE_URL: 'http://127.0.0.1:9' };
  if (input !== undefined) {
    writeFileSync(path.join(dir, 'mine.jsonl'), input);
    env.EMISSARY_OPENAI_FILE = 'mine.jsonl';
  }
  const run = spawnSync(ext === 'py' ? python : 'bash', [`from-openai.${ext}`], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
  return { dir, status: run.status, out: run.stdout, err: run.stderr };
}

/** `line kind` for each report line of the converter: `<file>:<line>: <kind>: <text>`. */
const reported = (out: string, file: string) =>
  [...out.matchAll(new RegExp(`^${file.replace('.', '\\.')}:(\\d+): (changed|dropped field|dropped row): (.*)$`, 'gm'))].map((m) => `${m[1]} ${m[2]}: ${m[3]}`);

const runs = new Map<string, ReturnType<typeof convert>>();
/** One run per language on the sample, shared by the tests that only read it. */
const sampleRun = (ext: (typeof LANGUAGES)[number]) => runs.get(ext) ?? runs.set(ext, convert(ext)).get(ext)!;

for (const ext of LANGUAGES) test(`${ext}: the converter reports every OpenAI-only field of the sample with its line, and what it changed`, () => {
  const run = sampleRun(ext);
  assert.equal(run.status, 0, `${run.out}\n${run.err}`);
  const report = reported(run.out, SAMPLE);
  const expect: Array<[number, string, RegExp]> = [
    [3, 'dropped field', /messages\[2\]: `weight` 0: this reply may now be learned/],
    [3, 'dropped field', /messages\[4\]: `weight` 1/],
    [4, 'dropped field', /`tools`/],
    [4, 'dropped field', /`parallel_tool_calls`/],
    [5, 'dropped row', /messages\[2\] is a tool call/],
    [6, 'dropped field', /`functions`/],
    [7, 'changed', /DPO preference pair.*non_preferred_output is dropped/],
    [8, 'dropped row', /no assistant message/],
    [9, 'changed', /messages\[1\]: its 2 text parts are joined/],
  ];
  assert.equal(report.length, expect.length, `expected ${expect.length} report lines:\n${report.join('\n')}`);
  expect.forEach(([line, kind, text], i) => {
    assert.ok(report[i].startsWith(`${line} ${kind}: `) && text.test(report[i]), `report line ${i + 1}: expected line ${line}, ${kind}, ${text}; got "${report[i]}"`);
  });
  // Rows 1 and 2 carry over as they are.
  const sample = readFileSync(path.join(run.dir, SAMPLE), 'utf8').split('\n');
  const output = readFileSync(path.join(run.dir, OUTPUT), 'utf8').trimEnd().split('\n');
  assert.equal(output.length, 7, 'nine sample rows, two left out');
  assert.deepEqual(output.slice(0, 2).map((l) => JSON.parse(l)), sample.slice(0, 2).map((l) => JSON.parse(l)));
});

for (const ext of LANGUAGES) test(`${ext}: the converted file passes both dataset checkers with no error and no warning`, () => {
  const run = sampleRun(ext);
  const file = path.join(run.dir, OUTPUT);
  const page = checkDataset(OUTPUT, readFileSync(file), { task: 'text-generation', maxListed: Infinity });
  assert.equal(page.layout?.id, 'chat');
  assert.deepEqual(page.problems, []);
  const checked = spawnSync(python, [path.join(work, 'check_dataset.py'), file, '--task', 'text-generation'], { encoding: 'utf8' });
  assert.equal(checked.status, 0, checked.stdout);
  assert.match(checked.stdout, /checking as Text generation, chat messages/);
  assert.match(checked.stdout, /OK \(0 warning\(s\)\)/);
  // The sample itself is what the checkers name as OpenAI's: the converter is what clears it.
  const before = checkDataset(SAMPLE, readFileSync(path.join(run.dir, SAMPLE)), { maxListed: Infinity });
  assert.ok(before.problems.filter((p) => p.kind === 'openai-field').length >= 9, 'the sample plants the OpenAI-only fields');
});

for (const ext of LANGUAGES) test(`${ext}: a line it cannot convert stops it with status 1, naming the line, and nothing is written`, () => {
  const good = JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello.' }] });
  const cases: Array<[string, RegExp]> = [
    [`${good}\n{"messages": [\n`, /mine\.jsonl:2: not valid JSON/],
    [`${good}\n${JSON.stringify({ messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }] }, { role: 'assistant', content: 'A bike.' }] })}\n`, /mine\.jsonl:2: messages\[0\]: the content .* is not text/],
    [`${JSON.stringify({ prompt: 'a', completion: 'b' })}\n${good}\n`, /mine\.jsonl:1: no `messages` list/],
    [`${good}\n${JSON.stringify({ messages: [{ role: 'developer', content: 'Be brief.' }, { role: 'assistant', content: 'OK.' }] })}\n`, /mine\.jsonl:2: messages\[0\]: the role "developer"/],
    [`${good}\n${JSON.stringify({ input: { messages: [{ role: 'user', content: 'Hi' }] }, preferred_output: 'Hello.' })}\n`, /mine\.jsonl:2: a preference pair needs/],
  ];
  for (const [input, says] of cases) {
    const run = convert(ext, input);
    assert.equal(run.status, 1, `expected status 1 for:\n${input}\n${run.out}${run.err}`);
    assert.match(run.err, /cannot convert these lines, so nothing was written/);
    assert.match(run.err, says);
    assert.ok(!existsSync(path.join(run.dir, OUTPUT)), `${OUTPUT} was written for:\n${input}`);
  }
});

test('the Python and the shell converter report the same lines and write the same rows', () => {
  const [py, sh] = LANGUAGES.map(sampleRun);
  assert.deepEqual(reported(sh.out, SAMPLE), reported(py.out, SAMPLE));
  const rows = (dir: string) => readFileSync(path.join(dir, OUTPUT), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as unknown);
  assert.deepEqual(rows(sh.dir), rows(py.dir));
});

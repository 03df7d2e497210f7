/**
 * /fine-tuning/openai-sdk: its programs (docs/_scripts/tools/openai-deployment.{mjs,mts,py}, shown whole
 * on the page) run with the real `openai` packages (npm, and PyPI in a venv) against the Prism mock of
 * the document, which validates every request. The calls must reach the documented paths with the key
 * in X-API-Key, no Authorization header, the deployment's name as `model` and Emissary's own fields
 * sent. The TypeScript one must also compile under tsc --strict.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { SCRIPTS_ROOT } from '../../lib/guide-scripts/assemble';
import { startMock, type Mock } from './support/mock';
import { runProgram, scriptEnv, type Result } from './support/run';
import { openaiPython } from './support/openai-python';

const TOOLS = path.join(SCRIPTS_ROOT, 'tools');
const PROGRAM = path.join(TOOLS, 'openai-deployment.mjs');
const MODEL = 'plain-errors-20260301-091500';
let mock: Mock;

before(async () => {
  mock = await startMock();
});
after(async () => {
  await mock?.stop();
});

const run = (baseUrl: string, command = process.execPath, file = PROGRAM) =>
  runProgram(command, [file], {
    cwd: TOOLS,
    env: scriptEnv({ EMISSARY_BASE_URL: baseUrl, EMISSARY_API_KEY: 'test-key', EMISSARY_MODEL: MODEL, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }),
    timeoutMs: 60_000,
  });

test('the page shows the programs the tests run', () => {
  const page = readFileSync(path.join(SCRIPTS_ROOT, '../fine-tuning/openai-sdk.mdx'), 'utf8');
  for (const block of ['js script="tools/openai-deployment.mjs"', 'ts script="tools/openai-deployment.mts"', 'python script="tools/openai-deployment.py"']) {
    assert.ok(page.includes(`\`\`\`${block}`), `the page has no block ${block}`);
  }
});

/** Both calls reached the mock as documented, with Emissary's own fields in the bodies. */
function assertCalls(result: Result, from: number) {
  assert.equal(result.code, 0, `exit ${result.code}\n${result.stderr}\n${result.stdout}\n${mock.log().slice(-2000)}`);
  const calls = mock.calls.slice(from);
  assert.deepEqual(calls.map((c) => `${c.method} ${c.path} ${c.status}`), ['POST /v1/chat/completions 200', 'POST /v1/completions 200']);
  for (const call of calls) {
    assert.equal(call.headers['x-api-key'], 'test-key');
    assert.equal(call.headers.authorization, undefined, 'the SDK must not send the key as a Bearer token');
    assert.equal((call.request as { model?: string }).model, MODEL);
  }
  assert.equal((calls[0].request as Record<string, unknown>).top_k, 20);
  assert.equal((calls[1].request as Record<string, unknown>).max_completion_tokens, 64);
  assert.match(result.stdout, /^chat: .+/m);
  assert.match(result.stdout, /^completion: .+/m);
}

test('the OpenAI SDK for Node calls a deployment through the mock: chat completions and completions', async () => {
  const from = mock.calls.length;
  assertCalls(await run(mock.baseUrl), from);
});

test('the TypeScript program runs on Node as it is, through the mock', async () => {
  const from = mock.calls.length;
  assertCalls(await run(mock.baseUrl, process.execPath, path.join(TOOLS, 'openai-deployment.mts')), from);
});

test('the TypeScript program compiles under tsc --strict with the openai package\'s own types', async () => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const args = [tsc, '--strict', '--noEmit', '--skipLibCheck', '--module', 'nodenext', '--target', 'es2022', '--types', 'node', 'openai-deployment.mts'];
  const result = await runProgram(process.execPath, args, { cwd: TOOLS, env: process.env, timeoutMs: 120_000 });
  assert.equal(result.code, 0, `tsc --strict failed:\n${result.stdout}${result.stderr}`);
});

test('the OpenAI SDK for Python calls a deployment through the mock: chat completions and completions', async () => {
  const python = openaiPython();
  const from = mock.calls.length;
  assertCalls(await run(mock.baseUrl, python, path.join(TOOLS, 'openai-deployment.py')), from);
});

test('without /v1 in baseURL the calls miss the API, and the program fails', async () => {
  const from = mock.calls.length;
  // The SDK builds paths from baseURL: a base without /v1 asks for /chat/completions.
  const result = await runProgram(process.execPath, ['--input-type=module', '-e', readFileSync(PROGRAM, 'utf8').replace("}/v1`", '}`')], {
    cwd: TOOLS,
    env: scriptEnv({ EMISSARY_BASE_URL: mock.baseUrl, EMISSARY_API_KEY: 'test-key', EMISSARY_MODEL: MODEL, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }),
    timeoutMs: 60_000,
  });
  assert.notEqual(result.code, 0);
  assert.equal(mock.calls.slice(from)[0]?.path, '/chat/completions');
});

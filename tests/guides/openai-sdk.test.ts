/**
 * /fine-tuning/openai-sdk: its program (docs/_scripts/tools/openai-deployment.mjs, shown whole on the
 * page) runs with the real `openai` npm package against the Prism mock of the document, which
 * validates every request. The calls must reach the documented paths with the key in X-API-Key,
 * no Authorization header, and the deployment's name as `model`.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { SCRIPTS_ROOT } from '../../lib/guide-scripts/assemble';
import { startMock, type Mock } from './support/mock';
import { runProgram, scriptEnv } from './support/run';

const PROGRAM = path.join(SCRIPTS_ROOT, 'tools/openai-deployment.mjs');
const MODEL = 'plain-errors-20260301-091500';
let mock: Mock;

before(async () => {
  mock = await startMock();
});
after(async () => {
  await mock?.stop();
});

const run = (baseUrl: string) =>
  runProgram(process.execPath, [PROGRAM], {
    cwd: path.dirname(PROGRAM),
    env: scriptEnv({ EMISSARY_BASE_URL: baseUrl, EMISSARY_API_KEY: 'test-key', EMISSARY_MODEL: MODEL, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }),
    timeoutMs: 60_000,
  });

test('the page shows the program the test runs', () => {
  const page = readFileSync(path.join(SCRIPTS_ROOT, '../fine-tuning/openai-sdk.mdx'), 'utf8');
  assert.match(page, /```js script="tools\/openai-deployment\.mjs"/);
});

test('the OpenAI SDK calls a deployment through the mock: chat completions and completions', async () => {
  const from = mock.calls.length;
  const result = await run(mock.baseUrl);
  assert.equal(result.code, 0, `exit ${result.code}\n${result.stderr}\n${result.stdout}\n${mock.log().slice(-2000)}`);
  const calls = mock.calls.slice(from);
  assert.deepEqual(calls.map((c) => `${c.method} ${c.path} ${c.status}`), ['POST /v1/chat/completions 200', 'POST /v1/completions 200']);
  for (const call of calls) {
    assert.equal(call.headers['x-api-key'], 'test-key');
    assert.equal(call.headers.authorization, undefined, 'the SDK must not send the key as a Bearer token');
    assert.equal((call.request as { model?: string }).model, MODEL);
  }
  assert.equal((calls[1].request as Record<string, unknown>).max_completion_tokens, 64);
  assert.match(result.stdout, /^chat: .+/m);
  assert.match(result.stdout, /^completion: .+/m);
});

test('without /v1 in baseURL the calls miss the API, and the program fails', async () => {
  const from = mock.calls.length;
  // The SDK builds paths from baseURL: a base without /v1 asks for /chat/completions.
  const result = await runProgram(process.execPath, ['--input-type=module', '-e', readFileSync(PROGRAM, 'utf8').replace("}/v1`", '}`')], {
    cwd: path.dirname(PROGRAM),
    env: scriptEnv({ EMISSARY_BASE_URL: mock.baseUrl, EMISSARY_API_KEY: 'test-key', EMISSARY_MODEL: MODEL, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }),
    timeoutMs: 60_000,
  });
  assert.notEqual(result.code, 0);
  assert.equal(mock.calls.slice(from)[0]?.path, '/chat/completions');
});

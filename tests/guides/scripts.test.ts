/**
 * Every guide script, Python and shell, runs end to end against a Prism mock of the OpenAPI
 * document, as CI runs them: assembled, in a fresh empty folder, with short poll delays. A test
 * fails naming the page, the language and the last `==>` step when a call is rejected (Prism
 * validates every request), a step errors, or a wait passes its deadline, and when a flow trains on a
 * dataset it has not read back with `is_uploaded: true` since uploading it (support/uploads.ts).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assembleScript, listScripts, SCRIPTS_ROOT } from '../../lib/guide-scripts/assemble';
import { startMock, type Mock } from './support/mock';
import { runGuide } from './support/run';
import { trainsBeforeUpload } from './support/uploads';

// Tools (tools/*, e.g. the dataset checker) take arguments: tests/unit runs the checker, openai-sdk.test.ts the OpenAI SDK program.
// GUIDE_SCRIPTS_ROOT runs another folder laid out like docs/_scripts (to see this test fail on purpose).
const ROOT = process.env.GUIDE_SCRIPTS_ROOT ?? SCRIPTS_ROOT;
const SCRIPTS = listScripts(ROOT).filter((s) => !s.tool);
const LANGUAGE = { py: 'Python', sh: 'shell' } as const;
let mock: Mock;

before(async () => {
  mock = await startMock();
});
after(async () => {
  await mock?.stop();
});

test('there are guide scripts to run', () => {
  assert.ok(SCRIPTS.length >= 2, `only ${SCRIPTS.length} scripts found under docs/_scripts`);
});

for (const script of SCRIPTS) {
  const name = `${script.page} (${LANGUAGE[script.language]})`;
  test(name, async () => {
    const from = mock.calls.length;
    const run = await runGuide(script.language, assembleScript(script.file, ROOT).text, {
      label: name,
      baseUrl: mock.baseUrl,
      log: mock.log,
    });
    assert.ok(!run.failure, run.failure);
    assert.deepEqual(trainsBeforeUpload(mock.calls.slice(from)), [], `${name} trains on a dataset it has not seen uploaded`);
  });
}

test('the upload check fails on a flow that trains straight after uploading, and passes once it waits', async () => {
  const flow = (wait: boolean) => [
    'import json, os, sys, urllib.request',
    'base, key = os.environ["EMISSARY_BASE_URL"], os.environ["EMISSARY_API_KEY"]',
    'def call(method, path, body=None, content_type="application/json"):',
    '    req = urllib.request.Request(base + path, data=body, method=method, headers={"X-API-Key": key, **({"Content-Type": content_type} if body else {})})',
    '    return json.load(urllib.request.urlopen(req))',
    'print("==> upload, then train", file=sys.stderr)',
    'form = b"--b\\r\\nContent-Disposition: form-data; name=\\"file\\"; filename=\\"t.jsonl\\"\\r\\nContent-Type: application/octet-stream\\r\\n\\r\\n{}\\r\\n--b--\\r\\n"',
    'ds = call("POST", "/v1/projects/ms-1/datasets", form, "multipart/form-data; boundary=b")',
    ...(wait ? ['call("GET", "/v1/projects/ms-1/datasets/" + ds["id"])'] : []),
    'call("POST", "/v1/projects/ms-1/training-jobs", json.dumps({"base_model": "m", "train_dataset_id": ds["id"]}).encode())',
  ].join('\n');
  for (const wait of [false, true]) {
    const from = mock.calls.length;
    const run = await runGuide('py', flow(wait), { label: `upload flow (wait: ${wait})`, baseUrl: mock.baseUrl, log: mock.log });
    assert.ok(!run.failure, run.failure);
    const problems = trainsBeforeUpload(mock.calls.slice(from));
    if (wait) assert.deepEqual(problems, []);
    else assert.match(problems.join('\n'), /train_dataset_id .* before the run read it back/);
  }
});

test('the training-input probe sends its three requests for each of the first rows, not only the first', async () => {
  for (const script of SCRIPTS.filter((s) => s.page === 'fine-tuning/training-input')) {
    const from = mock.calls.length;
    const run = await runGuide(script.language, assembleScript(script.file, ROOT).text, {
      label: `${script.page} (${LANGUAGE[script.language]}) with EMISSARY_ROWS=2`,
      baseUrl: mock.baseUrl,
      env: { EMISSARY_ROWS: '2' },
      log: mock.log,
    });
    assert.ok(!run.failure, run.failure);
    const prompts = mock.calls.slice(from).map((c) => (c.request as { prompt?: string; messages?: { content: string }[] }))
      .map((body) => body.prompt ?? body.messages?.[0].content);
    // The quickstart's first two rows: each prompt in full twice (Completions, Chat), then each half.
    assert.equal(prompts.length, 6, `${script.language}: ${prompts.length} requests`);
    assert.equal(new Set(prompts.slice(0, 4)).size, 2, `${script.language}: the first four requests must carry two different prompts`);
  }
});

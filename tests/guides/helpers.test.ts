/**
 * The shared helpers every guide script inlines (docs/_scripts/_shared/helpers.py and .sh), tested
 * against a small HTTP server in this process: a call that succeeds returns the body, a non-2xx
 * reply stops with the step and the body, a wait backs off and gives up past its deadline.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assembleText, SCRIPTS_ROOT } from '../../lib/guide-scripts/assemble';
import { pickPython, runProgram, scriptEnv, type Result } from './support/run';

/* ---- the server: each test sets what a path answers and reads what it received ---- */

interface Seen {
  method: string;
  path: string;
  key: string | undefined;
  body: string;
  at: number;
}
/** `hang` leaves the request unanswered (the client's time-out must end it). */
type Answer = (hit: number) => { status: number; body?: unknown; headers?: Record<string, string>; hang?: boolean };
const routes = new Map<string, Answer>();
let seen: Seen[] = [];
let server: http.Server;
let baseUrl = '';
let work = '';
let python = '';

before(async () => {
  python = pickPython();
  work = mkdtempSync(path.join(os.tmpdir(), 'emissary-helpers-'));
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const key = `${req.method} ${req.url}`;
      seen.push({ method: req.method!, path: req.url!, key: req.headers['x-api-key'] as string | undefined, body, at: Date.now() });
      const answer = routes.get(key);
      const hits = seen.filter((s) => `${s.method} ${s.path}` === key).length;
      const reply = answer ? answer(hits) : { status: 404, body: { status: 404, error: `no route ${key}`, code: 'object_not_found' } };
      if (reply.hang) return;
      if (reply.body === undefined) {
        res.writeHead(reply.status, reply.headers).end();
      } else {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(work, { recursive: true, force: true });
});

function reset(table: Record<string, Answer>) {
  routes.clear();
  seen = [];
  for (const [k, v] of Object.entries(table)) routes.set(k, v);
}

/** Runs `body` after the helpers of `language`, assembled as the guide scripts are. */
async function runWithHelpers(language: 'py' | 'sh', body: string, env: Record<string, string> = {}): Promise<Result> {
  const source = `# @include helpers\n${body}\n`;
  const file = path.join(work, `t.${language}`);
  writeFileSync(file, assembleText(source, file, process.env.GUIDE_SCRIPTS_ROOT ?? SCRIPTS_ROOT).text);
  return runProgram(language === 'py' ? python : 'bash', [file], {
    cwd: work,
    env: scriptEnv({ EMISSARY_API_KEY: 'k-123', EMISSARY_BASE_URL: `${baseUrl}/`, PYTHONUNBUFFERED: '1', ...env }),
    timeoutMs: 30_000,
  });
}

const describe = (r: Result) => `exit ${r.code}\n--- stdout ---\n${r.stdout}\n--- stderr ---\n${r.stderr}`;
const gaps = (hits: Seen[]) => hits.slice(1).map((h, i) => (h.at - hits[i].at) / 1000);

/**
 * A wait backs off: the pauses the helper announces ("next check in X s") grow to more than 2.5
 * times the first within four polls, and each real gap between two polls lasts at least the pause
 * announced before it. Real gaps alone also carry the cost of starting curl, jq or Python, which a
 * busy machine (the stages run side by side) adds to every gap and which hides the growth.
 */
function assertBacksOff(stderr: string, hits: Seen[]) {
  const pauses = [...stderr.matchAll(/next check in ([\d.]+) s/g)].map((m) => Number(m[1]));
  assert.ok(pauses.length >= 3, `only ${pauses.length} pauses announced:\n${stderr}`);
  const first = pauses.slice(0, 4);
  assert.ok(Math.max(...first) > 2.5 * first[0], `waits do not grow: ${pauses.join(', ')}`);
  const real = gaps(hits);
  // The announced pause is rounded to 0.1 s (Python) or 0.01 s (shell).
  pauses.forEach((pause, i) => assert.ok(real[i] >= pause - 0.05, `the wait announced as ${pause} s lasted ${real[i]} s (gaps: ${real.join(', ')})`));
}

/* ---- Python ---- */

test('Python api: sends the key, strips the trailing slash, returns parsed JSON or None', async () => {
  reset({
    'POST /v1/projects': () => ({ status: 201, body: { id: 'ms-a', name: 'x' } }),
    'DELETE /v1/projects/ms-a': () => ({ status: 204 }),
  });
  const r = await runWithHelpers(
    'py',
    `import json
def main():
    step("Create")
    print(json.dumps(api("POST", "/v1/projects", json={"name": "x"})))
    print(json.dumps(api("DELETE", "/v1/projects/ms-a")))
run(main)`,
  );
  assert.equal(r.code, 0, describe(r));
  assert.deepEqual(r.stdout.trim().split('\n').map((l) => JSON.parse(l)), [{ id: 'ms-a', name: 'x' }, null]);
  assert.match(r.stderr, /^==> Create$/m);
  assert.deepEqual(seen.map((s) => [s.method, s.path, s.key]), [
    ['POST', '/v1/projects', 'k-123'],
    ['DELETE', '/v1/projects/ms-a', 'k-123'],
  ]);
  assert.deepEqual(JSON.parse(seen[0].body), { name: 'x' });
});

test('Python api: a non-2xx reply raises ApiError with the step and body; run exits 1 printing both', async () => {
  reset({ 'GET /v1/projects/ms-x': () => ({ status: 404, body: { status: 404, error: 'gone', code: 'object_not_found' } }) });
  const caught = await runWithHelpers(
    'py',
    `step("Find the project")
try:
    api("GET", "/v1/projects/ms-x")
except ApiError as e:
    print(e.step, e.method, e.path, e.status, e.body, sep="|")`,
  );
  assert.equal(caught.code, 0, describe(caught));
  assert.equal(caught.stdout.trim(), 'Find the project|GET|/v1/projects/ms-x|404|{"status":404,"error":"gone","code":"object_not_found"}');

  const r = await runWithHelpers('py', `def main():\n    step("Find the project")\n    api("GET", "/v1/projects/ms-x")\n    print("not reached")\nrun(main)`);
  assert.equal(r.code, 1, describe(r));
  assert.doesNotMatch(r.stdout, /not reached/);
  assert.match(r.stderr, /GET \/v1\/projects\/ms-x failed \(HTTP 404\) in step 'Find the project'/);
  assert.match(r.stderr, /object_not_found/);
});

test('Python api: no server at all is an ApiError too (exit 1, no traceback)', async () => {
  const r = await runWithHelpers('py', `def main():\n    step("Call")\n    api("GET", "/v1/projects")\nrun(main)`, {
    EMISSARY_BASE_URL: 'http://127.0.0.1:9',
    EMISSARY_RETRIES: '2',
  });
  assert.equal(r.code, 1, describe(r));
  assert.match(r.stderr, /GET \/v1\/projects failed \(no reply\) in step 'Call'/);
  assert.doesNotMatch(r.stderr, /Traceback/);
});

for (const [lang, label, script] of [['py', 'Python', 'print("not reached")'], ['sh', 'shell', 'echo "not reached"']] as const) {
  test(`${label}: no EMISSARY_API_KEY exits 2 with a clear message`, async () => {
    const r = await runWithHelpers(lang, script, { EMISSARY_API_KEY: '' });
    assert.equal(r.code, 2, describe(r));
    assert.match(r.stderr, /EMISSARY_API_KEY is not set/);
  });
}

test('Python wait_for: polls until done and returns the last body', async () => {
  reset({ 'GET /job': (hit) => ({ status: 200, body: { status: hit < 3 ? 'Running' : 'Success' } }) });
  const r = await runWithHelpers(
    'py',
    `def main():\n    step("Wait")\n    print(wait_for("/job", done=lambda j: j["status"] == "Success", what="the job")["status"])\nrun(main)`,
    { EMISSARY_POLL_INTERVAL: '0.05' },
  );
  assert.equal(r.code, 0, describe(r));
  assert.equal(r.stdout.trim(), 'Success');
  assert.equal(seen.length, 3);
});

test('Python wait_for: backs off, and past the deadline raises TimeoutError naming what and the step', async () => {
  reset({ 'GET /job': () => ({ status: 200, body: { status: 'Running' } }) });
  const r = await runWithHelpers(
    'py',
    `def main():\n    step("Wait for training")\n    wait_for("/job", done=lambda j: False, what="training job tr-x", deadline_s=2.4)\nrun(main)`,
    { EMISSARY_POLL_INTERVAL: '0.1' },
  );
  assert.equal(r.code, 1, describe(r));
  assert.match(r.stderr, /training job tr-x was not ready after 2\.4 s in step 'Wait for training'/);
  const elapsed = (seen.at(-1)!.at - seen[0].at) / 1000;
  assert.ok(elapsed >= 2.3 && elapsed < 5, `gave up after ${elapsed} s, deadline 2.4 s`);
  // A fixed 0.1 s interval would poll ~24 times; doubling polls 5 or 6 times.
  assert.ok(seen.length <= 8, `polled ${seen.length} times in 2.4 s: no backoff`);
  // Waits of about 0.1, 0.2, 0.4, 0.8 s (the last one is cut short by the deadline).
  assertBacksOff(r.stderr, seen);
});

test('Python wait_for: EMISSARY_POLL_DEADLINE applies, and failed() stops the wait', async () => {
  reset({ 'GET /job': () => ({ status: 200, body: { status: 'Running' } }) });
  const timeout = await runWithHelpers(
    'py',
    `def main():\n    step("Wait")\n    wait_for("/job", done=lambda j: False, what="the job")\nrun(main)`,
    { EMISSARY_POLL_INTERVAL: '0.05', EMISSARY_POLL_DEADLINE: '0.4' },
  );
  assert.equal(timeout.code, 1, describe(timeout));
  assert.match(timeout.stderr, /the job was not ready after 0\.4 s/);

  reset({ 'GET /job': () => ({ status: 200, body: { status: 'Failed' } }) });
  const failed = await runWithHelpers(
    'py',
    `def main():\n    step("Wait")\n    wait_for("/job", done=lambda j: False, failed=lambda j: j["status"] == "Failed", what="the job")\nrun(main)`,
    { EMISSARY_POLL_INTERVAL: '0.05' },
  );
  assert.equal(failed.code, 1, describe(failed));
  assert.match(failed.stderr, /the job failed in step 'Wait'/);
  assert.match(failed.stderr, /Failed/);
  assert.equal(seen.length, 1);
});

/* ---- shell ---- */

test('shell api: sends the key, strips the trailing slash, prints the body', async () => {
  reset({ 'POST /v1/projects': () => ({ status: 201, body: { id: 'ms-a' } }), 'DELETE /v1/projects/ms-a': () => ({ status: 204 }) });
  const r = await runWithHelpers(
    'sh',
    `step "Create"
project="$(api POST /v1/projects --header 'Content-Type: application/json' --data '{"name": "x"}')"
jq -r .id <<<"$project"
api DELETE /v1/projects/ms-a
echo "done"`,
  );
  assert.equal(r.code, 0, describe(r));
  assert.equal(r.stdout.trim(), 'ms-a\ndone');
  assert.deepEqual(seen.map((s) => [s.method, s.path, s.key]), [
    ['POST', '/v1/projects', 'k-123'],
    ['DELETE', '/v1/projects/ms-a', 'k-123'],
  ]);
});

test('shell api: a non-2xx reply exits 1 with the step, request, status and body (also inside $(...))', async () => {
  reset({ 'GET /v1/projects/ms-x': () => ({ status: 404, body: { status: 404, error: 'gone', code: 'object_not_found' } }) });
  const r = await runWithHelpers('sh', `step "Find the project"\nproject="$(api GET /v1/projects/ms-x)"\necho "not reached"`);
  assert.equal(r.code, 1, describe(r));
  assert.doesNotMatch(r.stdout, /not reached/);
  assert.match(r.stderr, /GET \/v1\/projects\/ms-x failed \(HTTP 404\) in step 'Find the project'/);
  assert.match(r.stderr, /object_not_found/);
});

test('shell api: no server at all exits 1 naming the step', async () => {
  const r = await runWithHelpers('sh', `step "Call"\napi GET /v1/projects\necho "not reached"`, { EMISSARY_BASE_URL: 'http://127.0.0.1:9', EMISSARY_RETRIES: '2' });
  assert.equal(r.code, 1, describe(r));
  assert.match(r.stderr, /GET \/v1\/projects failed \(no reply\) in step 'Call'/);
});

test('shell wait_for: polls until the jq filter is true and prints the last body', async () => {
  reset({ 'GET /job': (hit) => ({ status: 200, body: { status: hit < 3 ? 'Running' : 'Success' } }) });
  const r = await runWithHelpers('sh', `step "Wait"\nwait_for /job '.status == "Success"' "the job" | jq -r .status`, {
    EMISSARY_POLL_INTERVAL: '0.05',
  });
  assert.equal(r.code, 0, describe(r));
  assert.equal(r.stdout.trim(), 'Success');
  assert.equal(seen.length, 3);
});

test('shell wait_for: backs off, and past the deadline exits 1 naming what and the step', async () => {
  reset({ 'GET /job': () => ({ status: 200, body: { status: 'Running' } }) });
  const r = await runWithHelpers('sh', `step "Wait for training"\nwait_for /job '.status == "Success"' "training job tr-x" 5\necho "not reached"`, {
    EMISSARY_POLL_INTERVAL: '0.2',
  });
  assert.equal(r.code, 1, describe(r));
  assert.doesNotMatch(r.stdout, /not reached/);
  assert.match(r.stderr, /training job tr-x was not ready after 5 s in step 'Wait for training'/);
  const elapsed = (seen.at(-1)!.at - seen[0].at) / 1000;
  // Whole seconds (bash's SECONDS): the wait gives up between 4 and 5 s after it starts, give or take a poll.
  assert.ok(elapsed >= 3.9 && elapsed < 8, `gave up after ${elapsed} s, deadline 5 s`);
  // A fixed 0.2 s interval would poll ~25 times; doubling polls 5 or 6 times.
  assert.ok(seen.length <= 9, `polled ${seen.length} times: no backoff`);
  // Waits of about 0.2, 0.4, 0.8, 1.6 s.
  assertBacksOff(r.stderr, seen);
});

test('shell wait_for: EMISSARY_POLL_DEADLINE applies, and the failed filter stops the wait', async () => {
  reset({ 'GET /job': () => ({ status: 200, body: { status: 'Running' } }) });
  const timeout = await runWithHelpers('sh', `step "Wait"\nwait_for /job '.status == "Success"' "the job"`, {
    EMISSARY_POLL_INTERVAL: '0.05',
    EMISSARY_POLL_DEADLINE: '1',
  });
  assert.equal(timeout.code, 1, describe(timeout));
  assert.match(timeout.stderr, /the job was not ready after 1 s/);

  reset({ 'GET /job': () => ({ status: 200, body: { status: 'Failed' } }) });
  const failed = await runWithHelpers('sh', `step "Wait"\nwait_for /job '.status == "Success"' "the job" "" '.status == "Failed"'`, {
    EMISSARY_POLL_INTERVAL: '0.05',
  });
  assert.equal(failed.code, 1, describe(failed));
  assert.match(failed.stderr, /the job failed in step 'Wait'/);
  assert.equal(seen.length, 1);
});

/* ---- retries and time-outs, as /fine-tuning/limits#retries says (both languages) ---- */

/** One call in each language: `call` is [method, path, JSON body or undefined]. */
const CALL = {
  py: (method: string, path: string, body?: object) =>
    `import json\ndef main():\n    step("Call")\n    print(json.dumps(api(${JSON.stringify(method)}, ${JSON.stringify(path)}${body ? `, json=json.loads(${JSON.stringify(JSON.stringify(body))})` : ''})))\nrun(main)`,
  sh: (method: string, path: string, body?: object) =>
    `step "Call"\napi ${method} ${path}${body ? ` --header 'Content-Type: application/json' --data '${JSON.stringify(body)}'` : ''}\necho`,
};
const STATUS_ANSWERS = (...statuses: number[]): Answer => (hit) => {
  const status = statuses[hit - 1] ?? 200;
  return status === 429
    ? { status, body: { status, error: 'slow down' }, headers: { 'retry-after': '1' } }
    : { status, body: status === 200 ? { ok: hit } : { status, error: 'injected' } };
};

for (const language of ['py', 'sh'] as const) {
  const name = language === 'py' ? 'Python' : 'shell';

  test(`${name} api: a read is retried after 502 and 429, waiting at least Retry-After`, async () => {
    reset({ 'GET /v1/projects': STATUS_ANSWERS(502, 429) });
    const r = await runWithHelpers(language, CALL[language]('GET', '/v1/projects'));
    assert.equal(r.code, 0, describe(r));
    assert.deepEqual(JSON.parse(r.stdout), { ok: 3 });
    assert.equal(seen.length, 3);
    const [, afterLimit] = gaps(seen);
    assert.ok(afterLimit >= 0.95, `retried ${afterLimit} s after a 429 with Retry-After: 1`);
    assert.match(r.stderr, /HTTP 502; try 2 of 5/);
  });

  test(`${name} api: a read that never answers times out after EMISSARY_TIMEOUT and is retried`, async () => {
    reset({ 'GET /v1/projects': (hit) => (hit === 1 ? { status: 0, hang: true } : { status: 200, body: { ok: hit } }) });
    const r = await runWithHelpers(language, CALL[language]('GET', '/v1/projects'), { EMISSARY_TIMEOUT: '1' });
    assert.equal(r.code, 0, describe(r));
    assert.equal(seen.length, 2);
    assert.ok(r.ms < 10_000, `took ${r.ms} ms`);
  });

  test(`${name} api: inference waits EMISSARY_INFERENCE_TIMEOUT, not EMISSARY_TIMEOUT (a cold model loads first)`, async () => {
    reset({ 'POST /v1/completions': () => ({ status: 0, hang: true }) });
    const env = { EMISSARY_TIMEOUT: '1', EMISSARY_INFERENCE_TIMEOUT: '3', EMISSARY_RETRIES: '1' };
    const r = await runWithHelpers(language, CALL[language]('POST', '/v1/completions', { model: 'm', prompt: 'p' }), env);
    assert.equal(r.code, 1, describe(r));
    assert.equal(seen.length, 1);
    assert.ok(r.ms >= 2900, `gave up after ${r.ms} ms, before the 3 s inference time-out`);
  });

  test(`${name} api: inference is retried; a read gives up after EMISSARY_RETRIES attempts`, async () => {
    reset({ 'POST /v1/completions': STATUS_ANSWERS(503) });
    const inference = await runWithHelpers(language, CALL[language]('POST', '/v1/completions', { model: 'm', prompt: 'p' }));
    assert.equal(inference.code, 0, describe(inference));
    assert.equal(seen.length, 2);

    reset({ 'GET /v1/projects': STATUS_ANSWERS(503, 503, 503, 503) });
    const gaveUp = await runWithHelpers(language, CALL[language]('GET', '/v1/projects'), { EMISSARY_RETRIES: '3' });
    assert.equal(gaveUp.code, 1, describe(gaveUp));
    assert.equal(seen.length, 3);
    assert.match(gaveUp.stderr, /GET \/v1\/projects failed \(HTTP 503\) in step 'Call'/);
  });

  test(`${name} api: a create is sent once, on 502, 429 and no answer, and the error says it may have worked`, async () => {
    for (const [answer, pattern] of [
      [STATUS_ANSWERS(502), /failed \(HTTP 502\)[\s\S]*may still have worked/],
      [STATUS_ANSWERS(429), /failed \(HTTP 429\)/],
      [() => ({ status: 0, hang: true }), /failed \(no reply\)[\s\S]*may still have worked/],
    ] as const) {
      reset({ 'POST /v1/projects': answer });
      const r = await runWithHelpers(language, CALL[language]('POST', '/v1/projects', { name: 'x' }), { EMISSARY_TIMEOUT: '1' });
      assert.equal(r.code, 1, describe(r));
      assert.equal(seen.length, 1, `a create reached the server ${seen.length} times\n${describe(r)}`);
      assert.match(r.stderr, pattern, describe(r));
    }
  });
}

/* ---- pick_checkpoint: the checkpoint choice the guides share ---- */

// Scores arrive as strings; the keying of aggregated_test_result is not documented.
const CHECKPOINTS = {
  named: [
    { checkpoint: 1, test_results: { aggregated_test_result: { f1: '0.61', other: '0.99' } } },
    { checkpoint: 2, test_results: { aggregated_test_result: { f1: '0.74', other: '0.10' } } },
    { checkpoint: 3, test_results: { aggregated_test_result: { f1: '0.70' } } },
  ],
  onlyEntry: [
    { checkpoint: 1, test_results: { aggregated_test_result: { 'f1 (mean)': '0.9' } } },
    { checkpoint: 2, test_results: { aggregated_test_result: { 'f1 (mean)': '0.4' } } },
  ],
  noScore: [
    { checkpoint: 1, test_results: null },
    { checkpoint: 2, test_results: { aggregated_test_result: { a: 'n/a', b: '1' } } },
  ],
  none: [],
};
const EXPECTED: Record<keyof typeof CHECKPOINTS, string | null> = { named: '2', onlyEntry: '1', noScore: '2', none: null };

/** A program that prints pick_checkpoint's answer for `checkpoints` and metric "f1". */
const PROGRAMS = {
  // JSON's string escapes are valid in Python string literals too.
  py: (checkpoints: string) => `import json\nrun(lambda: print(pick_checkpoint(json.loads(${JSON.stringify(checkpoints)}), "f1")))`,
  sh: (checkpoints: string) => `pick_checkpoint f1 <<<${JSON.stringify(checkpoints).replace(/\$/g, '\\$')}`,
};

for (const language of ['py', 'sh'] as const) {
  const name = language === 'py' ? 'Python' : 'shell';
  test(`${name} pick_checkpoint: the named score, else the only entry, else the last checkpoint; none is an error`, async () => {
    for (const [kind, checkpoints] of Object.entries(CHECKPOINTS) as [keyof typeof CHECKPOINTS, unknown][]) {
      const r = await runWithHelpers(language, PROGRAMS[language](JSON.stringify(checkpoints)));
      const expected = EXPECTED[kind];
      if (expected === null) {
        assert.equal(r.code, 1, `${kind}: ${describe(r)}`);
        assert.match(r.stderr, /without any checkpoint/, `${kind}: ${describe(r)}`);
      } else {
        assert.equal(r.code, 0, `${kind}: ${describe(r)}`);
        assert.equal(r.stdout.trim(), expected, `${kind}: ${describe(r)}`);
      }
      if (kind === 'noScore') assert.match(r.stderr, /no score found: using the last checkpoint, 2/, describe(r));
    }
  });
}

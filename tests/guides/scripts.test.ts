/**
 * Every guide script, Python and shell, runs end to end against a Prism mock of the OpenAPI
 * document, as CI runs them: assembled, in a fresh empty folder, with short poll delays. A test
 * fails naming the page, the language and the last `==>` step when a call is rejected (Prism
 * validates every request), a step errors, or a wait passes its deadline.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assembleScript, listScripts, SCRIPTS_ROOT } from '../../plugins/guide-scripts/assemble';
import { startMock, type Mock } from './support/mock';
import { lastStep, pickPython, runProgram, scriptEnv } from './support/run';

// Tools (tools/*, e.g. the dataset checker) take arguments and call no API: tests/unit runs them.
// GUIDE_SCRIPTS_ROOT runs another folder laid out like docs/_scripts (to see this test fail on purpose).
const ROOT = process.env.GUIDE_SCRIPTS_ROOT ?? SCRIPTS_ROOT;
const SCRIPTS = listScripts(ROOT).filter((s) => !s.tool);
const LANGUAGE = { py: 'Python', sh: 'shell' } as const;
let mock: Mock;
let python: string;

before(async () => {
  python = pickPython();
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
    const home = mkdtempSync(path.join(os.tmpdir(), 'emissary-guide-'));
    const work = path.join(home, 'work');
    const file = path.join(home, `script.${script.language}`);
    try {
      writeFileSync(file, assembleScript(script.file, ROOT).text);
      // The folder the script runs in starts empty: it must write its own sample data.
      mkdirSync(work);
      const result = await runProgram(script.language === 'py' ? python : 'bash', [file], {
        cwd: work,
        env: scriptEnv({
          EMISSARY_BASE_URL: mock.baseUrl,
          EMISSARY_API_KEY: 'test',
          // The deployment that /fine-tuning/training-input's probe asks; the mock answers any name.
          EMISSARY_MODEL: 'plain-errors-test',
          EMISSARY_POLL_INTERVAL: '0.1',
          EMISSARY_POLL_DEADLINE: '20',
          PYTHONUNBUFFERED: '1',
        }),
        timeoutMs: 180_000,
      });
      const step = lastStep(result.stderr) ?? '(no step started)';
      const why = result.timedOut
        ? 'did not finish within 180 s'
        : `exited with ${result.code ?? result.signal}`;
      assert.ok(
        result.code === 0 && !result.timedOut,
        `${name} ${why} in step "${step}"\n--- stderr ---\n${result.stderr.slice(-6000)}` +
          `\n--- stdout (end) ---\n${result.stdout.slice(-1500)}\n--- Prism (end) ---\n${mock.log().slice(-1500)}`,
      );
      assert.ok(lastStep(result.stderr), `${name} printed no "==> " step line\n${result.stderr}`);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
}

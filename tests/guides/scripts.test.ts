/**
 * Every guide script, Python and shell, runs end to end against a Prism mock of the OpenAPI
 * document, as CI runs them: assembled, in a fresh empty folder, with short poll delays. A test
 * fails naming the page, the language and the last `==>` step when a call is rejected (Prism
 * validates every request), a step errors, or a wait passes its deadline.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assembleScript, listScripts, SCRIPTS_ROOT } from '../../plugins/guide-scripts/assemble';
import { startMock, type Mock } from './support/mock';
import { runGuide } from './support/run';

// Tools (tools/*, e.g. the dataset checker) take arguments and call no API: tests/unit runs them.
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
    const run = await runGuide(script.language, assembleScript(script.file, ROOT).text, {
      label: name,
      baseUrl: mock.baseUrl,
      log: mock.log,
    });
    assert.ok(!run.failure, run.failure);
  });
}

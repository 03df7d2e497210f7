/**
 * The guide scripts under faults, as the Limits page (/fine-tuning/limits#retries) tells readers to
 * handle them: each script runs against the mock through a proxy (support/faults.ts) that answers
 * its first read with 502, its second with 429 and `Retry-After: 1`, and never answers its third.
 * Every script must still finish, and no create call may reach the server twice. Time-outs come
 * from the environment the scripts read (EMISSARY_TIMEOUT, EMISSARY_INFERENCE_TIMEOUT), so the hanging read costs seconds
 * here, not the default.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assembleScript, listScripts, SCRIPTS_ROOT } from '../../lib/guide-scripts/assemble';
import { INFERENCE_PATH, startFaultProxy, type Fault, type Seen } from './support/faults';
import { startMock, type Mock } from './support/mock';
import { runGuide } from './support/run';

const ROOT = process.env.GUIDE_SCRIPTS_ROOT ?? SCRIPTS_ROOT;
const SCRIPTS = listScripts(ROOT).filter((s) => !s.tool);
const LANGUAGE = { py: 'Python', sh: 'shell' } as const;
const PLAN: Record<number, Fault> = { 1: '502', 2: '429', 3: 'hang' };
/**
 * A create: a POST with a body, other than inference (which creates nothing). Its method, path and
 * body must reach the server once. (Deletes and actions are not compared: the mock answers every
 * create with the same example ID, so two deletes of two objects look alike.)
 */
const CREATE = (s: Seen) => s.method === 'POST' && s.body !== '' && !INFERENCE_PATH.test(s.path);

let mock: Mock;
before(async () => {
  mock = await startMock();
});
after(async () => {
  await mock?.stop();
});

describe('guide scripts with a 502, a 429 and a read that never answers', { concurrency: 2 }, () => {
  for (const script of SCRIPTS) {
    const name = `${script.page} (${LANGUAGE[script.language]})`;
    test(name, async () => {
      const proxy = await startFaultProxy(mock.baseUrl, PLAN);
      try {
        const run = await runGuide(script.language, assembleScript(script.file, ROOT).text, {
          label: `${name} behind the fault proxy`,
          baseUrl: proxy.baseUrl,
          // 10 s: the hang costs one time-out per script, and a loaded machine's mock can take seconds to answer.
          env: { EMISSARY_TIMEOUT: '10', EMISSARY_INFERENCE_TIMEOUT: '10', EMISSARY_CONNECT_TIMEOUT: '5' },
          log: mock.log,
        });
        assert.ok(!run.failure, run.failure);
        assert.deepEqual(proxy.fired(), Object.values(PLAN), `${name}: not every planned fault was answered (too few reads?)`);
        const counts = new Map<string, number>();
        for (const s of proxy.seen.filter(CREATE)) {
          const key = `${s.method} ${s.path}\n${s.body}`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        const repeated = [...counts].filter(([, n]) => n > 1).map(([key, n]) => `${n}× ${key.split('\n')[0]}`);
        assert.deepEqual(repeated, [], `${name} sent a create call more than once:\n${repeated.join('\n')}`);
      } finally {
        await proxy.stop();
      }
    });
  }
});

/** Running the guide scripts and the helpers' test programs: interpreters and child processes. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The Python that runs the scripts: $PYTHON, else `python3` if it imports requests, else
 * /usr/bin/python3 (Debian's python3-requests). Throws with a hint when none has requests.
 */
export function pickPython(): string {
  const candidates = process.env.PYTHON ? [process.env.PYTHON] : ['python3', '/usr/bin/python3'];
  for (const candidate of candidates) {
    const probe = spawnSync(candidate, ['-c', 'import requests'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  throw new Error(
    `No Python 3 with the requests package (tried ${candidates.join(', ')}). ` +
      'Install it (apt-get install python3 python3-requests, or python3 -m pip install requests), ' +
      'or point PYTHON at an interpreter that has it.',
  );
}

export interface Result {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  ms: number;
}

/** Runs a program without blocking the event loop (tests serve HTTP from the same process). */
export function runProgram(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; input?: string },
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const stdin = options.input === undefined ? 'ignore' : 'pipe';
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: [stdin, 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    if (child.stdin) {
      // A program may exit before it reads its input: that is its answer, not a test error.
      child.stdin.on('error', () => {});
      child.stdin.end(options.input);
    }
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}

/** The title of the last `==> ` line a script printed, if any. */
export function lastStep(stderr: string): string | undefined {
  const steps = [...stderr.matchAll(/^==> (.*)$/gm)];
  return steps.at(-1)?.[1];
}

/** The environment of a script run: this process's, minus any EMISSARY_* of the person running the tests. */
export function scriptEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('EMISSARY_')) env[k] = v;
  return { ...env, ...extra };
}

export interface GuideRun extends Result {
  /** Why the run failed (naming `label` and the last step), or undefined when it exited 0 in time. */
  failure: string | undefined;
}

/**
 * Runs a guide program (an assembled script, or a page's blocks joined) as CI does: in a fresh empty
 * folder (plus `files`, written first), against `baseUrl`, with short poll delays.
 */
export async function runGuide(
  language: 'py' | 'sh',
  text: string,
  options: { label: string; baseUrl: string; env?: Record<string, string>; files?: Record<string, string>; log?: () => string },
): Promise<GuideRun> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'emissary-guide-'));
  const work = path.join(home, 'work');
  const file = path.join(home, `script.${language}`);
  try {
    writeFileSync(file, text);
    mkdirSync(work);
    for (const [name, content] of Object.entries(options.files ?? {})) writeFileSync(path.join(work, name), content);
    const timeoutMs = 180_000;
    const result = await runProgram(language === 'py' ? pickPython() : 'bash', [file], {
      cwd: work,
      env: scriptEnv({
        EMISSARY_BASE_URL: options.baseUrl,
        EMISSARY_API_KEY: 'test',
        EMISSARY_POLL_INTERVAL: '0.1',
        EMISSARY_POLL_DEADLINE: '20',
        // The deployment that /fine-tuning/training-input's probe asks; the mock answers any name.
        EMISSARY_MODEL: 'plain-errors-test',
        // /guides/emissary-regression deploys only when asked: the runs take that path too.
        EMISSARY_DEPLOY: '1',
        PYTHONUNBUFFERED: '1',
        ...options.env,
      }),
      timeoutMs,
    });
    const step = lastStep(result.stderr);
    let failure: string | undefined;
    if (result.code !== 0 || result.timedOut) {
      const why = result.timedOut ? `did not finish within ${timeoutMs / 1000} s` : `exited with ${result.code ?? result.signal}`;
      failure =
        `${options.label} ${why} in step "${step ?? '(no step started)'}"\n--- stderr ---\n${result.stderr.slice(-6000)}` +
        `\n--- stdout (end) ---\n${result.stdout.slice(-1500)}` +
        (options.log ? `\n--- mock (end) ---\n${options.log().slice(-1500)}` : '');
    } else if (!step) {
      failure = `${options.label} printed no "==> " step line\n${result.stderr}`;
    }
    return { ...result, failure };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** Running the guide scripts and the helpers' test programs: interpreters and child processes. */
import { spawn, spawnSync } from 'node:child_process';

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

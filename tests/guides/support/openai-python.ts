/**
 * A Python with the real `openai` package for /fine-tuning/openai-sdk's Python program: a venv under
 * the user's cache folder, made with pip on first use (python3 -m venv; Debian needs python3-venv,
 * which .ci/run installs). The version is pinned; a new one is a new folder.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

export const OPENAI_PYTHON_VERSION = '3.22.1';

export function openaiPython(): string {
  const root = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'emissary-python');
  const venv = path.join(root, `openai-${OPENAI_PYTHON_VERSION}`);
  const python = path.join(venv, 'bin', 'python');
  const ready = () => spawnSync(python, ['-c', `import openai; assert openai.__version__ == "${OPENAI_PYTHON_VERSION}"`]).status === 0;
  if (existsSync(python) && ready()) return python;
  mkdirSync(root, { recursive: true });
  const steps: [string, string[]][] = [
    ['python3', ['-m', 'venv', '--clear', venv]],
    [python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', `openai==${OPENAI_PYTHON_VERSION}`]],
  ];
  for (const [command, args] of steps) {
    const run = spawnSync(command, args, { encoding: 'utf8', timeout: 300_000 });
    if (run.status !== 0) {
      throw new Error(`could not set up Python's openai ${OPENAI_PYTHON_VERSION} in ${venv}: ${command} ${args.join(' ')}\n${run.stderr}${run.error ?? ''}`);
    }
  }
  if (!ready()) throw new Error(`${python} does not import openai ${OPENAI_PYTHON_VERSION}`);
  return python;
}

/** Cold builds: no Rspack cache, no generated files, no previous output. */
import { spawn } from 'node:child_process';
import { createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';

/** Runs a command with its output appended to a log file; rejects, naming the log, if it fails. */
export function run(cmd: string, args: string[], cwd: string, log: string, env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(log, { flags: 'a' });
    out.write(`$ ${cmd} ${args.join(' ')}\n`);
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', reject);
    child.on('close', (code) => {
      out.end();
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}; see ${log}`));
    });
  });
}

export interface BuildTiming {
  /** `npm run gen-api`: the API pages and code samples from the OpenAPI document. */
  genApiSeconds: number;
  /** `docusaurus build --out-dir .bench/build`. */
  buildSeconds: number;
  totalSeconds: number;
  /**
   * CPU time (user + system) of both commands and their children. Unlike wall time it hardly
   * moves when other work shares the machine, so compare it when the load average was high.
   */
  cpuSeconds: number | null;
}

/** CPU seconds of this process's finished children (Linux: cutime + cstime in /proc/self/stat). */
async function childCpuSeconds(): Promise<number | null> {
  const stat = await fs.readFile('/proc/self/stat', 'utf8').catch(() => null);
  if (!stat) return null;
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 after the name.
  const ticks = Number(fields[13]) + Number(fields[14]);
  return Number.isFinite(ticks) ? ticks / 100 : null; // USER_HZ is 100 on Linux.
}

/** The folder Docusaurus writes generated files to (`.docusaurus` unless the env var moves it). */
export function generatedDir(siteDir: string): string {
  return path.join(siteDir, process.env.DOCUSAURUS_GENERATED_FILES_DIR_NAME ?? '.docusaurus');
}

export async function coldBuild(siteDir: string, outDir: string, log: string): Promise<BuildTiming> {
  for (const dir of [outDir, path.join(siteDir, 'node_modules/.cache'), generatedDir(siteDir)]) {
    await fs.rm(dir, { recursive: true, force: true });
  }
  const cpu0 = await childCpuSeconds();
  const t0 = performance.now();
  await run('npm', ['run', 'gen-api'], siteDir, log);
  const t1 = performance.now();
  await run('npx', ['docusaurus', 'build', '--out-dir', path.relative(siteDir, outDir)], siteDir, log);
  const t2 = performance.now();
  const cpu1 = await childCpuSeconds();
  return {
    genApiSeconds: (t1 - t0) / 1000,
    buildSeconds: (t2 - t1) / 1000,
    totalSeconds: (t2 - t0) / 1000,
    cpuSeconds: cpu0 != null && cpu1 != null ? cpu1 - cpu0 : null,
  };
}

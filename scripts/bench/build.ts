/** Cold builds: no Rspack cache, no generated files, no previous output. */
import { spawn } from 'node:child_process';
import { createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';

/** Parent pid of every process (Linux /proc), to find a command's whole process tree. */
async function parents(): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const name of await fs.readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await fs.readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid) out.set(Number(name), ppid);
  }
  return out;
}

/** Resident memory of `pid` and all its descendants, in bytes (0 where /proc is missing). */
export async function treeRss(pid: number): Promise<number> {
  const byParent = await parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [child, parent] of byParent) if (parent === tree[i]) tree.push(child);
  let pages = 0;
  for (const p of tree) pages += Number((await fs.readFile(`/proc/${p}/statm`, 'utf8').catch(() => '0 0')).split(' ')[1]) || 0;
  return pages * 4096;
}

/**
 * Runs a command with its output appended to a log file; rejects, naming the log, if it fails.
 * Resolves with the peak resident memory of its process tree, sampled every 250 ms.
 */
export function run(cmd: string, args: string[], cwd: string, log: string, env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(log, { flags: 'a' });
    out.write(`$ ${cmd} ${args.join(' ')}\n`);
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let peak = 0;
    let sampling = false;
    const timer = setInterval(() => {
      if (sampling || child.pid == null) return;
      sampling = true;
      void treeRss(child.pid).then((rss) => {
        peak = Math.max(peak, rss);
        sampling = false;
      });
    }, 250);
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      out.end();
      if (code === 0) resolve(peak);
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}; see ${log}`));
    });
  });
}

export interface BuildTiming {
  /** `npm run gen-api`: the API pages and code samples from the OpenAPI document. */
  genApiSeconds: number;
  /** `node scripts/build-site.mjs --out-dir .bench/build`: `docusaurus build`, bundling (client and server) and rendering in two processes. */
  buildSeconds: number;
  totalSeconds: number;
  /**
   * CPU time (user + system) of both commands and their children. Unlike wall time it hardly
   * moves when other work shares the machine, so compare it when the load average was high.
   */
  cpuSeconds: number | null;
  /** Peak resident memory of the process tree, bytes: the larger of gen-api's and the build's. */
  peakRssBytes: number;
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

/**
 * `env` reaches both commands, e.g. `OPENAPI_SPEC` to build the site from another document.
 * `keepApiPages` leaves out gen-api, for builds of the same document one after another (0 s).
 */
export async function coldBuild(siteDir: string, outDir: string, log: string, env: Record<string, string> = {}, { keepApiPages = false } = {}): Promise<BuildTiming> {
  for (const dir of [outDir, path.join(siteDir, 'node_modules/.cache'), generatedDir(siteDir)]) {
    await fs.rm(dir, { recursive: true, force: true });
  }
  const cpu0 = await childCpuSeconds();
  const t0 = performance.now();
  const genApiRss = keepApiPages ? 0 : await run('npm', ['run', 'gen-api'], siteDir, log, env);
  const t1 = performance.now();
  const buildRss = await run('node', ['scripts/build-site.mjs', '--out-dir', path.relative(siteDir, outDir)], siteDir, log, env);
  const t2 = performance.now();
  const cpu1 = await childCpuSeconds();
  return {
    genApiSeconds: (t1 - t0) / 1000,
    buildSeconds: (t2 - t1) / 1000,
    totalSeconds: (t2 - t0) / 1000,
    cpuSeconds: cpu0 != null && cpu1 != null ? cpu1 - cpu0 : null,
    peakRssBytes: Math.max(genApiRss, buildRss),
  };
}

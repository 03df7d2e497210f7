/**
 * What a build computes once and every later process of it reads: the parsed OpenAPI documents
 * (lib/openapi/document.ts) and the diff of the releases (lib/changelog/history.ts).
 * `npm run build` runs gen-api, then Docusaurus in more than one process (scripts/build-site.mjs):
 * the first to need a result computes it and writes it into the build's folder, named by the hash of
 * its inputs; the others read that file.
 *
 * The build's folder is EMISSARY_BUILD_STATE (.docusaurus/build-state unless set), which
 * scripts/gen-api.mjs, the first process of every build, empties and hands down with
 * scripts/build-site.mjs: `computed/` holds the results, `work.log` a line per result computed or
 * read, with the process (tests/site/computed-once.test.ts checks it). Without it (unit tests,
 * `docusaurus start`) a process keeps its results in memory only.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SITE_DIR = path.join(__dirname, '..');

/** The work log of the build in `state` (EMISSARY_BUILD_STATE). */
export const workLog = (state: string) => path.join(state, 'work.log');

/** A file as the work log names it: relative to the site (gen-api's staging folder links to the site's files). */
export const siteFile = (file: string) => path.relative(SITE_DIR, realpathSync(file));

export const hashOf = (...parts: string[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest('hex').slice(0, 32);
};

const inProcess = new Map<string, unknown>();

/**
 * `compute()`'s result for `key` (the hash of every input), computed once per build: from this
 * process's memory, else from the file an earlier process of the build wrote, else computed (and
 * written). `what` names it in the work log: "<kind> <what>" when computed, "read <kind> <what>" when read.
 */
export function computedOnce<T>(kind: string, what: string, key: string, compute: () => T): T {
  const name = `${kind}-${key}`;
  if (inProcess.has(name)) return inProcess.get(name) as T;
  const state = process.env.EMISSARY_BUILD_STATE;
  const file = state ? path.join(state, 'computed', `${name}.json`) : undefined;
  const note = (line: string) => state && appendFileSync(workLog(state), `${line}\t${process.pid} ${process.argv[2] ?? path.basename(process.argv[1] ?? '')}\n`);
  let value: T | undefined;
  try {
    if (file) value = JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (value !== undefined) note(`read ${kind} ${what}`);
  else {
    value = compute();
    note(`${kind} ${what}`);
    let json: string | undefined;
    try {
      json = file && JSON.stringify(value);
    } catch {
      // A value JSON cannot hold (a YAML alias that refers to itself): the later processes compute it again.
    }
    if (file && json !== undefined) {
      mkdirSync(path.dirname(file), { recursive: true });
      // Written whole, then renamed: a process reading at the same time sees no file or all of it.
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, json);
      renameSync(tmp, file);
    }
  }
  inProcess.set(name, value);
  return value;
}

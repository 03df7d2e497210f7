/**
 * `npm run gen-api`: the API pages (api-docs/) generated from the OpenAPI document, without a moment
 * when api-docs/ is empty or half written.
 *
 * docusaurus-plugin-openapi-docs writes a page only where no file exists yet, so the old pages must
 * go first; done in place, a running `npm start` saw api-docs/ empty, then one file at a time, and
 * failed a plugin reload for each ("Docs version "current" has no docs", modules not found). So the
 * generator runs in a staging folder (.docusaurus/gen-api/) that links to every entry of the site but
 * api-docs/ and writes its own api-docs/ there (the generator writes relative to the working
 * folder and takes the site from it). Then api-docs/ gets only the files that changed, each replaced
 * in one rename, and loses the ones no longer generated: a running dev server reloads once, on
 * complete files, or not at all when nothing changed.
 *
 * It is the first process of every build (and of `npm start`): it empties the build's folder
 * (EMISSARY_BUILD_STATE, .docusaurus/build-state unless set), where each result a build computes once is
 * written for its later processes, with the work log (lib/computed-once.ts); scripts/build-site.mjs
 * hands the same folder to its processes.
 *
 * Plain JavaScript: the build must not need a TypeScript runner.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, rmdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const CLI = require.resolve('@docusaurus/core/bin/docusaurus.mjs');
const SITE_DIR = process.cwd();
const OUTPUT = 'api-docs';
const STAGING = path.join(SITE_DIR, '.docusaurus', 'gen-api');
/** Not linked into the staging folder: the output, and what the generator never reads. */
const NOT_LINKED = new Set([OUTPUT, '.docusaurus', '.git', 'build', 'build-fixture']);

/** Every file under `dir`, relative to it, with `/` separators. */
function filesUnder(dir, prefix = '') {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(path.join(dir, entry.name), rel) : [rel];
  });
}

/** Removes the folders under `dir` (not `dir`) that are left empty. */
function removeEmptyFolders(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const sub = path.join(dir, entry.name);
    removeEmptyFolders(sub);
    if (readdirSync(sub).length === 0) rmdirSync(sub);
  }
}

process.env.EMISSARY_BUILD_STATE ||= path.join(SITE_DIR, '.docusaurus', 'build-state');
rmSync(process.env.EMISSARY_BUILD_STATE, { recursive: true, force: true });
mkdirSync(process.env.EMISSARY_BUILD_STATE, { recursive: true });

rmSync(STAGING, { recursive: true, force: true });
mkdirSync(STAGING, { recursive: true });
for (const name of readdirSync(SITE_DIR)) {
  if (!NOT_LINKED.has(name)) symlinkSync(path.join(SITE_DIR, name), path.join(STAGING, name));
}

// The API's docs plugin loads with the generator and fails without its (so far empty) folder.
mkdirSync(path.join(STAGING, OUTPUT));
const run = spawnSync(process.execPath, [CLI, 'gen-api-docs', 'all'], { cwd: STAGING, stdio: 'inherit' });
if (run.status !== 0) {
  console.error(`[ERROR] gen-api: docusaurus gen-api-docs failed (exit ${run.status ?? run.signal}); ${OUTPUT}/ left as it was.`);
  process.exit(run.status || 1);
}

const staged = path.join(STAGING, OUTPUT);
const generated = filesUnder(staged);
if (generated.length === 0) {
  console.error(`[ERROR] gen-api: the generator wrote nothing into ${staged}; ${OUTPUT}/ left as it was.`);
  process.exit(1);
}
const target = path.join(SITE_DIR, OUTPUT);
let written = 0;
for (const rel of generated) {
  const from = path.join(staged, rel);
  const to = path.join(target, rel);
  const content = readFileSync(from);
  if (existsSync(to) && readFileSync(to).equals(content)) continue;
  mkdirSync(path.dirname(to), { recursive: true });
  // A reader sees the old file or the new one, never a partly written one.
  const tmp = `${to}.gen-api-tmp`;
  writeFileSync(tmp, content);
  renameSync(tmp, to);
  written++;
}
const kept = new Set(generated);
const stale = filesUnder(target).filter((rel) => !kept.has(rel));
for (const rel of stale) rmSync(path.join(target, rel));
removeEmptyFolders(target);
rmSync(STAGING, { recursive: true, force: true });
console.log(`gen-api: ${generated.length} files in ${OUTPUT}/ (${written} written, ${stale.length} removed).`);

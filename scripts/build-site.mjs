/**
 * `docusaurus build` in three processes (`npm run build` runs it after generating the API pages).
 *
 * The first process loads the site, bundles the server side with Rspack and exits; the second does
 * the same for the client side. The third loads the site again, renders every page (SSG) from the
 * bundles they wrote, and runs the plugins' postBuild. Rspack keeps most of a compilation's memory
 * until its process ends (web-infra-dev/rspack#14734), and Docusaurus compiles the client and the
 * server together: split, the build's peak is the larger bundling alone, not both bundlings at once
 * and the rendering on top. Each extra load costs a few seconds.
 *
 * Docusaurus's own switches end a process after bundling and skip bundling in the last:
 * DOCUSAURUS_EXIT_AFTER_BUNDLING and DOCUSAURUS_SKIP_BUNDLING (lib/commands/build/buildLocale.js).
 * The side a bundling process compiles is chosen by scripts/bundle-one.cjs, preloaded into it.
 * UPGRADING.md, "The build runs in three processes". This script checks after each process that
 * each part still did its part, and fails naming it if not. Arguments go to every process, e.g.
 * `--out-dir`.
 *
 * Plain JavaScript: the build must not need a TypeScript runner.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const CLI = require.resolve('@docusaurus/core/bin/docusaurus.mjs');
const BUNDLE_ONE = fileURLToPath(new URL('./bundle-one.cjs', import.meta.url));
const SITE_DIR = process.cwd();

/** The output folder the arguments name, as Docusaurus reads `--out-dir`; `build` by default. */
export function outDirOf(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out-dir' && args[i + 1]) return path.resolve(SITE_DIR, args[i + 1]);
    if (args[i].startsWith('--out-dir=')) return path.resolve(SITE_DIR, args[i].slice('--out-dir='.length));
  }
  return path.resolve(SITE_DIR, 'build');
}

function run(phase, args, env, nodeArgs = []) {
  console.log(`[build-site] ${phase}`);
  const result = spawnSync(process.execPath, [...nodeArgs, CLI, 'build', ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`[build-site] ${phase} failed (exit code ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

function fail(message) {
  console.error(`[build-site] ${message} See UPGRADING.md, "The build runs in three processes".`);
  process.exit(1);
}

/** Moves a folder; across file systems by copying. */
function move(from, to) {
  rmSync(to, { recursive: true, force: true });
  try {
    renameSync(from, to);
  } catch (error) {
    if (error.code !== 'EXDEV') throw error;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}

// Each process reads what gen-api, the build's first, computed (plugins/shared/computed-once.ts).
process.env.EMISSARY_BUILD_STATE ||= path.join(SITE_DIR, '.docusaurus', 'build-state');

const args = process.argv.slice(2);
const outDir = outDirOf(args);
const serverDir = path.join(outDir, '__server');
/** Where the server bundle waits while the client's process clears the output folder: beside it, so a rename moves it. */
const parked = path.join(path.dirname(outDir), `.${path.basename(outDir)}-server-bundle`);
const clientAssets = path.join(outDir, 'assets', 'js');
/** Written before the last process: a last process that bundles again clears the output folder, and it. */
const marker = path.join(outDir, '.bundled-by-earlier-processes');
const bundleOnly = (side) => ({ DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true', EMISSARY_BUNDLE_ONLY: side });

if (process.env.EMISSARY_BUILD_PROCESSES === '3') {

  run('1/3: load the site and bundle its server side (Rspack), then exit', args, bundleOnly('server'), ['--require', BUNDLE_ONE]);
  if (!existsSync(path.join(serverDir, 'server.bundle.js')) || existsSync(path.join(outDir, '404.html'))) {
    fail(`DOCUSAURUS_EXIT_AFTER_BUNDLING no longer stops the build after bundling (no server bundle in ${outDir}, or pages already rendered).`);
  }
  if (existsSync(clientAssets)) fail('scripts/bundle-one.cjs no longer keeps one side: the server-only process wrote client assets.');
  move(serverDir, parked);

  run('2/3: load the site and bundle its client side (Rspack), then exit', args, bundleOnly('client'), ['--require', BUNDLE_ONE]);
  if (!existsSync(clientAssets) || existsSync(path.join(outDir, '404.html'))) {
    fail(`DOCUSAURUS_EXIT_AFTER_BUNDLING no longer stops the build after bundling (no client assets in ${outDir}, or pages already rendered).`);
  }
  if (existsSync(serverDir)) fail('scripts/bundle-one.cjs no longer keeps one side: the client-only process wrote a server bundle.');
  move(parked, serverDir);
  writeFileSync(marker, '');

  run('3/3: load the site, render every page from those bundles, run postBuild', args, { DOCUSAURUS_SKIP_BUNDLING: 'true' });
  if (!existsSync(marker)) fail('DOCUSAURUS_SKIP_BUNDLING no longer skips bundling (the last process cleared the output folder).');
  rmSync(marker);

} else {
  run('1/2: load the site, bundle its client and server sides (Rspack), then exit', args, { DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true' });
  if (!existsSync(path.join(serverDir, 'server.bundle.js')) || !existsSync(clientAssets) || existsSync(path.join(outDir, '404.html'))) {
    fail(`DOCUSAURUS_EXIT_AFTER_BUNDLING no longer stops the build after bundling (no server bundle or client assets in ${outDir}, or pages already rendered).`);
  }
  writeFileSync(marker, '');
  run('2/2: load the site, render every page from those bundles, run postBuild', args, { DOCUSAURUS_SKIP_BUNDLING: 'true' });
  if (!existsSync(marker)) fail('DOCUSAURUS_SKIP_BUNDLING no longer skips bundling (the last process cleared the output folder).');
  rmSync(marker);
}

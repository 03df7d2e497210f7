/**
 * `docusaurus build` in two processes (`npm run build` runs it after generating the API pages).
 *
 * The first process loads the site, bundles the client and the server side with Rspack and exits.
 * The second loads the site again, renders every page (SSG) from the bundles the first wrote, and
 * runs the plugins' postBuild. Rspack keeps most of a compilation's memory until its process ends
 * (web-infra-dev/rspack#14734): split, the rendering does not carry the bundling's memory, and the
 * build's peak is the larger of the two. The second load costs a few seconds.
 *
 * Both switches are Docusaurus's own (lib/commands/build/buildLocale.js):
 * DOCUSAURUS_EXIT_AFTER_BUNDLING ends the first process after bundling, DOCUSAURUS_SKIP_BUNDLING
 * makes the second render from what is on disk. UPGRADING.md, "The build runs in two processes".
 * This script checks after each process that the switch still did its part, and fails naming it if
 * not. Arguments go to both processes, e.g. `--out-dir`.
 *
 * Plain JavaScript: the build must not need a TypeScript runner.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const CLI = require.resolve('@docusaurus/core/bin/docusaurus.mjs');
const SITE_DIR = process.cwd();

/** The output folder the arguments name, as Docusaurus reads `--out-dir`; `build` by default. */
export function outDirOf(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out-dir' && args[i + 1]) return path.resolve(SITE_DIR, args[i + 1]);
    if (args[i].startsWith('--out-dir=')) return path.resolve(SITE_DIR, args[i].slice('--out-dir='.length));
  }
  return path.resolve(SITE_DIR, 'build');
}

function run(phase, args, env) {
  console.log(`[build-site] ${phase}`);
  const result = spawnSync(process.execPath, [CLI, 'build', ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`[build-site] ${phase} failed (exit code ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

function fail(message) {
  console.error(`[build-site] ${message} See UPGRADING.md, "The build runs in two processes".`);
  process.exit(1);
}

// Each process reads what gen-api, the build's first, computed (lib/computed-once.ts).
process.env.EMISSARY_BUILD_STATE ||= path.join(SITE_DIR, '.docusaurus', 'build-state');

const args = process.argv.slice(2);
const outDir = outDirOf(args);
const serverBundle = path.join(outDir, '__server', 'server.bundle.js');
const clientAssets = path.join(outDir, 'assets', 'js');
/** Written before the second process: a second process that bundles again clears the output folder, and it. */
const marker = path.join(outDir, '.bundled-by-earlier-process');

run('1/2: load the site, bundle its client and server sides (Rspack), then exit', args, { DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true' });
if (!existsSync(serverBundle) || !existsSync(clientAssets) || existsSync(path.join(outDir, '404.html'))) {
  fail(`DOCUSAURUS_EXIT_AFTER_BUNDLING no longer stops the build after bundling (no server bundle or no client assets in ${outDir}, or pages already rendered).`);
}
writeFileSync(marker, '');

run('2/2: load the site, render every page from those bundles, run postBuild', args, { DOCUSAURUS_SKIP_BUNDLING: 'true' });
if (!existsSync(marker)) fail('DOCUSAURUS_SKIP_BUNDLING no longer skips bundling (the second process cleared the output folder).');
rmSync(marker);

// The docs MCP server, bundled beside the data plugins/mcp wrote (scripts/bundle-mcp.mjs).
const { bundleMcp } = await import('./bundle-mcp.mjs');
const mcpBytes = await bundleMcp(outDir);
console.log(`[build-site] _mcp/server.mjs: ${(mcpBytes / 1024).toFixed(0)} KiB (the docs MCP server, no node_modules needed)`);

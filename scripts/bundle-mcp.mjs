/**
 * The docs MCP server as files a bare runtime runs, written beside the data it reads (issue 52):
 *
 * - `<out>/_mcp/server.mjs`: mcp/cli.ts and everything it imports in one file of plain JavaScript (the
 *   tokenizers check_dataset loads for a `model` in `<out>/_mcp/chunks/`, loaded only then),
 *   for Node 24 with no node_modules (stdio by default, `--http PORT`, `--site URL`). Without
 *   --site it reads the build it sits in, or, with none around it, the deployed site.
 * - `<out>/_mcp/package.json`: the same file as the npm package the build's server card names (`packages`:
 *   `npx emissary-docs-mcp --site <url>` for Emissary's site; lib/mcp/clients.ts packageName).
 * - `<out>/_mcp/edge.mjs`: mcp/edge.ts, the fetch handler wrangler.jsonc deploys as a Worker.
 *
 * Both fix at bundling what the sources read from the clone: the dataset rules' sha256 and the
 * deployed site's URL (from the build's own bundle.json). `npm run build` runs it last
 * (scripts/build-site.mjs); `node scripts/bundle-mcp.mjs [out dir]` runs it alone.
 * Plain JavaScript: the build must not need a TypeScript runner (esbuild reads the sources).
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const RULES_FILE = 'docs/_scripts/data/dataset-rules.json';
/** The folder of build/_mcp the server's lazily loaded chunks go to. */
const CHUNKS = 'chunks';

/**
 * Packages whose import alone does nothing, so that what the server does not call is left out:
 * lib/openapi/spec.ts imports yaml for parseOpenApi, which the server never calls (112 KB).
 */
const pure = (names) => ({
  name: 'pure',
  setup(build) {
    const filter = new RegExp(`^(${names.join('|')})$`);
    build.onResolve({ filter }, async (args) => {
      if (args.pluginData === 'pure') return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'pure' });
      return { ...resolved, sideEffects: false };
    });
  },
});

/** Writes server.mjs, edge.mjs and package.json into `<outDir>/_mcp`; returns the server's size in bytes. */
export async function bundleMcp(outDir) {
  const dir = path.join(outDir, '_mcp');
  const { site, format } = JSON.parse(readFileSync(path.join(dir, 'bundle.json'), 'utf8'));
  const card = JSON.parse(readFileSync(path.join(outDir, '.well-known/mcp/server-card.json'), 'utf8'));
  const name = card.packages.find((p) => p.registryType === 'npm').identifier;
  const define = {
    EMISSARY_RULES_SHA256: JSON.stringify(createHash('sha256').update(readFileSync(path.join(ROOT, RULES_FILE))).digest('hex')),
    EMISSARY_DEFAULT_SITE: JSON.stringify(site.url),
  };
  const common = { bundle: true, format: 'esm', minify: true, legalComments: 'eof', define, logLevel: 'warning', absWorkingDir: ROOT, plugins: [pure(['yaml'])] };
  // The tokenizers (about 5 MB of vocabularies) are chunks of their own, loaded only when check_dataset is given a model.
  rmSync(path.join(dir, CHUNKS), { recursive: true, force: true });
  await build({
    ...common,
    entryPoints: { server: path.join(ROOT, 'mcp/cli.ts') },
    outdir: dir,
    splitting: true,
    chunkNames: `${CHUNKS}/[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    target: 'node24',
    // CommonJS inside (zod's, ajv's) may require Node's built-ins: give the module a require.
    banner: { js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  await build({
    ...common,
    entryPoints: [path.join(ROOT, 'mcp/edge.ts')],
    outfile: path.join(dir, 'edge.mjs'),
    platform: 'neutral',
    target: 'es2024',
    // workerd's own entry points of the SDK (its JSON Schema validator), and Node's built-ins from nodejs_compat.
    conditions: ['workerd', 'worker', 'import'],
    mainFields: ['module', 'main'],
    external: ['node:*'],
  });
  const version = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
  const pkg = {
    name,
    version: version === '0.0.0' ? `1.0.0-format.${format}` : version,
    description: `MCP server for the docs at ${site.url}: search, pages, API operations, errors, changes, dataset checks.`,
    type: 'module',
    bin: { [name]: 'server.mjs' },
    files: ['server.mjs', `${CHUNKS}/`],
    engines: { node: '>=24' },
  };
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  return readFileSync(path.join(dir, 'server.mjs')).length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = path.resolve(process.argv[2] ?? 'build');
  const bytes = await bundleMcp(out);
  console.log(`[bundle-mcp] ${path.relative(process.cwd(), out)}/_mcp/server.mjs: ${(bytes / 1024).toFixed(0)} KiB`);
}

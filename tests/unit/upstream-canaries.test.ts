/**
 * plugins/fast-hydration patches upstream internals that no public API covers. An upgrade that
 * changes one of those files may break a patch silently (pages get slower, or lose their server
 * HTML, and nothing fails), so each file is recorded with its version and hash
 * (plugins/fast-hydration/upstream.ts) and this fails, naming the file, when it changes. It also
 * checks that the browser-build module replacements still hit exactly one real file each.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPLACEMENTS, SERVER_REPLACEMENTS, routeBucketReplacements } from '../../plugins/fast-hydration';
import { UPSTREAM, type UpstreamFile } from '../../plugins/fast-hydration/upstream';

const root = path.resolve(__dirname, '../..');
const plugin = path.join(root, 'plugins/fast-hydration');
const upgrading = fs.readFileSync(path.join(root, 'UPGRADING.md'), 'utf8');

// The hoisted copy, which the build resolves (theme-common's `exports` hide its package.json from require.resolve).
const packageDir = (pkg: string): string => path.join(root, 'node_modules', pkg);
const installedVersion = (pkg: string): string => (JSON.parse(fs.readFileSync(path.join(packageDir(pkg), 'package.json'), 'utf8')) as { version: string }).version;

/** The hash the record holds: of the whole file, or of the lines its `part` selects. */
function hashOf(source: string, part: RegExp | undefined): string {
  const text = part ? [...source.matchAll(part)].map((m) => m[0]).join('\n') : source;
  return crypto.createHash('sha256').update(text).digest('hex');
}

function where(entry: UpstreamFile): string {
  return `The patch is plugins/fast-hydration/${entry.patch}; re-check what UPGRADING.md says under "${entry.section}"`;
}

for (const entry of UPSTREAM) {
  test(`${entry.pkg} ${entry.file} is the one the patches were checked against`, () => {
    const version = installedVersion(entry.pkg);
    const file = path.join(packageDir(entry.pkg), entry.file);
    assert.ok(fs.existsSync(file), `${entry.pkg} ${version} no longer has ${entry.file} (recorded at ${entry.version}). ${where(entry)}.`);
    const actual = hashOf(fs.readFileSync(file, 'utf8'), entry.part);
    assert.equal(
      actual,
      entry.sha256,
      `${entry.pkg} ${entry.file}${entry.part ? ` (the lines matching ${entry.part})` : ''} changed: recorded at ${entry.version}, installed ${version}. ` +
        `${where(entry)}; then record version: '${version}', sha256: '${actual}' in plugins/fast-hydration/upstream.ts.`,
    );
  });
}

test('every recorded patch exists, and UPGRADING.md names each upstream file under its section', () => {
  const problems = UPSTREAM.flatMap((entry) => {
    if (!fs.existsSync(path.join(plugin, entry.patch.replace(/ \(.*\)$/, '')))) return [`upstream.ts names a patch that does not exist: ${entry.patch}`];
    const heading = upgrading.indexOf(`### ${entry.section}\n`);
    if (heading < 0) return [`UPGRADING.md has no section "### ${entry.section}"`];
    const next = upgrading.indexOf('\n##', heading + 4);
    const body = upgrading.slice(heading, next < 0 ? undefined : next).replace(/\s+/g, ' ');
    return body.includes(entry.file) ? [] : [`UPGRADING.md "${entry.section}" does not name ${entry.pkg} ${entry.file}`];
  });
  assert.deepEqual(problems, []);
});

test('every component and client module the plugin serves has at least one upstream record', () => {
  const theme = path.join(plugin, 'theme');
  const served = fs.readdirSync(theme).flatMap((name) => {
    // ApiItem and ApiExplorer hold several unrelated parts; each counts on its own.
    const sub = path.join(theme, name);
    if (['ApiItem', 'ApiExplorer'].includes(name)) return fs.readdirSync(sub).map((part) => `theme/${name}/${part}`);
    return [`theme/${name}`];
  });
  const clients = fs.readdirSync(path.join(plugin, 'client')).map((name) => `client/${name}`);
  const missing = [...served, ...clients].filter((p) => !UPSTREAM.some((e) => e.patch.startsWith(p.replace(/\.tsx?$/, ''))));
  assert.deepEqual(missing, [], 'patches without a canary: record the upstream files they depend on in plugins/fast-hydration/upstream.ts');
});

/** Every file under `dir` (no symlinks, no caches), as absolute paths. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.name === '.cache' || entry.name === '.bin') return [];
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

test('each module replacement (browser and server builds) matches exactly one real file, and its target exists', () => {
  // A replaced upstream file, or one of this plugin's own files with a browser twin.
  const candidates = [...filesUnder(path.join(root, 'node_modules')), ...filesUnder(plugin)];
  for (const { test: pattern, issuer, target } of [...REPLACEMENTS, ...SERVER_REPLACEMENTS]) {
    assert.ok(fs.existsSync(target), `replacement target missing: ${target}`);
    if (issuer) {
      // Matched by the request as the issuer writes it: the issuer is one file that imports it once.
      const issuers = candidates.filter((f) => issuer.test(f));
      assert.equal(issuers.length, 1, `${issuer} should match one file, matches: ${issuers.join(', ') || 'none'}`);
      const requests = [...fs.readFileSync(issuers[0], 'utf8').matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1]).filter((r) => pattern.test(r));
      assert.equal(requests.length, 1, `${issuers[0]} should import one module matching ${pattern}, imports: ${requests.join(', ') || 'none'}`);
      continue;
    }
    const matches = candidates.filter((f) => pattern.test(f));
    assert.equal(matches.length, 1, `${pattern} should match one file, matches: ${matches.join(', ') || 'none'}`);
    if (matches[0].startsWith(plugin)) continue;
    assert.ok(
      UPSTREAM.some((e) => path.join(packageDir(e.pkg), e.file) === matches[0]),
      `${matches[0]} is replaced but has no record in plugins/fast-hydration/upstream.ts`,
    );
  }
});

test('the route-bucket replacements: every browser module that reads the route data or calls preload is known', () => {
  const sources = ['@docusaurus', 'docusaurus-theme-openapi-docs', 'docusaurus-plugin-openapi-docs']
    .flatMap((pkg) => filesUnder(packageDir(pkg)))
    // Browser modules only: the server build keeps the original route modules.
    .filter((f) => /\.js$/.test(f) && !/[\\/](server|commands|webpack)[\\/]|serverEntry\.js$/.test(f));
  const importers = (request: RegExp) =>
    sources
      .filter((f) => [...fs.readFileSync(f, 'utf8').matchAll(/\bfrom\s+'([^']+)'/g)].some((m) => request.test(m[1])))
      .map((f) => path.relative(path.join(root, 'node_modules'), f).split(path.sep).join('/'))
      .sort();
  const [routes, registry, chunkNames, preload] = routeBucketReplacements('/lean');
  // A new reader must be checked against the buckets (UPGRADING.md, "Route data loads by bucket"), then added here.
  assert.deepEqual(importers(routes.test), [
    '@docusaurus/core/lib/client/App.js',
    '@docusaurus/core/lib/client/normalizeLocation.js',
    '@docusaurus/core/lib/client/preload.js',
    '@docusaurus/core/lib/client/docusaurus.js',
    '@docusaurus/theme-common/lib/utils/routesUtils.js',
    // The /__docusaurus/debug pages: `start` only, which keeps the original route modules.
    '@docusaurus/plugin-debug/lib/theme/DebugRoutes/index.js',
  ].sort());
  assert.deepEqual(importers(registry.test), ['@docusaurus/core/lib/client/exports/ComponentCreator.js', '@docusaurus/plugin-debug/lib/theme/DebugRegistry/index.js']);
  assert.deepEqual(importers(chunkNames.test), ['@docusaurus/core/lib/client/docusaurus.js', '@docusaurus/core/lib/client/exports/ComponentCreator.js']);
  const preloaders = importers(preload.test).filter((f) => preload.issuer!.test(path.join(root, 'node_modules', f)));
  assert.deepEqual(preloaders, ['@docusaurus/core/lib/client/PendingNavigation.js', '@docusaurus/core/lib/client/clientEntry.js', '@docusaurus/core/lib/client/docusaurus.js']);
  assert.ok(fs.existsSync(preload.target));
});

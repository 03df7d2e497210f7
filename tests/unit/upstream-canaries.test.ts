/**
 * The plugins that patch upstream internals no public API covers (tests/support/canaries.ts lists
 * them; each owns its records in its upstream.json). An upgrade that changes one of those files may
 * break a patch silently (pages get slower, or lose their server HTML, and nothing fails), so each
 * file is recorded with its version and hash and this fails, naming the file, when it changes. It
 * also checks that UPGRADING.md and the records agree, and that the browser-build module
 * replacements still hit exactly one real file each. After a reviewed upgrade,
 * `npm run canaries:record` writes the new versions and hashes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPLACEMENTS, SERVER_REPLACEMENTS, routeBucketReplacements } from '../../plugins/fast-hydration';
import { hashOf, type UpstreamFile } from '../../lib/upstream';
import { CANARY_OWNERS, installedVersion, packageDir, ROOT as root, upstreamPath, type CanaryOwner } from '../support/canaries';

const plugin = path.join(root, 'plugins/fast-hydration');
const upgrading = fs.readFileSync(path.join(root, 'UPGRADING.md'), 'utf8');
const ALL = CANARY_OWNERS.flatMap((owner) => owner.records.map((entry) => ({ owner, entry })));
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

function where(owner: CanaryOwner, entry: UpstreamFile): string {
  return `The patch is ${rel(path.join(owner.dir, entry.patch))}; re-check what UPGRADING.md says under "${entry.section}"`;
}

for (const { owner, entry } of ALL) {
  test(`${entry.pkg} ${entry.file} is the one the patches were checked against`, () => {
    const version = installedVersion(entry.pkg);
    const file = upstreamPath(entry);
    assert.ok(fs.existsSync(file), `${entry.pkg} ${version} no longer has ${entry.file} (recorded at ${entry.version}). ${where(owner, entry)}.`);
    const actual = hashOf(fs.readFileSync(file, 'utf8'), entry.part);
    assert.equal(
      actual,
      entry.sha256,
      `${entry.pkg} ${entry.file}${entry.part ? ` (the lines matching ${entry.part})` : ''} changed: recorded at ${entry.version}, installed ${version}. ` +
        `${where(owner, entry)}; then run npm run canaries:record.`,
    );
  });
}

/** The text of UPGRADING.md's "### <name>" section, whitespace collapsed, or undefined. */
function section(name: string): string | undefined {
  const heading = upgrading.indexOf(`### ${name}\n`);
  if (heading < 0) return undefined;
  const next = upgrading.indexOf('\n##', heading + 4);
  return upgrading.slice(heading, next < 0 ? undefined : next).replace(/\s+/g, ' ');
}

test('every recorded patch exists, and UPGRADING.md names each upstream file under its section', () => {
  const problems = ALL.flatMap(({ owner, entry }) => {
    if (!fs.existsSync(path.join(owner.dir, entry.patch.replace(/ \(.*\)$/, '')))) return [`${rel(owner.file)} names a patch that does not exist: ${entry.patch}`];
    const body = section(entry.section);
    if (body === undefined) return [`UPGRADING.md has no section "### ${entry.section}"`];
    return body.includes(entry.file) ? [] : [`UPGRADING.md "${entry.section}" does not name ${entry.pkg} ${entry.file}`];
  });
  assert.deepEqual(problems, []);
});

test('every patch section of UPGRADING.md has records, and every plugin file it names exists', () => {
  const patches = upgrading.slice(upgrading.indexOf('\n## The patches'), upgrading.indexOf('\n## Build cost'));
  const sections = [...patches.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
  const unrecorded = sections.filter((name) => !ALL.some(({ entry }) => entry.section === name));
  assert.deepEqual(unrecorded, [], 'UPGRADING.md sections no record names: delete the section or record the files its patch depends on');
  const named = [...upgrading.matchAll(/`((?:plugins|scripts)\/[\w./-]+?)`/g)].map((m) => m[1]);
  assert.deepEqual(
    named.filter((p) => !fs.existsSync(path.join(root, p))),
    [],
    'UPGRADING.md names files that do not exist',
  );
});

/** The site's own theme parts, which no record needs. */
const OWN_PARTS = ['theme/ApiHome'];

test('every component and client module a plugin serves has at least one upstream record', () => {
  const missing = CANARY_OWNERS.flatMap((owner) => {
    const theme = path.join(owner.dir, 'theme');
    const served = fs.readdirSync(theme).map((name) => `theme/${name}`);
    const clientDir = path.join(owner.dir, 'client');
    const clients = fs.existsSync(clientDir) ? fs.readdirSync(clientDir).map((name) => `client/${name}`) : [];
    return [...served, ...clients]
      .filter((p) => !OWN_PARTS.includes(p))
      .filter((p) => !owner.records.some((e) => e.patch.startsWith(p.replace(/\.tsx?$/, ''))))
      .map((p) => `${rel(owner.dir)}/${p}`);
  });
  assert.deepEqual(missing, [], 'patches without a canary: record the upstream files they depend on in their plugin\'s upstream.json');
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
      ALL.some(({ entry }) => upstreamPath(entry) === matches[0]),
      `${matches[0]} is replaced but has no record in plugins/fast-hydration/upstream.json`,
    );
  }
});

test('the route-bucket replacements: every browser module that reads the route data or calls preload is known', () => {
  const sources = ['@docusaurus', 'docusaurus-plugin-openapi-docs']
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

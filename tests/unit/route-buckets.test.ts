/**
 * The browser's lean route modules (plugins/fast-hydration/route-buckets): read from files that
 * Docusaurus's own code generator writes, then split. Every page route lands in exactly one bucket,
 * the one the browser computes for its path; what stays in `main` still names every chunk it needs.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// Docusaurus's generator of .docusaurus/routes.js, registry.js and routesChunkNames.json.
import { generateRouteFiles } from '@docusaurus/core/lib/server/codegen/codegenRoutes';
import { bucketOf, normalizePath, underBase } from '../../plugins/fast-hydration/route-buckets/hash';
import { MIN_BUCKETED_ROUTES, namesIn, readRegistry, readRoutes, splitRoutes, type RouteNode } from '../../plugins/fast-hydration/route-buckets/split';

const plugin = { name: 'docusaurus-plugin-content-docs', id: 'test' };
const docRoutes = (base: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    path: `${base === '/' ? '' : base}/page-${i}`,
    component: '@theme/DocItem',
    exact: true,
    sidebar: 'main',
    modules: { content: `@site/docs/page-${base.replace(/\W/g, '')}-${i}.mdx` },
    plugin,
  }));

/** A site like ours: a small list, a long API list with its index page, and a long list at the root. */
async function generated() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'route-buckets-'));
  const docsTree = (base: string, pages: number) => ({
    path: base,
    component: '@theme/DocsRoot',
    plugin,
    routes: [
      {
        path: base,
        component: '@theme/DocRoot',
        plugin,
        props: { version: { sidebar: base } },
        routes: [{ path: base, component: '@theme/DocItem', exact: true, modules: { content: `@site/docs/index${base.length}.mdx` }, plugin }, ...docRoutes(base, pages)],
      },
    ],
  });
  const routes = [{ path: '/search', component: '@site/src/Search', exact: true, plugin }, docsTree('/small', 5), docsTree('/api', 90), docsTree('/', 40)];
  await generateRouteFiles({ generatedFilesDir: dir, baseUrl: '/', routes: routes as never });
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  const files = { routes: read('routes.js'), registry: read('registry.js'), chunkNames: JSON.parse(read('routesChunkNames.json')) as Record<string, unknown> };
  rmSync(dir, { recursive: true, force: true });
  return files;
}

const leaves = (list: RouteNode[]): RouteNode[] => list.flatMap((r) => (r.routes ? leaves(r.routes) : [r]));

test('the generated routes, registry and chunk names read back whole', async () => {
  const files = await generated();
  const routes = readRoutes(files.routes);
  assert.equal(leaves(routes).length, 1 + 6 + 91 + 41 + 1); // search, three lists with their index pages, the catch-all
  assert.equal(routes.at(-1)!.path, '*');
  const registry = readRegistry(files.registry);
  assert.ok(registry.size > 130);
  for (const [, file] of registry) assert.match(file, /^@(theme|site|generated)\//);
  assert.throws(() => readRegistry(files.registry.replace('require.resolveWeak', 'require.resolve')), /Docusaurus changed its format/);
  assert.throws(() => readRoutes('export const routes = [];'), /does not look like Docusaurus's generated routes/);
});

test('long lists go into about √n buckets by the hash of the path; short lists and index pages stay', async () => {
  const files = await generated();
  const routes = readRoutes(files.routes);
  const registry = readRegistry(files.registry);
  const split = splitRoutes(routes, registry, files.chunkNames);
  assert.equal(split.bucketedRoutes, 90 + 40);
  assert.equal(split.buckets, Math.ceil(Math.sqrt(90)) + Math.ceil(Math.sqrt(40)));
  assert.ok(5 < MIN_BUCKETED_ROUTES && MIN_BUCKETED_ROUTES <= 40);

  const main = split.files.get('routes.js')!;
  assert.match(main, /export const buckets = \[\{base: '\/api'/);
  assert.match(main, /\{base: '\/', routes: lazy1/);
  for (const kept of ['/small/page-4', "path: '/api', component", "path: '/', component", '/search']) assert.ok(main.includes(kept), `${kept} stays in main`);
  assert.ok(!main.includes('/api/page-7'), 'an API page route leaves main');

  const seen = new Map<string, string>();
  for (const [name, source] of split.files) {
    const m = name.match(/^bucket-(\d+)-(\d+)\.js$/);
    if (!m) continue;
    const count = Number(m[1]) === 0 ? Math.ceil(Math.sqrt(90)) : Math.ceil(Math.sqrt(40));
    for (const [, routePath] of source.matchAll(/\{path: '([^']+)'/g)) {
      assert.ok(!seen.has(routePath), `${routePath} in ${name} and ${seen.get(routePath)}`);
      seen.set(routePath, name);
      assert.equal(bucketOf(routePath, count), Number(m[2]), `${routePath} is in the bucket the browser computes`);
      assert.ok(underBase(routePath, Number(m[1]) === 0 ? '/api' : '/'));
    }
    // Its routes' chunk names and the registry entries of the chunks only they use travel with them.
    assert.match(source, /^Object\.assign\(registry, \{"[^"]+": \[\(\) => import\(/m);
    assert.match(source, /^Object\.assign\(routesChunkNames, \{"\//m);
  }
  assert.equal(seen.size, 130);

  // Every chunk name main's routes use is in main's registry; moved ones are not.
  const leanRegistry = split.files.get('registry.js')!;
  const leanNames = JSON.parse(split.files.get('routesChunkNames.js')!.replace(/^export default /, '').replace(/;\n$/, '')) as Record<string, unknown>;
  for (const name of Object.values(leanNames).flatMap(namesIn)) assert.ok(leanRegistry.includes(`"${name}": [`), `${name} is in main's registry`);
  assert.equal(Object.keys(leanNames).length + 130, Object.keys(files.chunkNames).length);
  const moved = [...registry.keys()].filter((n) => !leanRegistry.includes(`"${n}": [`));
  assert.ok(moved.length >= 130, 'each page content chunk leaves main');
  for (const name of moved) assert.ok([...split.files].some(([f, s]) => f.startsWith('bucket-') && s.includes(`"${name}": [`)), `${name} is in a bucket`);
});

test('bucket numbers: stable, in range, and the same for the forms react-router treats as one path', () => {
  assert.equal(normalizePath('/API/Create-Training-Job/'), '/api/create-training-job');
  assert.equal(normalizePath('/'), '/');
  for (const count of [1, 7, 42]) {
    for (const p of ['/api', '/api/list-projects', '/fine-tuning/datasets']) {
      const b = bucketOf(p, count);
      assert.ok(Number.isInteger(b) && b >= 0 && b < count);
      assert.equal(bucketOf(`${p.toUpperCase()}/`, count), b);
    }
  }
  // Spread: 1,000 paths over 32 buckets, none empty or more than twice the mean.
  const sizes = new Array<number>(32).fill(0);
  for (let i = 0; i < 1000; i++) sizes[bucketOf(`/api/operation-${i}-copy`, 32)] += 1;
  assert.ok(Math.min(...sizes) > 0 && Math.max(...sizes) < 2 * (1000 / 32), sizes.join(' '));
  assert.ok(underBase('/api/x', '/api') && underBase('/API', '/api') && underBase('/x', '/') && !underBase('/apix', '/api'));
});

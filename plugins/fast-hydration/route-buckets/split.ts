/**
 * Route data that does not grow with the API. Docusaurus generates three modules that `main` (the
 * chunk every page loads) imports whole: the route tree (`routes.js`), the registry of route
 * chunks (`registry.js`) and the chunk names of each route (`routesChunkNames.json`). Each API page
 * adds to all three (about 0.1 KB gzip per page). For the browser build, this file writes lean
 * copies of them in which every long list of page routes (a docs instance's pages) is cut into
 * about √n buckets by a hash of the path (./hash.ts); a bucket is a module of its own, with its
 * routes, their registry entries and chunk names, which ./preload.ts loads before the routes of a
 * path are matched. The server build keeps the originals, so every page's HTML is as before.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bucketOf, normalizePath } from './hash';

/** Lists with fewer page routes stay whole: a bucket module costs a request. */
export const MIN_BUCKETED_ROUTES = 24;

export interface RouteNode {
  path: string;
  /** ComponentCreator's second argument (absent for the catch-all route). */
  hash?: string;
  exact?: boolean;
  routes?: RouteNode[];
  /** Any other key Docusaurus serialized (sidebar, …), as it was. */
  attributes: Record<string, unknown>;
}

interface Creator {
  __creator: [string, string | undefined];
}

/** The route tree of a generated routes.js, evaluated with ComponentCreator stubbed out. */
export function readRoutes(source: string, file = 'routes.js'): RouteNode[] {
  const body = source.replace(/^import .*$/gm, '').replace(/^export default /m, 'return ');
  if (!/^return \[/m.test(body)) throw new Error(`route-buckets: ${file} does not look like Docusaurus's generated routes (export default [ … ])`);
  const creator = (routePath: string, hash?: string): Creator => ({ __creator: [routePath, hash] });
  const raw = new Function('ComponentCreator', body)(creator) as Array<Record<string, unknown>>;
  const toNode = (route: Record<string, unknown>): RouteNode => {
    const { path: routePath, component, exact, routes, ...attributes } = route;
    const made = (component as Creator | undefined)?.__creator;
    if (typeof routePath !== 'string' || !made) throw new Error(`route-buckets: a route of ${file} has no path or ComponentCreator component`);
    return {
      path: routePath,
      hash: made[1],
      ...(exact ? { exact: true } : {}),
      ...(routes ? { routes: (routes as Array<Record<string, unknown>>).map(toNode) } : {}),
      attributes,
    };
  };
  return raw.map(toNode);
}

/** Chunk name → module path, from a generated registry.js. */
export function readRegistry(source: string, file = 'registry.js'): Map<string, string> {
  const entries = new Map<string, string>();
  const line = /^\s*"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "\1" \*\/ ("(?:[^"\\]|\\.)*")\), \2, require\.resolveWeak\(\2\)\]/gm;
  for (const m of source.matchAll(line)) entries.set(m[1], JSON.parse(m[2]) as string);
  const declared = source.match(/^\s*"[^"]+": \[/gm)?.length ?? 0;
  if (entries.size !== declared) throw new Error(`route-buckets: read ${entries.size} of ${declared} entries of ${file}; Docusaurus changed its format`);
  return entries;
}

type ChunkNames = Record<string, unknown>;

/** Every chunk name in a route's chunk-name record (nested for plugin data such as `__context`). */
export const namesIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(namesIn) : [];

const isPageRoute = (r: RouteNode) => !r.routes && r.exact === true && r.hash !== undefined && !/[:*(]/.test(r.path);

/**
 * A page route of `parent` that can load later: not the list's own index, which stays in `main`
 * because the theme looks for the home page's route without a preload (useHomePageRoute, for the
 * breadcrumbs' home link).
 */
const isLazy = (r: RouteNode, parent: RouteNode) => isPageRoute(r) && normalizePath(r.path) !== normalizePath(parent.path);

const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function routeCode(r: RouteNode, listVar: Map<RouteNode, string>): string {
  const parts = [`path: ${q(r.path)}`, `component: ComponentCreator(${q(r.path)}${r.hash === undefined ? '' : `, ${q(r.hash)}`})`];
  if (r.exact) parts.push('exact: true');
  if (r.routes) parts.push(`routes: ${listVar.get(r) ?? `[${r.routes.map((c) => routeCode(c, listVar)).join(',\n')}]`}`);
  for (const [key, value] of Object.entries(r.attributes)) parts.push(`${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  return `{${parts.join(', ')}}`;
}

const registryCode = (name: string, file: string) => {
  const f = JSON.stringify(file);
  return `${JSON.stringify(name)}: [() => import(/* webpackChunkName: ${JSON.stringify(name)} */ ${f}), ${f}, require.resolveWeak(${f})]`;
};

export interface Split {
  /** File name → source, all in one folder. */
  files: Map<string, string>;
  /** How many page routes went into buckets, in how many buckets. */
  bucketedRoutes: number;
  buckets: number;
}

/** The lean routes, registry and chunk names, and the bucket modules, as sources. */
export function splitRoutes(routes: RouteNode[], registry: Map<string, string>, chunkNames: ChunkNames): Split {
  const keyOf = (r: RouteNode) => `${r.path}-${r.hash}`;
  const parents: RouteNode[] = [];
  const walk = (list: RouteNode[]) => {
    for (const r of list) {
      if (!r.routes) continue;
      if (r.routes.filter((c) => isLazy(c, r)).length >= MIN_BUCKETED_ROUTES) parents.push(r);
      else walk(r.routes);
    }
  };
  walk(routes);

  // Chunk names still needed by the routes that stay in `main`.
  const kept = new Set<string>();
  const keep = (list: RouteNode[]) => {
    for (const r of list) {
      namesIn(chunkNames[keyOf(r)]).forEach((n) => kept.add(n));
      if (r.routes) keep(parents.includes(r) ? r.routes.filter((c) => !isLazy(c, r)) : r.routes);
    }
  };
  keep(routes);

  const files = new Map<string, string>();
  const listVar = new Map<RouteNode, string>();
  const bucketSpecs: string[] = [];
  const movedKeys = new Set<string>();
  const movedNames = new Set<string>();
  let bucketedRoutes = 0;
  let bucketTotal = 0;
  parents.forEach((parent, p) => {
    const pages = parent.routes!.filter((r) => isLazy(r, parent));
    const count = Math.ceil(Math.sqrt(pages.length));
    const groups: RouteNode[][] = Array.from({ length: count }, () => []);
    for (const r of pages) groups[bucketOf(r.path, count)].push(r);
    const variable = `lazy${p}`;
    listVar.set(parent, variable);
    const loaders = groups.map((group, b) => {
      const file = `bucket-${p}-${b}.js`;
      const names = [...new Set(group.flatMap((r) => namesIn(chunkNames[keyOf(r)])))].filter((n) => !kept.has(n));
      names.forEach((n) => movedNames.add(n));
      group.forEach((r) => movedKeys.add(keyOf(r)));
      files.set(
        file,
        [
          "import ComponentCreator from '@docusaurus/ComponentCreator';",
          "import registry from '@generated/registry';",
          "import routesChunkNames from '@generated/routesChunkNames';",
          `Object.assign(registry, {${names.map((n) => registryCode(n, registry.get(n)!)).join(',\n')}});`,
          `Object.assign(routesChunkNames, ${JSON.stringify(Object.fromEntries(group.map((r) => [keyOf(r), chunkNames[keyOf(r)]])))});`,
          `export default [${group.map((r) => routeCode(r, listVar)).join(',\n')}];`,
          '',
        ].join('\n'),
      );
      return `() => import(/* webpackChunkName: "routes-${p}-${b}" */ './${file}')`;
    });
    bucketSpecs.push(`{base: ${q(parent.path)}, routes: ${variable}, load: [${loaders.join(',\n')}]}`);
    bucketedRoutes += pages.length;
    bucketTotal += count;
  });

  const lists = parents.map((parent, p) => `const lazy${p} = [${parent.routes!.filter((r) => !isLazy(r, parent)).map((r) => routeCode(r, listVar)).join(',\n')}];`);
  files.set(
    'routes.js',
    [
      "import React from 'react';",
      "import ComponentCreator from '@docusaurus/ComponentCreator';",
      ...lists,
      '/** Route lists whose page routes load by bucket (plugins/fast-hydration/route-buckets). */',
      `export const buckets = [${bucketSpecs.join(',\n')}];`,
      `export default [${routes.map((r) => routeCode(r, listVar)).join(',\n')}];`,
      '',
    ].join('\n'),
  );
  const leanRegistry = [...registry].filter(([name]) => !movedNames.has(name));
  files.set('registry.js', `export default {${leanRegistry.map(([n, f]) => registryCode(n, f)).join(',\n')}};\n`);
  const leanNames = Object.fromEntries(Object.entries(chunkNames).filter(([key]) => !movedKeys.has(key)));
  files.set('routesChunkNames.js', `export default ${JSON.stringify(leanNames)};\n`);
  return { files, bucketedRoutes, buckets: bucketTotal };
}

/** Reads the generated route modules in `generatedDir`, writes the split into `outDir`. */
export function writeRouteBuckets(generatedDir: string, outDir: string): Split {
  const read = (name: string) => readFileSync(path.join(generatedDir, name), 'utf8');
  const split = splitRoutes(
    readRoutes(read('routes.js')),
    readRegistry(read('registry.js')),
    JSON.parse(read('routesChunkNames.json')) as ChunkNames,
  );
  mkdirSync(outDir, { recursive: true });
  for (const [name, source] of split.files) writeFileSync(path.join(outDir, name), source);
  return split;
}

/**
 * Route data that does not grow with the API. Docusaurus generates three modules that `main` (the
 * chunk every page loads) imports whole: the route tree (`routes.js`), the registry of route
 * chunks (`registry.js`) and the chunk names of each route (`routesChunkNames.json`). Each API page
 * adds to all three (about 0.1 KB gzip per page). For the browser build, this file writes lean
 * copies of them in which every long list of page routes (a docs instance's pages) is cut into
 * about √n buckets by a hash of the path (./hash.ts); a bucket is a module of its own, with its
 * routes, their registry entries and chunk names, which ./preload.ts loads before the routes of a
 * path are matched. The page chunks a bucket registers carry no chunk name (registryCode). The
 * docs versions whose pages are bucketed also get lean sidebars (./sidebars.ts): a lean copy of the
 * version metadata, and each page's content module wrapped with the sidebar parts around it. The
 * server build keeps the originals, so every page's HTML is as before.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bucketOf, normalizePath } from './hash';
import { chainParts, leanSidebars, replacesPart, type SidebarItem, type Sidebars } from './sidebars';

/** The browser's store of sidebar parts (./sidebar-store.ts), as the generated modules import it. */
const SIDEBAR_STORE = JSON.stringify(path.join(__dirname, 'sidebar-store'));

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

/**
 * A registry entry as Docusaurus writes it. `named: false` drops the webpackChunkName comment: the
 * chunk is then known by its numeric id alone, so that the runtime in every page's startup scripts
 * (`runtime~main`) carries no id → name entry and Docusaurus's `gca` no name → id entry for it.
 * Those two maps grow by one entry per chunk (about 18 bytes gzip each, 31 KB at ×32 API size); the
 * names serve only `window.docusaurus.prefetch`, which ../client/prefetch-on-intent.ts turns off.
 */
const registryCode = (name: string, file: string, named = true) => {
  const f = JSON.stringify(file);
  const comment = named ? `/* webpackChunkName: ${JSON.stringify(name)} */ ` : '';
  return `${JSON.stringify(name)}: [() => import(${comment}${f}), ${f}, require.resolveWeak(${f})]`;
};

/** A docs version's metadata module (a route's `__props`), as plugin-content-docs writes it. */
interface VersionProps {
  version: { pluginId: string; version: string; docsSidebars: Sidebars };
}

/** The version whose pages a list holds: the chunk name and file of its metadata, and the metadata. */
interface VersionContext {
  name: string;
  file: string;
  props: VersionProps;
}

const isVersionProps = (value: unknown): value is VersionProps => {
  const version = (value as VersionProps | undefined)?.version;
  return !!version && typeof version.pluginId === 'string' && typeof version.version === 'string' && !!version.docsSidebars && typeof version.docsSidebars === 'object';
};

/** Merges sidebar parts by sidebar and position, as ./sidebar-store.ts does (`replacesPart`). */
function mergeParts(into: Record<string, Record<string, SidebarItem[]>>, sidebar: string, parts: Record<string, SidebarItem[]>): void {
  const known = (into[sidebar] ??= {});
  for (const [key, items] of Object.entries(parts)) if (replacesPart(known[key], items)) known[key] = items;
}

/** The parts of the version's sidebars around one page (its route names its sidebar), or nothing where it needs none. */
interface PageParts {
  sidebar: string;
  parts: Record<string, SidebarItem[]>;
}
function pagePartsOf(r: RouteNode, context: VersionContext): PageParts | undefined {
  const sidebar = r.attributes.sidebar;
  const items = typeof sidebar === 'string' ? context.props.version.docsSidebars[sidebar] : undefined;
  const parts = items ? chainParts(items, r.path) : {};
  return Object.keys(parts).length ? { sidebar: sidebar as string, parts } : undefined;
}

/** The parts around several pages, merged by sidebar and position. */
function mergedParts(pages: PageParts[]): Record<string, Record<string, SidebarItem[]>> {
  const out: Record<string, Record<string, SidebarItem[]>> = {};
  for (const { sidebar, parts } of pages) mergeParts(out, sidebar, parts);
  return out;
}

const versionKeyOf = (context: VersionContext) => JSON.stringify(`${context.props.version.pluginId}/${context.props.version.version}`);

/** The statement that hands sidebar parts to the store, or nothing. */
const addPartsCode = (context: VersionContext, parts: Record<string, Record<string, SidebarItem[]>>): string[] =>
  Object.keys(parts).length ? [`addSidebarParts(${versionKeyOf(context)}, ${JSON.stringify(parts)});`] : [];

/**
 * A page's content module, wrapped: the wrapper hands the store the sidebar parts around the page,
 * then re-exports the module. It takes the module's place in the browser registry, so the parts
 * travel in the page's own chunk (no chunk more, nothing in another page's) and are in place once
 * the page's chunks have loaded, before it renders.
 */
const wrapperCode = (context: VersionContext, parts: Record<string, Record<string, SidebarItem[]>>, file: string): string =>
  [
    `import { addSidebarParts } from ${SIDEBAR_STORE};`,
    ...addPartsCode(context, parts),
    // A JSON module (route props) has a default export only.
    ...(file.endsWith('.json') ? [] : [`export * from ${JSON.stringify(file)};`]),
    `export { default } from ${JSON.stringify(file)};`,
    '',
  ].join('\n');

export interface Split {
  /** File name → source, all in one folder. */
  files: Map<string, string>;
  /** How many page routes went into buckets, in how many buckets. */
  bucketedRoutes: number;
  buckets: number;
}

/**
 * The lean routes, registry and chunk names, and the bucket modules, as sources. With `readModule`
 * (a registry file → its JSON), the docs versions whose pages are bucketed also get lean sidebars
 * (./sidebars.ts): a lean copy of their metadata, and each page's data module wrapped with the
 * sidebar parts around it.
 */
export function splitRoutes(
  routes: RouteNode[],
  registry: Map<string, string>,
  chunkNames: ChunkNames,
  readModule?: (file: string) => unknown,
): Split {
  const keyOf = (r: RouteNode) => `${r.path}-${r.hash}`;
  const parents: RouteNode[] = [];
  const contexts = new Map<RouteNode, VersionContext>();
  const versionOf = (r: RouteNode): VersionContext | undefined => {
    const name = (chunkNames[keyOf(r)] as { __props?: unknown } | undefined)?.__props;
    const file = typeof name === 'string' ? registry.get(name) : undefined;
    if (!readModule || !file || !file.endsWith('.json')) return undefined;
    const props = readModule(file);
    return isVersionProps(props) ? { name: name as string, file, props } : undefined;
  };
  const walk = (list: RouteNode[], context: VersionContext | undefined) => {
    for (const r of list) {
      if (!r.routes) continue;
      const inner = versionOf(r) ?? context;
      if (r.routes.filter((c) => isLazy(c, r)).length >= MIN_BUCKETED_ROUTES) {
        parents.push(r);
        if (inner) contexts.set(r, inner);
      } else walk(r.routes, inner);
    }
  };
  walk(routes, undefined);

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
  // The sidebar parts around each page of a list with lean sidebars: in a wrapper of the page's
  // own data module (its `content`, else its `__props`; ./page-<chunk name>.js, which the registry
  // then names), else in the module that carries the page's route (its bucket, or `main`).
  const wrapped = new Map<string, string>();
  const loose = new Map<RouteNode, PageParts>();
  const dataName = (r: RouteNode): string | undefined => {
    const names = chunkNames[keyOf(r)] as Record<string, unknown> | undefined;
    return [names?.content, names?.__props].find((n): n is string => typeof n === 'string' && registry.has(n));
  };
  for (const [parent, context] of contexts) {
    const byName = new Map<string, PageParts[]>();
    for (const r of parent.routes!.filter(isPageRoute)) {
      const own = pagePartsOf(r, context);
      if (!own) continue;
      const name = dataName(r);
      if (name) byName.set(name, [...(byName.get(name) ?? []), own]);
      else loose.set(r, own);
    }
    // A module that several pages share carries the parts of them all.
    for (const [name, pages] of byName) {
      const wrapper = `page-${name}.js`;
      files.set(wrapper, wrapperCode(context, mergedParts(pages), registry.get(name)!));
      wrapped.set(name, `./${wrapper}`);
    }
  }
  const looseParts = (parent: RouteNode, pages: RouteNode[]): string[] => {
    const context = contexts.get(parent);
    const own = pages.flatMap((r) => loose.get(r) ?? []);
    return context ? addPartsCode(context, mergedParts(own)) : [];
  };
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
      const parts = looseParts(parent, group);
      files.set(
        file,
        [
          "import ComponentCreator from '@docusaurus/ComponentCreator';",
          "import registry from '@generated/registry';",
          "import routesChunkNames from '@generated/routesChunkNames';",
          ...(parts.length ? [`import { addSidebarParts } from ${SIDEBAR_STORE};`, ...parts] : []),
          `Object.assign(registry, {${names.map((n) => registryCode(n, wrapped.get(n) ?? registry.get(n)!, false)).join(',\n')}});`,
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
  // Each version with lean sidebars: its lean metadata replaces the original in the registry; the
  // original loads as a chunk of its own when the reader reaches for the sidebar (./sidebar-store.ts).
  const versions = [...new Map([...contexts.values()].map((c) => [c.name, c])).values()];
  const leanFiles = new Map<string, string>();
  const sidebarCode: string[] = [];
  for (const context of versions) {
    const leanFile = `version-${context.name}.json`;
    const { version } = context.props;
    files.set(leanFile, `${JSON.stringify({ ...context.props, version: { ...version, docsSidebars: leanSidebars(version.docsSidebars) } })}\n`);
    leanFiles.set(context.name, `./${leanFile}`);
    const original = JSON.stringify(context.file);
    sidebarCode.push(`registerWholeSidebars(${versionKeyOf(context)}, () => import(/* webpackChunkName: "sidebars-${context.name}" */ ${original}));`);
  }
  // The index pages, which stay in `main`: their parts in their content's wrapper, or in `main`.
  parents.forEach((parent) => sidebarCode.push(...looseParts(parent, parent.routes!.filter((r) => isPageRoute(r) && !isLazy(r, parent)))));
  files.set(
    'routes.js',
    [
      "import React from 'react';",
      "import ComponentCreator from '@docusaurus/ComponentCreator';",
      ...(sidebarCode.length ? [`import { addSidebarParts, registerWholeSidebars } from ${SIDEBAR_STORE};`, ...sidebarCode] : []),
      ...lists,
      '/** Route lists whose page routes load by bucket (plugins/fast-hydration/route-buckets). */',
      `export const buckets = [${bucketSpecs.join(',\n')}];`,
      `export default [${routes.map((r) => routeCode(r, listVar)).join(',\n')}];`,
      '',
    ].join('\n'),
  );
  const leanRegistry = [...registry].filter(([name]) => !movedNames.has(name));
  files.set('registry.js', `export default {${leanRegistry.map(([n, f]) => registryCode(n, leanFiles.get(n) ?? wrapped.get(n) ?? f)).join(',\n')}};\n`);
  const leanNames = Object.fromEntries(Object.entries(chunkNames).filter(([key]) => !movedKeys.has(key)));
  files.set('routesChunkNames.js', `export default ${JSON.stringify(leanNames)};\n`);
  return { files, bucketedRoutes, buckets: bucketTotal };
}

/** Reads the generated route modules in `generatedDir`, writes the split into `outDir` (with lean sidebars unless told not to). */
export function writeRouteBuckets(generatedDir: string, outDir: string, { leanSidebars = true } = {}): Split {
  const read = (name: string) => readFileSync(path.join(generatedDir, name), 'utf8');
  // Registry files under @generated are this folder's; other modules (MDX, theme) are never JSON props.
  const readModule = (file: string): unknown =>
    file.startsWith('@generated/') ? (JSON.parse(readFileSync(path.join(generatedDir, file.slice('@generated/'.length)), 'utf8')) as unknown) : undefined;
  const split = splitRoutes(
    readRoutes(read('routes.js')),
    readRegistry(read('registry.js')),
    JSON.parse(read('routesChunkNames.json')) as ChunkNames,
    leanSidebars ? readModule : undefined,
  );
  // Written afresh: a smaller API leaves no stale bucket or wrapper behind.
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  for (const [name, source] of split.files) writeFileSync(path.join(outDir, name), source);
  return split;
}

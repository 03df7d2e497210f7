/**
 * The patches of Docusaurus internals that every page uses, in one plugin: the parts that make
 * pages start faster (no Prism in the browser, pages fetched on intent, lean route data). Patches
 * only API pages use live in plugins/api-reference. Each file
 * says why it exists; UPGRADING.md says what to re-check when an upstream package moves, and
 * tests/unit/upstream-canaries.test.ts fails when a file a patch depends on changes (./upstream.json
 * records them).
 *
 * - theme/ — components served in place of the upstream ones. The plugin is listed last in
 *   `themes`, so its components win. A wrapper reaches the component it wraps as `@theme-init/<Name>`
 *   (the first theme that provided it). The folder holds TypeScript, which the site's own loader
 *   compiles (no getTypeScriptThemePath: nobody swizzles from a local plugin).
 * - client/ — modules that run on every page before it hydrates.
 * - REPLACEMENTS — modules swapped for others in the browser build only (the server build keeps
 *   the originals, so the static HTML is as before).
 * - SERVER_REPLACEMENTS — modules swapped in the server build only, where rendering every page
 *   multiplies a cost that grows with the API (server/): same HTML, less time.
 * - route-buckets/ — the production browser build's route data in buckets loaded per path, so that
 *   no page carries every route (routeBucketReplacements); and the docs versions' sidebars lean,
 *   with the parts around each page in its own chunk (route-buckets/sidebars.ts, theme/DocVersionRoot).
 * - PATCHES (./patches.ts) — which of the above belongs to which UPGRADING.md section, so that a
 *   build can leave one out (`patchesOff` option, from EMISSARY_PATCHES_OFF in docusaurus.config.ts).
 */
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { browserModuleReplacements, replaceModule, type Replacement } from './replace-module';
import { writeRouteBuckets } from './route-buckets/split';
import { partsOff, slugOf } from './patches';
import * as z from 'zod';
import { optionsValidator } from '../../lib/options';

const here = (...parts: string[]): string => path.join(__dirname, ...parts);

export const REPLACEMENTS: Replacement[] = [
  {
    // theme-classic's client module that imports Prism and registers grammars on every page at
    // startup (~29 KB gzip of `main`). Code arrives highlighted by the build (plugins/code-blocks)
    // and nothing in the browser highlights, so it is emptied there.
    test: /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
    target: here('client', 'empty-prism-include-languages.js'),
  },
];

export const SERVER_REPLACEMENTS: Replacement[] = [
  {
    // The sidebar checks every page makes for every category, indexed (server/sidebar-activity.ts).
    test: /^\.\/docsUtils(\.js)?$/,
    issuer: /[\\/]@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client[\\/]index\.js$/,
    target: here('server', 'docs-utils.ts'),
  },
];

/** Client modules, in order: each moves startup work out of the tasks in which the page hydrates. */
export const CLIENT_MODULES = [here('client', 'prefetch-on-intent.ts')];

/** Docusaurus's generated route modules → the lean ones route-buckets/split.ts writes into `dir`, and its preload. */
export function routeBucketReplacements(dir: string): Replacement[] {
  return [
    { test: /^@generated\/routes$/, target: path.join(dir, 'routes.js') },
    { test: /^@generated\/registry$/, target: path.join(dir, 'registry.js') },
    { test: /^@generated\/routesChunkNames(\.json)?$/, target: path.join(dir, 'routesChunkNames.js') },
    // Imported as './preload' by the client entry, the navigation and window.docusaurus.
    { test: /^\.\/preload(\.js)?$/, issuer: /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/][^\\/]+\.js$/, target: here('route-buckets', 'preload.ts') },
  ];
}

export interface FastHydrationOptions {
  /** Slugs of the patches to leave out (EMISSARY_PATCHES_OFF, read by docusaurus.config.ts; ./patches.ts). */
  patchesOff?: string[];
}

export default function fastHydration(context: LoadContext, options: FastHydrationOptions = {}): Plugin {
  const off = new Set(options.patchesOff ?? []);
  const left = partsOff(off);
  const kept = (list: Replacement[]) => list.filter((r) => !left.replacements.some((t) => r.target === here(t)));
  const bucketsOff = off.has(slugOf('Route data loads by bucket'));
  const leanSidebarsOff = bucketsOff || off.has(slugOf('Sidebars load lean'));
  // Upstream internals: theme-classic's Prism client module swapped (UPGRADING.md, "Prism stays out of the browser").
  const replacements = browserModuleReplacements('fast-hydration', kept(REPLACEMENTS));
  return {
    ...replacements,
    getThemePath: () => here('theme'),
    getClientModules: () => CLIENT_MODULES.filter((m) => !left.client.some((c) => m === here(c))),
    configureWebpack(config, isServer, utils, content) {
      // Upstream internals: a module of plugin-content-docs swapped (UPGRADING.md, "The sidebar checks are indexed on the server").
      if (isServer) return { plugins: kept(SERVER_REPLACEMENTS).map((r) => replaceModule(utils, r)) } as never;
      const base = replacements.configureWebpack!(config, isServer, utils, content) as { plugins?: unknown[] };
      // Production browser build only: `start` regenerates the route modules as files change.
      if (config.mode !== 'production' || bucketsOff) return base as never;
      const dir = path.join(context.generatedFilesDir, 'route-buckets');
      writeRouteBuckets(context.generatedFilesDir, dir, { leanSidebars: !leanSidebarsOff });
      // Upstream internals: Docusaurus's generated route modules and its client preload swapped (UPGRADING.md, "Route data loads by bucket").
      return { plugins: [...(base.plugins ?? []), ...routeBucketReplacements(dir).map((r) => replaceModule(utils, r))] } as never;
    },
  };
}

fastHydration.validateOptions = optionsValidator('fast-hydration', { patchesOff: z.array(z.string()).optional() });

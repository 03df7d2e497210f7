/**
 * plugin-content-docs for the API reference, with less data sent to every page. Upstream puts the
 * list of all the instance's docs into the global data that `main` carries to every page, and a
 * title and description of every doc into the version metadata every page of the instance loads:
 * both grow with the API. Here the global data lists none of the API's docs (they serve only the
 * navbar's doc items and the version dropdown, and no such item points into /api) and the version
 * metadata keeps the docs that a generated index shows as cards (what `useDocById` asks for).
 * Use this module's path where the config names the plugin (`API_DOCS_PLUGIN`).
 */
import docsPlugin, { validateOptions } from '@docusaurus/plugin-content-docs';
import type { LoadContext, Plugin, RouteConfig } from '@docusaurus/types';
import type { PluginOptions } from '@docusaurus/plugin-content-docs';

/** What this file relies on in the version metadata prop (`toVersionMetadataProp`). */
interface SidebarItemProp {
  type: string;
  href?: string;
  docId?: string;
  items?: SidebarItemProp[];
}
interface VersionProp {
  docs: Record<string, unknown>;
  docsSidebars: Record<string, SidebarItemProp[]>;
}

/** Doc ids shown as cards: the doc links directly under a category that has a page of its own. */
export function cardDocIds(items: SidebarItemProp[]): Set<string> {
  const ids = new Set<string>();
  const walk = (list: SidebarItemProp[]) => {
    for (const item of list) {
      if (item.type !== 'category') continue;
      if (item.href) for (const child of item.items ?? []) if (child.docId) ids.add(child.docId);
      walk(item.items ?? []);
    }
  };
  walk(items);
  return ids;
}

/** The version routes' metadata with only the card docs. */
function leanRoute(route: RouteConfig): RouteConfig {
  const version = (route.props as { version?: VersionProp } | undefined)?.version;
  const routes = route.routes?.map(leanRoute);
  if (!version?.docs || !version.docsSidebars) return { ...route, routes };
  const keep = cardDocIds(Object.values(version.docsSidebars).flat());
  const docs = Object.fromEntries(Object.entries(version.docs).filter(([id]) => keep.has(id)));
  return { ...route, routes, props: { ...route.props, version: { ...version, docs } } };
}

type GlobalData = { versions: Array<{ docs: unknown[] }> };

export default async function leanDocsData(context: LoadContext, options: PluginOptions): Promise<Plugin<unknown>> {
  const plugin = (await docsPlugin(context, options)) as Plugin<unknown>;
  const contentLoaded = plugin.contentLoaded!.bind(plugin);
  return {
    ...plugin,
    contentLoaded(args) {
      const actions = {
        ...args.actions,
        addRoute: (route: RouteConfig) => args.actions.addRoute(leanRoute(route)),
        setGlobalData: (data: unknown) => {
          const global = data as GlobalData;
          args.actions.setGlobalData({ ...global, versions: global.versions.map((v) => ({ ...v, docs: [] })) });
        },
      };
      return contentLoaded({ ...args, actions });
    },
  };
}

leanDocsData.validateOptions = validateOptions;

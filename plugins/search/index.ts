/**
 * The site's search: after the build, a sharded index of every docs page (guides and API reference)
 * under /search/, weighted by the OpenAPI document's names; the navbar box (theme/SearchBar) that
 * loads its code and the index shards a query needs on first use; the /search page (theme/SearchPage).
 */
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { siteInputValidator, type SiteInput } from '../../lib/site';
import { openApiDocument } from '../../lib/openapi/document';
import { contentOf, type ApiReferenceContent } from '../../lib/openapi/generated';
import { apiFields, buildIndex, errorFields, type IndexPage } from './build-index';
import { extractPage } from './extract';

/** Where the index is served from; the manifest's name is fixed, every other file's name carries its hash. */
export const SEARCH_DIR = 'search';
export const MANIFEST = 'manifest.json';

export function routeFile(outDir: string, route: string): string {
  return path.join(outDir, route === '/' ? 'index.html' : `${route}.html`);
}

/** Reads every docs page of the build and writes the index; returns the page count. */
export async function writeSearchIndex(outDir: string, routes: string[], apiRoutes: ReadonlyMap<string, string>, specFile: string): Promise<number> {
  const { doc } = openApiDocument(specFile);
  const api = apiFields(doc, apiRoutes);
  const errors = errorFields(doc);
  const pages: IndexPage[] = [];
  for (const route of new Set(routes)) {
    const file = routeFile(outDir, route);
    if (!existsSync(file)) continue;
    const page = extractPage(await fs.readFile(file, 'utf8'), file);
    if (!page) continue;
    const known = api.get(route);
    pages.push({ url: route, ...page, label: known?.label ?? (route.startsWith('/api') ? 'API' : 'Guide'), fields: known?.fields ?? [], titleVerbs: known?.titleVerbs, ...(route === errors.route && { sectionFields: errors.sectionFields }) });
  }
  if (!pages.length) throw new Error(`search: no docs page found in ${outDir}`);
  const { manifest, files } = buildIndex(pages);
  const dir = path.join(outDir, SEARCH_DIR);
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest));
  for (const [name, text] of files) await fs.writeFile(path.join(dir, name), text);
  return pages.length;
}

export default function searchPlugin(_context: unknown, { spec, site }: SiteInput): Plugin {
  return {
    name: 'search',
    getThemePath: () => path.join(__dirname, 'theme'),
    async contentLoaded({ actions }) {
      actions.addRoute({ path: '/search', component: '@theme/SearchPage', exact: true, props: { description: `Search the ${site.name} documentation and API reference` } });
    },
    async postBuild({ outDir, routesPaths, routesBuildMetadata, plugins }) {
      // Not searched: pages marked noindex (the maintainer handbook's) and the search page itself.
      const searched = routesPaths.filter((route) => !routesBuildMetadata[route]?.noIndex && route !== '/search');
      await writeSearchIndex(outDir, searched, contentOf<ApiReferenceContent>(plugins, 'api-reference').routes, spec.file);
    },
  };
}

searchPlugin.validateOptions = siteInputValidator('search');

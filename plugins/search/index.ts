/**
 * The site's search: after the build, a sharded index of every docs page (guides and API reference)
 * under /search/, weighted by the OpenAPI document's names; the navbar box (theme/SearchBar) that
 * loads its code and the index shards a query needs on first use; the /search page (theme/SearchPage).
 */
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { siteInputValidator, type SiteInput } from '../api-reference/site';
import { openApiDocument } from '../api-reference/document';
import { generatedRoutes } from '../api-reference/generated';
import { apiFields, buildIndex, errorFields, type IndexPage } from './build-index';
import { extractPage } from './extract';
import { isHandbookRoute } from '../handbook';

/** Where the index is served from; the manifest's name is fixed, every other file's name carries its hash. */
export const SEARCH_DIR = 'search';
export const MANIFEST = 'manifest.json';

/** Pages that are not searched: the maintainer handbook (plugins/handbook) and the search page itself. */
const unsearched = (route: string) => isHandbookRoute(route) || route === '/search';

export function routeFile(outDir: string, route: string): string {
  return path.join(outDir, route === '/' ? 'index.html' : `${route}.html`);
}

/** Reads every docs page of the build and writes the index; returns the page count. */
export async function writeSearchIndex(outDir: string, routes: string[], siteDir: string, specFile: string): Promise<number> {
  const { doc } = openApiDocument(specFile);
  const api = apiFields(doc, generatedRoutes(siteDir));
  const errors = errorFields(doc);
  const pages: IndexPage[] = [];
  for (const route of new Set(routes)) {
    if (unsearched(route)) continue;
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

export default function searchPlugin(context: { siteDir: string }, { spec }: SiteInput): Plugin {
  return {
    name: 'search',
    getThemePath: () => path.join(__dirname, 'theme'),
    async contentLoaded({ actions }) {
      actions.addRoute({ path: '/search', component: '@theme/SearchPage', exact: true });
    },
    async postBuild({ outDir, routesPaths }) {
      await writeSearchIndex(outDir, routesPaths, context.siteDir, spec.file);
    },
  };
}

searchPlugin.validateOptions = siteInputValidator('search');

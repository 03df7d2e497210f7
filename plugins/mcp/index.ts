/**
 * The docs MCP server's bundle (issue #29), after the build: build/_mcp/bundle.json (./bundle.ts),
 * the client configurations (/_mcp/clients.json), and the MCP Catalog and Server Card under
 * /.well-known/mcp/ (./clients.ts). The server itself is mcp/server.ts.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { REPOSITORY_URL } from '../../config/navbar';
import { highlightsOf } from '../../lib/code/highlight';
import { siteInputValidator, type SiteInput } from '../../lib/site';
import { openApiDocument } from '../../lib/openapi/document';
import { contentOf, type ApiReferenceContent } from '../../lib/openapi/generated';
import { linkReleases, RECORDED_SPEC, type Release } from '../../lib/changelog/history';
import { BUNDLE_FILE, ERRORS_PAGE, mcpBundle, MCP_DIR, RULES_FILE } from '../../lib/mcp/bundle';
import { CATALOG_FILE, clientConfigs, mcpCatalog, SERVER_CARD_FILE, serverCard } from '../../lib/mcp/clients';

export const CLIENTS_FILE = `${MCP_DIR}/clients.json`;

async function write(outDir: string, file: string, value: unknown) {
  const full = path.join(outDir, file);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, `${JSON.stringify(value)}\n`);
}

export default function mcp(context: LoadContext, { spec, site }: SiteInput): Plugin {
  const { siteDir } = context;
  const siteUrl = `${context.siteConfig.url}${context.siteConfig.baseUrl}`.replace(/\/$/, '');
  // The site as the server, its card and its clients' configurations name it.
  const cardSite = { title: context.siteConfig.title, url: siteUrl };
  return {
    name: 'mcp',
    getPathsToWatch: () => [path.join(siteDir, ERRORS_PAGE), path.join(siteDir, RULES_FILE)],
    async contentLoaded({ actions }) {
      // The client configurations src/components/McpClient shows, highlighted at build time (plugins/code-blocks).
      await actions.createData('highlights.json', JSON.stringify(highlightsOf(clientConfigs(cardSite).map((c) => ({ language: c.language, code: c.text })))));
    },
    async postBuild({ outDir, plugins }) {
      const started = performance.now();
      const { doc } = openApiDocument(spec.file);
      const { routes, samples } = contentOf<ApiReferenceContent>(plugins, 'api-reference');
      // /changelog and /errors describe the recorded API, also when the site is built from another document (as plugins/llms-txt).
      const same = spec.recorded;
      const recorded = same ? doc : openApiDocument(path.join(siteDir, RECORDED_SPEC)).doc;
      // postBuild plugins run at once: the wall time includes theirs; `work` is this plugin's own.
      const working = performance.now();
      const bundle = mcpBundle({
        siteDir,
        site: cardSite,
        doc,
        recorded,
        routes,
        samples,
        recordedRoutes: same ? routes : undefined,
        // The releases as plugins/changelog published them for /changelog; none, and no errors, when the site leaves those pages out (SITE_CONFIG `pages`).
        releases: site.pages.changelog ? linkReleases(contentOf<{ releases: Release[] }>(plugins, 'changelog').releases, same ? routes : undefined) : [],
        errors: site.pages.errors,
      });
      const work = performance.now() - working;
      await write(outDir, BUNDLE_FILE, bundle);
      await write(outDir, CLIENTS_FILE, clientConfigs(cardSite));
      // The repository (config/navbar.ts) is Emissary's: the card names it on the site of Emissary's own document only.
      await write(outDir, SERVER_CARD_FILE, serverCard(cardSite, spec.recorded ? REPOSITORY_URL : undefined));
      await write(outDir, CATALOG_FILE, mcpCatalog(cardSite, `${siteUrl}/${SERVER_CARD_FILE}`));
      const bytes = (await fs.stat(path.join(outDir, BUNDLE_FILE))).size;
      console.log(`[mcp] ${BUNDLE_FILE}: ${bundle.operations.length} operations, ${(bytes / 1024).toFixed(0)} KiB in ${Math.round(work)} ms of work (${Math.round(performance.now() - started)} ms wall, shared with the other postBuild plugins)`);
    },
  };
}

mcp.validateOptions = siteInputValidator('mcp');

/**
 * Publishes the site for language models, after the build:
 * - a Markdown twin of every content page at its URL + `.md` (`/index.md` for the home page);
 * - /llms.txt (https://llmstxt.org): an index of the twins in four sections;
 * - /llms-full.txt: every twin in one file.
 * Guides are converted from their MDX sources; API pages are rendered from the OpenAPI document.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { API_DOCS_PLUGIN_ID } from '../../lib/openapi/generated';
import { siteInputValidator, type SiteInput } from '../../lib/site';
import { openApiDocument } from '../../lib/openapi/document';
import { apiTwinsFromPages, pagesByRef } from './api-twins';
import { agentSection } from './agents';
import { docToMarkdown, firstSentence, oneLine } from '../../lib/markdown';
import { downloadsToMarkdown, fillScriptBlocks } from '../../lib/guide-scripts/mdx';
import { linkReleases, RECORDED_SPEC, type Release } from '../../lib/changelog/history';
import { contentOf } from '../../lib/openapi/generated';
import { referenceBlocksToMarkdown } from '../../lib/changelog/twins';
import { mcpClientsToMarkdown } from '../../lib/mcp/clients';
import { baseModelsToMarkdown } from '../../lib/dataset-check/models';

/** `unlisted` twins are written and go into llms-full.txt, but llms.txt does not list them. */
type Section = 'guides' | 'unlisted' | 'api' | 'schemas' | 'optional';
const SECTION_TITLES: Record<Exclude<Section, 'unlisted'>, string> = {
  guides: 'Guides',
  api: 'API reference',
  schemas: 'Schemas',
  optional: 'Optional',
};

export interface Twin {
  route: string;
  title: string;
  summary: string;
  markdown: string;
  section: Section;
}

/* ---- The slices of other plugins' loaded content this plugin reads ---- */
export interface DocMeta {
  id: string;
  title: string;
  description: string;
  source: string;
  permalink: string;
  unlisted?: boolean;
  frontMatter?: Record<string, unknown>;
}
interface SidebarItem {
  type: string;
  id?: string;
  label?: string;
  items?: SidebarItem[];
  link?: { type: string; id?: string; permalink?: string; title?: string; description?: string };
}
interface DocsContent {
  loadedVersions: Array<{ docs: DocMeta[]; sidebars: Record<string, SidebarItem[]> }>;
}
interface PageMeta {
  type: string;
  permalink: string;
  source: string;
  title?: string;
  description?: string;
}

const sitePath = (siteDir: string, source: string) => path.join(siteDir, source.replace(/^@site\//, ''));

function flattenDocIds(items: SidebarItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.type === 'doc' || item.type === 'ref' ? [item.id!] : []),
    ...(item.link?.type === 'doc' ? [item.link.id!] : []),
    ...flattenDocIds(item.items ?? []),
  ]);
}

function allCategories(items: SidebarItem[]): SidebarItem[] {
  return items.flatMap((i) => (i.type === 'category' ? [i, ...allCategories(i.items ?? [])] : []));
}

/** The Markdown twin of a generated-index category page: its items as link lists, subcategories as headings. */
function generatedIndexMarkdown(
  category: SidebarItem,
  docs: Map<string, DocMeta>,
  summaries: Map<string, string>,
): string {
  const out: string[] = [`# ${category.link!.title ?? category.label}`, ''];
  if (category.link!.description) out.push(`> ${oneLine(category.link!.description)}`, '');
  const walk = (items: SidebarItem[], level: number) => {
    for (const item of items) {
      const doc = item.id ? docs.get(item.id) : undefined;
      if (doc) {
        const summary = summaries.get(doc.permalink) ?? oneLine(doc.description);
        out.push(`- [${item.label ?? doc.title}](${doc.permalink})${summary ? `: ${summary}` : ''}`);
      } else if (item.type === 'category') {
        out.push('', `${'#'.repeat(Math.min(level, 6))} ${item.label}`, '');
        walk(item.items ?? [], level + 1);
      }
    }
  };
  walk(category.items ?? [], 2);
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

export default function llmsTxt(context: LoadContext, { spec, site }: SiteInput): Plugin {
  const specFile = spec.file;
  const { baseUrl, url: siteUrl, title: siteTitle } = context.siteConfig;
  const relative = (route: string) => (route.startsWith(baseUrl) ? route.slice(baseUrl.length) : route.replace(/^\//, '')).replace(/\/$/, '');
  const twinPath = (route: string) => `${relative(route) || 'index'}.md`;

  return {
    name: 'llms-txt',
    getPathsToWatch: () => [specFile],
    async postBuild({ outDir, routesPaths, routesBuildMetadata, plugins }) {
      const twins: Twin[] = [];
      const { doc } = openApiDocument(specFile);

      /* API reference: one twin per generated page, found by the document node its front matter names. */
      const docsPlugins = plugins.filter((p) => p.name === 'docusaurus-plugin-content-docs');
      const apiPages = docsPlugins
        .filter((p) => p.options.id === API_DOCS_PLUGIN_ID)
        .flatMap((p) => (p.content as DocsContent).loadedVersions.flatMap((v) => v.docs));
      // /changelog and /errors describe the recorded API, also when the site is built from another document.
      const recorded = spec.recorded ? doc : openApiDocument(path.join(context.siteDir, RECORDED_SPEC)).doc;
      const recordedPages = spec.recorded ? new Map([...pagesByRef(apiPages)].map(([ref, page]) => [ref, page.permalink])) : undefined;
      // The releases plugins/changelog published, each owner linked to its page here.
      const releases = linkReleases(contentOf<{ releases: Release[] }>(plugins, 'changelog').releases, recordedPages);
      // "Changed" notes only where the API pages carry them (lib/site.ts).
      const apiTwins = apiTwinsFromPages(apiPages, site.changeNotes ? releases : [], site, spec);
      const summaries = new Map(apiTwins.map((t) => [t.route, t.summary]));

      /* Guides and generated index pages, from the docs plugins' loaded content. */
      for (const plugin of docsPlugins) {
        const isApi = plugin.options.id === API_DOCS_PLUGIN_ID;
        for (const version of (plugin.content as DocsContent).loadedVersions) {
          const docs = new Map(version.docs.map((d) => [d.id, d]));
          const categories = Object.values(version.sidebars).flatMap(allCategories);
          for (const category of categories.filter((c) => c.link?.type === 'generated-index')) {
            const markdown = generatedIndexMarkdown(category, docs, summaries);
            twins.push({ route: category.link!.permalink!, title: category.link!.title ?? category.label ?? '', summary: oneLine(category.link!.description ?? ''), markdown, section: 'unlisted' });
          }
          if (isApi) continue;
          const sidebarIds = Object.values(version.sidebars).flatMap(flattenDocIds);
          const sidebarDirs = new Set(sidebarIds.map((id) => path.posix.dirname(docs.get(id)?.source ?? '')));
          const rootDir = path.posix.dirname(version.docs.find((d) => d.permalink === baseUrl)?.source ?? '@site/docs/x');
          const ordered = [
            ...sidebarIds.map((id) => docs.get(id)!).filter(Boolean),
            ...version.docs.filter((d) => !sidebarIds.includes(d.id)).sort((a, b) => a.source.localeCompare(b.source)),
          ];
          for (const d of ordered) {
            const dir = path.posix.dirname(d.source);
            // Outside the sidebar, a doc sits with the guides when it shares a (non-root) folder with them.
            const guide = sidebarIds.includes(d.id) || (dir !== rootDir && sidebarDirs.has(dir));
            // Code blocks filled from the guide scripts, as on the page.
            // <McpClient /> blocks as the code they show (plugins/mcp); <BaseModels /> as its table (base-models.json).
            const source = baseModelsToMarkdown(mcpClientsToMarkdown(fillScriptBlocks(await fs.readFile(sitePath(context.siteDir, d.source), 'utf8'), d.source), { title: siteTitle, url: `${siteUrl}${baseUrl}`.replace(/\/$/, '') }));
            // /changelog and /errors: their generated parts as Markdown (plugins/changelog).
            const markdown = docToMarkdown(referenceBlocksToMarkdown(downloadsToMarkdown(source, baseUrl), releases, recorded, recordedPages), d);
            twins.push({ route: d.permalink, title: d.title, summary: oneLine(d.description), markdown, section: d.unlisted ? 'unlisted' : guide ? 'guides' : 'optional' });
          }
        }
      }

      /* Standalone Markdown pages (src/pages/*.md[x]). */
      for (const plugin of plugins.filter((p) => p.name === 'docusaurus-plugin-content-pages')) {
        for (const page of (plugin.content as PageMeta[]).filter((p) => p.type === 'mdx')) {
          const source = await fs.readFile(sitePath(context.siteDir, page.source), 'utf8');
          const markdown = docToMarkdown(source, { ...(page.title ? { title: page.title } : {}), ...(page.description ? { description: page.description } : {}) });
          const title = markdown.match(/^# (.+)/)?.[1] ?? page.permalink;
          twins.push({ route: page.permalink, title, summary: oneLine(page.description ?? ''), markdown, section: 'optional' });
        }
      }
      twins.push(...apiTwins);

      /* Every twin answers a built route, and no route has two twins. */
      const built = new Set(routesPaths);
      const seen = new Set<string>();
      for (const twin of twins) {
        // Sidebar permalinks of generated indexes may differ from the route by a trailing slash.
        const route = [twin.route, twin.route.replace(/(.)\/$/, '$1'), `${twin.route}/`].find((r) => built.has(r));
        if (!route) throw new Error(`llms-txt: ${twin.route} has a Markdown twin but is not a built route`);
        twin.route = route;
        if (seen.has(twin.route)) throw new Error(`llms-txt: two Markdown twins for ${twin.route}`);
        seen.add(twin.route);
      }

      const order: Section[] = ['guides', 'unlisted', 'api', 'schemas', 'optional'];
      twins.sort((a, b) => order.indexOf(a.section) - order.indexOf(b.section)); // stable
      for (const twin of twins) {
        const file = path.join(outDir, twinPath(twin.route));
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, twin.markdown);
      }

      const link = (twin: Twin) => `- [${twin.title}](${baseUrl}${twinPath(twin.route)})${twin.summary ? `: ${twin.summary}` : ''}`;
      const agents = agentSection(doc, `${siteUrl}${baseUrl}`.replace(/\/$/, ''), site);
      const llms = [
        `# ${siteTitle}`,
        '',
        `> ${site.summary}`,
        '',
        // Prose (the agents' instructions) before the first H2: after the summary, where the format allows it.
        ...agents.prose,
        '',
        ...agents.links,
      ];
      // A page marked noindex (the maintainer handbook's) keeps its twin, for its page menu, but stays out of both lists.
      const listed = twins.filter((t) => !routesBuildMetadata[t.route]?.noIndex);
      for (const [section, heading] of Object.entries(SECTION_TITLES)) {
        const entries = listed.filter((t) => t.section === section);
        if (entries.length) llms.push('', `## ${heading}`, '', ...entries.map(link));
      }
      await fs.writeFile(path.join(outDir, 'llms.txt'), `${llms.join('\n')}\n`);

      const full = [`# ${siteTitle}`, '', `> ${site.summary}`, ''];
      for (const twin of listed) {
        full.push('---', '', `Source: ${siteUrl}${baseUrl}${relative(twin.route)}`, '', twin.markdown.trimEnd(), '');
      }
      await fs.writeFile(path.join(outDir, 'llms-full.txt'), full.join('\n'));
    },
  };
}

llmsTxt.validateOptions = siteInputValidator('llms-txt');

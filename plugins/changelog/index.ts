/**
 * The API changelog and the error catalogue, both built from the OpenAPI document (issue #15).
 * - /changelog: docs/changelog.mdx shows `<ApiChangelog />`, every release's changes from
 *   openapi/history (./history, ./diff) with the migration notes of docs/_changelog/<version>.md;
 *   /changelog.xml is its Atom feed.
 * - /errors: docs/errors.mdx holds the written guidance, and `<ErrorDetails status="404" />` in each
 *   section shows the status's schema, example and operations (./errors).
 * The data reaches those two pages as @generated/changelog/default/*.json; the releases are this plugin's
 * content, which plugins/llms-txt and plugins/mcp read (each owner linked to its page with linkReleases).
 * The API pages' "Changed" notes and error links: ./pages, called by plugins/api-reference/options.ts.
 */
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { highlightsOf } from '../../lib/code/highlight';
import { fileURLToPath } from 'node:url';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { siteInputValidator, type SiteInput } from '../../lib/site';
import { openApiDocument } from '../../lib/openapi/document';
import { errorCatalogue, errorCatalogueHtml } from '../../lib/changelog/errors';
import { contentOf, type ApiReferenceContent } from '../../lib/openapi/generated';
import { atomFeed } from './feed';
import { changelogInputs, RECORDED_SPEC, FEED_FILE, linkReleases, loadChangelog, NOTES_DIR, type Release } from '../../lib/changelog/history';
import { changeHtml, markdownHtml } from '../../lib/changelog/inline';

const THEME = path.join(path.dirname(fileURLToPath(import.meta.url)), 'theme');
export const ERRORS_PAGE = 'docs/errors.mdx';
const ERROR_DETAILS = /<ErrorDetails\s+status="([^"]+)"\s*\/>/g;

/** The statuses docs/errors.mdx shows must be exactly those the document declares. */
function checkErrorsPage(siteDir: string, statuses: string[], specPath: string) {
  const shown = [...readFileSync(path.join(siteDir, ERRORS_PAGE), 'utf8').matchAll(ERROR_DETAILS)].map((m) => m[1]);
  const missing = statuses.filter((s) => !shown.includes(s));
  const extra = shown.filter((s) => !statuses.includes(s));
  if (missing.length) throw new Error(`${ERRORS_PAGE}: no section with <ErrorDetails status="${missing.join('" />, <ErrorDetails status="')}" /> for statuses ${specPath} declares`);
  if (extra.length) throw new Error(`${ERRORS_PAGE}: <ErrorDetails status="${extra.join('", "')}"> shows a status no operation in ${specPath} declares`);
}

/** Releases with their Markdown (notes, change lines) rendered to HTML for the page. */
function changelogHtml(releases: Release[]) {
  return releases.map((r) => ({
    ...r,
    groups: r.groups.map((g) => ({
      ...g,
      note: g.note && markdownHtml(g.note, `${NOTES_DIR}/${r.version}.md ## ${g.owner.name}`),
      changes: g.changes.map((c) => ({ ...c, text: changeHtml(c.text) })),
    })),
  }));
}

/** This plugin's content: every release, newest first, diffed once per build; no owner linked to a page. */
export interface ChangelogContent {
  releases: Release[];
}

export default function changelog(context: LoadContext, { spec, site }: SiteInput): Plugin {
  const { siteDir } = context;
  const address = `${context.siteConfig.url}${context.siteConfig.baseUrl}`.replace(/\/$/, '');
  /** The generated pages by OpenAPI node, when they are the recorded API's; else none is linked. */
  const recordedPages = (api: ApiReferenceContent) => (spec.recorded ? api.routes : undefined);
  return {
    name: 'changelog',
    getThemePath: () => THEME,
    getTypeScriptThemePath: () => THEME,
    getPathsToWatch: () => [...changelogInputs(siteDir), path.join(siteDir, RECORDED_SPEC), path.join(siteDir, ERRORS_PAGE)],
    async loadContent(): Promise<ChangelogContent> {
      // Throws, failing the build, on a breaking change without a migration note.
      const releases = loadChangelog(siteDir, RECORDED_SPEC);
      if (site.pages.errors) checkErrorsPage(siteDir, errorCatalogue(openApiDocument(path.join(siteDir, RECORDED_SPEC)).doc).map((e) => e.status), spec.path);
      return { releases };
    },
    async allContentLoaded({ allContent, actions }) {
      const { releases } = allContent.changelog.default as ChangelogContent;
      const pages = recordedPages(allContent['api-reference'].default as ApiReferenceContent);
      await actions.createData('changelog.json', JSON.stringify(changelogHtml(linkReleases(releases, pages))));
      const errors = errorCatalogueHtml(openApiDocument(path.join(siteDir, RECORDED_SPEC)).doc, RECORDED_SPEC, pages);
      await actions.createData('errors.json', JSON.stringify(errors));
      // The example bodies theme/ErrorDetails shows, highlighted at build time (plugins/code-blocks).
      const examples = errors.filter((e) => e.example !== undefined).map((e) => ({ language: 'json', code: JSON.stringify(e.example, null, 2) }));
      await actions.createData('errors-highlights.json', JSON.stringify(highlightsOf(examples)));
    },
    async postBuild({ outDir, content, plugins }) {
      // The feed of /changelog, when the site keeps it (SITE_CONFIG `pages`).
      if (!site.pages.changelog) return;
      const releases = linkReleases((content as ChangelogContent).releases, recordedPages(contentOf<ApiReferenceContent>(plugins, 'api-reference')));
      await fs.writeFile(path.join(outDir, FEED_FILE), atomFeed(releases, address, context.siteConfig.title));
    },
  };
}

changelog.validateOptions = siteInputValidator('changelog');

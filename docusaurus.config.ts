import type { Config, PluginConfig } from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import { themes as prismThemes } from 'prism-react-renderer';
import { footer } from './config/footer';
import { navbar } from './config/navbar';
import apiReference from './plugins/api-reference';
import { API_DOCS_PLUGIN, apiDocsOptions, openApiDocsOptions } from './plugins/api-reference/options';
import { LOGO_STATIC_DIR, publishLogo, siteInput, withOptions, writeSidebarInput } from './lib/site';
import { GlobExcludeDefault } from '@docusaurus/utils';
import changelog from './plugins/changelog';
import { apiPageAdditions } from './lib/changelog/pages';
import codeBlocks, { remarkHighlightFor } from './plugins/code-blocks';
import cspHeaders from './plugins/csp';
import fastHydration from './plugins/fast-hydration';
import { PATCHES_OFF_ENV, patchesOff, slugOf } from './plugins/fast-hydration/patches';
import llmsTxt from './plugins/llms-txt';
import mcp from './plugins/mcp';
import guideScripts, { GENERATED_STATIC_DIR, remarkGuideScripts } from './plugins/guide-scripts';
import rehypeTaskListLabels from './lib/task-list-labels';
import search from './plugins/search';
import serverBundle from './plugins/server-bundle';
import shareCards, { CARDS_DIR } from './plugins/share-cards';
import siteMeta, { createSitemapItems } from './plugins/site-meta';
import { REPOSITORY_URL } from './config/navbar';
import { baseModelsToMarkdown } from './lib/dataset-check/models';

/**
 * The site's inputs, read here once and handed to the plugins as their options (lib/site.ts):
 * OPENAPI_SPEC=<file> builds the site from another OpenAPI document (the test fixtures, the
 * benchmark's multiplied and real-world documents); SITE_CONFIG=<file> says what that site calls
 * itself and which of Emissary's own pages it keeps. Unset, the site is Emissary's.
 */
const input = siteInput(__dirname, { spec: process.env.OPENAPI_SPEC, siteConfig: process.env.SITE_CONFIG });
const { site } = input;
const otherDocument = !input.spec.recorded;
// The sidebars files are loaded by path, with no options: they read the input from here.
writeSidebarInput(__dirname, input);

/**
 * The page generator only adds the `gen-api-docs` and `clean-api-docs` commands, and its options
 * read and normalize the whole OpenAPI document (a second at 32 times today's API). Other commands
 * leave it out.
 */
/**
 * vsDark with one colour changed: its `constant` (#646695) has 3.1:1 contrast on the block's #1e1e1e,
 * under WCAG AA's 4.5:1 (axe found it on JavaScript blocks); VS Code's Dark+ colour for constants
 * (#4fc1ff) has 8.3:1.
 */
const CODE_THEME = {
  ...prismThemes.vsDark,
  styles: prismThemes.vsDark.styles.map((s) => (s.types.includes('constant') ? { ...s, style: { ...s.style, color: '#4fc1ff' } } : s)),
};

const GENERATING_API_PAGES = ['gen-api-docs', 'clean-api-docs'].includes(process.argv[2] ?? '');

/**
 * EMISSARY_PATCHES_OFF=<slug>[,<slug>]: the site built without those patches of upstream internals
 * (UPGRADING.md, "The patches"; plugins/fast-hydration/patches.ts), to measure each one's gain
 * (`BENCH_PATCHES`, scripts/bench) or see its check fail. Unset, nothing changes.
 */
const OFF = [...patchesOff(process.env[PATCHES_OFF_ENV])];
const API_DOCS = OFF.includes(slugOf("The API's docs send less data to every page")) ? '@docusaurus/plugin-content-docs' : API_DOCS_PLUGIN;

/**
 * The Emissary-only pages of docs/ the site keeps (SITE_CONFIG `pages`, lib/site.ts):
 * the guides (every other file of docs/, the home page among them), /errors and /changelog.
 * Without any, the docs instance goes and `/` is the API's home page (plugins/api-reference).
 */
const { pages } = site;
const allPages = Object.values(pages).every(Boolean);
/** The file of docs/ each single Emissary-only page is. */
const PAGE_FILES = { errors: 'errors.mdx', changelog: 'changelog.mdx' } as const;
const pageFiles = (kept: boolean) => Object.entries(PAGE_FILES).filter(([kind]) => pages[kind as keyof typeof PAGE_FILES] === kept).map(([, file]) => file);
const docsInclude = pages.guides ? ['**/*.{md,mdx}'] : pageFiles(true);
/** The docs instance's file globs, given only when the site leaves something out (the client's site config stays as it was). */
const docsFiles = allPages ? {} : { include: docsInclude, exclude: [...GlobExcludeDefault, ...pageFiles(false)] };
/** Built from another document, the navbar has none of Emissary's own links (its dashboard and repository). */
const navbarItems = navbar.items.filter((item) => ('docId' in item ? pages.guides : !otherDocument || !('href' in item)));
/** Built from another document: its logo from SITE_CONFIG (served from LOGO_STATIC_DIR), or none; never Emissary's. */
const otherLogo = otherDocument ? publishLogo(__dirname, site) : undefined;
const otherNavbar = () => {
  const { logo, ...rest } = navbar;
  return { ...rest, title: site.title, items: navbarItems, ...(otherLogo ? { logo: { alt: `${site.title} logo`, src: otherLogo, width: logo.width, height: logo.height } } : {}) };
};

const config = {
  // Emissary Docs, or the name of the API the site is built from (lib/site.ts).
  title: site.title,
  // The Emissary-only pages left out, for the components that link them (src/theme/NotFound, src/components/PageMarkdown).
  ...(allPages ? {} : { customFields: { leftOut: Object.keys(pages).filter((k) => !pages[k as keyof typeof pages]) } }),
  tagline: otherDocument ? site.summary : 'Start your first fine-tuning project with Emissary',
  favicon: otherDocument ? otherLogo : 'img/favicon.svg',
  // Another document's site with no logo: an empty icon, so browsers do not ask for /favicon.ico (a 404 on every first visit).
  ...(otherDocument && !otherLogo ? { headTags: [{ tagName: 'link', attributes: { rel: 'icon', href: 'data:,' } }] } : {}),
  // Emissary's address, or SITE_CONFIG `url` (lib/site.ts).
  url: site.url,
  baseUrl: '/',
  trailingSlash: false,
  organizationName: 'Emissary',
  projectName: 'emissary-api-docs',

  // The product spec asks for warnings; `npm test` checks links and anchors strictly over build/.
  onBrokenLinks: 'warn',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  // Guides give headings stable ids with the {#id} syntax (v4 turns it off by default).
  markdown: {
    hooks: { onBrokenMarkdownLinks: 'warn' },
    mdx1Compat: { headingIds: true },
    // `<BaseModels />` becomes the base-models table, written from docs/_scripts/data/base-models.json
    // at build time, as the twins get it: a static Markdown table, no catalogue in the page's JavaScript.
    preprocessor: ({ fileContent }) => baseModelsToMarkdown(fileContent),
  },

  // The guides' assembled scripts (/scripts/...) are generated there by plugins/guide-scripts.
  staticDirectories: ['static', GENERATED_STATIC_DIR, ...(otherLogo ? [LOGO_STATIC_DIR] : [])],

  // Once the first page has hydrated, blocks render as usual (lib/ui/Static: built pages keep their static HTML).
  clientModules: [require.resolve('./lib/ui/Static/client.ts')],

  i18n: { defaultLocale: 'en', locales: ['en'] },
  future: {
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      // Off: with the layers polyfill, Infima's layer outranks our custom CSS and the OpenAPI theme's.
      useCssCascadeLayers: false,
      siteStorageNamespacing: true,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: true,
    },
    faster: {
      // `docusaurus build` sets NODE_ENV first. Writing Rspack's cache costs a cold build about
      // 0.8 GiB more peak memory at 32 times today's API (issue #14), and CI builds are always cold.
      rspackPersistentCache: process.env.NODE_ENV !== 'production',
    },
  },

  presets: [
    [
      'classic',
      {
        docs: !docsInclude.length ? false : {
          ...docsFiles,
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          // Code blocks with script="<file>#<region>" are filled from docs/_scripts, then every code block is highlighted (plugins/code-blocks).
          beforeDefaultRemarkPlugins: [remarkGuideScripts, remarkHighlightFor(__dirname)],
          // Task-list checkboxes labelled by their item's text (lib/task-list-labels.ts).
          rehypePlugins: [rehypeTaskListLabels],
          // "Last updated" from each file's last commit, and "Edit this page" to its source.
          showLastUpdateTime: true,
          editUrl: `${REPOSITORY_URL}/edit/main/`,
          // The tag pages list the maintainer handbook's pages only: noindex, like them.
          docTagsListComponent: '@site/src/components/NoindexTagPages/TagsList',
          docTagDocListComponent: '@site/src/components/NoindexTagPages/TagDocList',
        },
        blog: false,
        // src/pages holds the maintainer handbook's page only: it goes with the guides.
        ...(pages.guides ? {} : { pages: false }),
        theme: { customCss: './src/css/custom.css' },
        // <lastmod> from each page's last change (plugins/site-meta dates the API pages); pages marked
        // noindex (the maintainer handbook's, in their source) stay out, as the sitemap plugin leaves them.
        sitemap: { lastmod: 'date', createSitemapItems: createSitemapItems(input.spec) },
      } satisfies Preset.Options,
    ],
  ],

  // Local plugins are listed as [plugin, options] (withOptions), each checking its options (validateOptions).
  // The plugin functions, not their paths: Docusaurus loads a plugin given by path into a module graph
  // of its own (no require cache), which costs 0.5 s or more per plugin and process and gives each its
  // own copy of shared modules (the parsed document among them).
  plugins: [
    // The API reference under /api: its docs instance and the generator of its pages (plugins/api-reference).
    [API_DOCS, apiDocsOptions([remarkHighlightFor(__dirname)])],
    ...(GENERATING_API_PAGES ? [['docusaurus-plugin-openapi-docs', openApiDocsOptions(input, apiPageAdditions, API_DOCS)] satisfies PluginConfig] : []),
    withOptions(llmsTxt, input),
    // The docs MCP server's bundle, client configurations and server card (plugins/mcp; the server is mcp/server.ts).
    withOptions(mcp, input),
    // /changelog and /errors: their data and components, and /changelog.xml (plugins/changelog).
    withOptions(changelog, input),
    withOptions(guideScripts, input),
    cspHeaders,
    withOptions(shareCards, input),
    // The server bundle's shared code in one chunk instead of a copy in every page's chunk.
    serverBundle,
    // No canonical URL on 404.html; the build fails on a link to an anchor that does not exist (plugins/site-meta/link-check).
    withOptions(siteMeta, input),
  ],
  themes: [
    // The API pages' components and stylesheet, and the downloads (plugins/api-reference).
    withOptions(apiReference, input),
    // Code highlighted at build time, and the code block that shows it (plugins/code-blocks).
    codeBlocks,
    // Search over guides and API pages: a sharded index built after the build, loaded per query (plugins/search).
    withOptions(search, input),
    // Last, so its components win over the themes above (patches of upstream internals; UPGRADING.md).
    withOptions(fastHydration, { patchesOff: OFF }),
  ],

  themeConfig: {
    // The home page's share card; plugins/share-cards gives every page its own.
    image: `${CARDS_DIR}/index.png`,
    // On every page, for link previews (og:title, og:description, og:url and og:image come per page).
    metadata: [
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: site.title }, // The site's title above.
    ],
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true },
    docs: { sidebar: { hideable: true, autoCollapseCategories: true } },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
    navbar: otherDocument ? otherNavbar() : { ...navbar, items: navbarItems },
    // Built from another document: no Emissary links, the reference and the downloads only
    // (`pathname://`: a file postBuild writes, which Docusaurus's link check cannot see, on every page).
    footer: otherDocument
      ? { style: 'dark', links: [{ title: site.title, items: [{ label: 'API reference', to: '/api' }, { label: 'OpenAPI document', href: 'pathname:///openapi.yaml' }] }] }
      : footer,
    // Dark highlighting in both colour modes, as the spec says. The build highlights (plugins/code-blocks,
    // which loads the grammars it needs beyond prism-react-renderer's); the browser never does.
    prism: { theme: CODE_THEME, darkTheme: CODE_THEME },
  } satisfies Preset.ThemeConfig,
} satisfies Config;

export default config;

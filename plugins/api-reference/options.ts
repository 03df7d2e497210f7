/**
 * Where the API reference comes from and where its pages go: the options of the docs instance
 * that serves /api and of docusaurus-plugin-openapi-docs, which generates its pages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import { mdxDescription, mdxSecuritySchemes, withHtmlDescriptions, withMdxDescriptions } from './descriptions';
import { plainTitle, splitTitle, yamlString } from '../../lib/openapi/normalize';
import { normalizedDocument } from '../../lib/openapi/document';
import { generateSamples, MAX_GENERATED_BODY_CHARS, operationSample } from '../../lib/openapi/samples';
import { operationBlocks, writePageHighlights } from './highlights';
import { apiPageMdx, infoPageMdx, PropsFiles, schemaPageMdx, type PageOperation, type PageSecurityScheme } from './page-mdx';
import { patchSpecLoader } from './resolve';
import { entryRef, jsonPointer as pointer, listOperations, listWebhooks, type ApiOperationEntry, type OpenApiDocument } from '../../lib/openapi/spec';
import { REPOSITORY_URL } from '../../config/navbar';
import { withConfiguredErrorLinks, type ApiSpec, type SiteInput } from '../../lib/site';
import { API_DOCS_PLUGIN_ID, API_OUTPUT_DIR, type PageAdditions } from '../../lib/openapi/generated';

export { API_DOCS_PLUGIN_ID, API_OUTPUT_DIR };

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SITE_DIR = path.join(HERE, '../..');

/** plugin-content-docs with less per-doc data on every page (./lean-docs-data.ts): the config names the API's docs plugin by this path. */
export const API_DOCS_PLUGIN = path.join(HERE, 'lean-docs-data.ts');

/** Where the generated pages import this plugin's components from (./components). */
const COMPONENTS = '@site/plugins/api-reference/components';

/** Front-matter values the templates print as they are: YAML-quoted strings. */
interface YamlFields {
  yaml?: { title: string; description: string; ref?: string };
}
/** The page items the plugin hands its `markdownGenerators` (its public option's types). */
type Generators = NonNullable<OpenApiPlugin.Options['markdownGenerators']>;
type PluginItem<K extends keyof Generators> = Parameters<NonNullable<Generators[K]>>[0];
type ApiPageItem = PluginItem<'createApiPageMD'> & YamlFields & { codeSamples?: string; highlights?: string };
type InfoPageItem = PluginItem<'createInfoPageMD'> & YamlFields;
type SchemaPageItem = PluginItem<'createSchemaPageMD'> & YamlFields & { highlights?: string; frontMatter: { sample?: string } };

/**
 * The document the generator reads: the site's document itself, or, when its titles need it
 * (normalize.ts), a normalized copy under .docusaurus/ (generated).
 */
function generatorDocument(spec: ApiSpec): { specPath: string; doc: OpenApiDocument; links?: string } {
  const { doc, changed, problems, links } = normalizedDocument(spec.file, !spec.recorded);
  for (const problem of problems) console.warn(`[WARNING] ${spec.path}: ${problem}`);
  if (!changed) return { specPath: spec.path, doc, links };
  const copy = path.join('.docusaurus', 'api-reference', 'openapi.json');
  mkdirSync(path.join(SITE_DIR, path.dirname(copy)), { recursive: true });
  writeFileSync(path.join(SITE_DIR, copy), JSON.stringify(doc));
  // Absolute: gen-api runs the generator from a staging folder whose site has no .docusaurus/ (scripts/gen-api.mjs).
  return { specPath: path.join(SITE_DIR, copy), doc, links };
}

/** One warning per value the document gives no example for (the sample shows one built from its schema). */
const missingWarner = (spec: ApiSpec) => (where: string) =>
  console.warn(`[WARNING] ${spec.path}: no example for the ${where}; the code samples show a value built from its schema.`);

/** Fails the generation when two items would write one page (the plugin would keep the first and skip the other). */
export function pageRegistry(spec: Pick<ApiSpec, 'path'>) {
  const owners = new Map<string, string>();
  return (page: string, owner: string) => {
    const first = owners.get(page);
    if (first) throw new Error(`${spec.path}: ${first} and ${owner} would share the page ${page}; give one of them another operationId or title.`);
    owners.set(page, owner);
  };
}

/**
 * Ends every API page: its source is the OpenAPI document, not the generated file an "Edit this page" would open.
 * Built from another document, no link: the document is not in Emissary's repository.
 */
export const withSourceLink = (spec: ApiSpec, markdown: string) =>
  !spec.recorded ? markdown : `${markdown.trimEnd()}\n\n<p className="api-source-link"><a href="${REPOSITORY_URL}/blob/main/${spec.path}" target="_blank" rel="noopener noreferrer">View this page's source in the OpenAPI document</a></p>\n`;

/** The docs instance of the API pages (its sidebar wraps the generated one). */
/** `remarkPlugins`: the highlighter of plugins/code-blocks, which the config hands over (plugins import no other plugin). */
export function apiDocsOptions(remarkPlugins: DocsOptions['remarkPlugins']): DocsOptions {
  return {
    id: API_DOCS_PLUGIN_ID,
    path: API_OUTPUT_DIR,
    routeBasePath: 'api',
    sidebarPath: path.join(HERE, 'sidebars.ts'),
    // Our page component, not the OpenAPI theme's ApiItem (./components/ApiPage.tsx).
    docItemComponent: `${COMPONENTS}/ApiPage`,
    // Fenced code in the pages' own Markdown (the API's descriptions), highlighted at build time.
    remarkPlugins,
  } as DocsOptions;
}


const NO_ADDITIONS: PageAdditions = { withNote: (markdown) => markdown, withErrorLinks: (responses) => responses };

/** The options of docusaurus-plugin-openapi-docs: our templates and our page generators (./page-mdx.ts). */
export function openApiDocsOptions({ spec, site }: SiteInput, given: PageAdditions = NO_ADDITIONS, docsPlugin = API_DOCS_PLUGIN) {
  // Each only when the site keeps its page and shows Emissary's API (lib/site.ts).
  const additions: PageAdditions = {
    withNote: site.changeNotes ? given.withNote : NO_ADDITIONS.withNote,
    // Emissary's /errors, else the error page SITE_CONFIG names, else none.
    withErrorLinks: site.errorLinks ? given.withErrorLinks : site.errorsUrl ? withConfiguredErrorLinks(site) : NO_ADDITIONS.withErrorLinks,
  };
  // The generator reads the document through our loader: every page within PAGE_NODES (resolve.ts).
  patchSpecLoader();
  const { specPath, doc, links } = generatorDocument(spec);
  const claim = pageRegistry(spec);
  const warnMissing = missingWarner(spec);
  const find = (entries: ApiOperationEntry[], method: string, test: (e: ApiOperationEntry) => boolean) => entries.find((e) => e.method === method && test(e));
  const operations = listOperations(doc);
  const webhooks = listWebhooks(doc);
  const schemaByTitle = new Map(Object.entries(doc.components?.schemas ?? {}).map(([name, s]) => [s.title ?? name, name]));
  const yamlFields = (title: string, description: string | undefined, ref?: string) => ({
    title: yamlString(plainTitle(title)),
    // Meta and share-card description: the whole first paragraph as plain text (the plugin's
    // front matter keeps only the first source line, which can stop mid-sentence).
    description: yamlString(description ? splitTitle(description).title : ''),
    ...(ref ? { ref: yamlString(ref) } : {}),
  });
  return {
    id: 'openapi',
    // The config names the API's docs plugin by this path (a lighter wrapper of plugin-content-docs).
    docsPlugin,
    docsPluginId: API_DOCS_PLUGIN_ID,
    config: {
      emissary: {
        specPath,
        outputDir: API_OUTPUT_DIR,
        downloadUrl: '/openapi.yaml',
        hideSendButton: true,
        showSchemas: true,
        // Our page template: front matter carries the build-time samples instead of the explorer's API blob.
        template: path.join(HERE, 'page.mustache'),
        schemaTemplate: path.join(HERE, 'schema.mustache'),
        sidebarOptions: { groupPathsBy: 'tag' },
        // Our generators write the props files themselves (page-mdx.ts, PropsFiles).
        externalJsonProps: false,
        markdownGenerators: {
          createApiPageMD(item: ApiPageItem) {
            const { api } = item;
            // Webhooks come as method "event" on path "webhook": found by operationId, else by title (the plugin's quotes).
            const webhook = api.method === 'event';
            const titleOf = (e: ApiOperationEntry) => (e.operation.summary ?? e.event ?? '').replace(/"/g, "'");
            const entry = webhook
              ? webhooks.find((e) => (api.operationId ? e.operation.operationId === api.operationId : !e.operation.operationId && titleOf(e) === item.title))
              : find(operations, api.method, (e) => e.path === api.path);
            if (!entry) throw new Error(`${spec.path}: the generator's ${api.method.toUpperCase()} ${api.path} is not in the document`);
            const ref = entryRef(doc, entry);
            claim(item.id, `${webhook ? `webhook ${entry.event}` : 'operation'} ${api.operationId ?? ''} (${ref})`);
            // The plugin renders the template from this same item right after this call.
            let samples: ReturnType<typeof generateSamples> = [];
            if (!webhook) {
              const sample = operationSample(doc, entry, warnMissing);
              if (sample.shortened) {
                const { maxProperties } = sample.shortened;
                console.warn(
                  `[WARNING] ${spec.path}: the request body built for /api/${item.id} (${api.method.toUpperCase()} ${api.path}) is over ${MAX_GENERATED_BODY_CHARS / 1024} KB; ` +
                    `its code samples show ${maxProperties ? `at most ${maxProperties} fields` : 'the required fields'} of each object and say so.`,
                );
              }
              samples = generateSamples(sample);
              item.codeSamples = JSON.stringify(samples);
            }
            item.yaml = yamlFields(entry.operation.summary ?? entry.operation.operationId ?? entry.event ?? item.title, api.description, ref);
            // The operation's own description stays Markdown: the page's MDX renders it.
            const where = `${spec.path} ${webhook ? `webhook ${entry.event}` : `${api.method.toUpperCase()} ${api.path}`}`;
            const { parameters, requestBody, responses, callbacks } = withHtmlDescriptions({ ...api, description: undefined }, where);
            const description = mdxDescription(api.description, `${where} description`);
            // The heading shows the summary as written (the plugin's item title has its quotes changed).
            const title = plainTitle(entry.operation.summary ?? entry.operation.operationId ?? entry.event ?? item.title);
            // The latest release's note about the operation, and links from its errors (PageAdditions; /errors describes Emissary's statuses only).
            const linked = additions.withErrorLinks(responses);
            // Every code block the page shows, highlighted into the page's highlights file (./highlights.ts).
            item.highlights = writePageHighlights(API_OUTPUT_DIR, item.id, [...samples.map((s) => ({ language: s.highlight, code: s.code })), ...operationBlocks(requestBody, linked)]);
            // The props of the parameters, body and responses go to JSON files beside the page (page-mdx.ts).
            const files = new PropsFiles(item.id);
            const page = apiPageMdx(title, { ...api, description, parameters, requestBody, responses: linked, callbacks } as PageOperation, files);
            files.write(API_OUTPUT_DIR);
            return withSourceLink(spec, additions.withNote(withMdxDescriptions(page), 'operation', api.operationId));
          },
          createInfoPageMD(item: InfoPageItem) {
            // Once per generation (the one info page), not on every load of the config: the links changed (normalize.ts).
            if (links) console.warn(`[WARNING] ${spec.path}: ${links}`);
            item.yaml = yamlFields(item.info.title, item.info.description);
            const description = mdxDescription(item.info.description, `${spec.path} info/description`);
            // The plugin's types key OAuth flows by name only (implicit, password, ...): the same objects.
            const securitySchemes = mdxSecuritySchemes(item.securitySchemes as Record<string, PageSecurityScheme> | undefined, `${spec.path} components/securitySchemes`);
            const markdown = withMdxDescriptions(infoPageMdx({ ...item.info, description }, securitySchemes, item.downloadUrl));
            return withSourceLink(spec, markdown);
          },
          createSchemaPageMD(item: SchemaPageItem) {
            const name = schemaByTitle.get((item.schema as { title?: string }).title ?? '') ?? item.title;
            claim(`schemas/${item.id}`, `schema ${name}`);
            item.yaml = yamlFields((item.schema as { title?: string }).title ?? name, (item.schema as { description?: string }).description, pointer('components', 'schemas', name));
            // Show the schema's own example on its page rather than a type-only skeleton.
            const example = (item.schema as { example?: unknown }).example;
            if (example !== undefined) item.frontMatter.sample = JSON.stringify(example);
            // components/ApiPage.tsx shows it formatted, highlighted into the page's highlights file (./highlights.ts).
            if (example !== undefined) item.highlights = writePageHighlights(path.join(API_OUTPUT_DIR, 'schemas'), item.id, [{ language: 'json', code: JSON.stringify(example, null, 2) }]);
            // The schema's own description stays Markdown: the page's MDX renders it.
            const where = `${spec.path} schema ${name}`;
            const schema = withHtmlDescriptions(item.schema, where, true);
            schema.description = mdxDescription(schema.description, `${where} description`);
            // The <Schema> props are serialized with JSON.stringify: they get the description as HTML too (a oneOf schema shows it).
            const props = withHtmlDescriptions(item.schema, where);
            const files = new PropsFiles(item.id);
            const page = schemaPageMdx({ ...schema, toJSON: () => props } as typeof schema, files);
            files.write(path.join(API_OUTPUT_DIR, 'schemas'));
            return withSourceLink(spec, additions.withNote(withMdxDescriptions(page), 'schema', name));
          },
        },
      } satisfies OpenApiPlugin.Options,
    },
  };
}

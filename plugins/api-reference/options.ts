/**
 * Where the API reference comes from and where its pages go: the options of the docs instance
 * that serves /api and of docusaurus-plugin-openapi-docs, which generates its pages.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import type { Options as DocsOptions } from '@docusaurus/plugin-content-docs';
import { createApiPageMD, createInfoPageMD, createSchemaPageMD } from 'docusaurus-plugin-openapi-docs/lib/markdown';
import { withHtmlDescriptions } from './descriptions';
import { API_DOCS_PLUGIN } from '../fast-hydration';
import { generateSamples, sampleRequestFromOperation, type ApiOperation } from './samples';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * The OpenAPI document, relative to the site. `OPENAPI_SPEC` builds the site from another one: the
 * benchmark's multiplied documents (scripts/bench/multiply-spec.ts) and the test fixtures.
 */
export const OPENAPI_SPEC = process.env.OPENAPI_SPEC || 'openapi/emissary.yaml';
export const API_BASE_URL = 'https://api.withemissary.com';
/** The docs-plugin instance that serves the generated pages under /api. */
export const API_DOCS_PLUGIN_ID = 'api';
/**
 * Generated pages (gitignored), outside docs/, named no longer than docs/api was (each page's path is in
 * the browser's route table). One path segment, equal to the docs instance's
 * path: for a nested folder the generator would prefix every sidebar id with its last segments.
 */
export const API_OUTPUT_DIR = 'api-docs';

type ApiPageItem = Parameters<typeof createApiPageMD>[0] & { id: string; codeSamples?: string };
type InfoPageItem = Parameters<typeof createInfoPageMD>[0];
type SchemaPageItem = Parameters<typeof createSchemaPageMD>[0] & { id: string; frontMatter: { sample?: string } };

/** The docs instance of the API pages (its sidebar wraps the generated one). */
export function apiDocsOptions(): DocsOptions {
  return {
    id: API_DOCS_PLUGIN_ID,
    path: API_OUTPUT_DIR,
    routeBasePath: 'api',
    sidebarPath: path.join(HERE, 'sidebars.ts'),
    docItemComponent: '@theme/ApiItem',
  } as DocsOptions;
}

/** The options of docusaurus-plugin-openapi-docs: our template and page generators. */
export function openApiDocsOptions() {
  return {
    id: 'openapi',
    // The config names the API's docs plugin by this path (a lighter wrapper of plugin-content-docs).
    docsPlugin: API_DOCS_PLUGIN,
    docsPluginId: API_DOCS_PLUGIN_ID,
    config: {
      emissary: {
        specPath: OPENAPI_SPEC,
        outputDir: API_OUTPUT_DIR,
        downloadUrl: '/openapi.yaml',
        hideSendButton: true,
        showSchemas: true,
        // Our page template: front matter carries the build-time samples instead of the explorer's API blob.
        template: path.join(HERE, 'page.mustache'),
        sidebarOptions: { groupPathsBy: 'tag' },
        markdownGenerators: {
          createApiPageMD(item: ApiPageItem) {
            const { api } = item;
            const op = { ...(api as unknown as ApiOperation), method: api.method, path: api.path };
            // The plugin renders the template from this same item right after this call.
            item.codeSamples = JSON.stringify(generateSamples(sampleRequestFromOperation(op, API_BASE_URL)));
            // The operation's own description stays Markdown: the page's MDX renders it.
            const where = `${OPENAPI_SPEC} ${api.method.toUpperCase()} ${api.path}`;
            const { parameters, requestBody, responses, callbacks } = withHtmlDescriptions({ ...api, description: undefined }, where);
            return createApiPageMD({ ...item, api: { ...api, parameters, requestBody, responses, callbacks } });
          },
          createInfoPageMD(item: InfoPageItem) {
            // The plugin writes contact, terms and license as JSX whose text MDX wraps in <p> inside
            // <h3> and <span> (invalid nesting); the same facts as plain Markdown instead.
            const { contact, license, termsOfService } = item.info;
            const info = { ...item.info, contact: undefined, license: undefined, termsOfService: undefined };
            const facts = [
              contact?.email && `- Contact: [${contact.email}](mailto:${contact.email})`,
              termsOfService && `- Terms of service: [${termsOfService}](${termsOfService})`,
              license?.name && `- License: ${license.url ? `[${license.name}](${license.url})` : license.name}`,
            ].filter(Boolean);
            const markdown = createInfoPageMD({ ...item, info });
            return facts.length ? `${markdown}\n\n## Contact and license\n\n${facts.join('\n')}\n` : markdown;
          },
          createSchemaPageMD(item: SchemaPageItem) {
            // Show the schema's own example on its page rather than a type-only skeleton.
            const example = (item.schema as { example?: unknown }).example;
            if (example !== undefined) item.frontMatter.sample = JSON.stringify(example);
            // The schema's own description stays Markdown: the page's MDX renders it.
            const schema = withHtmlDescriptions(item.schema, `${OPENAPI_SPEC} schema ${item.id}`, true);
            return createSchemaPageMD({ ...item, schema });
          },
        },
      } satisfies OpenApiPlugin.Options,
    },
  };
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import { createApiPageMD, createSchemaPageMD } from 'docusaurus-plugin-openapi-docs/lib/markdown';
import { generateSamples, sampleRequestFromOperation, type ApiOperation } from '../plugins/code-samples';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export const OPENAPI_SPEC = 'openapi/emissary.yaml';
export const API_BASE_URL = 'https://api.withemissary.com';
/** The docs-plugin instance that serves the generated pages under /api. */
export const API_DOCS_PLUGIN_ID = 'api';

type ApiPageItem = Parameters<typeof createApiPageMD>[0] & { codeSamples?: string };
type SchemaPageItem = Parameters<typeof createSchemaPageMD>[0] & { frontMatter: { sample?: string } };

export const openApiPlugin = {
  id: 'openapi',
  docsPluginId: API_DOCS_PLUGIN_ID,
  config: {
    emissary: {
      specPath: OPENAPI_SPEC,
      outputDir: 'docs/api',
      downloadUrl: '/openapi.yaml',
      hideSendButton: true,
      showSchemas: true,
      // Our page template: front matter carries the build-time samples instead of the explorer's API blob.
      template: path.join(root, 'config/api-page.mustache'),
      sidebarOptions: { groupPathsBy: 'tag' },
      markdownGenerators: {
        createApiPageMD(item: ApiPageItem) {
          const op = { ...(item.api as unknown as ApiOperation), method: item.api.method, path: item.api.path };
          // The plugin renders the template from this same item right after this call.
          item.codeSamples = JSON.stringify(generateSamples(sampleRequestFromOperation(op, API_BASE_URL)));
          return createApiPageMD(item);
        },
        createSchemaPageMD(item: SchemaPageItem) {
          // Show the schema's own example on its page rather than a type-only skeleton.
          const example = (item.schema as { example?: unknown }).example;
          if (example !== undefined) item.frontMatter.sample = JSON.stringify(example);
          return createSchemaPageMD(item);
        },
      },
    } satisfies OpenApiPlugin.Options,
  },
};

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import { createApiPageMD, createInfoPageMD, createSchemaPageMD } from 'docusaurus-plugin-openapi-docs/lib/markdown';
import { generateSamples, sampleRequestFromOperation, type ApiOperation } from '../plugins/code-samples';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export const OPENAPI_SPEC = 'openapi/emissary.yaml';
export const API_BASE_URL = 'https://api.withemissary.com';
/** The docs-plugin instance that serves the generated pages under /api. */
export const API_DOCS_PLUGIN_ID = 'api';

type ApiPageItem = Parameters<typeof createApiPageMD>[0] & { codeSamples?: string };
type InfoPageItem = Parameters<typeof createInfoPageMD>[0];
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
          return createSchemaPageMD(item);
        },
      },
    } satisfies OpenApiPlugin.Options,
  },
};

/**
 * The API reference as one plugin, next to the docs instance and docusaurus-plugin-openapi-docs
 * whose options it exports (./options). The generated pages render with its own components
 * (./components, which the generator's pages import) and its stylesheet (./styles.css); its theme
 * (./theme) serves the API home. It keeps them in one `openapi` chunk, and publishes the downloads:
 * /openapi.yaml, /openapi.json and the Postman collection. Its content (./content.ts) is what the other
 * plugins know of the generated pages.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { Configuration, Module } from 'webpack';
import { API_OUTPUT_DIR } from './options';
import { postmanCollection } from './postman';
import { siteInputValidator, type SiteInput } from '../../lib/site';
import { sampleTarget } from '../../lib/openapi/samples';
import { openApiDocument } from '../../lib/openapi/document';
import type { ApiReferenceContent } from '../../lib/openapi/generated';
import { generatedContent } from './content';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const THEME = path.join(HERE, 'theme');
/** The components of the API pages (./components/ApiPage.tsx and what the generated pages import). */
const COMPONENTS = path.join(HERE, 'components');

const API_ONLY_PACKAGES = ['allof-merge', 'json-schema-merge-allof', 'lodash'];
const sep = String.raw`[\\/]`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const dirs = (list: string[]) => list.map((d) => d.split('/').map(escape).join(sep)).join('|');

/** Modules that only API pages use: this plugin's theme and components, and their libraries. */
export const API_CHUNK_TEST = new RegExp(`^(${escape(THEME)}|${escape(COMPONENTS)})${sep}|${sep}node_modules${sep}(${dirs(API_ONLY_PACKAGES)})${sep}`);

/**
 * The examples beside a body (./components/ExampleTabs.tsx and what builds them): only operation
 * pages show bodies, so they are a chunk of their own, which schema and info pages do not load.
 */
const EXAMPLES_TEST = new RegExp(`^${escape(COMPONENTS)}${sep}(ExampleTabs|bodyExamples|schemaExample)\\.`);

/**
 * Code blocks, which nearly every page shows, and what they import. Docusaurus puts what half of
 * all chunks use into its "common" chunk; code blocks got there through the in-browser Markdown of
 * API descriptions, and without it guide pages would fetch them as more chunks (plugins/code-blocks:
 * the component, what it imports, and theme-classic's copy icons).
 */
const CODE_BLOCK = new RegExp(
  [
    String.raw`[\\/]code-blocks[\\/](theme[\\/]CodeBlock[\\/]|context\.tsx$|key\.ts$)`,
    String.raw`[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]theme[\\/]Icon[\\/](Copy|Success)[\\/]`,
  ].join('|'),
);

/** Whether a file is a page's props, as the generator writes them beside it: a JSON file in the API docs folder. */
function propsFileTest(apiDocsDir: string): (file: string) => boolean {
  const root = path.resolve(apiDocsDir) + path.sep;
  return (file) => file.startsWith(root) && file.endsWith('.json');
}

/**
 * The server bundle takes the API pages' props (`{...require("./<page>.<Component>.json")}`, as the
 * generator writes them) from disk when it renders, instead of bundling them: they are most of a
 * large document's pages by size (Kubernetes' 99 MB, GitHub's 36 MB), and Rspack holds every bundled
 * module in native memory until its process ends. The SSG requires the server bundle with Node's
 * own `require` (`@docusaurus/core` lib/ssg/ssgNodeRequire.js), which reads JSON; the HTML is the
 * same. scripts/bench/README.md, "Build cost at ×32 within budget".
 */
export function propsFromDisk(apiDocsDir: string) {
  const isPropsFile = propsFileTest(apiDocsDir);
  return ({ context, request }: { context?: string; request?: string }, callback: (error?: Error, result?: string) => void): void => {
    if (!context || !request?.startsWith('.')) return callback();
    const file = path.resolve(context, request);
    callback(undefined, isPropsFile(file) ? `commonjs ${file}` : undefined);
  };
}

const PROPS_LOADER = path.join(HERE, 'props-loader.cjs');

/** Fails the server build, naming a file, if a page's props were bundled after all (the externals above no longer match). */
class PropsStayOnDisk {
  private readonly isPropsFile: (file: string) => boolean;
  constructor(apiDocsDir: string) {
    this.isPropsFile = propsFileTest(apiDocsDir);
  }
  apply(compiler: { hooks: { afterCompile: { tap(name: string, fn: (c: { modules: Iterable<unknown>; errors: Error[] }) => void): void } } }): void {
    compiler.hooks.afterCompile.tap('api-reference', (compilation) => {
      for (const module of compilation.modules) {
        const resource = (module as { resource?: string }).resource ?? '';
        if (!this.isPropsFile(resource)) continue;
        compilation.errors.push(
          new Error(`api-reference: ${path.relative(process.cwd(), resource)} was bundled into the server bundle: the props externals (propsFromDisk in plugins/api-reference/index.ts) no longer match how pages require their props.`),
        );
        return;
      }
    });
  }
}

function apiOnly(module: Module): boolean {
  // Rspack hands over its own module objects; `resource` is the file path for normal modules.
  const resource = (module as unknown as { resource?: string }).resource ?? '';
  return API_CHUNK_TEST.test(resource);
}

export default function apiReference(context: LoadContext, options: SiteInput): Plugin {
  const { spec, site } = options;
  const specFile = spec.file;
  const { url, baseUrl } = context.siteConfig;
  return {
    name: 'api-reference',
    getThemePath: () => THEME,
    getTypeScriptThemePath: () => THEME,
    getClientModules: () => [path.join(HERE, 'styles.css')],
    getPathsToWatch: () => [specFile],
    // The generated pages' routes and samples by OpenAPI node, for the plugins that link or show them (changelog, search, llms-txt, mcp).
    loadContent: (): ApiReferenceContent => generatedContent(context.siteDir),
    configureWebpack(_config, isServer) {
      const apiDocsDir = path.join(context.siteDir, API_OUTPUT_DIR);
      if (isServer) return { externals: [propsFromDisk(apiDocsDir)], plugins: [new PropsStayOnDisk(apiDocsDir)] } as unknown as Configuration;
      // Without this, API pages are more than half of all routes, so their code lands in the
      // "common" chunk and every guide page downloads it too.
      const config: Configuration = {
        module: {
          rules: [
            // The pages' props as one string each: same object, far less of Rspack's memory (./props-loader.cjs).
            { test: propsFileTest(apiDocsDir), type: 'javascript/auto', use: [{ loader: PROPS_LOADER }] },
          ],
        },
        optimization: {
          splitChunks: {
            cacheGroups: {
              openapiExamples: { test: (module: Module) => EXAMPLES_TEST.test((module as unknown as { resource?: string }).resource ?? ''), name: 'openapi-examples', chunks: 'async', priority: 55, enforce: true },
              openapi: { test: apiOnly, name: 'openapi', chunks: 'async', priority: 50, enforce: true, reuseExistingChunk: true },
              codeBlocks: { test: CODE_BLOCK, name: 'common', priority: 45, enforce: true },
            },
          },
        },
      };
      return config;
    },
    async contentLoaded({ actions }) {
      // Without the guides, the docs home at / goes with them: the API's own home takes its place.
      if (!site.pages.guides) actions.addRoute({ path: baseUrl, component: '@theme/ApiHome', exact: true });
    },
    async postBuild({ outDir }) {
      const { text, doc } = openApiDocument(specFile);
      await fs.writeFile(path.join(outDir, 'openapi.yaml'), text);
      await fs.writeFile(path.join(outDir, 'openapi.json'), `${JSON.stringify(doc, null, 2)}\n`);
      const collection = postmanCollection(doc, sampleTarget(doc, {}).baseUrl, `${url}${baseUrl}`);
      await fs.writeFile(path.join(outDir, site.postmanFile), `${JSON.stringify(collection, null, 2)}\n`);
    },
  };
}

apiReference.validateOptions = siteInputValidator('api-reference');

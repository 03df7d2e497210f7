/**
 * Keeps the OpenAPI theme and the libraries only its components use in one "openapi" chunk that
 * API pages load on demand. Without it, API pages are more than half of all routes, so their code
 * lands in Docusaurus's "common" chunk and every guide page downloads it too.
 */
import type { Plugin } from '@docusaurus/types';
import type { Configuration, Module } from 'webpack';
import { API_ONLY_MODULES } from '../fast-hydration';

const API_ONLY_PACKAGES = ['docusaurus-theme-openapi-docs', 'allof-merge', 'json-schema-merge-allof', 'lodash'];

export const API_CHUNK_TEST = new RegExp(
  `[\\\\/](node_modules[\\\\/](${API_ONLY_PACKAGES.join('|')})|src[\\\\/](theme[\\\\/](ApiItem|Markdown|ParamsItem|Schema|SchemaList|ArrayBrackets)|components[\\\\/](CodeSamples|Markdown)))[\\\\/]`,
);

/** The theme's Tabs and TabItem replace Docusaurus's own for every page (guides use them too). */
const SHARED_THEME_PARTS = /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/](Tabs|TabItem|utils)[\\/]/;

function apiOnly(module: Module): boolean {
  // Rspack hands over its own module objects; `resource` is the file path for normal modules.
  const resource = (module as unknown as { resource?: string }).resource ?? '';
  return (API_CHUNK_TEST.test(resource) || API_ONLY_MODULES.test(resource)) && !SHARED_THEME_PARTS.test(resource);
}

export default function apiChunks(): Plugin {
  return {
    name: 'api-chunks',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      const config: Configuration = {
        optimization: {
          splitChunks: {
            cacheGroups: {
              openapi: { test: apiOnly, name: 'openapi', chunks: 'async', priority: 50, enforce: true, reuseExistingChunk: true },
            },
          },
        },
      };
      return config;
    },
  };
}

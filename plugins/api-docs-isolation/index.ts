/**
 * The generated API pages live in docs/api, inside the guides' docs folder, but belong to the
 * `api` docs instance. Without this, both instances' MDX loaders match docs/api/*.mdx and the
 * second compiles the first one's output. Must be listed after both docs plugins.
 */
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';

export default function apiDocsIsolation(context: LoadContext): Plugin {
  const guidesDir = `${path.join(context.siteDir, 'docs')}${path.sep}`;
  const apiDir = `${path.join(context.siteDir, 'docs', 'api')}${path.sep}`;
  return {
    name: 'api-docs-isolation',
    configureWebpack(config) {
      let patched = 0;
      for (const rule of config.module?.rules ?? []) {
        if (rule && typeof rule === 'object' && Array.isArray(rule.include) && rule.include.includes(guidesDir)) {
          rule.exclude = [apiDir];
          patched++;
        }
      }
      if (patched !== 1) throw new Error(`api-docs-isolation: expected one MDX rule for ${guidesDir}, found ${patched}`);
      return {};
    },
  };
}

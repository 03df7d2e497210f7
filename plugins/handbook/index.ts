/**
 * The maintainer handbook: the generator's template pages (/intro, /tutorial-basics/*,
 * /tutorial-extras/*, /markdown-page, /tags/*) keep their routes for maintainers but are not part
 * of the product. This module is the one list of them. Its readers: this plugin, which gives each
 * built page `<meta name="robots" content="noindex">` after the build (static, no JavaScript); the
 * sitemap (docusaurus.config.ts), llms.txt and llms-full.txt (plugins/llms-txt) and the search index
 * (plugins/search), which leave them out.
 */
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Plugin, LoadContext } from '@docusaurus/types';
import * as z from 'zod';
import { optionsValidator } from '../../lib/options';

const HANDBOOK_ROUTE = /^\/(intro|markdown-page|tags|tutorial-basics|tutorial-extras)(\/|$)/;

/** Whether a route (a path such as `/tags/test`, with the site's base URL `/`) is a handbook page. */
export const isHandbookRoute = (route: string): boolean => HANDBOOK_ROUTE.test(route);

export const NOINDEX_META = '<meta name="robots" content="noindex">';

/** The page's HTML with the noindex meta as the first element of <head>; fails when there is no <head>. */
export function withNoindex(html: string, file: string): string {
  if (html.includes(NOINDEX_META)) return html;
  const head = html.match(/<head(\s[^>]*)?>/i);
  if (!head) throw new Error(`handbook: ${file} has no <head> to add the noindex meta to`);
  const at = head.index! + head[0].length;
  return html.slice(0, at) + NOINDEX_META + html.slice(at);
}

/**
 * `guides`: whether the site keeps the guides (SITE_CONFIG `pages`; docusaurus.config.ts passes it).
 * Passed in rather than read from lib/site.ts, which would pull the API plugin's
 * modules into everything that imports `isHandbookRoute` (tests/support/crawl.ts among them).
 */
export default function handbook(_context: LoadContext, { guides = true }: { guides?: boolean } = {}): Plugin {
  return {
    name: 'handbook',
    async postBuild({ outDir, routesPaths }) {
      const routes = [...new Set(routesPaths)].filter(isHandbookRoute);
      // The handbook's pages go with the guides (SITE_CONFIG `pages`).
      if (!routes.length && guides) throw new Error('handbook: the build has no handbook route; update plugins/handbook');
      for (const route of routes) {
        const file = path.join(outDir, `${route.replace(/\/$/, '')}.html`);
        if (!existsSync(file)) throw new Error(`handbook: ${route} has no page file ${file}`);
        const html = withNoindex(await fs.readFile(file, 'utf8'), file);
        // Other plugins read the pages at the same time: replace the file in one step.
        await fs.writeFile(`${file}.tmp`, html);
        await fs.rename(`${file}.tmp`, file);
      }
    },
  };
}

handbook.validateOptions = optionsValidator('handbook', { guides: z.boolean() });

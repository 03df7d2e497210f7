/**
 * Page metadata the themes leave out: `lastmod` in sitemap.xml for the API pages (the guides get
 * theirs from their file's last commit, through the docs plugin; an API page changes when the
 * OpenAPI document does), and no canonical URL on the not-found page (theme-classic gives every
 * page one from its path, and 404.html's would name /404.html, a page no one should index). After
 * the build it fails on a link of our own to an anchor that does not exist, and warns on one of another
 * company's document (plugins/site-meta/link-check).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { PluginOptions as SitemapOptions } from '@docusaurus/plugin-sitemap';
import { getVcsPreset } from '@docusaurus/utils';
import { siteInputValidator, type ApiSpec, type SiteInput } from '../../lib/site';
import { checkAnchors } from './link-check';

type CreateSitemapItems = NonNullable<SitemapOptions['createSitemapItems']>;

/** The sitemap's items, with the API pages dated by the OpenAPI document's (`spec`) last commit (none outside git). */
export const createSitemapItems =
  (spec: ApiSpec): CreateSitemapItems =>
  async ({ defaultCreateSitemapItems, ...params }) => {
    const items = await defaultCreateSitemapItems(params);
    // Docusaurus's git reader, which a build's "last updated" dates come from and Docusaurus 4 keeps (its commit-date export goes).
    const commit = await getVcsPreset('git-ad-hoc').getFileLastUpdateInfo(spec.file).catch(() => null);
    if (!commit) return items;
    const lastmod = new Date(commit.timestamp).toISOString().slice(0, 10);
    return items.map((item) => (item.lastmod || !/^\/api(\/|$)/.test(new URL(item.url).pathname) ? item : { ...item, lastmod }));
  };

/** The head tags that name the page's own URL: wrong on a page served for any unknown address. */
const OWN_URL_TAGS = /<link\b[^>]*\srel=["']?(?:canonical|alternate)["']?[^>]*>|<meta\b[^>]*\sproperty=["']?og:url["']?[^>]*>/g;

export default function siteMeta(_context: LoadContext, { spec }: SiteInput): Plugin {
  return {
    name: 'site-meta',
    async postBuild({ outDir }) {
      const file = path.join(outDir, '404.html');
      const html = await fs.readFile(file, 'utf8');
      const stripped = html.replace(OWN_URL_TAGS, '');
      if (stripped === html) throw new Error(`site-meta: ${file} has no canonical link to remove (did theme-classic change?)`);
      await fs.writeFile(file, stripped);
      // Then every page's links to anchors (plugins/site-meta/link-check): a missing one fails the build, except
      // on the API pages of another company's document (its descriptions are not ours: a warning).
      const api = (page: string) => page === '/api' || page.startsWith('/api/');
      await checkAnchors(outDir, { theirs: spec.recorded ? undefined : api });
    },
  };
}

siteMeta.validateOptions = siteInputValidator('site-meta');

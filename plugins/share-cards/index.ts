/**
 * What link previews and crawlers read, after the build:
 * - a share card per page (`/img/cards/<route>.png`, 1200×630, ./card.ts), set as its `og:image`
 *   and `twitter:image` with an absolute URL, its size and type;
 * - /robots.txt: everything allowed, and where the sitemap is.
 * Cards are cached by content under node_modules/.cache/share-cards: a build renders only new or changed ones.
 */
import { createHash } from 'node:crypto';
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadedContent } from '@docusaurus/plugin-content-docs';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { API_DOCS_PLUGIN_ID } from '../../lib/openapi/generated';
import { siteInputValidator, type SiteInput } from '../../lib/site';
import { filesEndingWith } from '../../lib/files';
import type { CardText } from './card';
import { startRenderPool, type RenderPool } from './render-pool';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The card's design is part of its cache key: editing card.ts renders every card again. */
const DESIGN = createHash('sha256').update(readFileSync(path.join(HERE, 'card.ts'))).digest('hex');
export const CARDS_DIR = 'img/cards';
const CACHE_DIR = path.join('node_modules', '.cache', 'share-cards');

type SidebarItem = LoadedContent['loadedVersions'][number]['sidebars'][string][number];

interface PageLabel {
  title: string;
  section: string;
}

/** Every doc and generated index of a docs instance, with the sidebar categories above it as its section. */
function labelsFromSidebars(content: LoadedContent, root: string, skipTopCategory: boolean): Map<string, PageLabel> {
  const labels = new Map<string, PageLabel>();
  for (const version of content.loadedVersions) {
    const docs = new Map(version.docs.map((d) => [d.id, d]));
    for (const doc of version.docs) labels.set(doc.permalink, { title: doc.title, section: root });
    const walk = (items: SidebarItem[], trail: string[]) => {
      for (const item of items) {
        if (item.type === 'doc' || item.type === 'ref') {
          const doc = docs.get(item.id);
          if (doc) labels.set(doc.permalink, { title: doc.title, section: [root, ...trail].join(' · ') });
        } else if (item.type === 'category') {
          const inner = skipTopCategory && trail.length === 0 && items.length === 1 ? trail : [...trail, item.label];
          if (item.link?.type === 'generated-index') labels.set(item.link.permalink, { title: item.link.title ?? item.label, section: [root, ...trail].join(' · ') });
          walk(item.items, inner);
        }
      }
    };
    for (const sidebar of Object.values(version.sidebars)) walk(sidebar, []);
  }
  return labels;
}

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e]!);
const attr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const metaTag = (key: 'property' | 'name', value: string) => new RegExp(`<meta[^>]*\\s${key}=["']?${value}["']?[\\s/>][^>]*>`);

/** The page's title as its `og:title` carries it, without the site's name. */
function htmlTitle(html: string, siteTitle: string): string {
  const raw = html.match(/<meta[^>]*\sproperty=["']?og:title["']?\s+content=("([^"]*)"|([^\s>]+))/);
  return decode(raw?.[2] ?? raw?.[3] ?? siteTitle).replace(new RegExp(`\\s*\\|\\s*${siteTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), '') || siteTitle;
}

/** The page's HTML with its share card as `og:image` and `twitter:image`; fails naming the file when a tag is missing. */
export function withCard(html: string, image: string, alt: string, file: string): string {
  const og = metaTag('property', 'og:image');
  const twitter = metaTag('name', 'twitter:image');
  if (!og.test(html) || !twitter.test(html)) throw new Error(`share-cards: ${file} has no og:image or twitter:image meta tag to replace`);
  const tags = [
    `<meta property="og:image" content="${attr(image)}">`,
    '<meta property="og:image:type" content="image/png">',
    '<meta property="og:image:width" content="1200">',
    '<meta property="og:image:height" content="630">',
    `<meta property="og:image:alt" content="${attr(alt)}">`,
  ].join('');
  return html.replace(og, tags).replace(twitter, `<meta name="twitter:image" content="${attr(image)}">`);
}

/** A card from the cache, or rendered on the worker and cached (the worker starts only when something changed). */
async function cardPng(siteDir: string, text: CardText, renderer: () => RenderPool): Promise<{ png: Buffer; rendered: boolean }> {
  const key = createHash('sha256').update(DESIGN).update(JSON.stringify(text)).digest('hex');
  const cached = path.join(siteDir, CACHE_DIR, `${key}.png`);
  try {
    return { png: await fs.readFile(cached), rendered: false };
  } catch {
    const png = await renderer().render(text);
    await fs.mkdir(path.dirname(cached), { recursive: true });
    await fs.writeFile(cached, png);
    return { png, rendered: true };
  }
}

/** The cards' logo as a data URL: the site's (SITE_CONFIG `logo`; Emissary's in config/site.yaml), else none. */
function cardLogo({ site }: SiteInput): string | null {
  const file = site.logo;
  return file ? `data:${file.toLowerCase().endsWith('.svg') ? 'image/svg+xml' : 'image/png'};base64,${readFileSync(file).toString('base64')}` : null;
}

export default function shareCards(context: LoadContext, input: SiteInput): Plugin {
  const { url, baseUrl, title: siteTitle } = context.siteConfig;
  const logo = cardLogo(input);
  const host = url.replace(/^https?:\/\//, '');
  return {
    name: 'share-cards',
    async postBuild({ outDir, plugins }) {
      const labels = new Map<string, PageLabel>();
      for (const plugin of plugins.filter((p) => p.name === 'docusaurus-plugin-content-docs')) {
        const api = plugin.options.id === API_DOCS_PLUGIN_ID;
        for (const [route, label] of labelsFromSidebars(plugin.content as LoadedContent, api ? 'API reference' : 'Docs', api)) labels.set(route, label);
      }
      let pool: RenderPool | null = null;
      const renderer = () => (pool ??= startRenderPool());
      const started = performance.now();
      const cpu = process.cpuUsage();
      const files: string[] = [];
      for await (const file of filesEndingWith(outDir, '.html')) files.push(file);
      /** Gives one page its card; true when the card had to be rendered. */
      const cardPage = async (file: string): Promise<boolean> => {
        const relative = path.relative(outDir, file).split(path.sep).join('/').replace(/(^|\/)index\.html$|\.html$/, '');
        const route = `${baseUrl}${relative}`;
        const html = await fs.readFile(file, 'utf8');
        const label = labels.get(route) ?? { title: htmlTitle(html, siteTitle), section: 'Docs' };
        const card = await cardPng(context.siteDir, { ...label, site: siteTitle, address: `${host}${route}`.replace(/\/$/, ''), logo }, renderer);
        const cardPath = `${CARDS_DIR}/${relative || 'index'}.png`;
        await fs.mkdir(path.dirname(path.join(outDir, cardPath)), { recursive: true });
        await fs.writeFile(path.join(outDir, cardPath), card.png);
        // Other plugins read the HTML in their postBuild at the same time: replace the file in one step.
        const temporary = `${file}.share-cards`;
        await fs.writeFile(temporary, withCard(html, `${url}${baseUrl}${cardPath}`, `${label.title}: ${label.section}`, file));
        await fs.rename(temporary, file);
        return card.rendered;
      };
      // A few pages at a time: other plugins' postBuild work shares the event loop, so each await can wait long.
      let next = 0;
      let rendered = 0;
      const lane = async () => {
        for (let i = next++; i < files.length; i = next++) if (await cardPage(files[i])) rendered += 1;
      };
      try {
        await Promise.all(Array.from({ length: 8 }, lane));
      } finally {
        await (pool as RenderPool | null)?.close();
      }
      const count = files.length;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const used = process.cpuUsage(cpu);
      const cpuSeconds = ((used.user + used.system) / 1e6).toFixed(1);
      console.log(`[share-cards] ${count} pages, ${rendered} cards rendered, ${count - rendered} from the cache, ${seconds} s (${cpuSeconds} s CPU of the build process, render worker included)`);
      await fs.writeFile(path.join(outDir, 'robots.txt'), `User-agent: *\nAllow: /\n\nSitemap: ${url}${baseUrl}sitemap.xml\n`);
    },
  };
}

shareCards.validateOptions = siteInputValidator('share-cards');

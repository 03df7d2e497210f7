/**
 * Code highlighted by the build (issue #39). Prism runs in Node (./highlight.ts): in the remark
 * plugin each docs instance lists (./remark.ts, fenced code), in the API page generator
 * (plugins/api-reference/highlights.ts) and in the plugins whose components show computed code
 * (plugins/changelog, plugins/mcp). theme/CodeBlock, our own component, shows the result; the
 * token colours of the site's Prism themes (themeConfig.prism) are CSS written here, loaded with
 * the site's styles, so no page downloads a highlighter, on load or on any interaction, and a colour
 * mode switch is CSS alone.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { PrismTheme } from 'prism-react-renderer';
import remarkHighlight from './remark';
import { themeCss } from './theme-css';

/** The remark plugin, as a docs instance lists it: the pages' highlights files go under the site's generated files. */
export const remarkHighlightFor = (siteDir: string) => [remarkHighlight, { dir: path.join(siteDir, '.docusaurus', 'code-blocks', 'pages') }] as const;

/** An API page's highlights file, as the generator writes it beside the page (plugins/api-reference/highlights.ts). */
const PAGE_FILE = /[\\/][^\\/]+\.highlights\.json$/;

/**
 * The chunk an API page's highlights file goes to: one of about √n per folder of n pages, by a hash
 * of its name. Every chunk costs every page an entry in the startup runtime's map of chunk files
 * (about 9 bytes gzip); one per page would grow startup JavaScript with the API (15 KB at 32 times
 * today's), as the route buckets of plugins/fast-hydration keep it from doing. A reader who reaches
 * a page by client-side navigation loads its bucket, a few pages' highlights.
 */
export function highlightsChunk(file: string): string {
  const dir = path.dirname(file);
  const count = Math.max(1, Math.ceil(Math.sqrt(readdirSync(dir).filter((f) => PAGE_FILE.test(`/${f}`)).length)));
  let hash = 0x811c9dc5;
  for (const c of path.basename(file)) hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return `highlights-${path.basename(dir)}-${hash % count}`;
}

export default function codeBlocks(context: LoadContext): Plugin {
  const { prism } = context.siteConfig.themeConfig as { prism: { theme: PrismTheme; darkTheme?: PrismTheme } };
  const dir = path.join(context.generatedFilesDir, 'code-blocks');
  const css = path.join(dir, 'prism-theme.css');
  mkdirSync(dir, { recursive: true });
  writeFileSync(css, themeCss(prism.theme, prism.darkTheme));
  return {
    name: 'code-blocks',
    getThemePath: () => path.join(__dirname, 'theme'),
    getClientModules: () => [css],
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      const resourceOf = (module: unknown) => (module as { resource?: string }).resource ?? '';
      return {
        optimization: {
          splitChunks: {
            cacheGroups: {
              highlights: {
                test: (module: unknown) => PAGE_FILE.test(resourceOf(module)),
                name: (module: unknown) => highlightsChunk(resourceOf(module)),
                chunks: 'async',
                priority: 60,
                enforce: true,
              },
            },
          },
        },
      } as never;
    },
  };
}

/**
 * Code highlighted by the build (issue #39). Prism runs in Node (./highlight.ts): in the remark
 * plugin each docs instance lists (./remark.ts, fenced code), in the API page generator
 * (plugins/api-reference/highlights.ts) and in the plugins whose components show computed code
 * (plugins/changelog, plugins/mcp). theme/CodeBlock, our own component, shows the result; the
 * token colours of the site's Prism themes (themeConfig.prism) are CSS written here, loaded with
 * the site's styles, so no page downloads a highlighter, on load or on any interaction, and a colour
 * mode switch is CSS alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { PrismTheme } from 'prism-react-renderer';
import remarkHighlight from './remark';
import { themeCss } from './theme-css';

/** The remark plugin, as a docs instance lists it: the pages' highlights files go under the site's generated files. */
export const remarkHighlightFor = (siteDir: string) => [remarkHighlight, { dir: path.join(siteDir, '.docusaurus', 'code-blocks', 'pages') }] as const;

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
  };
}

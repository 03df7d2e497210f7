/**
 * Executable guides (issue #12). Pages show regions of the scripts in docs/_scripts (remark.ts fills
 * their code blocks), and this plugin
 * - serves every assembled script at /scripts/<page-path>.py|.sh, and each page's notebook at
 *   /scripts/<page-path>.ipynb (notebook.ts), in `start` and `build` alike, by writing them into
 *   GENERATED_STATIC_DIR (a static directory; under .docusaurus, so never committed);
 * - provides the theme component `@theme/ScriptDownloads` that links to them;
 * - watches docs/_scripts in dev, and makes pages that use scripts depend on its files.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { assembleScript, listScripts } from '../../lib/guide-scripts/assemble';
import { buildNotebook, pageSource } from './notebook';
import remarkGuideScripts from './remark';

import { siteInputValidator, type SiteInput } from '../../lib/site';

/** Add to the site's `staticDirectories`. */
export const GENERATED_STATIC_DIR = '.docusaurus/guide-scripts';
export const SCRIPTS_DIR = 'docs/_scripts';
export { remarkGuideScripts };

export default function guideScripts(context: LoadContext, { site }: SiteInput): Plugin {
  const root = path.join(context.siteDir, SCRIPTS_DIR);
  const staticDir = path.join(context.siteDir, GENERATED_STATIC_DIR);
  const docsDir = path.join(context.siteDir, 'docs');
  const siteUrl = context.siteConfig.url + context.siteConfig.baseUrl;
  if (!context.siteConfig.staticDirectories.some((d) => path.resolve(context.siteDir, d) === staticDir)) {
    throw new Error(`guide-scripts: add '${GENERATED_STATIC_DIR}' to staticDirectories in docusaurus.config.ts`);
  }
  return {
    name: 'guide-scripts',
    getPathsToWatch: () => [`${root}/**/*`, `${docsDir}/**/*.mdx`],
    getThemePath: () => path.join(__dirname, 'theme'),
    getTypeScriptThemePath: () => path.join(__dirname, 'theme'),

    async loadContent() {
      // The scripts belong to the guides: none when the site leaves them out (SITE_CONFIG `pages`).
      const scripts = site.pages.guides ? listScripts(root).map((s) => ({ ...s, text: assembleScript(s.file, root).text })) : [];
      await fs.rm(staticDir, { recursive: true, force: true });
      for (const s of scripts) {
        const target = path.join(staticDir, 'scripts', `${s.page}.${s.language}`);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, s.text, { mode: 0o755 });
        // A page's Python path is also a notebook, built from the page and the same regions.
        const page = !s.tool && s.language === 'py' ? pageSource(s.page, docsDir) : undefined;
        if (page) {
          const notebook = buildNotebook(s.page, page, siteUrl, root);
          await fs.writeFile(path.join(staticDir, 'scripts', `${s.page}.ipynb`), `${JSON.stringify(notebook, null, 1)}\n`);
        }
      }
      await fs.mkdir(staticDir, { recursive: true });
    },

    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /\.mdx?$/,
              include: [path.join(context.siteDir, 'docs')],
              enforce: 'pre' as const,
              use: [{ loader: require.resolve('./dependency-loader.js'), options: { root } }],
            },
          ],
        },
      };
    },
  };
}

guideScripts.validateOptions = siteInputValidator('guide-scripts');

/**
 * A guide page as a Jupyter notebook (served at /scripts/<page>.ipynb): the page's Python path as
 * code cells, the page's prose between them. Built from the page's MDX and the same script regions
 * the page shows (resolveRef), so the notebook, the page and the .py cannot drift apart.
 *
 * - a block filled from the page's own .py script, or from the helpers, becomes a code cell;
 * - a block that shows a data file (`script="data/<file>"`) becomes a code cell that writes the file
 *   into the current folder (the assembler's own @embed code), so the later cells find it;
 * - every other code block (shell commands, JSON replies, excerpts of other programs) stays in the
 *   prose as a fenced block, not run; the shell tabs and shell regions are left out.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { docToMarkdown, mdxToMarkdown } from '../../lib/markdown';
import { embedCode, parseRef, resolveRef, SCRIPTS_ROOT } from '../../lib/guide-scripts/assemble';
import { scriptRefOf } from '../../lib/guide-scripts/mdx';

interface Cell {
  cell_type: 'markdown' | 'code';
  metadata: Record<string, unknown>;
  source: string[];
  execution_count?: null;
  outputs?: unknown[];
}

/** The Jupyter tag of a cell that writes a data file the page shows (not a block of the page). */
export const SAMPLE_DATA_TAG = 'sample-data';

/** Tabs whose content the notebook keeps (the others are another language's version of a step). */
const KEPT_TABS = new Set(['python']);

/** The MDX file of a page path (`index` → docs/index.mdx), or undefined. */
export function pageSource(page: string, docsDir: string): string | undefined {
  return ['.mdx', '.md'].map((ext) => path.join(docsDir, page + ext)).find((file) => existsSync(file));
}

const lines = (text: string) => text.replace(/\n*$/, '\n').split(/(?<=\n)/);

/**
 * The notebook of `page` (e.g. `fine-tuning/quickstart`) from its MDX file. `siteUrl` makes the
 * page's root-relative links absolute, since a notebook is opened outside the site. Throws naming
 * the file and line when a reference does not resolve.
 */
export function buildNotebook(page: string, mdxFile: string, siteUrl: string, root: string = SCRIPTS_ROOT): object {
  const label = path.relative(process.cwd(), mdxFile);
  const source = readFileSync(mdxFile, 'utf8');
  const cells: Cell[] = [];
  let prose: string[] = [];
  const flush = (first = false) => {
    const text = (first ? docToMarkdown : mdxToMarkdown)(prose.join('\n'));
    const markdown = text
      .replace(/\]\(\//g, `](${siteUrl.replace(/\/$/, '')}/`)
      .trim();
    if (markdown) cells.push({ cell_type: 'markdown', metadata: {}, source: lines(markdown) });
    prose = [];
  };
  const code = (text: string, tags: string[] = []) => {
    flush(cells.length === 0);
    cells.push({ cell_type: 'code', metadata: tags.length ? { tags } : {}, execution_count: null, outputs: [], source: lines(text) });
  };

  const all = source.split('\n');
  // The front matter stays with the first prose chunk (docToMarkdown turns it into the title).
  let skipTab = false;
  for (let i = 0; i < all.length; i++) {
    const line = all[i];
    const tab = line.match(/^\s*<TabItem\b[^>]*\bvalue=["']([^"']+)["']/);
    if (tab) {
      skipTab = !KEPT_TABS.has(tab[1]);
      continue;
    }
    if (/^\s*<\/TabItem>\s*$/.test(line)) {
      skipTab = false;
      continue;
    }
    const open = line.match(/^\s*(`{3,}|~{3,})(.*)$/);
    let block: string[] = [];
    let close = i;
    if (open) {
      for (close = i + 1; close < all.length; close++) {
        const m = all[close].trim().match(/^(`{3,}|~{3,})$/);
        if (m && m[1][0] === open[1][0] && m[1].length >= open[1].length) break;
        block.push(all[close]);
      }
    }
    if (skipTab) {
      i = close;
      continue;
    }
    if (!open) {
      // <details>/<summary> wrap the helpers on the page; in a notebook every cell is open anyway.
      // Components (ScriptDownloads, the in-page dataset checker) are the site's, not the notebook's.
      if (/^\s*<\/?details>\s*$/.test(line) || /^\s*<[A-Z]\w*\b[^>]*\/>\s*$/.test(line)) continue;
      const summary = line.match(/^\s*<summary>(.*)<\/summary>\s*$/);
      prose.push(summary ? `**${summary[1].trim()}**` : line);
      continue;
    }
    const ref = scriptRefOf(open[2]);
    const at = i + 1;
    i = close;
    if (ref === undefined) {
      prose.push(line, ...block, all[close] ?? open[1]);
      continue;
    }
    let text: string;
    try {
      text = resolveRef(ref, root);
    } catch (error) {
      throw new Error(`${label}:${at}: script="${ref}": ${(error as Error).message}`);
    }
    const { file, region } = parseRef(ref);
    // The page's steps and the whole helpers run; an excerpt (of the helpers or a tool) is shown only.
    if (file === `${page}.py` || (file === '_shared/helpers.py' && region === undefined)) {
      code(text);
    } else if (!/\.(py|sh)$/.test(file)) {
      code(embedCode('py', '', path.basename(file), `${text}\n`, { file: label, line: at }), [SAMPLE_DATA_TAG]);
    } else if (file.endsWith('.py')) {
      prose.push(`${open[1]}python`, text, open[1]);
    }
    // Shell regions outside a tab have no place in a Python notebook.
  }
  flush(cells.length === 0);
  return {
    cells,
    metadata: {
      kernelspec: { display_name: 'Python 3', language: 'python', name: 'python3' },
      language_info: { name: 'python' },
    },
    nbformat: 4,
    nbformat_minor: 4,
  };
}

/**
 * The code blocks of a built page, as a reader copies them: the text of each `<pre><code>` (one
 * line per highlighted line, `<br>` as the line break), the block's language, its visible title,
 * and whether it sits in the page's "Show the helpers" section. The copy button copies the same
 * text (tests/e2e/guide-blocks.spec.ts checks that in Chromium).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'parse5';

const DOCS = path.resolve(__dirname, '../../../docs');

/** Page paths (e.g. `fine-tuning/quickstart`, `index`) of the pages with `<ScriptDownloads page="<their own path>" />`. */
export function scriptPages(dir = DOCS): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name.startsWith('_') ? [] : scriptPages(full);
    if (!/\.mdx?$/.test(name)) return [];
    const page = path.relative(DOCS, full).replace(/\.mdx?$/, '').replace(/\\/g, '/');
    return readFileSync(full, 'utf8').includes(`<ScriptDownloads page="${page}"`) ? [page] : [];
  });
}

/** The route of a page path. */
export const routeOf = (page: string) => (page === 'index' ? '/' : `/${page}`);

export interface Node {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
}

export interface PageBlock {
  /** Position among the page's code blocks (document order, hidden tabs included). */
  index: number;
  /** `python`, `bash`, `json` … from the block's `language-*` class. */
  language: string;
  /** The visible title above the code, if any. */
  title: string | undefined;
  /** The summary of the `<details>` the block is in, if any (e.g. "Show the helpers"). */
  details: string | undefined;
  text: string;
}

const attr = (node: Node, name: string) => node.attrs?.find((a) => a.name === name)?.value;
const classes = (node: Node) => (attr(node, 'class') ?? '').split(/\s+/);
const children = (node: Node) => node.content?.childNodes ?? node.childNodes ?? [];

/** Text as the browser lays out `<pre>`: text nodes as they are, `<br>` as a line break. */
function preText(node: Node): string {
  if (node.nodeName === '#text') return node.value ?? '';
  if (node.tagName === 'br') return '\n';
  return children(node).map(preText).join('');
}

function find(node: Node, test: (n: Node) => boolean): Node | undefined {
  if (test(node)) return node;
  for (const child of children(node)) {
    const hit = find(child, test);
    if (hit) return hit;
  }
  return undefined;
}

/** Every code block of a page's HTML, in document order. */
export function pageBlocks(html: string): PageBlock[] {
  const blocks: PageBlock[] = [];
  const walk = (node: Node, details: string | undefined) => {
    if (node.tagName === 'details') {
      const summary = find(node, (n) => n.tagName === 'summary');
      details = summary ? preText(summary).trim() : '';
    }
    if (classes(node).includes('theme-code-block')) {
      const code = find(node, (n) => n.tagName === 'code' && find(node, (p) => p.tagName === 'pre') !== undefined);
      const title = find(node, (n) => classes(n).some((c) => c.startsWith('codeBlockTitle')));
      blocks.push({
        index: blocks.length,
        language: classes(node).find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '',
        title: title ? preText(title).trim() : undefined,
        details,
        // Every highlighted line ends in <br>; the copied text has no final line break.
        text: code ? preText(code).replace(/\n$/, '') : '',
      });
      return;
    }
    for (const child of children(node)) walk(child, details);
  };
  walk(parse(html) as unknown as Node, undefined);
  return blocks;
}

/** Titles the guide-scripts plugin gives (lib/guide-scripts/mdx.ts blockTitle): read back as a reader sees them. */
export const CONTINUES = /^Continues from the helpers and the (Python|shell) blocks above$/;
/** The summary of the `<details>` that holds the helpers (and, on some pages, how the script starts). */
export const HELPERS_SUMMARY = /^Show the helpers\b/;
/** A block of the page's script chain: in the helpers' section, or titled as continuing from it. */
export const inChain = (b: PageBlock) => HELPERS_SUMMARY.test(b.details ?? '') || CONTINUES.test(b.title ?? '');
/** A title that is a file name: the block shows the content of that file. */
export const FILE_TITLE = /^[\w.-]+\.(jsonl|csv|json|txt)$/;

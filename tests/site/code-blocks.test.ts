/**
 * Code highlighted by the build (plugins/code-blocks, issue #39), read from what the reader gets:
 * every code block of every page arrives highlighted as Prism highlights its language, a magic
 * comment marks its line and leaves the code, and no JavaScript file of the build holds a
 * highlighter, so none can be downloaded on load or on any interaction. The info string's parts
 * (title, line ranges) are unit-tested in tests/unit/code-blocks.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parse } from 'parse5';
import { BUILD_DIR, fileRoute, htmlFiles } from '../support/build';
import { highlightToHtml } from '../../lib/code/highlight';
import { HIGHLIGHTER_MARKERS } from '../../scripts/bench/chunks';
import type { Node } from '../guides/support/blocks';

const classes = (node: Node) => (node.attrs?.find((a) => a.name === 'class')?.value ?? '').split(/\s+/);
const kids = (node: Node) => node.content?.childNodes ?? node.childNodes ?? [];
const text = (node: Node): string => (node.nodeName === '#text' ? (node.value ?? '') : kids(node).map(text).join(''));
const all = (node: Node, test: (n: Node) => boolean, out: Node[] = []): Node[] => {
  if (test(node)) out.push(node);
  for (const child of kids(node)) all(child, test, out);
  return out;
};
/** Whether a tree holds a token other than plain text. */
const hasTokens = (node: Node) => all(node, (n) => classes(n).includes('token') && !classes(n).includes('plain')).length > 0;

interface Block {
  route: string;
  language: string;
  code: Node;
  container: Node;
}

async function blocks(): Promise<Block[]> {
  const out: Block[] = [];
  for await (const file of htmlFiles()) {
    const doc = parse(await fs.readFile(file, 'utf8')) as unknown as Node;
    for (const container of all(doc, (n) => classes(n).includes('theme-code-block'))) {
      const pre = all(container, (n) => n.tagName === 'pre')[0];
      const code = pre && all(pre, (n) => n.tagName === 'code')[0];
      if (!pre || !code) throw new Error(`${fileRoute(file)}: a code block without <pre><code>`);
      const language = classes(pre).find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
      out.push({ route: fileRoute(file), language, code, container });
    }
  }
  return out;
}

test('every code block of every page arrives highlighted by the build, in lines of <span>s', async () => {
  const found = await blocks();
  assert.ok(found.length > 300, `only ${found.length} code blocks found`);
  const problems: string[] = [];
  let highlighted = 0;
  for (const { route, language, code } of found) {
    const source = text(code).replace(/\n$/, '');
    const first = source.split('\n')[0]!.slice(0, 60);
    if (kids(code).some((n) => n.tagName !== 'span' || !classes(n).includes('token-line'))) problems.push(`${route} (${language}) "${first}": a child of <code> that is not a line <span>`);
    // What Prism makes of the same text: a block it would colour must come coloured.
    const expected = hasTokens(parse(`<code>${highlightToHtml(source, language)}</code>`) as unknown as Node);
    if (expected && !hasTokens(code)) problems.push(`${route} (${language}) "${first}": not highlighted`);
    if (expected) highlighted++;
  }
  assert.deepEqual(problems, []);
  assert.ok(highlighted > 300, `only ${highlighted} blocks in a language Prism colours`);
});

test('a title and a magic comment on a guide block: the title shown, the comment gone, the line after it marked', async () => {
  const page = (await blocks()).filter((b) => b.route === '/tutorial-basics/create-a-document');
  const lines = (b: Block) => kids(b.code).filter((n) => classes(n).includes('token-line'));
  const marked = (b: Block) => lines(b).flatMap((line, i) => (classes(line).includes('theme-code-block-highlighted-line') ? [i + 1] : []));
  const sidebars = page.find((b) => text(b.container).startsWith('sidebars.ts'));
  assert.ok(sidebars, '/tutorial-basics/create-a-document: no block titled sidebars.ts');
  // `// highlight-next-line` above line 7 of the source: gone, and the line after it marked.
  assert.deepEqual(marked(sidebars), [6]);
  assert.match(text(lines(sidebars)[5]!), /'guides\/batch-scoring'/);
  for (const b of page) assert.doesNotMatch(text(b.code), /highlight-(next-line|start|end)/, `${b.route}: a magic comment is still in the code`);
});

test('no JavaScript file of the build holds a highlighter: none is downloaded on load or on any interaction', async () => {
  const dir = path.join(BUILD_DIR, 'assets', 'js');
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.js'));
  assert.ok(files.length > 20, `only ${files.length} scripts in ${dir}`);
  const found: string[] = [];
  for (const file of files) {
    const body = await fs.readFile(path.join(dir, file), 'utf8');
    if (HIGHLIGHTER_MARKERS.some((m) => body.includes(m))) found.push(file);
  }
  assert.deepEqual(found, []);
});

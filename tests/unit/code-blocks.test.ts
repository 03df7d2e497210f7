/**
 * Build-time highlighting (plugins/code-blocks): what the remark plugin makes of each fenced code
 * block (our code block with its code and title, its highlighted lines in the page's highlights file
 * and not in the page), line ranges and magic comments, and the page highlights the API generator
 * hands to components, found by the same key the browser computes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkHighlight, { COMPONENT, LOADER } from '../../plugins/code-blocks/remark';
import { highlightsOf, highlightToHtml, highlightToLines, TypeTable } from '../../lib/code/highlight';
import { codeKey } from '../../lib/code/key';
import { linesToHtml, MARKED, plainHtml, type HighlightsFile, type Lines } from '../../lib/code/lines';
import { themeCss } from '../../plugins/code-blocks/theme-css';
import { themes } from 'prism-react-renderer';

interface Node {
  type: string;
  name?: string;
  value?: string;
  attributes?: Array<{ name: string; value: string | { value: string } }>;
  children?: Node[];
}

interface Block {
  /** The attributes of the block's element, expressions as their source. */
  props: Record<string, string>;
  /** Its lines, as the page's highlights file holds them. */
  highlighted: string;
}

/** The page's code blocks after the remark plugin, and the ESM it adds to the page. */
function codeBlocks(markdown: string): { blocks: Block[]; esm: string[]; files: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'code-blocks-'));
  const processor = unified().use(remarkParse).use(remarkHighlight, { dir });
  const tree = processor.runSync(processor.parse(markdown), { path: 'docs/x.md', cwd: process.cwd() } as never) as unknown as Node;
  const files = readdirSync(dir);
  const file: HighlightsFile = files.length ? JSON.parse(readFileSync(path.join(dir, files[0]!), 'utf8')) : { types: [], blocks: [] };
  const blocks: Block[] = [];
  const esm: string[] = [];
  const walk = (n: Node) => {
    if (n.type === 'mdxjsEsm') esm.push(n.value!);
    if (n.type === 'mdxJsxFlowElement' && n.name === COMPONENT) {
      const props = Object.fromEntries(n.attributes!.map((a) => [a.name, typeof a.value === 'string' ? a.value : a.value.value]));
      blocks.push({ props, highlighted: linesToHtml((file.blocks as Lines[])[Number(props.hl)]!, file.types) });
    }
    n.children?.forEach(walk);
  };
  walk(tree);
  return { blocks, esm, files };
}

const codeNodes = (markdown: string) => codeBlocks(markdown).blocks;

const markedLines = (html: string) => html.split('<span class="token-line').slice(1).flatMap((line, i) => (line.startsWith(' theme-code-block-highlighted-line') ? [i + 1] : []));

test('a fenced block becomes our code block with its code and title; its highlighted lines go to the highlights file the page imports lazily', () => {
  const { blocks, esm, files } = codeBlocks('```python title="check_job.py" {2,4-5}\nimport os\nx = 1\n\ny = "a"\nprint(y)\n```\n\n```bash\necho hi\n```\n');
  const [{ props, highlighted }] = blocks as [Block];
  assert.equal(props.title, 'check_job.py');
  assert.equal(props.language, 'python');
  assert.equal(props.children, 'import os\nx = 1\n\ny = "a"\nprint(y)');
  assert.deepEqual([blocks.map((b) => b.props.hl), blocks.map((b) => b.props.highlights)], [['0', '1'], [LOADER, LOADER]]);
  // The page's module imports the component and exports a lazy import of its one highlights file; the HTML is not in the page.
  assert.equal(files.length, 1);
  assert.match(esm.join('\n'), new RegExp(`^import ${COMPONENT} from '@theme/CodeBlock';\\nexport const ${LOADER} = \\(\\) => import\\(".*${files[0]}"\\);$`));
  assert.doesNotMatch(JSON.stringify(blocks.map((b) => b.props)), /token/);
  assert.deepEqual(markedLines(highlighted!), [2, 4, 5]);
  assert.match(highlighted!, /<span class="token keyword">import<\/span>/);
  assert.match(highlighted!, /<span class="token string">"a"<\/span>/);
});

test('magic comments leave the code and mark their lines', () => {
  const [node] = codeNodes('```js\nconst a = 1;\n// highlight-next-line\nconst b = 2;\n// highlight-start\nconst c = 3;\nconst d = 4;\n// highlight-end\n```\n');
  assert.equal(node!.props.children, 'const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;');
  assert.deepEqual(markedLines(node!.highlighted), [2, 3, 4]);
});

test('a page without fenced code gets no highlights file and no import', () => {
  const { blocks, esm, files } = codeBlocks('# Title\n\nSome `inline code`.\n');
  assert.deepEqual([blocks, esm, files], [[], [], []]);
});

test('a line range outside the block fails the build naming the page and line', () => {
  assert.throws(() => codeNodes('text\n\n```bash {3}\necho hi\n```\n'), /docs\/x\.md:3: the line range \{3\} does not fit the block's 1 lines/);
  assert.throws(() => codeNodes('```bash\n# highlight-start\necho hi\n```\n'), /highlight-start without highlight-end/);
});

test("the highlighted HTML's text is the code, byte for byte (a reader's selection and the tests read it)", () => {
  const code = 'curl -X POST "https://x/y" \\\n  -H "A: <b>&amp;"\n\n  --data \'{"a": 1}\'';
  const html = highlightToHtml(code, 'bash');
  const text = html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  assert.equal(text, code);
  // A language Prism does not know comes plain, in the same lines as the code block's own plain lines.
  assert.equal(highlightToHtml('a,b\n1,2', 'csv'), '<span class="token-line">a,b\n</span><span class="token-line">1,2</span>');
  assert.equal(plainHtml('a,b\n1,2'), highlightToHtml('a,b\n1,2', 'csv'));
  // Marked lines, and adjacent plain text in one string (the files' compact form).
  const types = new TypeTable();
  const lines = highlightToLines('x = 1\n  y', 'python', new Set([1]), types);
  assert.deepEqual(lines, [['x ', types.list.indexOf('operator'), '=', ' ', types.list.indexOf('number'), '1'], [MARKED, '  y']]);
});

test('page highlights are found by the key of the language and the code, a trailing newline left out', () => {
  const highlights = highlightsOf([{ language: 'json', code: '{\n  "a": 1\n}\n' }]);
  assert.deepEqual(Object.keys(highlights.blocks), [codeKey('json', '{\n  "a": 1\n}')]);
  const [lines] = Object.values(highlights.blocks) as Lines[];
  assert.equal(linesToHtml(lines!, highlights.types), highlightToHtml('{\n  "a": 1\n}', 'json'));
  assert.notEqual(codeKey('json', '{}'), codeKey('JSONC', '{}'));
  assert.equal(codeKey('JSON', '{}'), codeKey('json', '{}'));
});

test('the token colours are CSS: the dark theme is scoped to the dark mode only where it differs', () => {
  const same = themeCss(themes.vsDark, themes.vsDark);
  assert.match(same, /^\.theme-code-block \{ --prism-color: #9CDCFE; --prism-background-color: #1E1E1E; \}/);
  assert.match(same, /\.prism-code \.token\.keyword[^{]*\{ color: rgb\(86, 156, 214\); \}/);
  assert.doesNotMatch(same, /data-theme/);
  const two = themeCss(themes.github, themes.vsDark);
  assert.match(two, /\[data-theme='dark'\] \.prism-code \.token\.keyword/);
});

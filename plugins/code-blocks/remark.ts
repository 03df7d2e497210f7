/**
 * Remark plugin for every docs instance: each fenced code block is highlighted at build time, its
 * title and marked lines read (./meta.ts), and the block becomes our own code block
 * (`<MdxCodeBlock>`, theme/CodeBlock) with its code as written, its title, and where its
 * highlighted HTML is: the page's highlights file and the block's index in it.
 *
 * The highlighting is not in the page's module, which every visit loads: it goes to a file of its
 * own (`<dir>/<hash of the page's path>.json`, the blocks in order, ./lines.ts) that the module imports
 * lazily (`export const __codeBlocks = () => import(…)`). The server rendering waits for it; the
 * browser keeps the server's HTML as it hydrates and loads the file only for a block it renders
 * itself (client-side navigation, `npm start`). A line range that does not fit its block fails the
 * build naming the page and line.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { highlightToLines, TypeTable } from '../../lib/code/highlight';
import type { Line } from '../../lib/code/lines';
import { readCodeMeta } from './meta';

export interface RemarkHighlightOptions {
  /** Where the pages' highlights files go (plugins/code-blocks writes nothing else there). */
  dir: string;
}

interface Node {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  name?: string;
  attributes?: unknown[];
  position?: { start: { line: number } };
  data?: Record<string, unknown>;
  children?: Node[];
}

/** The name the page module imports theme/CodeBlock under (not one a page would use). */
export const COMPONENT = 'MdxCodeBlock';
/** The page module's export that loads its highlights file. */
export const LOADER = '__codeBlocks';

const identifier = (name: string) => ({ type: 'Identifier', name });
const literal = (value: string | number) => ({ type: 'Literal', value });
/** A JSX attribute whose value is the JavaScript expression `expression` (an estree node). */
const expressionAttribute = (name: string, expression: object, source: string) => ({
  type: 'mdxJsxAttribute',
  name,
  value: {
    type: 'mdxJsxAttributeValueExpression',
    value: source,
    data: { estree: { type: 'Program', sourceType: 'module', comments: [], body: [{ type: 'ExpressionStatement', expression }] } },
  },
});
const attribute = (name: string, value: string) => ({ type: 'mdxJsxAttribute', name, value });

/** `import MdxCodeBlock from '@theme/CodeBlock'; export const __codeBlocks = () => import('<file>');` */
function moduleHeader(file: string): Node {
  const importDeclaration = {
    type: 'ImportDeclaration',
    specifiers: [{ type: 'ImportDefaultSpecifier', local: identifier(COMPONENT) }],
    source: literal('@theme/CodeBlock'),
    attributes: [],
  };
  const loader = {
    type: 'ExportNamedDeclaration',
    specifiers: [],
    source: null,
    attributes: [],
    declaration: {
      type: 'VariableDeclaration',
      kind: 'const',
      declarations: [
        {
          type: 'VariableDeclarator',
          id: identifier(LOADER),
          init: { type: 'ArrowFunctionExpression', params: [], expression: true, async: false, generator: false, body: { type: 'ImportExpression', source: literal(file), options: null } },
        },
      ],
    },
  };
  const value = `import ${COMPONENT} from '@theme/CodeBlock';\nexport const ${LOADER} = () => import(${JSON.stringify(file)});`;
  return { type: 'mdxjsEsm', value, data: { estree: { type: 'Program', sourceType: 'module', comments: [], body: [importDeclaration, loader] } } };
}

/** Writes `text` to `file` unless it holds it already; whole or not at all (the client and server bundles compile at once). */
function writeIfChanged(file: string, text: string): void {
  try {
    if (readFileSync(file, 'utf8') === text) return;
  } catch {
    // Not written yet.
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

export default function remarkHighlight(options: RemarkHighlightOptions) {
  if (!options?.dir) throw new Error('plugins/code-blocks remark plugin: the `dir` option is required');
  return (root: unknown, file: { path?: string; cwd?: string }) => {
    const tree = root as Node;
    const page = file.path ? path.relative(file.cwd ?? process.cwd(), file.path) : '(unknown page)';
    const types = new TypeTable();
    const highlighted: Line[][] = [];
    const visit = (node: Node) => {
      node.children?.forEach(visit);
      if (node.type !== 'code') return;
      const language = (node.lang ?? 'text').toLowerCase();
      const { code, title, highlighted: lines } = readCodeMeta(node.value ?? '', node.meta, `${page}:${node.position?.start.line ?? '?'}`);
      const index = highlighted.push(highlightToLines(code, language, lines, types)) - 1;
      const position = node.position;
      for (const key of Object.keys(node)) delete (node as unknown as Record<string, unknown>)[key];
      Object.assign(node, {
        type: 'mdxJsxFlowElement',
        name: COMPONENT,
        position,
        attributes: [
          attribute('language', language),
          ...(title ? [attribute('title', title)] : []),
          expressionAttribute('highlights', identifier(LOADER), LOADER),
          expressionAttribute('hl', literal(index), String(index)),
          attribute('children', code),
        ],
        children: [],
      });
    };
    visit(tree);
    if (!highlighted.length) return;
    const target = path.join(options.dir, `${createHash('sha256').update(page).digest('hex').slice(0, 16)}.json`);
    writeIfChanged(target, JSON.stringify({ types: types.list, blocks: highlighted }));
    tree.children?.unshift(moduleHeader(target));
  };
}

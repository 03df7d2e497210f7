/**
 * Markdown to HTML for the changelog and the error catalogue, inside the Docusaurus build process.
 * Not descriptions.ts's React renderer: there the build has already loaded React in another mode
 * (`dispatcher.getOwner is not a function`), so the HAST is serialized here, without React.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import { visit } from 'unist-util-visit';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const VOID = new Set(['br', 'hr', 'img', 'input']);

interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

function attribute(name: string, value: unknown): string {
  if (value === false || value === null || value === undefined) return '';
  const key = name === 'className' ? 'class' : name.replace(/^(aria|data)([A-Z])/, (_, p: string, c: string) => `${p}-${c.toLowerCase()}`).toLowerCase();
  if (value === true) return ` ${key}`;
  const text = Array.isArray(value) ? value.join(name === 'className' ? ' ' : ', ') : String(value);
  return ` ${key}="${escape(text).replace(/"/g, '&quot;')}"`;
}

function serialize(node: HastNode): string {
  if (node.type === 'text') return escape(node.value ?? '');
  const inner = (node.children ?? []).map(serialize).join('');
  if (node.type !== 'element') return inner;
  const props = { ...node.properties };
  // External links open in a new tab with an opener-safe rel, as everywhere else on the site.
  if (node.tagName === 'a' && /^(https?:)?\/\//.test(String(props.href ?? ''))) Object.assign(props, { target: '_blank', rel: 'noopener noreferrer' });
  const attrs = Object.entries(props).map(([k, v]) => attribute(k, v)).join('');
  return VOID.has(node.tagName!) ? `<${node.tagName}${attrs}>` : `<${node.tagName}${attrs}>${inner}</${node.tagName}>`;
}

const toHast = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);

/** Markdown (no raw HTML: it fails naming `where`) as an HTML string. */
export function markdownHtml(markdown: string, where: string): string {
  const mdast = toHast.parse(markdown);
  visit(mdast, 'html', (node: { value: string }) => {
    throw new Error(`${where}: raw HTML (${JSON.stringify(node.value)}) is not rendered; write it in Markdown`);
  });
  return serialize(toHast.runSync(mdast) as HastNode).trim();
}

/** A change's one-line Markdown (text and code spans only) as HTML. */
export function changeHtml(markdown: string): string {
  return markdown
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') && part.endsWith('`') && part.length > 1 ? `<code>${escape(part.slice(1, -1))}</code>` : escape(part)))
    .join('');
}

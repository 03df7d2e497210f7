/**
 * API descriptions rendered to HTML at build time, with the Markdown pipeline the guides use
 * (remark-parse + remark-gfm + remark-rehype), so the browser gets HTML and no Markdown parser.
 * The OpenAPI theme renders each field, parameter, request body and response description with its
 * `Markdown` component; the page generator hands it these HTML strings instead (see options.ts),
 * and theme/Markdown outputs them as they are.
 */
import { createElement, type ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeRaw from 'rehype-raw';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { visit } from 'unist-util-visit';

const toHast = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeRaw);

/** Raw HTML a description may keep (as written); other elements keep their text only, scripts and styles go. */
const HTML_ALLOWED = new Set(
  'a b i em strong code pre kbd sup sub br p span ul ol li details summary table thead tbody tr th td blockquote hr del s small mark abbr'.split(' '),
);
const HTML_DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript']);
const ATTRIBUTES_ALLOWED = new Set(['href', 'title', 'align', 'colSpan', 'rowSpan', 'open']);

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** The elements the OpenAPI plugin leaves as tags in a page's MDX (its `clean` escapes the others). */
const MDX_ALLOWED = new Set([...HTML_ALLOWED].filter((tag) => !/^(pre|kbd|sup|sub|blockquote|del|s|mark|abbr)$/.test(tag)));

/** Keeps the harmless part of raw HTML in a description (documents from elsewhere may hold any). */
function sanitize(node: HastNode, allowed: Set<string>): HastNode[] {
  if (node.type === 'comment' || (node.type === 'element' && HTML_DROPPED.has(node.tagName!))) return [];
  const children = (node.children ?? []).flatMap((child) => sanitize(child, allowed));
  if (node.type !== 'element') return [{ ...node, ...(node.children ? { children } : {}) }];
  if (!allowed.has(node.tagName!)) return children;
  const properties = Object.fromEntries(
    Object.entries(node.properties ?? {}).filter(([k, v]) => ATTRIBUTES_ALLOWED.has(k) && !(k === 'href' && /^\s*(javascript|data|vbscript):/i.test(String(v)))),
  );
  return [{ ...node, properties, children }];
}

/** External links open in a new tab with an opener-safe rel, as Docusaurus's Link renders them. */
function Anchor(props: ComponentProps<'a'> & { node?: unknown }) {
  const { node: _node, ...rest } = props;
  const external = /^(https?:)?\/\//.test(rest.href ?? '');
  return createElement('a', external ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest);
}

/** Rendered descriptions by allowed tags and Markdown: schemas repeat in every operation that uses them. */
const rendered = new Map<Set<string>, Map<string, string>>();

/** One Markdown description as HTML (raw HTML kept only where harmless); `where` names it in errors. */
export function descriptionHtml(markdown: string, where: string, allowed = HTML_ALLOWED): string {
  let cache = rendered.get(allowed);
  if (!cache) rendered.set(allowed, (cache = new Map()));
  let html = cache.get(markdown);
  if (html === undefined) {
    html = renderDescription(markdown, where, allowed);
    cache.set(markdown, html);
  }
  return html;
}

function renderDescription(markdown: string, where: string, allowed: Set<string>): string {
  let hast: HastNode;
  try {
    hast = toHast.runSync(toHast.parse(markdown)) as HastNode;
  } catch (error) {
    throw new Error(`${where}: the description does not render: ${String(error)}`);
  }
  hast = { ...hast, children: (hast.children ?? []).flatMap((child) => sanitize(child, allowed)) };
  return renderToStaticMarkup(toJsxRuntime(hast as Parameters<typeof toJsxRuntime>[0], { Fragment, jsx, jsxs, components: { a: Anchor } }) as never);
}

/**
 * A description the page's MDX shows itself: the Markdown as it is, or, when it holds raw HTML
 * (which MDX would parse as JSX and reject unless well-formed), its sanitized, well-formed HTML.
 */
export function mdxDescription(markdown: string | undefined, where: string): string | undefined {
  if (!markdown) return markdown;
  let raw = false;
  visit(toHast.parse(markdown), 'html', () => {
    raw = true;
  });
  return raw ? descriptionHtml(markdown, where, MDX_ALLOWED) : markdown;
}

/** Keys whose values are data (examples, defaults, enums), never rendered Markdown. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/**
 * A copy of `node` with every string the theme renders as Markdown rendered to HTML: each
 * `description` below it, and the `summary` of each named example of a media type. Data (examples,
 * defaults, enums) is left alone, and so is `node`'s own description when `keepOwn` (the page's
 * MDX renders that one).
 */
export function withHtmlDescriptions<T>(node: T, where: string, keepOwn = false, path: string[] = []): T {
  if (Array.isArray(node)) return node.map((item, i) => withHtmlDescriptions(item, where, false, [...path, String(i)])) as T;
  if (!isObject(node)) return node;
  const at = (key: string) => `${where} ${[...path, key].join('/')}`;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'examples' && path.at(-2) === 'content' && isObject(value)) {
      // Named examples of a request or response body: the theme shows each summary as Markdown.
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, ex]) => [
          name,
          isObject(ex) && typeof ex.summary === 'string' ? { ...ex, summary: descriptionHtml(ex.summary, at(`${key}/${name}/summary`)) } : ex,
        ]),
      );
    } else if (DATA_KEYS.has(key) && !(key === 'default' && path.at(-1) === 'responses')) {
      out[key] = value;
    } else if (key === 'description' && typeof value === 'string') {
      out[key] = keepOwn ? value : descriptionHtml(value, at(key));
    } else {
      out[key] = withHtmlDescriptions(value, where, false, [...path, key]);
    }
  }
  return out as T;
}

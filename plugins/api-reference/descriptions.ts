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
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { visit } from 'unist-util-visit';

const toHast = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);

/** External links open in a new tab with an opener-safe rel, as Docusaurus's Link renders them. */
function Anchor(props: ComponentProps<'a'> & { node?: unknown }) {
  const { node: _node, ...rest } = props;
  const external = /^(https?:)?\/\//.test(rest.href ?? '');
  return createElement('a', external ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest);
}

/** Rendered descriptions by their Markdown: schemas repeat in every operation that uses them. */
const rendered = new Map<string, string>();

/** One Markdown description as HTML; `where` names it in errors (file and JSON path). */
export function descriptionHtml(markdown: string, where: string): string {
  let html = rendered.get(markdown);
  if (html === undefined) {
    html = renderDescription(markdown, where);
    rendered.set(markdown, html);
  }
  return html;
}

function renderDescription(markdown: string, where: string): string {
  const mdast = toHast.parse(markdown);
  visit(mdast, 'html', (node: { value: string }) => {
    throw new Error(`${where}: raw HTML in a description (${JSON.stringify(node.value)}) is not rendered; write it in Markdown`);
  });
  const hast = toHast.runSync(mdast);
  return renderToStaticMarkup(toJsxRuntime(hast, { Fragment, jsx, jsxs, components: { a: Anchor } }) as never);
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

/**
 * API descriptions rendered to HTML at build time, with the Markdown pipeline the guides use
 * (remark-parse + remark-gfm + remark-rehype), so the browser gets HTML and no Markdown parser.
 * The API page's components (./components) show each field, parameter, request body and response
 * description; the page generator hands them these HTML strings (see page-mdx.ts), and they output
 * them as they are (`BuiltHtml` in components/schemaText.tsx).
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
import remarkMdx from 'remark-mdx';
import { clean } from './page-mdx';

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
  const html = renderToStaticMarkup(toJsxRuntime(hast as Parameters<typeof toJsxRuntime>[0], { Fragment, jsx, jsxs, components: { a: Anchor } }) as never);
  // What a dropped HTML comment leaves before the first element (the page tells rendered HTML by its first "<": BuiltHtml).
  return html.trimStart();
}

/** Parses MDX as the page compiler does (it throws on text MDX reads as broken JSX or JavaScript). */
const mdxParser = unified().use(remarkParse).use(remarkMdx);

/** Where a description the page's MDX cannot take as Markdown goes, until `withMdxDescriptions`. */
const htmlDescriptions: string[] = [];
const PLACEHOLDER = (n: number) => `RENDEREDDESCRIPTION${n}END`;

/**
 * A description the page's MDX shows itself: its Markdown as it is where MDX reads it as Markdown
 * does (after the page generator's escaping, `clean` in page-mdx.ts). Otherwise, such as raw HTML (`<br/>` on its
 * own line, anchors next to a fenced block), text that MDX reads as JSX or an expression
 * (`<api_token>`, `{`) or an indented code block (MDX has none), a placeholder that
 * `withMdxDescriptions` replaces with the description rendered to sanitized HTML here, handed to
 * the page as a string, so no character of it is read as MDX syntax and it shows as written.
 */
export function mdxDescription(markdown: string | undefined, where: string): string | undefined {
  if (!markdown) return markdown;
  let asMarkdown = true;
  visit(toHast.parse(markdown), (node: { type: string; position?: { start: { offset?: number } } }) => {
    if (node.type === 'html') asMarkdown = false;
    // An indented code block: MDX has none, and would read its text as a paragraph.
    if (node.type === 'code' && !/^[`~]/.test(markdown.slice(node.position?.start.offset ?? 0))) asMarkdown = false;
  });
  if (asMarkdown) {
    try {
      mdxParser.parse(clean(markdown));
      return markdown;
    } catch {
      // MDX reads part of it as syntax: rendered below.
    }
  }
  htmlDescriptions.push(descriptionHtml(markdown, where));
  return PLACEHOLDER(htmlDescriptions.length - 1);
}

/** A generated page with the descriptions `mdxDescription` kept aside, as HTML the page outputs as it is. */
export function withMdxDescriptions(page: string): string {
  return page.replace(/RENDEREDDESCRIPTION(\d+)END/g, (_, n: string) => {
    const html = htmlDescriptions[Number(n)];
    // JSON is a JavaScript string literal; MDX hands the expression to its JavaScript parser.
    return `<div className="api-description" dangerouslySetInnerHTML={{ __html: ${JSON.stringify(html)} }} />`;
  });
}

/** Text the generator writes as the children of a JSX element, shown as written (no character read as JSX, an expression or Markdown markup). */
export function mdxText(text: string): string {
  return text.replace(/[&<>{}*_`[\]\\]/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface SecuritySchemeLike {
  description?: string;
  name?: string;
  scheme?: string;
  bearerFormat?: string;
  openIdConnectUrl?: string;
  flows?: Record<string, { authorizationUrl?: string; tokenUrl?: string; refreshUrl?: string; scopes?: Record<string, string> }>;
}

/**
 * The security schemes as the info page's generator (page-mdx.ts, `authenticationMdx`) writes them: each
 * description through `mdxDescription`, and the text it puts in table cells and list items (names,
 * URLs, scopes and their descriptions) as written. Stripe's `Authorization: Basic <api_key>` and a
 * scope described with `{id}` broke the page's MDX compile.
 */
export function mdxSecuritySchemes<T extends Record<string, SecuritySchemeLike> | undefined>(schemes: T, where: string): T {
  if (!schemes) return schemes;
  const text = (s: string | undefined) => (s === undefined ? s : mdxText(s));
  return Object.fromEntries(
    Object.entries(schemes).map(([key, s]) => [
      key,
      {
        ...s,
        description: mdxDescription(s.description, `${where} ${key} description`),
        name: text(s.name),
        scheme: text(s.scheme),
        bearerFormat: text(s.bearerFormat),
        openIdConnectUrl: text(s.openIdConnectUrl),
        ...(s.flows && {
          flows: Object.fromEntries(
            Object.entries(s.flows).map(([flow, f]) => [
              flow,
              {
                ...f,
                authorizationUrl: text(f.authorizationUrl),
                tokenUrl: text(f.tokenUrl),
                refreshUrl: text(f.refreshUrl),
                scopes: Object.fromEntries(Object.entries(f.scopes ?? {}).map(([scope, d]) => [mdxText(scope), mdxText(String(d))])),
              },
            ]),
          ),
        }),
      },
    ]),
  ) as T;
}

/** Keys whose values are data (examples, defaults, enums), never rendered Markdown. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);

/** Maps keyed by names the document chooses: a property or response named `default` or `example` is no data. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'responses', 'headers', 'callbacks', 'schemas', 'definitions', '$defs']);

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
    } else if (key === 'x-enumDescriptions' && isObject(value)) {
      // What each enum value means, shown in a table beside the values.
      out[key] = Object.fromEntries(Object.entries(value).map(([name, text]) => [name, typeof text === 'string' ? descriptionHtml(text, at(`${key}/${name}`)) : text]));
    } else if (DATA_KEYS.has(key) && !NAME_MAPS.has(path.at(-1) ?? '')) {
      out[key] = value;
    } else if (key === 'description' && typeof value === 'string') {
      out[key] = keepOwn ? value : descriptionHtml(value, at(key));
    } else {
      out[key] = withHtmlDescriptions(value, where, false, [...path, key]);
    }
  }
  return out as T;
}

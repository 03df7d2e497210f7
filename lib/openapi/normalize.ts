/**
 * What the page generator reads: the OpenAPI document with page titles made safe. A summary
 * becomes one line of plain text (the Markdown after its first block moves to the description),
 * and schemas that share a title get the component name added, so that each keeps its own page.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { fallbackOperationId, HTTP_METHODS, webhooksKey, type OpenApiDocument, type Operation } from './spec';

interface MdNode {
  type: string;
  value?: string;
  alt?: string;
  children?: MdNode[];
  position?: { start: { offset?: number } };
}

/** The text a reader sees: text, inline code and image alt texts, without markup or raw HTML. */
const textOf = (node: MdNode): string =>
  node.type === 'html' ? '' : (node.value ?? node.alt ?? (node.children ?? []).map(textOf).join(node.type === 'list' ? ' ' : ''));

/** Plain text of the first block of a Markdown text, on one line; the rest of the text, as Markdown. */
export function splitTitle(markdown: string): { title: string; rest: string } {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(markdown.trim()) as MdNode;
  const [first, second] = tree.children ?? [];
  if (!first) return { title: '', rest: '' };
  const title = textOf(first).replace(/\s+/g, ' ').trim();
  const rest = second?.position ? markdown.trim().slice(second.position.start.offset ?? 0).trim() : '';
  return { title, rest };
}

/**
 * Text that Markdown reads as itself: letters, digits, spaces and punctuation that starts no inline
 * markup, beginning with a letter, a digit or "(" (so no heading, quote, list or rule), and not an
 * ordered-list marker. Nearly every summary is such text, and parsing each one cost a twentieth of
 * generating the pages at 32 times today's API.
 */
const LITERAL = /^[\p{L}\p{N}(][\p{L}\p{N} ,.()'"?:;/@$%+=-]*$/u;
const ORDERED_LIST = /^\d+[.)]( |$)/;

/** One line of plain text for a page title or sidebar label. */
export const plainTitle = (markdown: string) => {
  const trimmed = markdown.trim();
  if (LITERAL.test(trimmed) && !ORDERED_LIST.test(trimmed)) return trimmed.replace(/ +/g, ' ');
  return splitTitle(markdown).title;
};

/** A YAML scalar for front matter: a JSON string is a valid YAML double-quoted scalar. */
export const yamlString = (text: string) => JSON.stringify(text);

const isPlain = (text: string) => !/[\n*_`[\]<>#\\|~]/.test(text) && plainTitle(text) === text.trim();

function normalizeOperation(written: Operation, method: string, path: string, webhook: boolean): Operation {
  // A blank summary (Apacta's uploadImage: "") is none: the page is titled as without one (the
  // operationId, else method and path); a sidebar label cannot be empty.
  const { summary: blank, ...unsummarized } = written;
  const given = typeof blank === 'string' && !blank.trim() ? (unsummarized as Operation) : written;
  // Without an operationId an operation's page is named after its method and path, and titled by them without a summary.
  const op = given.operationId || webhook
    ? given
    : { ...given, operationId: fallbackOperationId(method, path), ...(given.summary ? {} : { summary: `${method.toUpperCase()} ${path}` }) };
  if (typeof op.summary !== 'string' || isPlain(op.summary)) return op;
  const { title, rest } = splitTitle(op.summary);
  const description = [rest, op.description ?? ''].filter(Boolean).join('\n\n');
  return { ...op, summary: title || undefined, ...(description ? { description } : {}) };
}

/** The fields of a path item besides its operations (the generator takes any other key of a webhook for a method). */
const PATH_ITEM_FIELDS = new Set(['$ref', 'summary', 'description', 'servers', 'parameters']);

const isMethod = (key: string) => (HTTP_METHODS as readonly string[]).includes(key);

/**
 * A webhook written as a callback (3.0 `x-webhooks` of some documents: its name, then a runtime
 * expression such as `{$request.body#/callback}`, then the path item): the path item's operations
 * become the webhook's own, where it has none of the same method.
 */
function unwrapCallbackWebhook(item: Record<string, unknown>): Record<string, unknown> {
  const out = { ...item };
  for (const [key, value] of Object.entries(item)) {
    if (isMethod(key) || PATH_ITEM_FIELDS.has(key) || !value || typeof value !== 'object') continue;
    const inner = Object.entries(value as Record<string, unknown>).filter(([method]) => isMethod(method));
    if (!inner.length || inner.some(([method]) => method in out)) continue;
    delete out[key];
    Object.assign(out, Object.fromEntries(inner));
  }
  return out;
}

function normalizePathItems(items: Record<string, Record<string, unknown>> | undefined, webhooks = false, problems: string[] = []) {
  if (!items) return items;
  return Object.fromEntries(
    Object.entries(items).map(([key, item]) => [
      key,
      Object.fromEntries(
        Object.entries(webhooks ? unwrapCallbackWebhook(item) : item).flatMap(([method, op]) => {
          if (isMethod(method)) return [[method, normalizeOperation(op as Operation, method, key, webhooks)]];
          if (webhooks && !PATH_ITEM_FIELDS.has(method)) {
            problems.push(`webhook "${key}" has "${method}", which is not an HTTP method or a path item field: it gets no page`);
            return [];
          }
          return [[method, op]];
        }),
      ),
    ]),
  );
}

/**
 * The provider's own site, where the site-relative links of its descriptions lead: the origin of
 * the document's `externalDocs`, `info.contact.url` or `info.termsOfService`, the first given.
 * Never `servers`: that is the API's host (api.example.com), which serves no documentation.
 */
export function providerOrigin(doc: OpenApiDocument): string | undefined {
  const info = doc.info as { contact?: { url?: string }; termsOfService?: string };
  for (const url of [(doc as { externalDocs?: { url?: string } }).externalDocs?.url, info.contact?.url, info.termsOfService]) {
    try {
      const origin = url ? new URL(url).origin : undefined;
      if (origin?.startsWith('http')) return origin;
    } catch {
      // Not an absolute URL: the next one.
    }
  }
  return undefined;
}

/** A Markdown link or image, and an HTML href or src, whose target is relative: no scheme, not "//…", not "#…". */
const RELATIVE = String.raw`(?![a-z][a-z0-9+.-]*:|\/\/|#)`;
// The target may be written in angle brackets ("[a](</docs/a#b>)").
const RELATIVE_MD = new RegExp(String.raw`(!?)\[([^\]]*)\]\(\s*<?(${RELATIVE}[^)\s<>]+)>?((?:\s+"[^"]*")?)\s*\)`, 'gi');
const IN_PAGE_MD = /(?<!!)\[([^\]]*)\]\(\s*(#[^)\s]*)(?:\s+"[^"]*")?\s*\)/g;
const IN_PAGE_HTML = /\shref\s*=\s*(["'])(#[^"']*)\1/gi;
const RELATIVE_HTML = new RegExp(String.raw`(\s(?:href|src)\s*=\s*)(["'])(${RELATIVE}[^"']+)\2`, 'gi');

/** A Markdown link reference definition ("[1]: ../folders/#get-collections", Box's): its label and target. */
const DEFINITION = /^ {0,3}\[([^\]]+)\]:[ \t]*<?([^\s>]+)>?([ \t]+(?:"[^"]*"|'[^']*'|\([^)]*\)))?[ \t]*$/gm;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Reference definitions whose target is relative or in-page: to the provider's origin, or unlinked (their uses keep their text). */
function withProviderDefinitions(text: string, origin: string | undefined, absolute: (target: string) => string, seen?: (target: string) => void): string {
  const unlinked: string[] = [];
  const out = text.replace(DEFINITION, (whole, label: string, target: string, title = '') => {
    if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target)) return whole;
    if (origin && !target.startsWith('#')) return `[${label}]: ${absolute(target)}${title}`;
    seen?.(target);
    unlinked.push(label);
    return '';
  });
  return unlinked.reduce((t, label) => {
    const l = escapeRegExp(label);
    // "[text][label]" keeps "text"; "[label][]" and "[label]" keep "label".
    return t.replace(new RegExp(String.raw`\[([^\]]*)\]\[${l}\]`, 'gi'), '$1').replace(new RegExp(String.raw`\[(${l})\](\[\])?(?![(:])`, 'gi'), '$1');
  }, out);
}

/**
 * A description of another company's document links "/documentation/…" or "kms/latest/…" on its own
 * site, where this site has no such page: such a link leads to the provider's origin, or, where the
 * document names none, its text stays without the link; so does a link to a section of the
 * provider's own page ("#types").
 */
export function withProviderLinks(text: string, origin: string | undefined, seen?: (target: string) => void): string {
  const absolute = (target: string) => {
    seen?.(target);
    return `${origin}${target.startsWith('/') ? '' : '/'}${target}`;
  };
  const unlinked = <T>(target: string, kept: T) => {
    seen?.(target);
    return kept;
  };
  return withProviderDefinitions(text, origin, absolute, seen)
    // "#types": a section of the provider's page, which this page does not have (Slack's).
    .replace(IN_PAGE_MD, (_, label: string, target: string) => unlinked(target, label))
    .replace(IN_PAGE_HTML, (_, _quote: string, target: string) => unlinked(target, ''))
    .replace(RELATIVE_MD, (_, bang: string, label: string, target: string, title: string) => (origin ? `${bang}[${label}](${absolute(target)}${title})` : unlinked(target, label)))
    .replace(RELATIVE_HTML, (_whole, attr: string, quote: string, target: string) => (origin ? `${attr}${quote}${absolute(target)}${quote}` : unlinked(target, '')));
}

/**
 * The build warning for the links `withProviderLinks` changed: each target once, with how many
 * descriptions' links point to it (none: no warning).
 */
export function providerLinksWarning(counts: Map<string, number>, origin: string | undefined): string | undefined {
  if (!counts.size) return undefined;
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const what = origin
    ? `lead to ${origin} (the provider's site, from the document's externalDocs, info.contact.url or info.termsOfService)`
    : "are kept as text without the link (the document names no site of its own: no externalDocs, info.contact.url or info.termsOfService), as are links to a section of the provider's page";
  const list = [...counts].map(([target, n]) => `${target} (${n})`).join(', ');
  return `${total} link(s) of its descriptions to the provider's own site ${what}: ${list}`;
}

/** Values that are data, not text the page renders (a property named so is no data: its map's key). */
const DATA_KEYS = new Set(['example', 'default', 'enum', 'const']);

function descriptionsWith(node: unknown, origin: string | undefined, seen: (target: string) => void, parent = ''): unknown {
  if (Array.isArray(node)) return node.map((item) => descriptionsWith(item, origin, seen));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === 'description' && typeof value === 'string'
        ? withProviderLinks(value, origin, seen)
        : DATA_KEYS.has(key) && parent !== 'properties'
          ? value
          : descriptionsWith(value, origin, seen, key),
    ]),
  );
}

/** Letters and digits only, lower case: titles that differ only in case, spaces or punctuation collide. */
const titleKey = (title: string) => title.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A copy of the document with safe titles (and, with `providerLinks`, descriptions whose
 * site-relative links lead to the provider's site); `changed` says whether the generator needs the copy,
 * `problems` what of the document was left out because it is invalid, `links` the build warning
 * naming which of its links were changed (each target once, with its count).
 */
export function normalizeDocument(
  given: OpenApiDocument,
  { providerLinks = false }: { providerLinks?: boolean } = {},
): { doc: OpenApiDocument; changed: boolean; problems: string[]; links?: string } {
  const problems: string[] = [];
  const before = JSON.stringify(given);
  const doc = given;
  const schemas = doc.components?.schemas;
  const taken = new Map<string, string>();
  const named = schemas
    ? Object.fromEntries(
        Object.entries(schemas).map(([name, schema]) => {
          let title = typeof schema.title === 'string' ? plainTitle(schema.title) || name : name;
          const owner = taken.get(titleKey(title));
          if (owner !== undefined) title = `${title} (${name})`;
          if (taken.has(titleKey(title))) throw new Error(`Schemas "${owner}" and "${name}" have the same title "${title}": give one of them another title`);
          taken.set(titleKey(title), name);
          return [name, schema.title === undefined && title === name ? schema : { ...schema, title }];
        }),
      )
    : undefined;
  const key = webhooksKey(doc);
  const webhooks = (doc as unknown as Record<string, unknown>)[key] as Record<string, Record<string, unknown>> | undefined;
  const out = {
    ...doc,
    paths: normalizePathItems(doc.paths)!,
    ...(webhooks ? { [key]: normalizePathItems(webhooks, true, problems) } : {}),
    ...(named ? { components: { ...doc.components, schemas: named } } : {}),
  } as OpenApiDocument;
  if (!providerLinks) return { doc: out, changed: JSON.stringify(out) !== before, problems };
  // Another company's document: its site-relative links lead to its own site. After the summaries'
  // Markdown moved into the descriptions (OpenAI's summaries hold links to its guides).
  const origin = providerOrigin(given);
  const counts = new Map<string, number>();
  const linked = descriptionsWith(out, origin, (target) => counts.set(target, (counts.get(target) ?? 0) + 1)) as OpenApiDocument;
  return { doc: linked, changed: JSON.stringify(linked) !== before, problems, links: providerLinksWarning(counts, origin) };
}

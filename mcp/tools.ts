/**
 * The docs server's tools, on the bundle (plugins/mcp/bundle.ts) and the build beside it. Each
 * answer is text of at most MAX_ANSWER_CHARS; longer ones are cut with a note saying how to ask for less.
 */
import { promises as fs, realpathSync } from 'node:fs';
import path from 'node:path';
import { checkDataset, formatOfText, MAX_CHECK_BYTES } from '../plugins/shared/dataset-check/check';
import { RULES } from '../plugins/shared/dataset-check/rules';
import { verdict } from '../plugins/shared/dataset-check/verdict';
import { searchIndex } from '../plugins/search/engine';
import { queryTerms, type PageInfo, type Manifest } from '../plugins/search/matcher';
import { deref, schemaRefName, type MediaType, type OpenApiDocument, type Operation, type Parameter, type Schema } from '../plugins/api-reference/spec';
import { BUNDLE_FILE, BUNDLE_FORMAT, operationSamples, sha256, type BundleError, type BundleOperation, type McpBundle } from '../plugins/mcp/bundle';
import { SiteError, type Site } from './site';
import { windowLines } from './models';

/**
 * The most characters one answer holds: about 5,000 tokens. Claude Code warns when a tool's answer
 * passes 10,000 tokens, and an agent calls several tools per task; the largest single page section
 * and every operation fit, a whole long guide does not (ask for one of its sections).
 */
export const MAX_ANSWER_CHARS = 20_000;
/** The search index's folder in the build (plugins/search/index.ts SEARCH_DIR, which imports the build's plugin modules). */
const SEARCH = 'search';
/** Problems check_dataset lists (the rest are counted, by kind). */
export const MAX_PROBLEMS = 50;
/** The longest problem message check_dataset shows (the checker's own are shorter; longer ones quote the data). */
export const MAX_PROBLEM_CHARS = 240;

/** A tool's failure, shown to the agent as an error result with this message. */
export class ToolError extends Error {}

export interface Answer {
  text: string;
  truncated: boolean;
}

/**
 * The longest string each input takes (the tool schemas declare them; the SDK refuses longer ones
 * before a tool runs). `rows` stays under what both transports accept (MAX_MESSAGE_BYTES, server.ts):
 * even at 6 bytes a character (JSON's \u escapes), a million characters is a 6 MB message.
 */
export const MAX_INPUT = {
  query: 300,
  page: 500,
  section: 200,
  language: 40,
  tag: 100,
  text: 200,
  operation: 300,
  name: 200,
  since: 40,
  status: 10,
  body: 20_000,
  file: 500,
  rows: 1_000_000,
} as const;
/** The budget a caller may set (max_chars): at least this, at most the larger cap. */
export const MIN_BUDGET = 500;
export const MAX_BUDGET = 100_000;

/** How much of one answer a call returns: `max_chars` (default MAX_ANSWER_CHARS) from character `offset`. */
export interface Budget {
  max_chars?: number;
  offset?: number;
}

/** An input in a message: at most 60 characters of it, quoted (nothing longer is echoed). */
export const quote = (value: string) => JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);

/**
 * The part of an answer a budget allows, cut on a line boundary, with a note saying it was cut and
 * how to get the rest: the same call with `offset`, or a narrower one (`hint`).
 */
export function compact(text: string, hint: string, budget: Budget = {}): Answer {
  const limit = budget.max_chars ?? MAX_ANSWER_CHARS;
  const from = budget.offset ?? 0;
  if (from > 0 && from >= text.length) throw new ToolError(`offset ${from} is past the end of this answer (${text.length} characters)`);
  const rest = text.slice(from);
  const head = from > 0 ? `[Characters ${from}–${text.length} of ${text.length}, from offset ${from}]\n` : '';
  if (head.length + rest.length <= limit) return { text: head + rest, truncated: false };
  // The note's numbers are at most this long; the cut leaves room for it.
  const tip = hint.length > limit / 4 ? `${hint.slice(0, limit / 4)}…` : hint;
  const room = limit - head.length - 260 - tip.length;
  const cut = rest.lastIndexOf('\n', room);
  const end = from + (cut > room / 2 ? cut + 1 : Math.max(room, 1));
  const note = `\n\n[Cut: characters ${from}–${end} of ${text.length} shown (budget ${limit}). For the rest, call again with the same arguments and offset: ${end}.${tip ? ` ${tip}` : ''}]`;
  return { text: (from > 0 ? `[Characters ${from}–${end} of ${text.length}, from offset ${from}]\n` : '') + text.slice(from, end) + note, truncated: true };
}

const json = (value: unknown) => JSON.stringify(value, null, 1);

export interface Docs {
  site: Site;
  bundle: McpBundle;
  /** Every page the search index holds, read once. */
  pages: PageInfo[];
  /** Folder check_dataset may read files from (real path); undefined: it reads none (rows only). */
  dataDir?: string;
}

/** Reads and checks the bundle of a site, and its page list, once per process. */
export async function openDocs(site: Site, dataDir: string | undefined): Promise<Docs> {
  const bundle = await site.json<McpBundle>(BUNDLE_FILE).catch((error: Error) => {
    throw new SiteError(`${site.where} has no readable MCP bundle (${error.message}); ${site.advice}`);
  });
  if (bundle.format !== BUNDLE_FORMAT) {
    // An older bundle needs a newer build of the site; a newer one, a newer server.
    const fix = typeof bundle.format === 'number' && bundle.format < BUNDLE_FORMAT ? site.advice : 'update the server';
    throw new SiteError(`${site.where}/${BUNDLE_FILE} has format ${bundle.format}; this server reads format ${BUNDLE_FORMAT}: ${fix}`);
  }
  let dir: string | undefined;
  if (dataDir !== undefined) {
    try {
      dir = realpathSync(dataDir);
    } catch {
      throw new SiteError(`--data-dir ${dataDir} does not exist`);
    }
  }
  const manifest = await site.json<Manifest>(`${SEARCH}/manifest.json`);
  const blocks = await Promise.all(manifest.blocks.map((b) => site.json<PageInfo[]>(`${SEARCH}/${b}`)));
  return { site, bundle, pages: blocks.flat(), dataDir: dir };
}

const absolute = (docs: Docs, route: string) => `${docs.bundle.site.url}${route}`;
/** Markdown links by path (as the sources write them) made whole URLs, which an agent can follow. */
const absoluteLinks = (docs: Docs, markdown: string) => markdown.replace(/\]\(\//g, `](${docs.bundle.site.url}/`);

/* ---- search_docs ---- */

/** The most characters of a page's best match a search hit carries, around the first matching word (five hits stay near 4,000 characters). */
export const SEARCH_TEXT_CHARS = 420;

/** Up to `length` characters of a section around the first line holding one of the words, cut on line boundaries. */
export function around(text: string, words: string[], length = SEARCH_TEXT_CHARS): string {
  if (text.length <= length) return text;
  const lower = text.toLowerCase();
  const at = words.map((w) => lower.indexOf(w)).filter((i) => i >= 0).sort((x, y) => x - y)[0] ?? 0;
  // Start at the line of the match, or a little before it when that line is long.
  let from = Math.max(text.lastIndexOf('\n', at) + 1, at - Math.floor(length / 3));
  if (from + length > text.length) from = Math.max(0, text.length - length);
  let to = from + length;
  const lineEnd = text.lastIndexOf('\n', to);
  if (lineEnd > from + length / 2) to = lineEnd;
  return `${from > 0 ? '…' : ''}${text.slice(from, to).trim()}${to < text.length ? ' …' : ''}`;
}

/** The distinct words of a query search_docs uses (a question of up to 20 words); each costs a pass over the index. */
export const MAX_QUERY_WORDS = 20;

export async function searchDocs(docs: Docs, asked: string, limit = 5, budget?: Budget): Promise<Answer> {
  if (!asked.trim()) throw new ToolError('query is empty: give a few words, an operationId or a path such as /v1/training-jobs');
  // Repeated words add nothing but cost: each distinct word once, the first MAX_QUERY_WORDS of them.
  const query = [...new Set(asked.trim().split(/\s+/))].slice(0, MAX_QUERY_WORDS).join(' ') + (/\s$/.test(asked) ? ' ' : '');
  const { hits, closest } = await searchIndex(<T,>(file: string) => docs.site.json<T>(`${SEARCH}/${file}`), query, limit);
  if (!hits.length) {
    const near = closest.map((c) => `- ${c.title}: ${absolute(docs, c.url)}`);
    return { text: [`No page matches ${quote(query)}.${near.length ? ' Closest titles:' : ' The docs may not cover it.'}`, ...near, 'Try other words, or list_operations for the API.'].join('\n'), truncated: false };
  }
  // The raw words typed and the terms the index has (stems): either may be what the text holds.
  const words = [...new Set(queryTerms(query).flatMap((t) => [t.text, t.raw ?? t.text]))].filter((w) => !w.startsWith('='));
  const out: string[] = [];
  for (const [i, hit] of hits.entries()) {
    out.push(`${i + 1}. ${hit.title} [${hit.label}] ${absolute(docs, hit.url)}`);
    const markdown = await twin(docs, hit.url).catch(() => undefined);
    // One excerpt per page: its best match (the top, or its first section); the other sections are named.
    const best = hit.excerpt.length ? undefined : hit.sections[0];
    const others = hit.excerpt.length ? hit.sections : hit.sections.slice(1);
    let text: string;
    if (!best) text = markdown ? pageIntro(markdown) : hit.excerpt.map(([t]) => t).join('');
    else {
      const found = markdown ? findSection(docs, hit.url, markdown, best.url.slice(best.url.indexOf('#') + 1)) : undefined;
      out.push(`   section "${best.heading}": ${absolute(docs, best.url)}`);
      text = found ? found.text.split('\n').slice(1).join('\n').trim() : best.excerpt.map(([t]) => t).join('');
    }
    if (text) out.push(indent(around(absoluteLinks(docs, text), words)));
    if (others.length) out.push(`   also: ${others.map((s) => `"${s.heading}" ${absolute(docs, s.url)}`).join('; ')}`);
  }
  out.push('', 'Read a whole page or section with get_page (page and section from the URLs above).');
  return compact(out.join('\n'), 'Or pass a smaller limit.', budget);
}

const indent = (text: string, by = 3) => text.split('\n').map((line) => (line ? ' '.repeat(by) + line : line)).join('\n');

/** A page's text before its first section (without its title). */
const pageIntro = (markdown: string) => {
  const body = markdown.replace(/^# .*\n/, '');
  const next = body.search(/^## /m);
  return (next >= 0 ? body.slice(0, next) : body).trim();
};

/* ---- pages ---- */

/** Every page the search index holds: URL, title, label and sections [anchor, heading]. */
export const allPages = (docs: Docs): PageInfo[] => docs.pages;

/** A page's route from a URL, a route or a twin's path, and the anchor it names. */
export function pageRoute(docs: Docs, page: string): { route: string; anchor?: string } {
  let text = page.trim();
  if (!text) throw new ToolError('page is empty: give a URL or path such as /fine-tuning/datasets');
  const origin = new URL(docs.bundle.site.url).origin;
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new ToolError(`not a URL: ${quote(page)}`);
    }
    if (url.origin !== origin) throw new ToolError(`${quote(page)} is not a page of ${origin}`);
    text = `${url.pathname}${url.hash}`;
  }
  const [pathPart, anchor] = text.split('#', 2);
  let route = `/${pathPart.replace(/^\/+/, '')}`.replace(/\.md$/, '').replace(/\/index$/, '/').replace(/(.)\/$/, '$1');
  if (route === '/index') route = '/';
  if (!/^\/[A-Za-z0-9._\-/]*$/.test(route) || route.split('/').includes('..')) throw new ToolError(`not a page path: ${quote(page)}`);
  return { route, anchor: anchor || undefined };
}

const twinFile = (route: string) => `${route === '/' ? 'index' : route.slice(1)}.md`;

/** The Markdown twin of a page, or a tool error naming the route. */
async function twin(docs: Docs, route: string): Promise<string> {
  try {
    return await docs.site.text(twinFile(route));
  } catch (error) {
    if (error instanceof SiteError) throw new ToolError(`no page ${quote(route)} (its Markdown twin is not on the site); find pages with search_docs`);
    throw error;
  }
}

/** The plain text of a Markdown heading: links and code marks dropped. */
const headingText = (line: string) => line.replace(/^#+\s*/, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, '').trim();
/** A heading's anchor as Docusaurus writes one without an explicit id (lowercase, words joined by -). */
const slug = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s/g, '-');

/** The headings of a twin outside code blocks: line, level, text. */
function headingsOf(lines: string[]): Array<{ at: number; level: number; text: string }> {
  let fence = false;
  const headings: Array<{ at: number; level: number; text: string }> = [];
  lines.forEach((line, at) => {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const m = !fence && /^(#{2,6})\s/.exec(line);
    if (m) headings.push({ at, level: m[1].length, text: headingText(line) });
  });
  return headings;
}

/** Each twin's lines and headings, worked out once (twins are cached by the site reader too). */
const parsedTwins = new WeakMap<Docs, Map<string, { lines: string[]; headings: ReturnType<typeof headingsOf> }>>();
function parsedTwin(docs: Docs, route: string, markdown: string) {
  let byRoute = parsedTwins.get(docs);
  if (!byRoute) parsedTwins.set(docs, (byRoute = new Map()));
  let hit = byRoute.get(route);
  if (!hit || hit.lines.length === 0) {
    const lines = markdown.split('\n');
    hit = { lines, headings: headingsOf(lines) };
    byRoute.set(route, hit);
  }
  return hit;
}

/** One section of a twin by anchor (as the search index names it) or heading: its anchor and text, heading first. */
function findSection(docs: Docs, route: string, markdown: string, wanted: string): { anchor: string; text: string } | undefined {
  const indexed = docs.pages.find(([u]) => u === route);
  const heading = indexed?.[3].find(([a]) => a === wanted)?.[1];
  const { lines, headings } = parsedTwin(docs, route, markdown);
  const want = wanted.toLowerCase();
  // A heading the page repeats is indexed as "<its h2> › <heading>" (plugins/search/extract.ts): the one after that h2.
  const [parent, own] = heading?.includes(' › ') ? [heading.slice(0, heading.lastIndexOf(' › ')), heading.slice(heading.lastIndexOf(' › ') + 3)] : [undefined, heading];
  const after = parent === undefined ? -1 : (headings.find((h) => h.text === parent)?.at ?? -1);
  const found = headings.find((h) => (own !== undefined && h.text === own && h.at > after) || slug(h.text) === want || h.text.toLowerCase() === want);
  if (!found) return undefined;
  const end = headings.find((h) => h.at > found.at && h.level <= found.level)?.at ?? lines.length;
  const anchor = heading !== undefined ? wanted : slug(found.text) === want ? want : (indexed?.[3].find(([, h]) => h === found.text)?.[0] ?? slug(found.text));
  return { anchor, text: lines.slice(found.at, end).join('\n').trim() };
}

/**
 * The twin without the code samples of other languages: a heading naming a sample language (a tab
 * of the guides, "#### Python"; a sample of an operation page, "### curl") and the code block right
 * under it go when the language is not the one asked for.
 */
export function onlyLanguage(docs: Docs, markdown: string, language: string): string {
  const labels = new Map(docs.bundle.languages.map((l) => [l.label.toLowerCase(), l.id]));
  const lines = markdown.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^#{3,6}\s+(.+?)\s*$/.exec(lines[i]);
    const id = m && labels.get(m[1].toLowerCase());
    if (id && id !== language) {
      let j = i + 1;
      while (j < lines.length && !lines[j].trim()) j++;
      const open = /^\s*(`{3,}|~{3,})/.exec(lines[j] ?? '');
      if (open) {
        let k = j + 1;
        while (k < lines.length && !new RegExp(`^\\s*${open[1]}\\s*$`).test(lines[k])) k++;
        i = k;
        while (i + 1 < lines.length && !lines[i + 1].trim() && !out.at(-1)?.trim()) i++;
        continue;
      }
    }
    out.push(lines[i]);
  }
  return out.join('\n');
}

const checkLanguage = (docs: Docs, language: string) => {
  const ids = docs.bundle.languages.map((l) => l.id);
  if (!ids.includes(language)) throw new ToolError(`no sample language ${quote(language)}. Languages: ${ids.join(', ')}`);
};

export async function getPage(docs: Docs, page: string, section?: string, language?: string, budget?: Budget): Promise<Answer> {
  const { route, anchor } = pageRoute(docs, page);
  const wanted = (section ?? anchor)?.replace(/^#/, '');
  if (language !== undefined) checkLanguage(docs, language);
  const markdown = await twin(docs, route);
  const url = absolute(docs, route);
  const filter = (text: string) => (language ? onlyLanguage(docs, text, language) : text);
  if (!wanted) return compact(`Source: ${url}\n\n${filter(markdown)}`, `Or ask get_page for one section (section: an anchor or heading): ${outline(markdown)}`, budget);
  const found = findSection(docs, route, markdown, wanted);
  if (!found) throw new ToolError(`${route} has no section ${quote(wanted)}. Its sections: ${outline(markdown)}`);
  return compact(`Source: ${url}#${found.anchor}\n\n${filter(found.text)}\n`, 'Or ask for a smaller section.', budget);
}

/** A whole page's Markdown, for its resource: never cut (a resource is read on purpose, whole). */
export async function pageResource(docs: Docs, route: string): Promise<string> {
  return `Source: ${absolute(docs, route)}\n\n${await twin(docs, route)}`;
}

/** The headings of a twin (level 2 and 3), for messages. */
function outline(markdown: string): string {
  const lines = markdown.split('\n');
  const out = headingsOf(lines).filter((h) => h.level <= 3).map((h) => `"${h.text}"`);
  return out.join(', ') || '(none)';
}

/* ---- operations ---- */

export function listOperations(docs: Docs, tag?: string, text?: string, budget?: Budget): Answer {
  const words = (text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const tags = [...new Set(docs.bundle.operations.flatMap((o) => o.tags))];
  if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) throw new ToolError(`no tag ${quote(tag)}. Tags: ${tags.join(', ')}`);
  const found = docs.bundle.operations.filter((o) => {
    if (tag && !o.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return false;
    const haystack = `${o.operationId} ${o.summary} ${o.method} ${o.path} ${o.tags.join(' ')}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
  if (!found.length) return { text: `No operation matches${tag ? ` tag ${quote(tag)}` : ''}${words.length ? ` ${quote(text!)}` : ''}. Tags: ${tags.join(', ')}.`, truncated: false };
  const lines = found.map((o) => `${o.method} ${o.path}  ${o.operationId}: ${o.summary}${o.deprecated ? ' (deprecated)' : ''} [${o.tags.join(', ')}] ${absolute(docs, o.route)}`);
  return compact(lines.join('\n'), 'Or pass tag or text to narrow the list.', budget);
}

/** An operation by operationId (any case), `METHOD /path`, or its page's URL or route. */
export function findOperation(docs: Docs, name: string): BundleOperation {
  const text = name.trim();
  if (!text) throw new ToolError('operation is empty: give an operationId such as createTrainingJob, or "POST /v1/training-jobs"');
  const ops = docs.bundle.operations;
  const byMethod = /^([A-Za-z]+)\s+(\/\S*)$/.exec(text);
  let found = byMethod
    ? ops.find((o) => o.method === byMethod[1].toUpperCase() && o.path === byMethod[2])
    : ops.find((o) => o.operationId.toLowerCase() === text.toLowerCase());
  if (!found && /^(https?:\/\/|\/api\/)/.test(text)) {
    const { route } = pageRoute(docs, text.slice(0, MAX_INPUT.page));
    found = ops.find((o) => o.route === route);
  }
  if (!found) {
    const near = ops.filter((o) => o.operationId.toLowerCase().includes(text.toLowerCase().replace(/[^a-z]/g, '').slice(0, 6))).slice(0, 5);
    throw new ToolError(`unknown operation ${quote(text)}.${near.length ? ` Did you mean ${near.map((o) => o.operationId).join(', ')}?` : ''} list_operations lists them all.`);
  }
  return found;
}

/** A schema for an agent: named schemas stay names (get_schema expands them), the rest is inlined. */
function compactSchema(doc: OpenApiDocument, schema: Schema | undefined, depth = 0): unknown {
  if (!schema || typeof schema !== 'object') return schema;
  const name = schemaRefName(schema);
  if (name) return `${name} (see get_schema)`;
  const s = deref(doc, schema);
  if (depth > 6) return '…';
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(s)) {
    if (key === 'properties') out.properties = Object.fromEntries(Object.entries(value as Record<string, Schema>).map(([k, v]) => [k, compactSchema(doc, v, depth + 1)]));
    else if (key === 'items' || key === 'additionalProperties' || key === 'not') out[key] = typeof value === 'object' ? compactSchema(doc, value as Schema, depth + 1) : value;
    else if (key === 'oneOf' || key === 'anyOf' || key === 'allOf') out[key] = (value as Schema[]).map((v) => compactSchema(doc, v, depth + 1));
    else if (key !== 'example' || depth === 0) out[key] = value;
  }
  return out;
}

const mediaExample = (media: MediaType | undefined) =>
  media?.example ?? Object.values(media?.examples ?? {})[0]?.value ?? media?.schema?.example;

export function errorSummary(docs: Docs, e: BundleError) {
  return { status: e.status, meaning: e.guidance.heading, retry: e.guidance.retry ?? e.guidance.text?.split('\n')[0], guidance: absolute(docs, `/errors#${e.anchor}`) };
}

export async function getOperation(docs: Docs, name: string, language = 'curl', budget?: Budget): Promise<Answer> {
  const op = findOperation(docs, name);
  checkLanguage(docs, language);
  const languages = docs.bundle.languages.map((l) => l.id);
  const doc = await docs.site.json<OpenApiDocument>(docs.bundle.files.openapi);
  const operation = (doc.paths[op.path] as Record<string, Operation> | undefined)?.[op.method.toLowerCase()];
  if (!operation) throw new ToolError(`${op.method} ${op.path} is in the bundle but not in ${docs.bundle.files.openapi}: the site is half-deployed; try again later`);
  const shared = ((doc.paths[op.path] as { parameters?: Parameter[] }).parameters ?? []).map((p) => deref(doc, p));
  const own = (operation.parameters ?? []).map((p) => deref(doc, p));
  const params = [...shared.filter((p) => !own.some((o) => o.in === p.in && o.name === p.name)), ...own];
  const body = operation.requestBody ? deref(doc, operation.requestBody) : undefined;
  const requestSchemaName = Object.values(body?.content ?? {}).map((m) => schemaRefName(m.schema)).find(Boolean);
  const errors = new Map(docs.bundle.errors.map((e) => [e.status, e]));
  const answer = {
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    summary: op.summary,
    page: absolute(docs, op.route),
    ...(op.deprecated ? { deprecated: true } : {}),
    description: operation.description,
    parameters: params.map((p) => ({ name: p.name, in: p.in, required: Boolean(p.required), schema: compactSchema(doc, p.schema), description: p.description, example: p.example ?? p.schema?.example })),
    requestBody: body && {
      required: Boolean(body.required),
      content: Object.fromEntries(Object.entries(body.content ?? {}).map(([type, media]) => [type, { schema: compactSchema(doc, media.schema), example: mediaExample(media) }])),
      ...(requestSchemaName ? { [requestSchemaName]: compactSchema(doc, doc.components?.schemas?.[requestSchemaName]) } : {}),
    },
    responses: Object.fromEntries(
      Object.entries(operation.responses ?? {}).map(([status, raw]) => {
        const res = deref(doc, raw);
        const media = res.content?.['application/json'] ?? Object.values(res.content ?? {})[0];
        const error = errors.get(status);
        if (!error) return [status, { description: res.description, schema: compactSchema(doc, media?.schema), example: mediaExample(media) }];
        // A shared error: its body (or none), and its description only where this operation's differs; the guidance is in `errors`, once.
        return [
          status,
          {
            body: media?.schema ? compactSchema(doc, media.schema) : 'none documented: do not parse this response as JSON',
            ...(res.description?.trim() !== error.description.trim() ? { description: res.description } : {}),
          },
        ];
      }),
    ),
    errors: {
      note: 'The error statuses above are shared by the API: the same meaning and advice for every operation. lookup_error with this operation explains one; the links are the /errors sections.',
      ...Object.fromEntries(
        Object.keys(operation.responses ?? {}).flatMap((status) => {
          const error = errors.get(status);
          return error ? [[status, `${error.guidance.heading}. ${errorSummary(docs, error).retry ?? ''} ${absolute(docs, `/errors#${error.anchor}`)}`.replace(/\s+/g, ' ')]] : [];
        }),
      ),
    },
    sample: { language, code: operationSamples(op)[language] },
    otherLanguages: languages.filter((l) => l !== language),
  };
  return compact(absoluteLinks(docs, json(answer)), 'Or use get_schema for the named schemas, or get_page on the operation page for one section.', budget);
}

export async function getSchema(docs: Docs, name: string, budget?: Budget): Promise<Answer> {
  const doc = await docs.site.json<OpenApiDocument>(docs.bundle.files.openapi);
  const schemas = doc.components?.schemas ?? {};
  const key = Object.keys(schemas).find((k) => k === name.trim()) ?? Object.keys(schemas).find((k) => k.toLowerCase() === name.trim().toLowerCase());
  if (!name.trim()) throw new ToolError('name is empty: give a schema name such as TrainingJobDetail');
  if (!key) {
    const near = Object.keys(schemas).filter((k) => k.toLowerCase().includes(name.trim().toLowerCase().slice(0, 5))).slice(0, 8);
    throw new ToolError(`unknown schema ${quote(name)}.${near.length ? ` Similar: ${near.join(', ')}.` : ''} There are ${Object.keys(schemas).length} schemas; search_docs finds them by field name.`);
  }
  const page = docs.pages.find(([, title, label]) => label === 'Schema' && title === key)?.[0];
  return compact(absoluteLinks(docs, json({ name: key, ...(page ? { page: absolute(docs, page) } : {}), schema: compactSchema(doc, schemas[key]) })), 'Or ask get_page for the schema page.', budget);
}

/* ---- changes ---- */

export function listChanges(docs: Docs, since?: string, breakingOnly = false, budget?: Budget): Answer {
  const releases = docs.bundle.releases; // newest first
  let newer = releases;
  if (since) {
    const s = since.trim();
    const byVersion = releases.findIndex((r) => r.version === s);
    if (byVersion >= 0) newer = releases.slice(0, byVersion);
    else if (/^\d{4}-\d{2}(-\d{2})?$/.test(s)) newer = releases.filter((r) => r.date > s);
    else throw new ToolError(`since ${quote(since)} is neither a release (${releases.map((r) => r.version).join(', ')}) nor a date (YYYY-MM-DD)`);
  }
  if (!newer.length) return { text: `No release after ${quote(since!)}. Releases: ${releases.map((r) => `${r.version} (${r.date})`).join(', ')}.`, truncated: false };
  const out: string[] = [];
  for (const r of newer) {
    out.push(`## ${r.version} (released ${r.date}): ${r.summary}`);
    if (!r.groups.length) out.push('First documented version: nothing to compare with.');
    for (const g of r.groups) {
      const changes = g.changes.filter((c) => c.breaking || !breakingOnly);
      if (!changes.length) continue;
      const what = g.owner.kind === 'operation' ? `${g.owner.method.toUpperCase()} ${g.owner.path} (${g.owner.name})` : `schema ${g.owner.name}`;
      out.push('', `### ${g.breaking ? 'BREAKING ' : ''}${what}: ${absolute(docs, `/changelog#${g.anchor}`)}`);
      for (const c of changes) out.push(`- ${c.breaking ? '**Breaking:**' : 'Non-breaking:'} ${c.text}`);
      if (g.note) out.push('', 'How to migrate:', g.note);
    }
    out.push('');
  }
  return compact(absoluteLinks(docs, out.join('\n').trim()), 'Or pass since (a release or date) or breaking_only to narrow it.', budget);
}

/* ---- errors ---- */

/**
 * What an error response means. With `operation`, the body that operation documents for the status
 * (some declare a status without one: a state conflict's 400, say), else the status's shared body
 * and the operations that document none.
 */
export function lookupError(docs: Docs, status?: string | number, body?: string, operation?: string, budget?: Budget): Answer {
  let parsed: Record<string, unknown> | undefined;
  if (body !== undefined && body.trim()) {
    try {
      const value: unknown = JSON.parse(body);
      if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Record<string, unknown>;
    } catch {
      // Not JSON: the reference documents no body for some error responses.
    }
  }
  const op = operation !== undefined ? findOperation(docs, operation) : undefined;
  const wanted = status !== undefined && String(status).trim() ? String(status).trim() : parsed && parsed.status !== undefined ? String(parsed.status) : undefined;
  if (!wanted) throw new ToolError('give status (such as 404) or body (the error response, JSON with a "status" field)');
  if (!/^(\d{3}|default)$/.test(wanted)) throw new ToolError(`status ${quote(wanted)} is not an HTTP status such as 400`);
  const entry = docs.bundle.errors.find((e) => e.status === wanted) ?? docs.bundle.errors.find((e) => e.status === 'default');
  if (!entry) throw new ToolError(`the API documents no ${wanted} and no default error`);
  const documented = entry.status === wanted;
  const name = op && `${op.method} ${op.path}`;
  const declared = op ? op.errors.includes(wanted) : documented;
  const out = [
    documented ? `# ${entry.guidance.heading}` : `# ${wanted} is not declared by the API: see "${entry.guidance.heading}"`,
    `Guidance: ${absolute(docs, `/errors#${entry.anchor}`)}`,
    '',
  ];
  if (op && documented && !declared) out.push(`${op.operationId} (${name}) does not declare ${wanted}; what follows is the API's guidance for it elsewhere.`, '');
  if (entry.description) out.push(entry.description.trim(), '');
  const noBody = op ? entry.noBody.includes(name!) : false;
  const fields = entry.fields.map((f) => `\`${f.name}\` (${f.type}${f.required ? ', required' : ''})`).join(', ');
  if (noBody) {
    out.push(`Body: none documented. ${op!.operationId} (${name}) declares ${wanted} without a body: do not parse the response as JSON, and do not rely on its text.`);
    if (parsed) out.push(`The reference does not describe the body you received for this operation.`);
  } else if (entry.schemaName) {
    out.push(`Body: ${entry.schemaName} with ${fields}.`);
    if (!op && entry.noBody.length) {
      out.push(`Except: ${entry.noBody.length} operation(s) declare ${wanted} with no documented body${entry.noBody.length <= 8 ? ` (${entry.noBody.join(', ')})` : ''}. Pass operation to know which applies.`);
    }
    if (parsed && entry.fields.length) {
      const unknown = Object.keys(parsed).filter((k) => !entry.fields.some((f) => f.name === k));
      const missing = entry.fields.filter((f) => f.required && !(f.name in parsed!)).map((f) => f.name);
      const fits = !unknown.length && !missing.length;
      out.push(fits ? `Your body has the fields of ${entry.schemaName}.` : `Your body does not match it: ${[missing.length && `missing ${missing.join(', ')}`, unknown.length && `undocumented ${unknown.map(quote).slice(0, 10).join(', ')}`].filter(Boolean).join('; ')}.`);
    }
  }
  out.push(`Declared by ${entry.operations.length} operation(s)${entry.operations.length <= 8 ? `: ${entry.operations.join(', ')}` : ''}.`, '');
  const g = entry.guidance;
  if (g.causes) out.push('## Causes', g.causes, '');
  if (g.fix) out.push('## What to do', g.fix, '');
  if (g.retry) out.push('## Retry?', g.retry, '');
  if (g.text) out.push(g.text, '');
  return compact(absoluteLinks(docs, out.join('\n').trim()), '', budget);
}

/* ---- datasets ---- */

export const TASKS = RULES.tasks;

/** Whether a relative path leaves its folder (`..` or `../x`; `..dots.jsonl` does not). */
const leaves = (rel: string) => rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);

/**
 * A file inside the data folder (its real path, symlinks followed), or an error naming it. A path
 * outside gets the same answer whether or not something is there, and no answer names the folder.
 */
async function dataFile(docs: Docs, file: string): Promise<{ full: string; size: number }> {
  if (!docs.dataDir) {
    throw new ToolError('this server reads no files: it listens beyond loopback without --data-dir. Paste the rows instead, or start the server with --data-dir <folder>');
  }
  const outside = new ToolError(`${quote(file)} is outside the data folder this server may read; give a path inside it, or start the server with --data-dir <folder> to allow another`);
  const full = path.resolve(docs.dataDir, file);
  if (/\0/.test(file) || leaves(path.relative(docs.dataDir, full))) throw outside;
  let real: string;
  try {
    real = await fs.realpath(full);
  } catch {
    throw new ToolError(`no file ${quote(file)} in the data folder`);
  }
  if (leaves(path.relative(docs.dataDir, real))) throw outside;
  const stat = await fs.stat(real);
  if (!stat.isFile()) throw new ToolError(`${quote(file)} is not a file`);
  return { full: real, size: stat.size };
}

export async function checkDatasetTool(docs: Docs, input: { rows?: string; file?: string; task?: string; dashboard?: boolean; model?: string } & Budget): Promise<Answer> {
  if ((input.rows === undefined) === (input.file === undefined)) throw new ToolError('give either rows (pasted JSON Lines or CSV) or file (a path in the data folder), not both');
  let name: string;
  let bytes: Uint8Array;
  if (input.file !== undefined) {
    const { full, size } = await dataFile(docs, input.file);
    if (size > MAX_CHECK_BYTES) {
      throw new ToolError(`${quote(input.file)} is ${(size / 1048576).toFixed(1)} MB; check_dataset reads at most ${MAX_CHECK_BYTES / 1048576} MB, as the in-page checker does. Check it with the Python checker (/scripts/tools/check_dataset.py), which has no size cap.`);
    }
    name = input.file;
    bytes = await fs.readFile(full);
  } else {
    const text = input.rows!;
    if (!text.trim()) throw new ToolError('rows is empty: paste JSON Lines (one object per line) or CSV with its header');
    if (Buffer.byteLength(text) > MAX_CHECK_BYTES) throw new ToolError(`rows are over ${MAX_CHECK_BYTES / 1048576} MB; save them to a file and check it with the Python checker`);
    // As the page reads pasted rows: JSON Lines when they start with {, else CSV.
    name = `pasted.${formatOfText(text)}`;
    bytes = new TextEncoder().encode(text);
  }
  const texts: Array<[number, string[], number]> = [];
  const report = checkDataset(name, bytes, { task: input.task, dashboard: input.dashboard, texts });
  const lines = [
    `${input.file !== undefined ? quote(input.file) : 'The pasted rows'}: ${verdict(report)}`,
    report.layout ? `Layout: ${report.layout.title} (task_type ${report.layout.task_type}${report.inferred ? ', inferred: pass task to choose' : ''}).${report.alsoFits.length ? ` Also fits: ${report.alsoFits.join(', ')}.` : ''}` : `Format: ${report.format ?? 'unknown'}.`,
  ];
  if (report.problems.length) {
    lines.push('', 'Problems (line: severity kind: message):');
    // A message may quote the data (a CSV header, a key): at most MAX_PROBLEM_CHARS of it.
    for (const p of report.problems.slice(0, MAX_PROBLEMS)) lines.push(`- line ${p.line}: ${p.severity} ${p.kind}: ${p.message.length > MAX_PROBLEM_CHARS ? `${p.message.slice(0, MAX_PROBLEM_CHARS)}…` : p.message}`);
    const more = report.errors + report.warnings - Math.min(report.problems.length, MAX_PROBLEMS);
    if (more > 0) lines.push(`- …and ${more} more (${Object.entries(report.byKind).map(([k, n]) => `${k} ${n}`).join(', ')})`);
    lines.push('', 'How to fix each kind:');
    for (const [kind, hint] of Object.entries(report.hints)) if (hint) lines.push(`- ${kind}: ${hint}`);
  }
  const s = report.summary;
  lines.push('', `Rows: ${s.rows}. Size: ${s.bytes} bytes (API upload limit ${s.limitBytes}). About ${s.tokens} tokens.${s.labels ? ` Labels: ${s.labels.slice(0, 10).map((l) => `${l.label} ${l.rows}`).join(', ')}.` : ''}`);
  if (input.model !== undefined) lines.push('', ...(await windowLines(input.model, texts)));
  return compact(lines.join('\n'), 'Or fix the first problems and check again.', input);
}

export { sha256 };

/** The tools on pages: search_docs (hits with their sections' text) and get_page (a twin, a section, one language), and pages as resources. */
import { searchIndex } from '../lib/search/engine';
import { queryTerms, type PageInfo } from '../lib/search/matcher';
import { absolute, absoluteLinks, compact, quote, SEARCH, ToolError, type Answer, type Budget, type Docs } from './answers';
import { SiteError } from './site';

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
    // Only a missing twin means no such page; a site that times out or fails says so (the error's own message).
    if (error instanceof SiteError && error.missing) throw new ToolError(`no page ${quote(route)} (its Markdown twin is not on the site); find pages with search_docs`);
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

export const checkLanguage = (docs: Docs, language: string) => {
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


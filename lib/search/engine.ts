// The browser side of search: fetches the manifest, then per query only the shards of its terms and the page blocks of the results shown.
import { BLOCK_SIZE, excerpt, queryTerms, rank, shardKeys, type ExcerptPart, type Manifest, type PageInfo, type Shard } from './matcher';

export interface SearchHit {
  url: string;
  title: string;
  label: string;
  /** The page's top text around the query's words, when the top is the page's best match (else empty). */
  excerpt: ExcerptPart[];
  /**
   * Matching sections under the page, best first, one per label: url with anchor, heading, and the
   * text around the query's words for the page's best match only (one excerpt per page; the others are named).
   */
  sections: Array<{ url: string; heading: string; excerpt: ExcerptPart[] }>;
}

/** What a query found: its pages; none when nothing reached the relevance floor, and then the titles closest to it. */
export interface Found {
  hits: SearchHit[];
  closest: Array<{ url: string; title: string }>;
}

/** Pages a result list shows, and sections under each. */
export const MAX_PAGES = 6;
export const MAX_SECTIONS = 3;

const cache = new Map<string, Promise<unknown>>();

function fetchJson<T>(url: string): Promise<T> {
  let hit = cache.get(url);
  if (!hit) {
    hit = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
      return r.json();
    });
    // A failed fetch (offline, a new deployment) is tried again by the next query.
    hit.catch(() => cache.delete(url));
    cache.set(url, hit);
  }
  return hit as Promise<T>;
}

/** Starts loading the manifest (on focus, before the first key). */
export function warm(base: string): void {
  void fetchJson<Manifest>(`${base}search/manifest.json`).catch(() => undefined);
}

/** Reads a file of the index (`manifest.json`, a shard, a page block) by its name under /search/. */
export type IndexReader = <T>(file: string) => Promise<T>;

export function search(base: string, query: string, maxPages = MAX_PAGES): Promise<Found> {
  return searchIndex(<T,>(file: string) => fetchJson<T>(`${base}search/${file}`), query, maxPages);
}

/** The site's search over any reader of the index: the browser's fetch, or the docs MCP server's files (mcp/tools.ts). */
export async function searchIndex(read: IndexReader, query: string, maxPages = MAX_PAGES, maxSections = MAX_SECTIONS): Promise<Found> {
  const terms = queryTerms(query);
  if (!terms.length) return { hits: [], closest: [] };
  const manifest = await read<Manifest>('manifest.json');
  const shards = new Map<string, Shard>();
  await Promise.all(
    shardKeys(terms)
      .filter((key) => manifest.shards[key])
      .map(async (key) => shards.set(key, await read<Shard>(manifest.shards[key]))),
  );
  const { pages, closest } = rank(terms, shards, manifest);
  const ranked = pages.slice(0, maxPages);
  const blocks = new Map<number, PageInfo[]>();
  await Promise.all(
    [...new Set([...ranked.map((r) => r.page), ...closest].map((page) => Math.floor(page / BLOCK_SIZE)))].map(async (b) => blocks.set(b, await read<PageInfo[]>(manifest.blocks[b]))),
  );
  const info = (page: number) => blocks.get(Math.floor(page / BLOCK_SIZE))![page % BLOCK_SIZE];
  const hits = ranked.map((r) => {
    const [url, title, label, sections] = info(r.page);
    const headings = new Set<string>();
    // The best match gets the excerpt: the top of the page, or its first section.
    const topFirst = r.sections[0].section === 0;
    return {
      url,
      title,
      label,
      excerpt: topFirst ? excerpt(sections[0][2], terms) : [],
      sections: r.sections
        .filter((s) => s.section > 0 && !headings.has(sections[s.section][1]) && headings.add(sections[s.section][1]))
        .slice(0, maxSections)
        .map((s, i) => ({ url: `${url}#${sections[s.section][0]}`, heading: sections[s.section][1], excerpt: !topFirst && i === 0 ? excerpt(sections[s.section][2], terms) : [] })),
    };
  });
  return { hits, closest: closest.map((page) => ({ url: info(page)[0], title: info(page)[1] })) };
}

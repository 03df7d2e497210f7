/**
 * What every tool of the docs server shares (tools.ts lists them): the site as opened once (Docs),
 * the answer budget and how a long answer is cut, input limits, and tool errors. Each answer is text
 * of at most MAX_ANSWER_CHARS; longer ones are cut with a note saying how to ask for less.
 */
import { realpathSync } from 'node:fs';
import type { Manifest, PageInfo } from '../lib/search/matcher';
import { BUNDLE_FILE, BUNDLE_FORMAT, type McpBundle } from '../lib/mcp/format';
import { SiteError, type Site } from './site';


/**
 * The most characters one answer holds: about 5,000 tokens. Claude Code warns when a tool's answer
 * passes 10,000 tokens, and an agent calls several tools per task; the largest single page section
 * and every operation fit, a whole long guide does not (ask for one of its sections).
 */
export const MAX_ANSWER_CHARS = 20_000;
/** The search index's folder in the build (plugins/search/index.ts SEARCH_DIR, which imports the build's plugin modules). */
export const SEARCH = 'search';
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

export const json = (value: unknown) => JSON.stringify(value, null, 1);

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

export const absolute = (docs: Docs, route: string) => `${docs.bundle.site.url}${route}`;
/** Markdown links by path (as the sources write them) made whole URLs, which an agent can follow. */
export const absoluteLinks = (docs: Docs, markdown: string) => markdown.replace(/\]\(\//g, `](${docs.bundle.site.url}/`);

/**
 * What the site says of itself. Built from Emissary's document: Emissary Docs, as written in
 * docusaurus.config.ts and plugins/llms-txt. Built from another (`OPENAPI_SPEC`): the site's name,
 * summary and Postman file name come from that document's `info`, or from the one configuration
 * file `SITE_CONFIG` names (YAML: `title`, `summary`, `pages`), and error responses link to no
 * Emissary page (/errors describes Emissary's statuses).
 *
 * `pages` (`guides`, `errors`, `changelog`: true or false) keeps or leaves out the Emissary-only
 * pages: the guides (docs/, the home page among them), /errors and /changelog, with every link to
 * them (navbar, sidebars, API pages and twins, llms.txt, the MCP bundle's errors and releases).
 * Each is on for Emissary's document and off for another unless the file turns it on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { OPENAPI_SPEC_FILE } from './options';
import { kebabCase } from './spec';
import { openApiDocument, RECORDED_SPEC } from './document';
import { splitTitle } from './normalize';

const SITE_DIR = path.join(__dirname, '../..');

/** True when the site is built from a document other than Emissary's. */
export const otherDocument = () => OPENAPI_SPEC_FILE !== path.resolve(SITE_DIR, RECORDED_SPEC);

export const PAGE_KINDS = ['guides', 'errors', 'changelog'] as const;
export type Pages = Record<(typeof PAGE_KINDS)[number], boolean>;

export interface SiteConfig {
  title?: string;
  summary?: string;
  pages?: Partial<Pages>;
}

const KEYS = new Set(['title', 'summary', 'pages']);

/** The configuration file `SITE_CONFIG` names (relative to the site or absolute); {} without one. */
export function siteConfig(file = process.env.SITE_CONFIG): SiteConfig {
  if (!file) return {};
  const where = path.resolve(SITE_DIR, file);
  let config: unknown;
  try {
    config = parse(readFileSync(where, 'utf8'));
  } catch (error) {
    throw new Error(`SITE_CONFIG ${where}: ${String(error)}`);
  }
  if (!config || typeof config !== 'object' || Array.isArray(config)) throw new Error(`SITE_CONFIG ${where}: expected a mapping of ${[...KEYS].join(', ')}`);
  const unknown = Object.keys(config).filter((k) => !KEYS.has(k));
  if (unknown.length) throw new Error(`SITE_CONFIG ${where}: unknown key ${unknown.join(', ')} (known: ${[...KEYS].join(', ')})`);
  const c = config as SiteConfig;
  for (const key of ['title', 'summary'] as const) if (c[key] !== undefined && typeof c[key] !== 'string') throw new Error(`SITE_CONFIG ${where}: ${key} must be text`);
  if (c.pages !== undefined) {
    if (!c.pages || typeof c.pages !== 'object' || Array.isArray(c.pages)) throw new Error(`SITE_CONFIG ${where}: pages must be a mapping of ${PAGE_KINDS.join(', ')}`);
    for (const [key, on] of Object.entries(c.pages)) {
      if (!(PAGE_KINDS as readonly string[]).includes(key)) throw new Error(`SITE_CONFIG ${where}: unknown page kind pages.${key} (known: ${PAGE_KINDS.join(', ')})`);
      if (typeof on !== 'boolean') throw new Error(`SITE_CONFIG ${where}: pages.${key} must be true or false`);
    }
  }
  return c;
}

export interface SiteIdentity {
  title: string;
  /** One paragraph for llms.txt; undefined: Emissary's own. */
  summary?: string;
  postmanFile: string;
  /** The Emissary-only pages the site has. */
  pages: Pages;
  /** Error responses link to /errors (it describes Emissary's statuses: only with Emissary's document). */
  errorLinks: boolean;
  /** API pages carry /changelog's "Changed" notes (Emissary's releases: only with Emissary's document). */
  changeNotes: boolean;
}

/** The site's identity for the document being built (read once per process). */
export function siteIdentity(): SiteIdentity {
  const other = otherDocument();
  const config = siteConfig();
  const pages = Object.fromEntries(PAGE_KINDS.map((kind) => [kind, config.pages?.[kind] ?? !other])) as Pages;
  const links = { pages, errorLinks: pages.errors && !other, changeNotes: pages.changelog && !other };
  if (!other) return { title: config.title ?? 'Emissary Docs', summary: config.summary, postmanFile: 'emissary.postman_collection.json', ...links };
  const { info } = openApiDocument(OPENAPI_SPEC_FILE).doc;
  const title = config.title ?? info?.title?.trim() ?? path.basename(OPENAPI_SPEC_FILE);
  const summary = config.summary ?? (info?.description ? splitTitle(info.description).title : undefined) ?? title;
  return { title, summary, postmanFile: `${kebabCase(title) || 'api'}.postman_collection.json`, ...links };
}

let cached: SiteIdentity | undefined;
export const SITE = (): SiteIdentity => (cached ??= siteIdentity());

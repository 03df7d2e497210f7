/**
 * What the site says of itself. Built from Emissary's document: Emissary Docs, as written in
 * docusaurus.config.ts and plugins/llms-txt. Built from another (`OPENAPI_SPEC`): the site's name,
 * summary and Postman file name come from that document's `info`, or from the one configuration
 * file `SITE_CONFIG` names (YAML: `title`, `summary`), and error responses link to no Emissary page
 * (/errors describes Emissary's statuses).
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

export interface SiteConfig {
  title?: string;
  summary?: string;
}

const KEYS = new Set(['title', 'summary']);

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
  return c;
}

export interface SiteIdentity {
  title: string;
  /** One paragraph for llms.txt; undefined: Emissary's own. */
  summary?: string;
  postmanFile: string;
  /** Error responses link to /errors (it describes Emissary's statuses). */
  errorLinks: boolean;
}

/** The site's identity for the document being built (read once per process). */
export function siteIdentity(): SiteIdentity {
  if (!otherDocument()) return { title: 'Emissary Docs', postmanFile: 'emissary.postman_collection.json', errorLinks: true };
  const config = siteConfig();
  const { info } = openApiDocument(OPENAPI_SPEC_FILE).doc;
  const title = config.title ?? info?.title?.trim() ?? path.basename(OPENAPI_SPEC_FILE);
  const summary = config.summary ?? (info?.description ? splitTitle(info.description).title : undefined) ?? title;
  return { title, summary, postmanFile: `${kebabCase(title) || 'api'}.postman_collection.json`, errorLinks: false };
}

let cached: SiteIdentity | undefined;
export const SITE = (): SiteIdentity => (cached ??= siteIdentity());

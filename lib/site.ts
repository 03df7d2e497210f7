/**
 * The site's inputs: the OpenAPI document it is built from (`ApiSpec`) and what the site says of
 * itself (`SiteIdentity`). docusaurus.config.ts reads them once (`OPENAPI_SPEC`, `SITE_CONFIG`) and
 * hands them to every plugin that needs them as its options (`SiteInput`, checked by
 * `validateSiteInput`); no module reads them from the environment.
 *
 * What the site says of itself comes from one configuration file (YAML), never from code: the file
 * `SITE_CONFIG` names, and for Emissary's own document first `config/site.yaml` (SITE_CONFIG's keys
 * win over its). Without a file, the site's name and summary come from the document's `info`.
 * The keys: `title` and `summary` (llms.txt), `name` (the product's name: the search page, the MCP
 * server card, the Postman file; the title without it), `reference` (`label`, `title`, `description`
 * of the API's sidebar category and /api), `billed` (`operations`, operationIds of the calls that cost
 * money, and `note`, what llms.txt tells agents about them, with `{operations}` where their links go;
 * without it, llms.txt says billing is not documented), and what no OpenAPI document says: `url`,
 * the site's own address (canonical links, the sitemap, share cards, llms.txt; without it, the
 * address `docusaurus serve` uses, with a warning), `logo` (an SVG or PNG file, relative to the file:
 * the navbar, the favicon and the share cards of another document's site, the share cards of Emissary's;
 * without it, none) and `errors`
 * (a URL with `{status}`, such as https://docs.example.com/errors#{status}: each error response links there).
 *
 * `pages` (`guides`, `errors`, `changelog`: true or false) keeps or leaves out the Emissary-only
 * pages: the guides (docs/, the home page among them), /errors and /changelog, with every link to
 * them (navbar, sidebars, API pages and twins, llms.txt, the MCP bundle's errors and releases).
 * Each is off unless the file turns it on. Error responses link to /errors and API pages carry
 * /changelog's notes only with Emissary's document (they describe its statuses and releases).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { LoadContext, Plugin, PluginConfig } from '@docusaurus/types';
import * as z from 'zod';
import { optionsValidator } from './options';
import { isErrorStatus, kebabCase, withErrorResponseLinks } from './openapi/spec';
import { openApiDocument, RECORDED_SPEC } from './openapi/document';
import { splitTitle } from './openapi/normalize';

/** The OpenAPI document the site is built from. */
export interface ApiSpec {
  /** As given (`OPENAPI_SPEC`): relative to the site, or absolute; for messages and the pages' source links. */
  path: string;
  /** The file, absolute. */
  file: string;
  /** Whether it is Emissary's own document (openapi/emissary.yaml), the one the changelog's releases record. */
  recorded: boolean;
}

/** The document `given` names (relative to the site, or absolute); Emissary's own by default. */
export function apiSpec(siteDir: string, given: string = RECORDED_SPEC): ApiSpec {
  const file = path.resolve(siteDir, given);
  return { path: given, file, recorded: file === path.resolve(siteDir, RECORDED_SPEC) };
}

export const PAGE_KINDS = ['guides', 'errors', 'changelog'] as const;
export type Pages = Record<(typeof PAGE_KINDS)[number], boolean>;

/** The calls that cost money (SITE_CONFIG `billed`), for llms.txt. */
export interface Billed {
  operations: string[];
  /** What agents are told, `{operations}` where the operations' links go. */
  note: string;
}

/** The API's sidebar category and its landing page (/api). */
export interface Reference {
  label: string;
  title: string;
  description: string;
}

export interface SiteConfig {
  title?: string;
  name?: string;
  summary?: string;
  pages?: Partial<Pages>;
  url?: string;
  /** Absolute once read (the file gives it relative to itself). */
  logo?: string;
  errors?: string;
  reference?: Partial<Reference>;
  billed?: Billed;
}

const KEYS = new Set(['title', 'name', 'summary', 'pages', 'url', 'logo', 'errors', 'reference', 'billed']);
/** Emissary's own configuration, read for its own document (relative to the site). */
export const OWN_SITE_CONFIG = 'config/site.yaml';
const isMapping = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const LOGO_TYPES = ['.svg', '.png'];

/** The configuration file `SITE_CONFIG` names (relative to `siteDir` or absolute); {} without one. */
export function siteConfig(file: string | undefined, siteDir = process.cwd()): SiteConfig {
  if (!file) return {};
  const where = path.resolve(siteDir, file);
  let config: unknown;
  try {
    config = parse(readFileSync(where, 'utf8'));
  } catch (error) {
    throw new Error(`SITE_CONFIG ${where}: ${String(error)}`);
  }
  if (!isMapping(config)) throw new Error(`SITE_CONFIG ${where}: expected a mapping of ${[...KEYS].join(', ')}`);
  const unknown = Object.keys(config).filter((k) => !KEYS.has(k));
  if (unknown.length) throw new Error(`SITE_CONFIG ${where}: unknown key ${unknown.join(', ')} (known: ${[...KEYS].join(', ')})`);
  const c = config as SiteConfig;
  for (const key of ['title', 'name', 'summary', 'url', 'logo', 'errors'] as const) if (c[key] !== undefined && typeof c[key] !== 'string') throw new Error(`SITE_CONFIG ${where}: ${key} must be text`);
  if (c.url !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(c.url)) throw new Error(`SITE_CONFIG ${where}: url must be a scheme and host only, such as https://docs.example.com (got ${c.url})`);
  if (c.errors !== undefined && !(/^(https?:\/\/|\/)\S*$/.test(c.errors) && c.errors.includes('{status}'))) throw new Error(`SITE_CONFIG ${where}: errors must be a URL or a site path with {status} in it, such as https://docs.example.com/errors#{status} (got ${c.errors})`);
  if (c.logo !== undefined) {
    const logo = path.resolve(path.dirname(where), c.logo);
    if (!LOGO_TYPES.includes(path.extname(logo).toLowerCase())) throw new Error(`SITE_CONFIG ${where}: logo must be an ${LOGO_TYPES.join(' or ')} file (got ${c.logo})`);
    if (!existsSync(logo)) throw new Error(`SITE_CONFIG ${where}: logo ${logo} does not exist`);
    c.logo = logo;
  }
  if (c.pages !== undefined) {
    if (!c.pages || typeof c.pages !== 'object' || Array.isArray(c.pages)) throw new Error(`SITE_CONFIG ${where}: pages must be a mapping of ${PAGE_KINDS.join(', ')}`);
    for (const [key, on] of Object.entries(c.pages)) {
      if (!(PAGE_KINDS as readonly string[]).includes(key)) throw new Error(`SITE_CONFIG ${where}: unknown page kind pages.${key} (known: ${PAGE_KINDS.join(', ')})`);
      if (typeof on !== 'boolean') throw new Error(`SITE_CONFIG ${where}: pages.${key} must be true or false`);
    }
  }
  if (c.reference !== undefined) {
    if (!isMapping(c.reference)) throw new Error(`SITE_CONFIG ${where}: reference must be a mapping of label, title, description`);
    for (const [key, text] of Object.entries(c.reference)) {
      if (!['label', 'title', 'description'].includes(key)) throw new Error(`SITE_CONFIG ${where}: unknown key reference.${key} (known: label, title, description)`);
      if (typeof text !== 'string') throw new Error(`SITE_CONFIG ${where}: reference.${key} must be text`);
    }
  }
  if (c.billed !== undefined) {
    const { operations, note, ...rest } = isMapping(c.billed) ? c.billed : ({ rest: 1 } as Record<string, unknown>);
    const ok = !Object.keys(rest).length && Array.isArray(operations) && operations.length > 0 && operations.every((o) => typeof o === 'string' && o) && typeof note === 'string' && note.includes('{operations}');
    if (!ok) throw new Error(`SITE_CONFIG ${where}: billed must be a mapping of operations (operationIds) and note (text with {operations} in it)`);
  }
  return c;
}

export interface SiteIdentity {
  title: string;
  /** The product's name. */
  name: string;
  /** One paragraph for llms.txt. */
  summary: string;
  postmanFile: string;
  /** The Emissary-only pages the site has. */
  pages: Pages;
  /** Error responses link to /errors (it describes Emissary's statuses: only with Emissary's document). */
  errorLinks: boolean;
  /** API pages carry /changelog's "Changed" notes (Emissary's releases: only with Emissary's document). */
  changeNotes: boolean;
  /** The site's address, scheme and host. */
  url: string;
  /** The logo file (absolute), or none (Emissary's navbar logos are config/navbar.ts's). */
  logo?: string;
  /** Another document's error page, `{status}` in it (SITE_CONFIG `errors`). */
  errorsUrl?: string;
  reference: Reference;
  billed?: Billed;
}

/** Where `docusaurus serve` serves the site: the address of a site whose configuration gives none. */
const LOCAL_URL = 'http://localhost:3000';

/** The site's identity for the document being built, with the configuration file `configFile` (SITE_CONFIG), if any. */
export function siteIdentity(spec: ApiSpec, configFile: string | undefined, siteDir: string): SiteIdentity {
  const own = spec.recorded ? siteConfig(OWN_SITE_CONFIG, siteDir) : {};
  const given = siteConfig(configFile, siteDir);
  const config: SiteConfig = { ...own, ...given, pages: { ...own.pages, ...given.pages }, reference: { ...own.reference, ...given.reference } };
  const pages = Object.fromEntries(PAGE_KINDS.map((kind) => [kind, config.pages?.[kind] ?? false])) as Pages;
  const links = { pages, errorLinks: pages.errors && spec.recorded, changeNotes: pages.changelog && spec.recorded };
  if (!config.url) console.warn(`[site] Built from ${spec.file} with no SITE_CONFIG url: canonical links, the sitemap and share cards use ${LOCAL_URL}.`);
  const url = (config.url ?? LOCAL_URL).replace(/\/$/, '');
  const { info } = openApiDocument(spec.file).doc;
  const title = config.title ?? info?.title?.trim() ?? path.basename(spec.file);
  const name = config.name ?? title;
  const summary = config.summary ?? (info?.description ? splitTitle(info.description).title : undefined) ?? title;
  const reference = { label: title, title: `${title} reference`, description: summary, ...config.reference };
  return {
    title, name, summary, postmanFile: `${kebabCase(name) || 'api'}.postman_collection.json`, ...links,
    url, logo: config.logo, errorsUrl: config.errors, reference, ...(config.billed ? { billed: config.billed } : {}),
  };
}

/** The configured error page for one status (SITE_CONFIG `errors`), or undefined. */
export function configuredErrorHref(site: Pick<SiteIdentity, 'errorsUrl'>, status: string): string | undefined {
  const template = site.errorsUrl;
  return template && isErrorStatus(status) ? template.replaceAll('{status}', encodeURIComponent(status)) : undefined;
}

/** Error responses whose (HTML) description ends with a link to the site's configured error page. */
export function withConfiguredErrorLinks(site: SiteIdentity) {
  return <T extends Record<string, { description?: string }> | undefined>(responses: T): T =>
    withErrorResponseLinks(responses, (status, label) => {
      const href = configuredErrorHref(site, status);
      return href ? { href, text: `More about ${label} errors` } : undefined;
    });
}

/** The static folder (under .docusaurus, never committed) that serves the configured logo as /img/site-logo.<ext>. */
export const LOGO_STATIC_DIR = '.docusaurus/site-logo';

/**
 * The configured logo copied where the site serves it; its path under the site's root, or undefined
 * without one. Called when the config loads, so both `npm start` and `npm run build` serve it.
 */
export function publishLogo(siteDir: string, { logo }: SiteIdentity): string | undefined {
  if (!logo) return undefined;
  const served = `img/site-logo${path.extname(logo).toLowerCase()}`;
  mkdirSync(path.join(siteDir, LOGO_STATIC_DIR, 'img'), { recursive: true });
  copyFileSync(logo, path.join(siteDir, LOGO_STATIC_DIR, served));
  return served;
}

/** What the plugins that depend on the document or on the site's identity take as their options. */
export interface SiteInput {
  spec: ApiSpec;
  site: SiteIdentity;
}

/** The site's inputs: the document (`OPENAPI_SPEC`, else Emissary's) and the configuration file (`SITE_CONFIG`), read once by docusaurus.config.ts. */
export function siteInput(siteDir: string, given: { spec?: string; siteConfig?: string }): SiteInput {
  const spec = apiSpec(siteDir, given.spec || RECORDED_SPEC);
  return { spec, site: siteIdentity(spec, given.siteConfig, siteDir) };
}

const SITE_INPUT_SHAPE = {
  spec: z.object({ path: z.string().min(1), file: z.string().refine((f) => path.isAbsolute(f), 'must be absolute'), recorded: z.boolean() }).strict(),
  site: z
    .object({
      title: z.string(),
      name: z.string(),
      summary: z.string(),
      postmanFile: z.string().min(1),
      pages: z.object({ guides: z.boolean(), errors: z.boolean(), changelog: z.boolean() }).strict(),
      errorLinks: z.boolean(),
      changeNotes: z.boolean(),
      url: z.string().regex(/^https?:\/\/[^/\s]+$/),
      logo: z.string().optional(),
      errorsUrl: z.string().optional(),
      reference: z.object({ label: z.string(), title: z.string(), description: z.string() }).strict(),
      billed: z.object({ operations: z.array(z.string()), note: z.string() }).strict().optional(),
    })
    .strict(),
};

/**
 * `validateOptions` of the plugins that take a `SiteInput`, with their own options beside it
 * (`extra`): a plugin given none, or given it wrong, fails naming what is wrong.
 */
export function siteInputValidator<E extends z.ZodRawShape = Record<never, never>>(plugin: string, extra: E = {} as E) {
  return optionsValidator(plugin, { ...SITE_INPUT_SHAPE, ...extra });
}

/**
 * A local plugin with its options, as the config lists it. The options are the build's own (file
 * paths of this machine among them): the tuple serializes to null, as a plugin function does, so
 * they stay out of the site configuration Docusaurus sends to the browser (@generated/docusaurus.config).
 */
export function withOptions<O extends object>(plugin: (context: LoadContext, options: O) => Plugin<unknown> | Promise<Plugin<unknown>>, options: O): PluginConfig {
  const entry = new LocalPluginEntry();
  entry.push(plugin, options);
  return entry as unknown as PluginConfig;
}

/** An array whose copies stay of its kind (the config's validation copies it with slice()) and that serializes to nothing. */
class LocalPluginEntry extends Array<unknown> {
  toJSON(): undefined {
    return undefined;
  }
}

/** Where the config leaves the site's input for the sidebars files, which Docusaurus loads by path, with no options. */
const SIDEBAR_INPUT = '.docusaurus/site-input.json';

/** Written by docusaurus.config.ts when it loads. */
export function writeSidebarInput(siteDir: string, input: SiteInput): void {
  mkdirSync(path.join(siteDir, path.dirname(SIDEBAR_INPUT)), { recursive: true });
  writeFileSync(path.join(siteDir, SIDEBAR_INPUT), `${JSON.stringify(input)}\n`);
}

/** Read by sidebars.ts and plugins/api-reference/sidebars.ts. */
export function sidebarInput(siteDir: string): SiteInput {
  return JSON.parse(readFileSync(path.join(siteDir, SIDEBAR_INPUT), 'utf8')) as SiteInput;
}

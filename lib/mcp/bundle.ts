/**
 * The MCP bundle: what the docs MCP server (mcp/server.ts) needs that the site does not already
 * publish as data, from the same modules the pages use. The server reads everything else from the
 * build next to it: the search index (/search/, plugins/search), the Markdown twins (`<url>.md`,
 * plugins/llms-txt) and /openapi.json (plugins/api-reference). Pure except for reading sources.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { SAMPLE_LANGUAGES } from '../../config/codeSamples';
import type { CodeSample } from '../openapi/samples';
import { entryRef, listOperations, type OpenApiDocument } from '../openapi/spec';
import { errorCatalogue, isErrorStatus, type ErrorEntry } from '../changelog/errors';
import type { Release } from '../changelog/history';
import { mdxToMarkdown, oneLine } from '../markdown';

export * from './format';
import { BUNDLE_FORMAT, ERRORS_PAGE, RULES_FILE, sha256, type BundleError, type ErrorGuidance, type McpBundle, type BundleOperation } from './format';

/**
 * An operation's samples (language id → code), packed as base64 of Brotli-compressed JSON. The
 * samples are most of a bundle: every language repeats the request body, and a body generated from
 * the schemas repeats each shared schema wherever it is used (DocuSign's `Tabs` bodies were 500 KB
 * in each language before such a body was cut to 16 KB: MAX_GENERATED_BODY_CHARS). Packed,
 * DocuSign's bundle was 1.4 MB instead of 68 MB, and is 0.75 MB with shortened bodies; the server
 * unpacks one operation's samples when a tool answers about it.
 */
export function packSamples(samples: Record<string, string>): string {
  const json = Buffer.from(JSON.stringify(samples));
  // Quality 5 with a 16 MiB window: a body repeated 7 times is found again however large it is; higher qualities save 2% at twice the time.
  const params = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: json.length };
  return brotliCompressSync(json, { params }).toString('base64');
}

const LABELS: Array<[keyof ErrorGuidance, RegExp]> = [
  ['causes', /^\*\*Common causes\*\*\s*$/],
  ['fix', /^\*\*What to do\*\*\s*$/],
  ['retry', /^\*\*Does a retry help\?\*\*\s*/],
];

/**
 * docs/errors.mdx's sections by anchor (`## 404 Not Found {#404}`), each split into its labelled
 * parts. Fails naming the file when a status the document declares has no section.
 */
export function errorGuidance(source: string, file = ERRORS_PAGE): Map<string, ErrorGuidance> {
  const sections = new Map<string, ErrorGuidance>();
  const parts = source.split(/^## /m).slice(1);
  for (const part of parts) {
    const [first, ...rest] = part.split('\n');
    const m = /^(.*?)\s*\{#([^}\s]+)\}\s*$/.exec(first);
    if (!m) continue;
    const body = mdxToMarkdown(rest.join('\n').replace(/^<ErrorDetails\s[^>]*\/>\s*$/gm, '').replace(/\]\(pathname:\/\//g, ']('));
    const guidance: ErrorGuidance = { heading: m[1] };
    let current: keyof ErrorGuidance | undefined;
    const lines: Partial<Record<keyof ErrorGuidance, string[]>> = {};
    for (const line of body.split('\n')) {
      const label = LABELS.find(([, re]) => re.test(line));
      if (label) {
        current = label[0];
        const after = line.replace(label[1], '').trim();
        lines[current] = after ? [after] : [];
        continue;
      }
      if (current) lines[current]!.push(line);
      else (lines.text ??= []).push(line);
    }
    for (const [key, value] of Object.entries(lines) as Array<[keyof ErrorGuidance, string[]]>) {
      const text = value.join('\n').trim();
      if (text && (key !== 'text' || !lines.causes)) guidance[key] = text;
    }
    sections.set(m[2], guidance);
  }
  if (!sections.size) throw new Error(`${file}: no "## <status> {#anchor}" section found`);
  return sections;
}

/** The bundle's content. `routes`: the generated pages by OpenAPI node (lib/openapi/generated.ts). */
export function mcpBundle(options: {
  siteDir: string;
  site: McpBundle['site'];
  doc: OpenApiDocument;
  recorded: OpenApiDocument;
  routes: Map<string, string>;
  /** The samples of the generated pages by operation pointer (lib/openapi/generated.ts). */
  samples: Map<string, CodeSample[]>;
  /** The routes of the recorded API's pages, when the site shows that API; else no error links a schema page. */
  recordedRoutes?: Map<string, string>;
  releases: Release[];
  /** The /errors catalogue with its guidance (docs/errors.mdx); false: the site has no /errors. */
  errors?: boolean;
}): McpBundle {
  const { siteDir, doc, routes } = options;
  const operations = listOperations(doc).map((entry): BundleOperation => {
    const ref = entryRef(doc, entry);
    const route = routes.get(ref);
    const shown = options.samples.get(ref);
    if (!route || !shown) throw new Error(`mcp: the OpenAPI plugin generated no page with code samples for ${entry.method.toUpperCase()} ${entry.path}`);
    const samples = packSamples(Object.fromEntries(shown.map((s) => [s.id, s.code])));
    // operationId is optional in OpenAPI: without one, the page's name (from method and path) stands in.
    const operationId = entry.operation.operationId ?? route.split('/').pop()!;
    return {
      operationId,
      method: entry.method.toUpperCase(),
      path: entry.path,
      summary: oneLine(entry.operation.summary ?? operationId),
      tags: entry.operation.tags ?? [],
      route,
      deprecated: Boolean(entry.operation.deprecated),
      errors: Object.keys(entry.operation.responses ?? {}).filter(isErrorStatus),
      samples,
    };
  });
  const guidance = options.errors === false ? new Map<string, ErrorGuidance>() : errorGuidance(readFileSync(path.join(siteDir, ERRORS_PAGE), 'utf8'));
  const errors = options.errors === false ? [] : errorCatalogue(options.recorded, options.recordedRoutes).map((e): BundleError => {
    const written = guidance.get(e.anchor);
    if (!written) throw new Error(`${ERRORS_PAGE}: no section {#${e.anchor}} for status ${e.status}`);
    const name = (o: ErrorEntry['operations'][number]) => `${o.method.toUpperCase()} ${o.path}`;
    return { ...e, operations: e.operations.map(name), noBody: e.operations.filter((o) => o.noBody).map(name), guidance: written };
  });
  const rules = readFileSync(path.join(siteDir, RULES_FILE));
  return {
    format: BUNDLE_FORMAT,
    site: options.site,
    files: { openapi: 'openapi.json' },
    languages: SAMPLE_LANGUAGES.map(({ id, label }) => ({ id, label })),
    operations,
    errors,
    releases: options.releases,
    datasetRules: { file: RULES_FILE, sha256: sha256(rules) },
  };
}


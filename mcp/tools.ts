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
import type { PageInfo, Manifest } from '../plugins/search/matcher';
import { deref, schemaRefName, type MediaType, type OpenApiDocument, type Operation, type Parameter, type Schema } from '../plugins/api-reference/spec';
import { BUNDLE_FILE, BUNDLE_FORMAT, sha256, type BundleError, type BundleOperation, type McpBundle } from '../plugins/mcp/bundle';
import { SiteError, type Site } from './site';

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

/** A tool's failure, shown to the agent as an error result with this message. */
export class ToolError extends Error {}

export interface Answer {
  text: string;
  truncated: boolean;
}

/** Cuts text to the limit on a line boundary, with a note. */
export function compact(text: string, hint: string, limit = MAX_ANSWER_CHARS): Answer {
  if (text.length <= limit) return { text, truncated: false };
  const note = `\n\n[Truncated: ${limit} of ${text.length} characters shown (answers are capped at ${limit}). ${hint}]`;
  const cut = text.lastIndexOf('\n', limit - note.length);
  return { text: text.slice(0, cut > limit / 2 ? cut : limit - note.length) + note, truncated: true };
}

const json = (value: unknown) => JSON.stringify(value, null, 1);

export interface Docs {
  site: Site;
  bundle: McpBundle;
  /** Folder check_dataset may read files from (real path). */
  dataDir: string;
}

/** Reads and checks the bundle of a site. */
export async function openDocs(site: Site, dataDir: string): Promise<Docs> {
  const bundle = await site.json<McpBundle>(BUNDLE_FILE).catch((error: Error) => {
    throw new SiteError(`${site.where} has no readable MCP bundle (${error.message}); build the site with \`npm run build\``);
  });
  if (bundle.format !== BUNDLE_FORMAT) throw new SiteError(`${site.where}/${BUNDLE_FILE} has format ${bundle.format}; this server reads format ${BUNDLE_FORMAT}: update the server`);
  let dir: string;
  try {
    dir = realpathSync(dataDir);
  } catch {
    throw new SiteError(`--data-dir ${dataDir} does not exist`);
  }
  return { site, bundle, dataDir: dir };
}

const absolute = (docs: Docs, route: string) => `${docs.bundle.site.url}${route}`;
/** Markdown links by path (as the sources write them) made whole URLs, which an agent can follow. */
const absoluteLinks = (docs: Docs, markdown: string) => markdown.replace(/\]\(\//g, `](${docs.bundle.site.url}/`);

/* ---- search_docs ---- */

export async function searchDocs(docs: Docs, query: string, limit = 5): Promise<string> {
  if (!query.trim()) throw new ToolError('query is empty: give a few words, an operationId or a path such as /v1/training-jobs');
  const hits = await searchIndex(<T,>(file: string) => docs.site.json<T>(`${SEARCH}/${file}`), query, limit);
  if (!hits.length) return `No page matches "${query}". Try fewer or other words, or list_operations for the API.`;
  return hits
    .map((hit, i) => {
      const lines = [`${i + 1}. ${hit.title} [${hit.label}] ${absolute(docs, hit.url)}`];
      for (const s of hit.sections) lines.push(`   - section "${s.heading}": ${absolute(docs, s.url)}`);
      return lines.join('\n');
    })
    .join('\n');
}

/* ---- pages ---- */

/** Every page the search index holds: URL, title, label and sections [anchor, heading]. */
export async function allPages(docs: Docs): Promise<PageInfo[]> {
  const manifest = await docs.site.json<Manifest>(`${SEARCH}/manifest.json`);
  const blocks = await Promise.all(manifest.blocks.map((b) => docs.site.json<PageInfo[]>(`${SEARCH}/${b}`)));
  return blocks.flat();
}

/** A page's route from a URL, a route or a twin's path, and the anchor it names. */
export function pageRoute(docs: Docs, page: string): { route: string; anchor?: string } {
  let text = page.trim();
  if (!text) throw new ToolError('page is empty: give a URL or path such as /fine-tuning/datasets');
  const origin = new URL(docs.bundle.site.url).origin;
  if (/^https?:\/\//i.test(text)) {
    const url = new URL(text);
    if (url.origin !== origin) throw new ToolError(`${text} is not a page of ${origin}`);
    text = `${url.pathname}${url.hash}`;
  }
  const [pathPart, anchor] = text.split('#', 2);
  let route = `/${pathPart.replace(/^\/+/, '')}`.replace(/\.md$/, '').replace(/\/index$/, '/').replace(/(.)\/$/, '$1');
  if (route === '/index') route = '/';
  if (!/^\/[A-Za-z0-9._\-/]*$/.test(route) || route.split('/').includes('..')) throw new ToolError(`not a page path: ${page}`);
  return { route, anchor: anchor || undefined };
}

const twinFile = (route: string) => `${route === '/' ? 'index' : route.slice(1)}.md`;

/** The plain text of a Markdown heading: links and code marks dropped. */
const headingText = (line: string) => line.replace(/^#+\s*/, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_]/g, '').trim();
/** A heading's anchor as Docusaurus writes one without an explicit id (lowercase, words joined by -). */
const slug = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s/g, '-');

export async function getPage(docs: Docs, page: string, section?: string): Promise<Answer> {
  const { route, anchor } = pageRoute(docs, page);
  const wanted = (section ?? anchor)?.replace(/^#/, '');
  let markdown: string;
  try {
    markdown = await docs.site.text(twinFile(route));
  } catch (error) {
    if (error instanceof SiteError) throw new ToolError(`no page ${route} (its Markdown twin ${twinFile(route)} is not on the site); find pages with search_docs`);
    throw error;
  }
  const url = absolute(docs, route);
  if (!wanted) return compact(`Source: ${url}\n\n${markdown}`, `Ask get_page for one section (section: an anchor or heading): ${outline(markdown)}`);
  const pages = await allPages(docs);
  const indexed = pages.find(([u]) => u === route);
  const heading = indexed?.[3].find(([a]) => a === wanted)?.[1];
  const lines = markdown.split('\n');
  let fence = false;
  const headings: Array<{ at: number; level: number; text: string }> = [];
  lines.forEach((line, at) => {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const m = !fence && /^(#{2,6})\s/.exec(line);
    if (m) headings.push({ at, level: m[1].length, text: headingText(line) });
  });
  const want = wanted.toLowerCase();
  // A heading the page repeats is indexed as "<its h2> › <heading>" (plugins/search/extract.ts): the one after that h2.
  const [parent, own] = heading?.includes(' › ') ? [heading.slice(0, heading.lastIndexOf(' › ')), heading.slice(heading.lastIndexOf(' › ') + 3)] : [undefined, heading];
  const after = parent === undefined ? -1 : (headings.find((h) => h.text === parent)?.at ?? -1);
  const found = headings.find((h) => (own !== undefined && h.text === own && h.at > after) || slug(h.text) === want || h.text.toLowerCase() === want);
  if (!found) throw new ToolError(`${route} has no section "${wanted}". Its sections: ${outline(markdown)}`);
  const end = headings.find((h) => h.at > found.at && h.level <= found.level)?.at ?? lines.length;
  return compact(`Source: ${url}#${heading !== undefined ? wanted : slug(found.text) === want ? want : (indexed?.[3].find(([, h]) => h === found.text)?.[0] ?? slug(found.text))}\n\n${lines.slice(found.at, end).join('\n').trim()}\n`, 'Ask for a smaller section.');
}

/** The headings of a twin (level 2 and 3), for messages. */
function outline(markdown: string): string {
  let fence = false;
  const out: string[] = [];
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (!fence && /^#{2,3}\s/.test(line)) out.push(`"${headingText(line)}"`);
  }
  return out.join(', ') || '(none)';
}

/* ---- operations ---- */

export function listOperations(docs: Docs, tag?: string, text?: string): string {
  const words = (text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const tags = [...new Set(docs.bundle.operations.flatMap((o) => o.tags))];
  if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) throw new ToolError(`no tag "${tag}". Tags: ${tags.join(', ')}`);
  const found = docs.bundle.operations.filter((o) => {
    if (tag && !o.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return false;
    const haystack = `${o.operationId} ${o.summary} ${o.method} ${o.path} ${o.tags.join(' ')}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
  if (!found.length) return `No operation matches${tag ? ` tag "${tag}"` : ''}${words.length ? ` "${text}"` : ''}. Tags: ${tags.join(', ')}.`;
  return found.map((o) => `${o.method} ${o.path}  ${o.operationId}: ${o.summary}${o.deprecated ? ' (deprecated)' : ''} [${o.tags.join(', ')}] ${absolute(docs, o.route)}`).join('\n');
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
    const { route } = pageRoute(docs, text);
    found = ops.find((o) => o.route === route);
  }
  if (!found) {
    const near = ops.filter((o) => o.operationId.toLowerCase().includes(text.toLowerCase().replace(/[^a-z]/g, '').slice(0, 6))).slice(0, 5);
    throw new ToolError(`unknown operation "${text}".${near.length ? ` Did you mean ${near.map((o) => o.operationId).join(', ')}?` : ''} list_operations lists them all.`);
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

export async function getOperation(docs: Docs, name: string, language = 'curl'): Promise<Answer> {
  const op = findOperation(docs, name);
  const languages = docs.bundle.languages.map((l) => l.id);
  if (!languages.includes(language)) throw new ToolError(`no sample language "${language}". Languages: ${languages.join(', ')}`);
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
        return [status, { description: res.description, schema: compactSchema(doc, media?.schema), ...(error ? { error: errorSummary(docs, error) } : { example: mediaExample(media) }) }];
      }),
    ),
    sample: { language, code: op.samples[language] },
    otherLanguages: languages.filter((l) => l !== language),
  };
  return compact(absoluteLinks(docs, json(answer)), 'Use get_schema for the named schemas, or get_page on the operation page for one section.');
}

export async function getSchema(docs: Docs, name: string): Promise<Answer> {
  const doc = await docs.site.json<OpenApiDocument>(docs.bundle.files.openapi);
  const schemas = doc.components?.schemas ?? {};
  const key = Object.keys(schemas).find((k) => k === name.trim()) ?? Object.keys(schemas).find((k) => k.toLowerCase() === name.trim().toLowerCase());
  if (!name.trim()) throw new ToolError('name is empty: give a schema name such as TrainingJobDetail');
  if (!key) {
    const near = Object.keys(schemas).filter((k) => k.toLowerCase().includes(name.trim().toLowerCase().slice(0, 5))).slice(0, 8);
    throw new ToolError(`unknown schema "${name}".${near.length ? ` Similar: ${near.join(', ')}.` : ''} There are ${Object.keys(schemas).length} schemas; search_docs finds them by field name.`);
  }
  const pages = await allPages(docs);
  const page = pages.find(([, title, label]) => label === 'Schema' && title === key)?.[0];
  return compact(absoluteLinks(docs, json({ name: key, ...(page ? { page: absolute(docs, page) } : {}), schema: compactSchema(doc, schemas[key]) })), 'Ask get_page for the schema page instead.');
}

/* ---- changes ---- */

export function listChanges(docs: Docs, since?: string, breakingOnly = false): Answer {
  const releases = docs.bundle.releases; // newest first
  let newer = releases;
  if (since) {
    const s = since.trim();
    const byVersion = releases.findIndex((r) => r.version === s);
    if (byVersion >= 0) newer = releases.slice(0, byVersion);
    else if (/^\d{4}-\d{2}(-\d{2})?$/.test(s)) newer = releases.filter((r) => r.date > s);
    else throw new ToolError(`since "${since}" is neither a release (${releases.map((r) => r.version).join(', ')}) nor a date (YYYY-MM-DD)`);
  }
  if (!newer.length) return { text: `No release after ${since}. Releases: ${releases.map((r) => `${r.version} (${r.date})`).join(', ')}.`, truncated: false };
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
  return compact(absoluteLinks(docs, out.join('\n').trim()), 'Pass since (a release or date) or breaking_only to narrow it.');
}

/* ---- errors ---- */

export function lookupError(docs: Docs, status?: string | number, body?: string): string {
  let parsed: Record<string, unknown> | undefined;
  if (body !== undefined && body.trim()) {
    try {
      const value: unknown = JSON.parse(body);
      if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Record<string, unknown>;
    } catch {
      // Not JSON: the reference says some 400 answers have no documented body.
    }
  }
  const wanted = status !== undefined && String(status).trim() ? String(status).trim() : parsed && parsed.status !== undefined ? String(parsed.status) : undefined;
  if (!wanted) throw new ToolError('give status (such as 404) or body (the error response, JSON with a "status" field)');
  if (!/^(\d{3}|default)$/.test(wanted)) throw new ToolError(`status "${wanted}" is not an HTTP status such as 400`);
  const entry = docs.bundle.errors.find((e) => e.status === wanted) ?? docs.bundle.errors.find((e) => e.status === 'default');
  if (!entry) throw new ToolError(`the API documents no ${wanted} and no default error`);
  const documented = entry.status === wanted;
  const out = [
    documented ? `# ${entry.guidance.heading}` : `# ${wanted} is not declared by the API: see "${entry.guidance.heading}"`,
    `Guidance: ${absolute(docs, `/errors#${entry.anchor}`)}`,
    '',
  ];
  if (entry.description) out.push(entry.description.trim(), '');
  if (entry.schemaName) out.push(`Body: ${entry.schemaName} with ${entry.fields.map((f) => `\`${f.name}\` (${f.type}${f.required ? ', required' : ''})`).join(', ')}.`);
  if (parsed && entry.fields.length) {
    const unknown = Object.keys(parsed).filter((k) => !entry.fields.some((f) => f.name === k));
    const missing = entry.fields.filter((f) => f.required && !(f.name in parsed!)).map((f) => f.name);
    out.push(unknown.length || missing.length ? `Your body does not match it: ${[missing.length && `missing ${missing.join(', ')}`, unknown.length && `undocumented ${unknown.join(', ')}`].filter(Boolean).join('; ')}.` : 'Your body matches it.');
  }
  out.push(`Declared by ${entry.operations.length} operation(s)${entry.operations.length <= 8 ? `: ${entry.operations.join(', ')}` : ''}.`, '');
  const g = entry.guidance;
  if (g.causes) out.push('## Causes', g.causes, '');
  if (g.fix) out.push('## What to do', g.fix, '');
  if (g.retry) out.push('## Retry?', g.retry, '');
  if (g.text) out.push(g.text, '');
  return absoluteLinks(docs, out.join('\n').trim());
}

/* ---- datasets ---- */

export const TASKS = RULES.tasks;

/** A file inside the data folder (its real path, symlinks followed), or an error naming it. */
async function dataFile(docs: Docs, file: string): Promise<{ full: string; size: number }> {
  const full = path.resolve(docs.dataDir, file);
  let real: string;
  try {
    real = await fs.realpath(full);
  } catch {
    throw new ToolError(`no file ${file} in ${docs.dataDir}`);
  }
  const rel = path.relative(docs.dataDir, real);
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw new ToolError(`${file} is outside the folder this server may read (${docs.dataDir}); start the server with --data-dir <folder> to allow another`);
  const stat = await fs.stat(real);
  if (!stat.isFile()) throw new ToolError(`${file} is not a file`);
  return { full: real, size: stat.size };
}

export async function checkDatasetTool(docs: Docs, input: { rows?: string; file?: string; task?: string; dashboard?: boolean }): Promise<Answer> {
  if ((input.rows === undefined) === (input.file === undefined)) throw new ToolError('give either rows (pasted JSON Lines or CSV) or file (a path in the data folder), not both');
  let name: string;
  let bytes: Uint8Array;
  if (input.file !== undefined) {
    const { full, size } = await dataFile(docs, input.file);
    if (size > MAX_CHECK_BYTES) {
      throw new ToolError(`${input.file} is ${(size / 1048576).toFixed(1)} MB; check_dataset reads at most ${MAX_CHECK_BYTES / 1048576} MB, as the in-page checker does. Check it with the Python checker (/scripts/tools/check_dataset.py), which has no size cap.`);
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
  const report = checkDataset(name, bytes, { task: input.task, dashboard: input.dashboard });
  const lines = [
    `${input.file ?? 'The pasted rows'}: ${verdict(report)}`,
    report.layout ? `Layout: ${report.layout.title} (task_type ${report.layout.task_type}${report.inferred ? ', inferred: pass task to choose' : ''}).${report.alsoFits.length ? ` Also fits: ${report.alsoFits.join(', ')}.` : ''}` : `Format: ${report.format ?? 'unknown'}.`,
  ];
  if (report.problems.length) {
    lines.push('', 'Problems (line: severity kind: message):');
    for (const p of report.problems.slice(0, MAX_PROBLEMS)) lines.push(`- line ${p.line}: ${p.severity} ${p.kind}: ${p.message}`);
    const more = report.errors + report.warnings - Math.min(report.problems.length, MAX_PROBLEMS);
    if (more > 0) lines.push(`- …and ${more} more (${Object.entries(report.byKind).map(([k, n]) => `${k} ${n}`).join(', ')})`);
    lines.push('', 'How to fix each kind:');
    for (const [kind, hint] of Object.entries(report.hints)) if (hint) lines.push(`- ${kind}: ${hint}`);
  }
  const s = report.summary;
  lines.push('', `Rows: ${s.rows}. Size: ${s.bytes} bytes (API upload limit ${s.limitBytes}). About ${s.tokens} tokens.${s.labels ? ` Labels: ${s.labels.slice(0, 10).map((l) => `${l.label} ${l.rows}`).join(', ')}.` : ''}`);
  return compact(lines.join('\n'), 'Fix the first problems and check again.');
}

export { sha256 };

/** OpenAPI → Markdown twins of the generated API pages: operations, schemas and the info page. */
import { generateSamples, operationSample, type SampleAuth } from '../../lib/openapi/samples';
import {
  deref,
  schemaRefName,
  type ApiOperationEntry,
  type MediaType,
  type OpenApiDocument,
  type Schema,
} from '../../lib/openapi/spec';
import { errorHref, isErrorStatus } from '../../lib/changelog/errors';
import { configuredErrorHref, type SiteIdentity } from '../../lib/site';
import { oneLine } from '../../lib/markdown';

/** The sample languages the twins carry (the pages show more). */
const TWIN_SAMPLE_LANGUAGES = ['python', 'curl'];

const cell = (text: string) => oneLine(text).replace(/\|/g, '\\|');
const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
const jsonBlock = (value: unknown) => ['```json', JSON.stringify(value, null, 2), '```'];

/** Component schema name → the route of its page, as the OpenAPI plugin generated it. */
export type SchemaRoutes = ReadonlyMap<string, string>;

function schemaLink(routes: SchemaRoutes, name: string): string {
  const route = routes.get(name);
  if (!route) throw new Error(`llms-txt: no generated page for the schema ${name}`);
  return `[${name}](${route})`;
}

export function typeLabel(doc: OpenApiDocument, routes: SchemaRoutes, schema: Schema | undefined): string {
  if (!schema) return 'any';
  const name = schemaRefName(schema);
  if (name) return schemaLink(routes, name);
  const s = deref(doc, schema);
  const variants = s.oneOf ?? s.anyOf;
  if (variants) {
    const labels = variants.map((v) => {
      const r = deref(doc, v);
      const type = typeLabel(doc, routes, v);
      return r.title && !schemaRefName(v) ? `${r.title} (${type})` : type;
    });
    return `one of: ${labels.join(', ')}`;
  }
  if (s.allOf) return s.allOf.map((v) => typeLabel(doc, routes, v)).join(' & ');
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const label = types
    .map((t) => {
      if (t === 'array') return `array of ${typeLabel(doc, routes, s.items)}`;
      if (t === 'object' && !s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') {
        return `map of ${typeLabel(doc, routes, s.additionalProperties)}`;
      }
      return t;
    })
    .join(' | ');
  const base = label || (s.properties ? 'object' : 'any');
  return s.format ? `${base} (${s.format})` : base;
}

const CONSTRAINTS = ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties'];

/** Description plus the facts a reader needs: allowed values, default, limits, example. */
function describe(s: Schema, variant?: string): string {
  const parts: string[] = [];
  if (variant) parts.push(`(${variant})`);
  if (s.description) parts.push(oneLine(s.description));
  if (s.enum) parts.push(`Allowed values: ${s.enum.map(code).join(', ')}.`);
  if (s.const !== undefined) parts.push(`Value: ${code(s.const)}.`);
  if (s.default !== undefined && !/\bdefaults? to\b/i.test(s.description ?? '')) parts.push(`Default: ${code(s.default)}.`);
  const limits = CONSTRAINTS.filter((c) => s[c] !== undefined).map((c) => `${c} ${String(s[c])}`);
  if (limits.length) parts.push(`Constraints: ${limits.join(', ')}.`);
  return parts.join(' ');
}

/** How the samples authenticate, in one sentence. */
export function authSentence(auth: SampleAuth | undefined): string {
  if (!auth) return 'none.';
  const where = auth.in === 'query' ? `the \`${auth.name}\` query parameter` : `the \`${auth.name}\` header`;
  if (auth.value.startsWith('Bearer ')) return `send your token in ${where} as \`${auth.value}\`.`;
  if (auth.value.startsWith('Basic ')) return `send your username and password in ${where} (HTTP Basic).`;
  return `send your API key in ${where}.`;
}

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** Flattens an object schema's properties to rows with dotted names; named schemas are linked, not expanded. */
export function fieldRows(doc: OpenApiDocument, routes: SchemaRoutes, schema: Schema, prefix = '', variant?: string, depth = 0): FieldRow[] {
  const s = deref(doc, schema);
  const rows: FieldRow[] = [];
  if (depth > 8) return rows;
  if (!s.properties && (s.type === 'array' || s.items) && s.items && !schemaRefName(s.items)) {
    return fieldRows(doc, routes, s.items, `${prefix}[]`, variant, depth + 1);
  }
  const required = new Set(s.required ?? []);
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const full = prefix ? `${prefix}.${name}` : name;
    // No schema at all (another document's "name:" with nothing after it): named, not a crash; the page says the same.
    if (!prop || typeof prop !== 'object') {
      rows.push({ name: full, type: 'any', required: required.has(name), description: prop === false ? 'No value is allowed here.' : prop === true ? '' : 'Not shown: the document gives no schema here.' });
      continue;
    }
    const p = deref(doc, prop);
    rows.push({ name: full, type: typeLabel(doc, routes, prop), required: required.has(name), description: describe(p, variant) });
    if (schemaRefName(prop)) continue;
    rows.push(...childRows(doc, routes, p, full, variant, depth + 1));
  }
  return rows;
}

function childRows(doc: OpenApiDocument, routes: SchemaRoutes, p: Schema, full: string, variant: string | undefined, depth: number): FieldRow[] {
  const rows: FieldRow[] = [];
  if (p.properties) rows.push(...fieldRows(doc, routes, p, full, variant, depth));
  if (p.items && !schemaRefName(p.items)) {
    const items = deref(doc, p.items);
    if (items.properties || items.oneOf || items.anyOf) rows.push(...childRows(doc, routes, items, `${full}[]`, variant, depth));
  }
  for (const v of p.oneOf ?? p.anyOf ?? []) {
    if (schemaRefName(v)) continue;
    const r = deref(doc, v);
    const label = [variant, r.title].filter(Boolean).join(' / ') || undefined;
    if (r.properties) rows.push(...fieldRows(doc, routes, r, full, label, depth));
  }
  const extra = p.additionalProperties;
  if (extra && typeof extra === 'object' && !schemaRefName(extra)) {
    const r = deref(doc, extra);
    if (r.properties) rows.push(...fieldRows(doc, routes, r, `${full}.*`, variant, depth));
  }
  return rows;
}

export function fieldTable(rows: FieldRow[]): string[] {
  if (rows.length === 0) return [];
  return [
    '| Field | Type | Required | Description |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| \`${r.name}\` | ${cell(r.type)} | ${r.required ? 'yes' : 'no'} | ${cell(r.description)} |`),
  ];
}

function mediaExamples(media: MediaType): Array<{ label?: string; value: unknown }> {
  if (media.example !== undefined) return [{ value: media.example }];
  return Object.entries(media.examples ?? {}).map(([key, ex]) => ({ label: ex.summary ?? key, value: ex.value }));
}

export function operationMarkdown(doc: OpenApiDocument, entry: ApiOperationEntry, routes: SchemaRoutes, site: Pick<SiteIdentity, 'errorLinks' | 'errorsUrl'>): string {
  const { operation: op, method, path } = entry;
  // A webhook is a request the API sends to the reader's endpoint: no base URL, credentials or samples.
  const sample = entry.event === undefined ? operationSample(doc, entry) : undefined;
  const request = sample ? `\`${method.toUpperCase()} ${path}\`` : `Webhook \`${entry.event}\`: the API sends a \`${method.toUpperCase()}\` request to your endpoint.`;
  const out: string[] = [`# ${op.summary ?? op.operationId ?? entry.event}`, '', request, ''];
  if (op.deprecated) out.push('**Deprecated.**', '');
  if (op.description) out.push(op.description.trim(), '');
  if (sample) out.push(`Base URL: \`${sample.baseUrl}\`. Authentication: ${authSentence(sample.auth)}`, '');

  const params = (op.parameters ?? []).map((p) => deref(doc, p));
  if (params.length) {
    out.push('## Parameters', '', '| Name | In | Type | Required | Description |', '| --- | --- | --- | --- | --- |');
    for (const p of params) {
      const example = p.example ?? p.schema?.example;
      const desc = [p.description ? oneLine(p.description) : '', p.schema ? describe({ ...deref(doc, p.schema), description: undefined }) : '', example !== undefined ? `Example: ${code(example)}.` : '']
        .filter(Boolean)
        .join(' ');
      out.push(`| \`${p.name}\` | ${p.in} | ${cell(typeLabel(doc, routes, p.schema))} | ${p.required ? 'yes' : 'no'} | ${cell(desc)} |`);
    }
    out.push('');
  }

  if (op.requestBody) {
    const body = deref(doc, op.requestBody);
    out.push('## Request body', '');
    for (const [type, media] of Object.entries(body.content ?? {})) {
      out.push(`Content type: \`${type}\` (${body.required ? 'required' : 'optional'}).`, '');
      if (body.description) out.push(body.description.trim(), '');
      const name = schemaRefName(media.schema);
      if (name) out.push(`Schema: ${schemaLink(routes, name)}.`, '');
      if (media.schema) {
        const rows = fieldRows(doc, routes, media.schema);
        if (rows.length) out.push(...fieldTable(rows), '');
        else out.push(`Type: ${typeLabel(doc, routes, media.schema)}.`, '');
      }
      for (const ex of mediaExamples(media)) {
        if (type !== 'application/json') continue;
        out.push(`Example${ex.label ? ` (${ex.label})` : ''}:`, '', ...jsonBlock(ex.value), '');
      }
    }
  }

  const responses = Object.entries(op.responses ?? {});
  if (responses.length) {
    out.push('## Responses', '', '| Status | Description | Body |', '| --- | --- | --- |');
    const details: string[] = [];
    for (const [status, raw] of responses) {
      const res = deref(doc, raw);
      const json = res.content?.['application/json'] ?? Object.values(res.content ?? {})[0];
      const bodyType = json?.schema ? typeLabel(doc, routes, json.schema) : 'no body';
      // As on the page: a link to /errors only where the API pages have one (lib/site.ts).
      const configured = configuredErrorHref(site, status);
      const catalogue = site.errorLinks && isErrorStatus(status) ? ` See [Errors](${errorHref(status)}).` : configured ? ` See [${status === 'default' ? 'errors' : `${status} errors`}](${configured}).` : '';
      out.push(`| ${status} | ${cell(res.description ?? '')}${catalogue} | ${cell(bodyType)} |`);
      if (/^2/.test(status) && json?.schema) {
        const rows = schemaRefName(json.schema) ? [] : fieldRows(doc, routes, json.schema);
        const examples = json.example !== undefined ? [json.example] : mediaExamples(json).map((e) => e.value);
        if (rows.length || examples.length) details.push(`### ${status} response`, '');
        if (rows.length) details.push(...fieldTable(rows), '');
        if (examples.length) details.push('Example:', '', ...jsonBlock(examples[0]), '');
      }
    }
    out.push('', ...details);
  }

  if (sample) out.push('## Code samples', '');
  for (const code of sample ? generateSamples(sample).filter((s) => TWIN_SAMPLE_LANGUAGES.includes(s.id)) : []) {
    out.push(`### ${code.label}`, '', `\`\`\`${code.highlight}`, code.code, '```', '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

export function schemaMarkdown(doc: OpenApiDocument, routes: SchemaRoutes, name: string, schema: Schema): string {
  const s = deref(doc, schema);
  const out: string[] = [`# ${name}`, ''];
  if (s.description) out.push(s.description.trim(), '');
  out.push(`Type: ${typeLabel(doc, routes, { ...s, title: undefined })}.`, '');
  const rows = fieldRows(doc, routes, s);
  if (rows.length) out.push('## Fields', '', ...fieldTable(rows), '');
  if (s.example !== undefined) out.push('## Example', '', ...jsonBlock(s.example), '');
  return `${out.join('\n').trimEnd()}\n`;
}

export function infoMarkdown(doc: OpenApiDocument): string {
  const out: string[] = [`# ${doc.info.title}`, '', `Version: ${doc.info.version}`, ''];
  for (const server of doc.servers ?? []) out.push(`Server: \`${server.url}\`${server.description ? ` (${oneLine(server.description)})` : ''}`, '');
  if (doc.info.description) out.push(doc.info.description.trim(), '');
  return `${out.join('\n').trimEnd()}\n`;
}

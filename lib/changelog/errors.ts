/**
 * The error catalogue's data, from the OpenAPI document: one entry per error status the operations
 * declare (4xx, 5xx and `default`), with its schema's fields, its example and the operations that
 * return it. The written guidance for each status lives in docs/errors.mdx.
 */
import { markdownHtml } from './inline';
import { deref, isErrorStatus, jsonPointer, listOperations, schemaRefName, type OpenApiDocument, type Schema } from '../openapi/spec';

export const ERRORS_ROUTE = '/errors';

export interface ErrorField {
  name: string;
  type: string;
  required: boolean;
  /** Markdown, as in the document. */
  description: string;
}

export interface ErrorEntry {
  /** `400`, `401` … or `default` (any status an operation does not list). */
  status: string;
  /** The section's id on /errors. */
  anchor: string;
  /** Markdown of the shared response's description. */
  description: string;
  schemaName?: string;
  schemaRoute?: string;
  fields: ErrorField[];
  example?: unknown;
  /** `noBody`: this operation declares the status without the body above (a state conflict, say). */
  operations: Array<{ title: string; method: string; path: string; route: string; noBody?: boolean }>;
}

/** `/errors#404`; `default` (every status not listed) is `/errors#other-statuses`. */
export const errorAnchor = (status: string) => (status === 'default' ? 'other-statuses' : status);
export const errorHref = (status: string) => `${ERRORS_ROUTE}#${errorAnchor(status)}`;
export { isErrorStatus };

function typeName(doc: OpenApiDocument, schema: Schema): string {
  const s = deref(doc, schema);
  const type = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  return s.format ? `${type} (${s.format})` : type;
}

/**
 * Every error status of the document, in status order (`default` last). `routes`: the generated
 * pages by OpenAPI node (lib/openapi/generated.ts); without them no schema is linked.
 */
export function errorCatalogue(doc: OpenApiDocument, routes?: Map<string, string>): ErrorEntry[] {
  const schemaRoute = (name: string | undefined) => {
    if (!name || !routes) return undefined;
    const route = routes.get(jsonPointer('components', 'schemas', name));
    if (!route) throw new Error(`errors page: the OpenAPI plugin generated no page for the schema ${name}`);
    return route;
  };
  const entries = new Map<string, ErrorEntry>();
  for (const entry of listOperations(doc)) {
    for (const [status, raw] of Object.entries(entry.operation.responses ?? {})) {
      if (!isErrorStatus(status)) continue;
      let found = entries.get(status);
      if (!found) {
        const response = deref(doc, raw);
        const media = response.content?.['application/json'];
        const schema = media?.schema ? deref(doc, media.schema) : undefined;
        const required = new Set(schema?.required ?? []);
        found = {
          status,
          anchor: errorAnchor(status),
          description: response.description ?? '',
          schemaName: schemaRefName(media?.schema),
          schemaRoute: schemaRoute(schemaRefName(media?.schema)),
          fields: Object.entries(schema?.properties ?? {}).map(([name, prop]) => ({
            name,
            type: typeName(doc, prop),
            required: required.has(name),
            description: deref(doc, prop).description ?? '',
          })),
          example: media?.example ?? schema?.example,
          operations: [],
        };
        entries.set(status, found);
      }
      const noBody = Boolean(found.schemaName) && !deref(doc, raw).content?.['application/json']?.schema;
      found.operations.push({ title: entry.operation.summary ?? entry.operation.operationId!, method: entry.method, path: entry.path, route: entry.route, ...(noBody && { noBody }) });
    }
  }
  const rank = (s: string) => (s === 'default' ? 1000 : Number(s));
  return [...entries.values()].sort((a, b) => rank(a.status) - rank(b.status));
}

/** The catalogue with its Markdown rendered to HTML, for the page. */
export function errorCatalogueHtml(doc: OpenApiDocument, where: string, routes: Map<string, string> | undefined) {
  return errorCatalogue(doc, routes).map((e) => ({
    ...e,
    description: e.description && markdownHtml(e.description, `${where} response ${e.status}`),
    fields: e.fields.map((f) => ({ ...f, description: f.description && markdownHtml(f.description, `${where} response ${e.status} field ${f.name}`) })),
  }));
}

/** One entry as Markdown, for the Markdown twin of /errors. */
export function errorMarkdown(e: ErrorEntry): string {
  const out: string[] = [];
  if (e.description) out.push(e.description.trim(), '');
  if (e.schemaName) out.push(e.schemaRoute ? `Body: [${e.schemaName}](${e.schemaRoute}).` : `Body: ${e.schemaName}.`, '');
  if (e.fields.length) {
    out.push('| Field | Type | Required | Description |', '| --- | --- | --- | --- |');
    for (const f of e.fields) out.push(`| \`${f.name}\` | ${f.type} | ${f.required ? 'yes' : 'no'} | ${f.description.replace(/\s+/g, ' ').replace(/\|/g, '\\|')} |`);
    out.push('');
  }
  if (e.example !== undefined) out.push('Example (illustrative):', '', '```json', JSON.stringify(e.example, null, 2), '```', '');
  out.push(`Operations that declare it (${e.operations.length}):`, '');
  for (const op of e.operations) out.push(`- [${op.title}](${op.route}): \`${op.method.toUpperCase()} ${op.path}\`${op.noBody ? ' (no documented body)' : ''}`);
  return out.join('\n');
}

/** The tools on the API: list_operations, get_operation, get_schema, list_changes and lookup_error, from the bundle and /openapi.json. */
import { deref, schemaRefName, type MediaType, type OpenApiDocument, type Operation, type Parameter, type Schema } from '../lib/openapi/spec';
import { operationSamples, type BundleError, type BundleOperation } from '../lib/mcp/format';
import { absolute, absoluteLinks, compact, json, MAX_INPUT, quote, ToolError, type Answer, type Budget, type Docs } from './answers';
import { checkLanguage, pageRoute } from './pages';

/* ---- operations ---- */

export function listOperations(docs: Docs, tag?: string, text?: string, budget?: Budget): Answer {
  const words = (text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const tags = [...new Set(docs.bundle.operations.flatMap((o) => o.tags))];
  if (tag && !tags.some((t) => t.toLowerCase() === tag.toLowerCase())) throw new ToolError(`no tag ${quote(tag)}. Tags: ${tags.join(', ')}`);
  const found = docs.bundle.operations.filter((o) => {
    if (tag && !o.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return false;
    const haystack = `${o.operationId} ${o.summary} ${o.method} ${o.path} ${o.tags.join(' ')}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
  if (!found.length) return { text: `No operation matches${tag ? ` tag ${quote(tag)}` : ''}${words.length ? ` ${quote(text!)}` : ''}. Tags: ${tags.join(', ')}.`, truncated: false };
  const lines = found.map((o) => `${o.method} ${o.path}  ${o.operationId}: ${o.summary}${o.deprecated ? ' (deprecated)' : ''} [${o.tags.join(', ')}] ${absolute(docs, o.route)}`);
  return compact(lines.join('\n'), 'Or pass tag or text to narrow the list.', budget);
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
    const { route } = pageRoute(docs, text.slice(0, MAX_INPUT.page));
    found = ops.find((o) => o.route === route);
  }
  if (!found) {
    const near = ops.filter((o) => o.operationId.toLowerCase().includes(text.toLowerCase().replace(/[^a-z]/g, '').slice(0, 6))).slice(0, 5);
    throw new ToolError(`unknown operation ${quote(text)}.${near.length ? ` Did you mean ${near.map((o) => o.operationId).join(', ')}?` : ''} list_operations lists them all.`);
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

export async function getOperation(docs: Docs, name: string, language = 'curl', budget?: Budget): Promise<Answer> {
  const op = findOperation(docs, name);
  checkLanguage(docs, language);
  const languages = docs.bundle.languages.map((l) => l.id);
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
        if (!error) return [status, { description: res.description, schema: compactSchema(doc, media?.schema), example: mediaExample(media) }];
        // A shared error: its body (or none), and its description only where this operation's differs; the guidance is in `errors`, once.
        return [
          status,
          {
            body: media?.schema ? compactSchema(doc, media.schema) : 'none documented: do not parse this response as JSON',
            ...(res.description?.trim() !== error.description.trim() ? { description: res.description } : {}),
          },
        ];
      }),
    ),
    errors: {
      note: 'The error statuses above are shared by the API: the same meaning and advice for every operation. lookup_error with this operation explains one; the links are the /errors sections.',
      ...Object.fromEntries(
        Object.keys(operation.responses ?? {}).flatMap((status) => {
          const error = errors.get(status);
          return error ? [[status, `${error.guidance.heading}. ${errorSummary(docs, error).retry ?? ''} ${absolute(docs, `/errors#${error.anchor}`)}`.replace(/\s+/g, ' ')]] : [];
        }),
      ),
    },
    sample: { language, code: operationSamples(op)[language] },
    otherLanguages: languages.filter((l) => l !== language),
  };
  return compact(absoluteLinks(docs, json(answer)), 'Or use get_schema for the named schemas, or get_page on the operation page for one section.', budget);
}

export async function getSchema(docs: Docs, name: string, budget?: Budget): Promise<Answer> {
  const doc = await docs.site.json<OpenApiDocument>(docs.bundle.files.openapi);
  const schemas = doc.components?.schemas ?? {};
  const key = Object.keys(schemas).find((k) => k === name.trim()) ?? Object.keys(schemas).find((k) => k.toLowerCase() === name.trim().toLowerCase());
  if (!name.trim()) throw new ToolError('name is empty: give a schema name such as TrainingJobDetail');
  if (!key) {
    const near = Object.keys(schemas).filter((k) => k.toLowerCase().includes(name.trim().toLowerCase().slice(0, 5))).slice(0, 8);
    throw new ToolError(`unknown schema ${quote(name)}.${near.length ? ` Similar: ${near.join(', ')}.` : ''} There are ${Object.keys(schemas).length} schemas; search_docs finds them by field name.`);
  }
  const page = docs.pages.find(([, title, label]) => label === 'Schema' && title === key)?.[0];
  return compact(absoluteLinks(docs, json({ name: key, ...(page ? { page: absolute(docs, page) } : {}), schema: compactSchema(doc, schemas[key]) })), 'Or ask get_page for the schema page.', budget);
}

/* ---- changes ---- */

export function listChanges(docs: Docs, since?: string, breakingOnly = false, budget?: Budget): Answer {
  const releases = docs.bundle.releases; // newest first
  let newer = releases;
  if (since) {
    const s = since.trim();
    const byVersion = releases.findIndex((r) => r.version === s);
    if (byVersion >= 0) newer = releases.slice(0, byVersion);
    else if (/^\d{4}-\d{2}(-\d{2})?$/.test(s)) newer = releases.filter((r) => r.date > s);
    else throw new ToolError(`since ${quote(since)} is neither a release (${releases.map((r) => r.version).join(', ')}) nor a date (YYYY-MM-DD)`);
  }
  if (!newer.length) return { text: `No release after ${quote(since!)}. Releases: ${releases.map((r) => `${r.version} (${r.date})`).join(', ')}.`, truncated: false };
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
  return compact(absoluteLinks(docs, out.join('\n').trim()), 'Or pass since (a release or date) or breaking_only to narrow it.', budget);
}

/* ---- errors ---- */

/**
 * What an error response means. With `operation`, the body that operation documents for the status
 * (some declare a status without one: a state conflict's 400, say), else the status's shared body
 * and the operations that document none.
 */
export function lookupError(docs: Docs, status?: string | number, body?: string, operation?: string, budget?: Budget): Answer {
  let parsed: Record<string, unknown> | undefined;
  if (body !== undefined && body.trim()) {
    try {
      const value: unknown = JSON.parse(body);
      if (value && typeof value === 'object' && !Array.isArray(value)) parsed = value as Record<string, unknown>;
    } catch {
      // Not JSON: the reference documents no body for some error responses.
    }
  }
  const op = operation !== undefined ? findOperation(docs, operation) : undefined;
  const wanted = status !== undefined && String(status).trim() ? String(status).trim() : parsed && parsed.status !== undefined ? String(parsed.status) : undefined;
  if (!wanted) throw new ToolError('give status (such as 404) or body (the error response, JSON with a "status" field)');
  if (!/^(\d{3}|default)$/.test(wanted)) throw new ToolError(`status ${quote(wanted)} is not an HTTP status such as 400`);
  const entry = docs.bundle.errors.find((e) => e.status === wanted) ?? docs.bundle.errors.find((e) => e.status === 'default');
  if (!entry) throw new ToolError(`the API documents no ${wanted} and no default error`);
  const documented = entry.status === wanted;
  const name = op && `${op.method} ${op.path}`;
  const declared = op ? op.errors.includes(wanted) : documented;
  const out = [
    documented ? `# ${entry.guidance.heading}` : `# ${wanted} is not declared by the API: see "${entry.guidance.heading}"`,
    `Guidance: ${absolute(docs, `/errors#${entry.anchor}`)}`,
    '',
  ];
  if (op && documented && !declared) out.push(`${op.operationId} (${name}) does not declare ${wanted}; what follows is the API's guidance for it elsewhere.`, '');
  if (entry.description) out.push(entry.description.trim(), '');
  const noBody = op ? entry.noBody.includes(name!) : false;
  const fields = entry.fields.map((f) => `\`${f.name}\` (${f.type}${f.required ? ', required' : ''})`).join(', ');
  if (noBody) {
    out.push(`Body: none documented. ${op!.operationId} (${name}) declares ${wanted} without a body: do not parse the response as JSON, and do not rely on its text.`);
    if (parsed) out.push(`The reference does not describe the body you received for this operation.`);
  } else if (entry.schemaName) {
    out.push(`Body: ${entry.schemaName} with ${fields}.`);
    if (!op && entry.noBody.length) {
      out.push(`Except: ${entry.noBody.length} operation(s) declare ${wanted} with no documented body${entry.noBody.length <= 8 ? ` (${entry.noBody.join(', ')})` : ''}. Pass operation to know which applies.`);
    }
    if (parsed && entry.fields.length) {
      const unknown = Object.keys(parsed).filter((k) => !entry.fields.some((f) => f.name === k));
      const missing = entry.fields.filter((f) => f.required && !(f.name in parsed!)).map((f) => f.name);
      const fits = !unknown.length && !missing.length;
      out.push(fits ? `Your body has the fields of ${entry.schemaName}.` : `Your body does not match it: ${[missing.length && `missing ${missing.join(', ')}`, unknown.length && `undocumented ${unknown.map(quote).slice(0, 10).join(', ')}`].filter(Boolean).join('; ')}.`);
    }
  }
  out.push(`Declared by ${entry.operations.length} operation(s)${entry.operations.length <= 8 ? `: ${entry.operations.join(', ')}` : ''}.`, '');
  const g = entry.guidance;
  if (g.causes) out.push('## Causes', g.causes, '');
  if (g.fix) out.push('## What to do', g.fix, '');
  if (g.retry) out.push('## Retry?', g.retry, '');
  if (g.text) out.push(g.text, '');
  return compact(absoluteLinks(docs, out.join('\n').trim()), '', budget);
}


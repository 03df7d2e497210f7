/**
 * The differ between two versions of the OpenAPI document: every change to an operation or a
 * component schema, classified breaking or not. Our own, because no maintained npm differ reads
 * OpenAPI 3.1 (openapi-diff's parser stops at 3.0.3; oasdiff and openapi-changes are Go binaries).
 */
import {
  deref,
  listOperations,
  schemaRefName,
  type ApiOperationEntry,
  type MediaType,
  type OpenApiDocument,
  type Parameter,
  type Schema,
} from '../openapi/spec';

/** `slug` names the owner's anchor on /changelog; its page comes from the generated output (OwnerChanges.page). */
export type ChangeOwner =
  | { kind: 'operation'; name: string; title: string; method: string; path: string; slug: string }
  | { kind: 'schema'; name: string; title: string; slug: string };

export interface ApiChange {
  /** Stable and readable: owner, place, field and aspect, e.g. "getEmbeddingsFromDeployment request target removed". */
  id: string;
  owner: ChangeOwner;
  breaking: boolean;
  /** One sentence of Markdown (code spans only). */
  text: string;
}

/** Request data flows to the API, response data to the client: the same change breaks one side or the other. */
type Direction = 'request' | 'response';

/** Limits where a smaller value is narrower (x-max-upload-mb: the documented upload size limit, in MB). */
const MAX_KEYS: Record<string, string> = {
  maximum: 'maximum',
  exclusiveMaximum: 'exclusive maximum',
  maxLength: 'maximum length',
  maxItems: 'maximum number of items',
  maxProperties: 'maximum number of properties',
  'x-max-upload-mb': 'upload size limit (MB)',
};
const MIN_KEYS: Record<string, string> = {
  minimum: 'minimum',
  exclusiveMinimum: 'exclusive minimum',
  minLength: 'minimum length',
  minItems: 'minimum number of items',
  minProperties: 'minimum number of properties',
};

const code = (text: string | number) => `\`${text}\``;
const list = (items: unknown[]) => items.map((i) => code(JSON.stringify(i))).join(', ');

interface Context {
  oldDoc: OpenApiDocument;
  newDoc: OpenApiDocument;
  owner: ChangeOwner;
  /** e.g. "request", "response 200", "query parameter limit"; '' for a component schema itself. */
  place: string;
  direction: Direction;
  out: ApiChange[];
}

function push(ctx: Context, field: string, aspect: string, breaking: boolean, text: string) {
  const base = [ctx.owner.name, ctx.place, field, aspect].filter(Boolean).join(' ');
  // A field reached twice (the same property in two anyOf/oneOf variants) is one change, said once.
  const same = ctx.out.filter((c) => c.id === base || c.id.startsWith(`${base} #`));
  if (same.some((c) => c.text === text)) return;
  ctx.out.push({ id: same.length ? `${base} #${same.length + 1}` : base, owner: ctx.owner, breaking, text });
}

/** "Request field `input`", "Response 200 field `data[].embedding`", "Schema" … */
function subject(ctx: Context, field: string): string {
  const place = ctx.place ? ctx.place[0].toUpperCase() + ctx.place.slice(1) : 'Schema';
  return field ? `${place} field ${code(field)}` : place;
}

/** The JSON types a schema admits, counting oneOf/anyOf variants. */
export function typeSet(doc: OpenApiDocument, schema: Schema): Set<string> {
  const s = deref(doc, schema);
  const variants = s.oneOf ?? s.anyOf;
  if (variants) return new Set(variants.flatMap((v) => [...typeSet(doc, v)]));
  if (s.allOf) return new Set(s.allOf.flatMap((v) => [...typeSet(doc, v)]));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : [];
  // integer is a subset of number; `format` adds no type.
  return new Set(types);
}

const sorted = (set: Set<string>) => [...set].sort().join(' | ') || 'any';
const superset = (a: Set<string>, b: Set<string>) => [...b].every((t) => a.has(t) || (t === 'integer' && a.has('number')));

export function diffSchema(ctx: Context, oldRaw: Schema, newRaw: Schema, field = ''): void {
  const oldName = schemaRefName(oldRaw);
  const newName = schemaRefName(newRaw);
  // A named schema is diffed once, as a component, and not again at every place that uses it.
  if (oldName && oldName === newName) return;
  if (oldName !== newName && (oldName || newName)) {
    push(ctx, field, 'schema', true, `${subject(ctx, field)} now uses ${newName ? code(newName) : 'an inline schema'} instead of ${oldName ? code(oldName) : 'an inline schema'}.`);
    return;
  }
  const o = deref(ctx.oldDoc, oldRaw);
  const n = deref(ctx.newDoc, newRaw);
  const request = ctx.direction === 'request';

  if (field && (o.description ?? '') !== (n.description ?? '')) {
    push(ctx, field, 'description', false, `${subject(ctx, field)}: description changed.`);
  }

  const oldTypes = typeSet(ctx.oldDoc, o);
  const newTypes = typeSet(ctx.newDoc, n);
  if (sorted(oldTypes) !== sorted(newTypes) && oldTypes.size && newTypes.size) {
    const widened = superset(newTypes, oldTypes);
    const how = widened ? 'widened' : 'changed';
    push(ctx, field, 'type', !(widened && request), `${subject(ctx, field)}: type ${how} from ${code(sorted(oldTypes))} to ${code(sorted(newTypes))}.`);
    return; // The structure below a changed type is a new thing, not a list of edits.
  }

  const oldEnum = o.enum ?? [];
  const newEnum = n.enum ?? [];
  const removed = oldEnum.filter((v) => !newEnum.some((w) => JSON.stringify(w) === JSON.stringify(v)));
  const added = newEnum.filter((v) => !oldEnum.some((w) => JSON.stringify(w) === JSON.stringify(v)));
  if (n.enum && removed.length) push(ctx, field, 'enum removed', true, `${subject(ctx, field)}: allowed values ${list(removed)} removed.`);
  if (o.enum && added.length) push(ctx, field, 'enum added', false, `${subject(ctx, field)}: allowed values ${list(added)} added.`);
  if (!o.enum && n.enum) push(ctx, field, 'enum', request, `${subject(ctx, field)}: now limited to ${list(n.enum)}.`);

  for (const [keys, narrower] of [
    [MAX_KEYS, (a: number, b: number) => b < a],
    [MIN_KEYS, (a: number, b: number) => b > a],
  ] as const) {
    for (const [key, label] of Object.entries(keys)) {
      const a = o[key] as number | undefined;
      const b = n[key] as number | undefined;
      if (a === b) continue;
      const narrowed = b !== undefined && (a === undefined || narrower(a, b));
      const from = a === undefined ? 'none' : String(a);
      const to = b === undefined ? 'none' : String(b);
      push(ctx, field, key, narrowed && request, `${subject(ctx, field)}: ${label} ${narrowed ? 'narrowed' : 'widened'} from ${from} to ${to}.`);
    }
  }

  const oldProps = o.properties ?? {};
  const newProps = n.properties ?? {};
  const oldRequired = new Set(o.required ?? []);
  const newRequired = new Set(n.required ?? []);
  const join = (name: string) => (field ? `${field}.${name}` : name);
  for (const name of Object.keys(oldProps)) {
    if (!(name in newProps)) push(ctx, join(name), 'removed', true, `${subject(ctx, join(name))} removed.`);
  }
  for (const name of Object.keys(newProps)) {
    if (name in oldProps) continue;
    const required = newRequired.has(name);
    push(ctx, join(name), 'added', required && request, `${subject(ctx, join(name))} added${required ? ' (required)' : ''}.`);
  }
  for (const name of Object.keys(newProps)) {
    if (!(name in oldProps)) continue;
    if (!oldRequired.has(name) && newRequired.has(name)) {
      push(ctx, join(name), 'required', request, `${subject(ctx, join(name))} is now required.`);
    }
    if (oldRequired.has(name) && !newRequired.has(name)) {
      push(ctx, join(name), 'optional', !request, `${subject(ctx, join(name))} is no longer required.`);
    }
    diffSchema(ctx, oldProps[name], newProps[name], join(name));
  }

  if (o.items && n.items) diffSchema(ctx, o.items, n.items, `${field}[]`);
  const oldExtra = o.additionalProperties;
  const newExtra = n.additionalProperties;
  if (oldExtra && newExtra && typeof oldExtra === 'object' && typeof newExtra === 'object') diffSchema(ctx, oldExtra, newExtra, `${field}.*`);

  // Same type set on both sides: compare the variants, matched by title, else by position.
  const oldVariants = o.oneOf ?? o.anyOf ?? [];
  const newVariants = n.oneOf ?? n.anyOf ?? [];
  oldVariants.forEach((ov, i) => {
    const title = deref(ctx.oldDoc, ov).title;
    const nv = (title && newVariants.find((v) => deref(ctx.newDoc, v).title === title)) || newVariants[i];
    if (nv) diffSchema(ctx, ov, nv, field);
  });
}

const jsonMedia = (content: Record<string, MediaType> | undefined) =>
  Object.entries(content ?? {}).find(([type]) => type.includes('json') || type.startsWith('multipart/'))?.[1];

function paramKey(doc: OpenApiDocument, p: Parameter) {
  const r = deref(doc, p);
  return { key: `${r.in} parameter ${r.name}`, param: r };
}

function diffOperation(oldDoc: OpenApiDocument, newDoc: OpenApiDocument, before: ApiOperationEntry, after: ApiOperationEntry, out: ApiChange[]) {
  const op = after.operation;
  const owner: ChangeOwner = { kind: 'operation', name: op.operationId!, title: op.summary ?? op.operationId!, method: after.method, path: after.path, slug: after.slug };
  const ctx = (place: string, direction: Direction): Context => ({ oldDoc, newDoc, owner, place, direction, out });
  const top = ctx('', 'request');
  if (before.method !== after.method || before.path !== after.path) {
    push(top, '', 'moved', true, `Moved from ${code(`${before.method.toUpperCase()} ${before.path}`)} to ${code(`${after.method.toUpperCase()} ${after.path}`)}.`);
  }
  if ((before.operation.description ?? '') !== (op.description ?? '')) push(top, '', 'description', false, 'Description changed.');

  const oldParams = new Map((before.operation.parameters ?? []).map((p) => paramKey(oldDoc, p)).map((e) => [e.key, e.param]));
  const newParams = new Map((op.parameters ?? []).map((p) => paramKey(newDoc, p)).map((e) => [e.key, e.param]));
  for (const [key, p] of oldParams) if (!newParams.has(key)) push(ctx(key, 'request'), '', 'removed', true, `${code(p.name)} ${p.in} parameter removed.`);
  for (const [key, p] of newParams) {
    const old = oldParams.get(key);
    const c = ctx(key, 'request');
    if (!old) push(c, '', 'added', Boolean(p.required), `${code(p.name)} ${p.in} parameter added${p.required ? ' (required)' : ''}.`);
    else {
      if (!old.required && p.required) push(c, '', 'required', true, `${code(p.name)} ${p.in} parameter is now required.`);
      if (old.schema && p.schema) diffSchema(c, old.schema, p.schema, p.name);
    }
  }

  const oldBody = before.operation.requestBody && deref(oldDoc, before.operation.requestBody);
  const newBody = op.requestBody && deref(newDoc, op.requestBody);
  const body = ctx('request', 'request');
  if (oldBody && !newBody) push(body, '', 'removed', true, 'Request body removed.');
  if (!oldBody && newBody) push(body, '', 'added', Boolean(newBody.required), `Request body added${newBody.required ? ' (required)' : ''}.`);
  if (oldBody && newBody) {
    if (!oldBody.required && newBody.required) push(body, '', 'required', true, 'Request body is now required.');
    const a = jsonMedia(oldBody.content)?.schema;
    const b = jsonMedia(newBody.content)?.schema;
    if (a && b) diffSchema(body, a, b);
  }

  const oldResponses = before.operation.responses ?? {};
  const newResponses = op.responses ?? {};
  for (const status of Object.keys(oldResponses)) {
    if (!(status in newResponses)) push(ctx(`response ${status}`, 'response'), '', 'removed', /^2/.test(status), `Response ${code(status)} removed.`);
  }
  for (const [status, raw] of Object.entries(newResponses)) {
    const c = ctx(`response ${status}`, 'response');
    if (!(status in oldResponses)) {
      push(c, '', 'added', false, `Response ${code(status)} added.`);
      continue;
    }
    const a = jsonMedia(deref(oldDoc, oldResponses[status]).content)?.schema;
    const b = jsonMedia(deref(newDoc, raw).content)?.schema;
    if (a && b) diffSchema(c, a, b);
    else if (a && !b) push(c, '', 'body removed', true, `Response ${code(status)} no longer has a body.`);
    else if (!a && b) push(c, '', 'body added', /^2/.test(status), `Response ${code(status)} now has a body.`);
  }
}

/** Every change from `oldDoc` to `newDoc`: operations first (in the new document's order), then schemas. */
export function diffDocuments(oldDoc: OpenApiDocument, newDoc: OpenApiDocument): ApiChange[] {
  const out: ApiChange[] = [];
  const oldOps = new Map(listOperations(oldDoc).map((e) => [e.operation.operationId!, e]));
  const newOps = listOperations(newDoc);
  const newIds = new Set(newOps.map((e) => e.operation.operationId!));
  const opOwner = (e: ApiOperationEntry): ChangeOwner => ({
    kind: 'operation', name: e.operation.operationId!, title: e.operation.summary ?? e.operation.operationId!, method: e.method, path: e.path, slug: e.slug,
  });
  for (const after of newOps) {
    const before = oldOps.get(after.operation.operationId!);
    if (before) diffOperation(oldDoc, newDoc, before, after, out);
    else out.push({ id: `${after.operation.operationId} added`, owner: opOwner(after), breaking: false, text: `New operation ${code(`${after.method.toUpperCase()} ${after.path}`)}.` });
  }
  for (const [id, before] of oldOps) {
    if (!newIds.has(id)) out.push({ id: `${id} removed`, owner: opOwner(before), breaking: true, text: `Operation ${code(`${before.method.toUpperCase()} ${before.path}`)} removed.` });
  }
  const oldSchemas = oldDoc.components?.schemas ?? {};
  const newSchemas = newDoc.components?.schemas ?? {};
  const schemaOwner = (name: string): ChangeOwner => ({ kind: 'schema', name, title: name, slug: name.toLowerCase() });
  for (const [name, schema] of Object.entries(newSchemas)) {
    const owner = schemaOwner(name);
    if (!(name in oldSchemas)) out.push({ id: `${name} added`, owner, breaking: false, text: `New schema ${code(name)}.` });
    else diffSchema({ oldDoc, newDoc, owner, place: '', direction: 'response', out }, oldSchemas[name], schema);
  }
  for (const name of Object.keys(oldSchemas)) {
    if (!(name in newSchemas)) out.push({ id: `${name} removed`, owner: schemaOwner(name), breaking: true, text: `Schema ${code(name)} removed.` });
  }
  return out;
}

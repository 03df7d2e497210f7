/** Reading the OpenAPI document: types, $ref resolution, and the operation/schema list with page slugs. */
import { parse } from 'yaml';

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: boolean | Schema;
  example?: unknown;
  examples?: unknown[];
  [constraint: string]: unknown;
}

export interface Parameter {
  $ref?: string;
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  /** How the value is serialized (OpenAPI 3 `style`/`explode`; query defaults: form, exploded). */
  style?: string;
  explode?: boolean;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}

export interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { $ref?: string; summary?: string; description?: string; value?: unknown }>;
}

export interface Response {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaType>;
}

export interface RequestBody {
  $ref?: string;
  description?: string;
  required?: boolean;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses?: Record<string, Response>;
  security?: Array<Record<string, string[]>>;
  servers?: Array<{ url: string; description?: string; variables?: Record<string, { default?: string }> }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string; description?: string; variables?: Record<string, { default?: string }> }>;
  security?: Array<Record<string, string[]>>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema>; [kind: string]: unknown };
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** An error response's status: 4xx, 5xx (or 4XX, 5XX) and `default`. */
export const isErrorStatus = (status: string) => status === 'default' || /^[45]/.test(status);

/**
 * Error responses (HTML descriptions) each ending with a link, where `linkFor` gives one for its
 * status: to Emissary's /errors (plugins/changelog) or to the page SITE_CONFIG `errors` names (./site.ts).
 */
export function withErrorResponseLinks<T extends Record<string, { description?: string }> | undefined>(
  responses: T,
  linkFor: (status: string, label: string) => { href: string; text: string } | undefined,
): T {
  if (!responses) return responses;
  const linked = Object.entries(responses).map(([status, res]) => {
    const link = isErrorStatus(status) ? linkFor(status, status === 'default' ? 'other statuses' : status) : undefined;
    return link ? [status, { ...res, description: `${res.description ?? ''}<p><a href="${link.href}">${link.text}</a></p>` }] : [status, res];
  });
  return Object.fromEntries(linked) as T;
}

export function parseOpenApi(text: string): OpenApiDocument {
  return parse(text) as OpenApiDocument;
}

/** Percent-decoded, or as it is where it is not valid percent-encoding (a literal "%" in a key). */
function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The keys of a local JSON pointer ("#/a~1b/%7Bid%7D" → ["a/b", "{id}"]): percent-decoded per segment, then the pointer's own escapes. */
export function pointerKeys(ref: string): string[] {
  return ref.slice(2).split('/').map((raw) => decodeURIComponentSafe(raw).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Follows a local JSON pointer such as #/components/schemas/ProjectSummary. */
function pointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported: ${ref}`);
  let node: unknown = doc;
  // A $ref is a URI: its fragment is percent-encoded ("%7Bid%7D" for "{id}", DigitalOcean's) before the pointer's own escapes.
  for (const key of pointerKeys(ref)) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    if (node === undefined) throw new Error(`Unresolved $ref ${ref}`);
  }
  return node;
}

/** Resolves a node's $ref chain (shallow: nested $refs stay). */
export function deref<T extends { $ref?: string }>(doc: OpenApiDocument, node: T): T {
  let current = node;
  for (let hops = 0; current?.$ref; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${node.$ref}`);
    current = pointer(doc, current.$ref) as T;
  }
  return current;
}

/** A JSON pointer to a node of the document, such as #/paths/~1v1~1projects/get. */
export const jsonPointer = (...keys: string[]) => `#/${keys.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** Follows a `$ref` of the document; undefined when it does not resolve. */
export const refResolver =
  (doc: OpenApiDocument) =>
  (ref: string): Schema | undefined => {
    try {
      return deref(doc, { $ref: ref }) as Schema;
    } catch {
      return undefined;
    }
  };

const mapValues = <T, U>(record: Record<string, T>, fn: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]));

/**
 * An operation with the $refs resolved that its samples and the Postman collection read: its
 * parameters (their schemas and named examples), its request body, and each media type's schema,
 * named examples and top-level properties. Deeper schemas keep their $refs, which the sample
 * builder follows (schema-sample.ts): inlining every $ref copies a shared schema once per use,
 * which for Stripe's document did not fit in the heap.
 */
export function derefOperation(doc: OpenApiDocument, op: Operation): Operation {
  const schema = (s: Schema | undefined) => (s ? deref(doc, s) : s);
  const examples = <T extends { examples?: unknown }>(holder: T): T =>
    holder.examples && typeof holder.examples === 'object' && !Array.isArray(holder.examples)
      ? { ...holder, examples: mapValues(holder.examples as Record<string, { $ref?: string }>, (e) => deref(doc, e)) }
      : holder;
  const parameters = op.parameters?.map((p) => {
    const r = deref(doc, p);
    return examples({ ...r, ...(r.schema ? { schema: schema(r.schema) } : {}) });
  });
  const body = op.requestBody ? deref(doc, op.requestBody) : undefined;
  const content = body?.content
    ? mapValues(body.content, (media) => {
        const s = schema(media.schema);
        const withProps = s?.properties ? { ...s, properties: mapValues(s.properties, (p) => deref(doc, p)) } : s;
        return examples({ ...media, ...(withProps ? { schema: withProps } : {}) });
      })
    : undefined;
  return { ...op, ...(parameters ? { parameters } : {}), ...(body ? { requestBody: { ...body, ...(content ? { content } : {}) } } : {}) };
}

/** The component name a `#/components/schemas/X` reference points to. */
export function schemaRefName(node: { $ref?: string } | undefined): string | undefined {
  return node?.$ref?.match(/^#\/components\/schemas\/([^/]+)$/)?.[1];
}

/**
 * The function docusaurus-plugin-openapi-docs 5.2 names its pages with (lib/openapi/openapi.js):
 * lodash's kebabCase, a dependency of ours pinned to the plugin's copy (tests/unit/api-resolve.test.ts).
 */
export const kebabCase = require('lodash/kebabCase') as (text: string) => string;


/**
 * The page name of an operation without `operationId` (optional in OpenAPI): its method and path,
 * such as get-users-user-id for GET /users/{user_id}. The generator's copy of the document gives
 * the operation this id (normalize.ts), so the page it writes has this name.
 */
export const fallbackOperationId = (method: string, path: string) => kebabCase(`${method} ${path}`);

export interface ApiOperationEntry {
  operation: Operation;
  method: string;
  path: string;
  tag: string;
  slug: string;
  route: string;
  /** A webhook's name (its `path` is the name too). */
  event?: string;
}

/** Every operation, grouped by its first tag in the document's tag order (then in document order). */
export function listOperations(doc: OpenApiDocument): ApiOperationEntry[] {
  const entries: ApiOperationEntry[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared = (item.parameters as Parameter[] | undefined) ?? [];
    // Document order of the methods, as the generated sidebar lists them.
    for (const [method, value] of Object.entries(item)) {
      if (!(HTTP_METHODS as readonly string[]).includes(method)) continue;
      const raw = value as Operation;
      const own = raw.parameters ?? [];
      const key = (p: Parameter) => {
        const r = deref(doc, p);
        return `${r.in}:${r.name}`;
      };
      const ownKeys = new Set(own.map(key));
      const operation = { ...raw, parameters: [...shared.filter((p) => !ownKeys.has(key(p))), ...own] };
      // An empty operationId (Apacta's GET /reports) is none, as in normalize.ts: named by method and path.
      const slug = kebabCase(raw.operationId || fallbackOperationId(method, path));
      entries.push({ operation, method, path, tag: raw.tags?.[0] ?? 'Other', slug, route: `/api/${slug}` });
    }
  }
  const order = [...(doc.tags ?? []).map((t) => t.name), ...entries.map((e) => e.tag)];
  const rank = (tag: string) => order.indexOf(tag);
  // Array.prototype.sort is stable: document order is kept inside a tag.
  return entries.sort((a, b) => rank(a.tag) - rank(b.tag));
}

/** Where the webhooks are: 3.1 `webhooks`, or 3.0's `x-webhooks`, which the OpenAPI plugin reads first. */
export const webhooksKey = (doc: OpenApiDocument) => ('x-webhooks' in doc ? 'x-webhooks' : 'webhooks');

/** The JSON pointer of an operation or webhook entry: what a generated page names in `openapi_ref`. */
export const entryRef = (doc: OpenApiDocument, entry: ApiOperationEntry) =>
  jsonPointer(entry.event === undefined ? 'paths' : webhooksKey(doc), entry.path, entry.method);

/** Every webhook (OpenAPI 3.1 `webhooks`), in document order; slugs and routes come from the generated pages. */
export function listWebhooks(doc: OpenApiDocument): ApiOperationEntry[] {
  const hooks = (doc as unknown as Record<string, unknown>)[webhooksKey(doc)] as Record<string, Record<string, unknown>> | undefined ?? {};
  return Object.entries(hooks).flatMap(([event, item]) =>
    Object.entries(item)
      .filter(([method]) => (HTTP_METHODS as readonly string[]).includes(method))
      .map(([method, op]) => ({ operation: op as Operation, method, path: event, tag: (op as Operation).tags?.[0] ?? 'Webhooks', slug: '', route: '', event })),
  );
}

/** Tag names in the order the document declares them (undeclared tags of operations last). */
export function tagOrder(doc: OpenApiDocument): string[] {
  return [...new Set([...(doc.tags ?? []).map((t) => t.name), ...listOperations(doc).map((e) => e.tag)])];
}

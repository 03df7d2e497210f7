/**
 * Build-time code samples: turns one OpenAPI operation into a complete request in every
 * language of config/codeSamples.ts, in Node, so no code generator ships to the browser.
 */
import { API_KEY_PLACEHOLDER, SAMPLE_LANGUAGES } from '../../config/codeSamples';
import { sampleFromSchema, type RefResolver } from './schema-sample';
import { derefOperation, refResolver, type ApiOperationEntry, type OpenApiDocument, type Operation, type Schema } from './spec';

// Both packages are CommonJS without types of their own. A plain require (as in spec.ts), not
// createRequire(import.meta.url): import.meta makes this module ESM to Playwright's loader, and
// tests/e2e/samples.spec.ts generates the expected samples with it.
const codegen = require('postman-code-generators') as {
  convert(language: string, variant: string, request: unknown, options: object, cb: (err: unknown, code: string) => void): void;
};
const sdk = require('postman-collection') as { Request: new (def: object) => unknown };

export interface CodeSample {
  id: string;
  label: string;
  highlight: string;
  code: string;
}

export type SampleBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'multipart' | 'urlencoded'; fields: Array<{ name: string; value?: string; file?: string }> }
  | { kind: 'raw'; contentType: string; text: string };

/** One `key=value` of a URL's query string, from the declared query parameter `name`. */
export interface QueryPair {
  name: string;
  key: string;
  value: string;
}

/** How a request authenticates: one header or query parameter, with a placeholder value. */
export interface SampleAuth {
  in: 'header' | 'query';
  name: string;
  value: string;
}

/** Where a request goes and how it authenticates, from the document's servers and security. */
export interface SampleTarget {
  baseUrl: string;
  auth?: SampleAuth;
}

/** A concrete request: every placeholder already filled with an example value. */
export interface SampleRequest extends SampleTarget {
  method: string;
  /** Path template such as /v1/projects/{project_id}. */
  path: string;
  pathParams: Record<string, string>;
  /**
   * Query, header and cookie parameters: every one the operation declares (an API key may be one of them).
   * Query parameters as the URL carries them, serialized by their `style` and `explode`: an exploded
   * array is one pair per item, a deepObject one pair per property (`filter[status]`); `name` is the
   * declared parameter each pair comes from.
   */
  query: QueryPair[];
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  body?: SampleBody;
  /** Set when the body, built from its schema, was too large and shows this many properties of each object at most. */
  shortened?: { maxProperties: number };
}

export function requestUrl(req: SampleRequest): string {
  const path = req.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = req.pathParams[name];
    if (value === undefined) throw new Error(`No value for path parameter "${name}" of ${req.method.toUpperCase()} ${req.path}`);
    return encodeURIComponent(value);
  });
  const pairs = req.query.map((q): [string, string] => [q.key, q.value]);
  if (req.auth?.in === 'query') pairs.push([req.auth.name, req.auth.value]);
  // A space as %20, not form encoding's `+`: OpenAPI query values are percent-encoded (RFC 3986),
  // and a server that reads a spaceDelimited parameter splits on the space.
  const query = new URLSearchParams(pairs).toString().replace(/\+/g, '%20');
  return `${req.baseUrl.replace(/\/$/, '')}${path}${query ? `?${query}` : ''}`;
}

/** A request body in Postman's format (used for the samples and for the Postman collection). */
export function postmanBody(body: SampleBody | undefined): object | undefined {
  if (!body) return undefined;
  if (body.kind === 'json') {
    return { mode: 'raw', raw: JSON.stringify(body.value, null, 2), options: { raw: { language: 'json' } } };
  }
  if (body.kind === 'raw') return { mode: 'raw', raw: body.text };
  if (body.kind === 'urlencoded') return { mode: 'urlencoded', urlencoded: body.fields.map((f) => ({ key: f.name, value: f.value ?? '' })) };
  return {
    mode: 'formdata',
    formdata: body.fields.map((f) =>
      f.file !== undefined ? { key: f.name, type: 'file', src: f.file } : { key: f.name, type: 'text', value: f.value ?? '' },
    ),
  };
}

/** The request's headers, credentials first, then its header and cookie parameters (one Cookie header). */
export function requestHeaders(req: SampleRequest): Array<{ key: string; value: string }> {
  const header = req.auth?.in === 'header' ? [{ key: req.auth.name, value: req.auth.value }] : [];
  for (const [key, value] of Object.entries(req.headers ?? {})) header.push({ key, value });
  const cookies = Object.entries(req.cookies ?? {}).map(([name, value]) => `${name}=${value}`);
  if (cookies.length) {
    const auth = header.find((h) => h.key === 'Cookie');
    if (auth) auth.value = [auth.value, ...cookies].join('; ');
    else header.push({ key: 'Cookie', value: cookies.join('; ') });
  }
  return header;
}

/**
 * A request body built from its schema is cut when it prints longer than this (JSON as the samples
 * print it, or its form fields): DocuSign's Tabs body, 418 KB in 7 languages on 42 pages, made
 * pages of 3.6 MB that the build compiled and rendered. Every other document of the real-API table
 * stays below it (the largest, Kubernetes' Pod, 12 KB); a document's own example is never cut.
 */
export const MAX_GENERATED_BODY_CHARS = 16 * 1024;

/** Each object of a shortened body keeps its required properties and the first others up to one of these, the largest that fits. */
const SHORTENED_PROPERTIES = [16, 8, 4, 2, 1, 0];

/** The comment lines that open every sample of a shortened body. */
export const shortenedNote = (maxProperties: number) => [
  `The full request body is too large for a sample: each object shows ${maxProperties ? `its first ${maxProperties} fields (and every required one)` : 'its required fields only'}.`,
  'The request body schema lists them all.',
];

/** How many characters a body takes in a sample: `size` of the value as the sample prints it. */
type BodySize = (value: unknown) => number;
const prettyJson: BodySize = (value) => JSON.stringify(value, null, 2)?.length ?? 0;
const compactJson: BodySize = (value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).length;
const formFields: BodySize = (value) => Object.entries(value ?? {}).reduce((n, [name, v]) => n + name.length + paramText(v).length, 0);

/** A value built from `schema`, shortened (`maxProperties`) when it prints (`size`) longer than MAX_GENERATED_BODY_CHARS. */
export function generatedBody(schema: Schema | undefined, resolve: RefResolver, size: BodySize = prettyJson): { value: unknown; shortened?: { maxProperties: number } } {
  const full = sampleFromSchema(schema, resolve);
  if (size(full) <= MAX_GENERATED_BODY_CHARS) return { value: full };
  let value: unknown;
  for (const maxProperties of SHORTENED_PROPERTIES) {
    value = sampleFromSchema(schema, resolve, true, maxProperties);
    if (size(value) <= MAX_GENERATED_BODY_CHARS || maxProperties === 0) return { value, shortened: { maxProperties } };
  }
  return { value };
}

export function generateSamples(req: SampleRequest): CodeSample[] {
  const header = requestHeaders(req);
  if (req.body?.kind === 'json') header.push({ key: 'Content-Type', value: 'application/json' });
  if (req.body?.kind === 'raw') header.push({ key: 'Content-Type', value: req.body.contentType });
  const request = new sdk.Request({
    url: requestUrl(req),
    method: req.method.toUpperCase(),
    header,
    body: postmanBody(req.body),
  });
  return SAMPLE_LANGUAGES.map((lang) => {
    let code: string | undefined;
    let failure: unknown;
    // followOriginalHttpMethod makes curl state every method explicitly (-X), as readers expect.
    const options = { indentType: 'Space', indentCount: lang.id === 'python' ? 4 : 2, trimRequestBody: true, followRedirect: true, followOriginalHttpMethod: true };
    codegen.convert(lang.generator.language, lang.generator.variant, request, options, (err, snippet) => {
      failure = err;
      code = snippet;
    });
    // The generators answer synchronously; a missing answer is a generator change we must notice.
    if (failure || code === undefined) {
      throw new Error(`Code sample for ${lang.id} of ${req.method.toUpperCase()} ${req.path} failed: ${String(failure ?? 'no result')}`);
    }
    const note = req.shortened ? `${shortenedNote(req.shortened.maxProperties).map((line) => `${lang.comment} ${line}`).join('\n')}\n` : '';
    return { id: lang.id, label: lang.label, highlight: lang.highlight, code: note + code.trim() };
  });
}

/* ---- From an OpenAPI operation ---- */

interface SecurityScheme {
  $ref?: string;
  type?: string;
  in?: string;
  name?: string;
  scheme?: string;
}

/** The placeholder credentials of each kind of security scheme (apiKey, http bearer/basic, OAuth 2, OpenID Connect). */
function authFor(scheme: SecurityScheme): SampleAuth | undefined {
  if (scheme.type === 'apiKey' && scheme.name && (scheme.in === 'header' || scheme.in === 'query')) {
    return { in: scheme.in, name: scheme.name, value: API_KEY_PLACEHOLDER };
  }
  if (scheme.type === 'apiKey' && scheme.name && scheme.in === 'cookie') return { in: 'header', name: 'Cookie', value: `${scheme.name}=${API_KEY_PLACEHOLDER}` };
  const kind = scheme.type === 'http' ? scheme.scheme?.toLowerCase() : scheme.type;
  if (kind === 'basic') return { in: 'header', name: 'Authorization', value: `Basic ${Buffer.from('YOUR_USERNAME:YOUR_PASSWORD').toString('base64')}` };
  if (kind === 'bearer') return { in: 'header', name: 'Authorization', value: 'Bearer YOUR_TOKEN' };
  if (kind === 'oauth2' || kind === 'openIdConnect') return { in: 'header', name: 'Authorization', value: 'Bearer YOUR_ACCESS_TOKEN' };
  return undefined;
}

/**
 * The first server of the operation (or of its path, or of the document) with its variables'
 * defaults, and the first of its security requirements the samples can show (its own, else the document's).
 */
export function sampleTarget(
  doc: OpenApiDocument,
  op: { security?: Array<Record<string, unknown>>; servers?: Array<{ url: string; variables?: Record<string, { default?: string }> }> },
  pathServers?: typeof op.servers,
): SampleTarget {
  const server = (op.servers ?? pathServers ?? doc.servers)?.[0] as (typeof op.servers & object)[number] | undefined;
  const baseUrl = (server?.url ?? '/').replace(/\{([^}]+)\}/g, (whole, name: string) => server?.variables?.[name]?.default ?? whole);
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, SecurityScheme>;
  const scheme = (name: string) => {
    let s = schemes[name];
    for (let hops = 0; s?.$ref && hops < 10; hops++) s = schemes[s.$ref.split('/').pop() ?? ''];
    return s;
  };
  for (const requirement of op.security ?? (doc as { security?: typeof op.security }).security ?? []) {
    const names = Object.keys(requirement);
    if (names.length === 0) return { baseUrl }; // {} makes authentication optional
    const auth = names.map((n) => scheme(n) && authFor(scheme(n)!)).find(Boolean);
    if (auth) return { baseUrl, auth };
  }
  return { baseUrl };
}

/** An operation with the $refs its sample reads resolved (`derefOperation` of the reader; deeper schemas keep theirs). */
export type ApiOperation = Operation & { method: string; path: string };

/** Told once per value the document gives no example for, naming where it was needed. */
export type MissingExample = (where: string) => void;

function exampleOf(holder: { example?: unknown; examples?: Record<string, { value?: unknown }> | unknown[]; schema?: Schema } | undefined): unknown {
  if (!holder) return undefined;
  if (holder.example !== undefined) return holder.example;
  const ex = holder.examples;
  if (Array.isArray(ex)) return ex[0];
  if (ex && typeof ex === 'object') return Object.values(ex)[0]?.value;
  const schema = holder.schema;
  if (schema?.example !== undefined) return schema.example;
  return Array.isArray(schema?.examples) ? schema.examples[0] : undefined;
}

/** A parameter's value as text: arrays comma-separated, objects as JSON. */
const paramText = (value: unknown) =>
  Array.isArray(value) ? value.map(String).join(',') : value && typeof value === 'object' ? JSON.stringify(value) : String(value);

const QUERY_DELIMITERS: Record<string, string> = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' };

/**
 * A query parameter's value as the URL carries it (OpenAPI 3.1 §4.8.12.4, style values): `form`
 * (the default) exploded by default, an array as one pair per item and an object as one pair per
 * property; not exploded, one pair with the items (or keys and values) joined by commas.
 * `spaceDelimited` and `pipeDelimited` join an array's items with a space or `|`; `deepObject`
 * sends `name[property]` per property. A style that does not fit the value falls back to `form`.
 */
export function queryPairs(p: { name: string; style?: string; explode?: boolean }, value: unknown): QueryPair[] {
  const style = p.style ?? 'form';
  const explode = p.explode ?? style === 'form';
  const pair = (key: string, v: unknown): QueryPair => ({ name: p.name, key, value: paramText(v) });
  if (Array.isArray(value)) {
    const delimiter = QUERY_DELIMITERS[style] ?? ',';
    if (explode) return value.map((item) => pair(p.name, item));
    return [{ name: p.name, key: p.name, value: value.map(String).join(delimiter) }];
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (style === 'deepObject') return entries.map(([k, v]) => pair(`${p.name}[${k}]`, v));
    if (explode) return entries.map(([k, v]) => pair(k, v));
    return [{ name: p.name, key: p.name, value: entries.flatMap(([k, v]) => [k, paramText(v)]).join(',') }];
  }
  return [pair(p.name, value)];
}

/** Header parameters OpenAPI says to ignore: the media types and the security scheme set them. */
const IGNORED_HEADERS = /^(accept|content-type|authorization)$/i;

export function sampleRequestFromOperation(
  op: ApiOperation,
  target: SampleTarget,
  resolve: RefResolver = () => undefined,
  missing: MissingExample = () => {},
): SampleRequest {
  const where = `${op.operationId ?? ''} (${op.method.toUpperCase()} ${op.path})`;
  const generated = (what: string, schema: Schema | undefined) => {
    missing(`${what} of ${where}`);
    return sampleFromSchema(schema, resolve);
  };
  let shortened: SampleRequest['shortened'];
  /** A body built from its schema, shortened when too large. */
  const generatedWhole = (what: string, schema: Schema | undefined, size: BodySize) => {
    missing(`${what} of ${where}`);
    const body = generatedBody(schema, resolve, size);
    shortened = body.shortened;
    return body.value;
  };
  const pathParams: Record<string, string> = {};
  const query: QueryPair[] = [];
  const headers: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  for (const p of op.parameters ?? []) {
    const value = exampleOf(p);
    if (p.in === 'path') {
      pathParams[p.name] = paramText(value ?? generated(`path parameter "${p.name}"`, p.schema));
    } else if (p.in === 'query' && !(target.auth?.in === 'query' && p.name === target.auth.name)) {
      query.push(...queryPairs(p, value ?? generated(`query parameter "${p.name}"`, p.schema)));
    } else if (p.in === 'header' && !IGNORED_HEADERS.test(p.name) && p.name.toLowerCase() !== target.auth?.name.toLowerCase()) {
      headers[p.name] = paramText(value ?? generated(`header parameter "${p.name}"`, p.schema));
    } else if (p.in === 'cookie' && !(target.auth?.name === 'Cookie' && target.auth.value.startsWith(`${p.name}=`))) {
      cookies[p.name] = paramText(value ?? generated(`cookie parameter "${p.name}"`, p.schema));
    }
  }
  let body: SampleBody | undefined;
  const content = op.requestBody?.content ?? {};
  const json = Object.keys(content).find((type) => /^application\/([\w.+-]+\+)?json\b/.test(type));
  if (json) {
    const media = content[json];
    body = { kind: 'json', value: exampleOf(media) ?? generatedWhole('JSON request body', media.schema, prettyJson) };
  } else if (content['multipart/form-data']) {
    const media = content['multipart/form-data'];
    const example = (exampleOf(media) ?? {}) as Record<string, unknown>;
    const fields = Object.entries(media.schema?.properties ?? {}).map(([name, prop]) => {
      const value = example[name] ?? prop.example ?? prop.examples?.[0] ?? generated(`multipart field "${name}"`, prop);
      return prop.format === 'binary' ? { name, file: String(value) } : { name, value: paramText(value) };
    });
    body = { kind: 'multipart', fields };
  } else if (content['application/x-www-form-urlencoded']) {
    const media = content['application/x-www-form-urlencoded'];
    const value = (exampleOf(media) ?? generatedWhole('form request body', media.schema, formFields)) as Record<string, unknown>;
    body = { kind: 'urlencoded', fields: Object.entries(value ?? {}).map(([name, v]) => ({ name, value: paramText(v) })) };
  } else if (Object.keys(content).length > 0) {
    // Any other media type (text, XML, binary): its example as text, else a value of its schema.
    const [contentType, media] = Object.entries(content)[0];
    const value = exampleOf(media) ?? generatedWhole(`${contentType} request body`, media.schema, compactJson);
    body = { kind: 'raw', contentType, text: typeof value === 'string' ? value : JSON.stringify(value) };
  }
  const declared = { ...(Object.keys(headers).length ? { headers } : {}), ...(Object.keys(cookies).length ? { cookies } : {}) };
  return { ...target, method: op.method, path: op.path, pathParams, query, ...declared, body, ...(shortened ? { shortened } : {}) };
}

/** The sample request of one operation of the document: the one rule for pages, twins and Postman. */
export function operationSample(doc: OpenApiDocument, entry: ApiOperationEntry, missing?: MissingExample): SampleRequest {
  const op = { ...derefOperation(doc, entry.operation), method: entry.method, path: entry.path } as ApiOperation;
  const pathServers = (doc.paths[entry.path] as { servers?: Parameters<typeof sampleTarget>[2] } | undefined)?.servers;
  return sampleRequestFromOperation(op, sampleTarget(doc, entry.operation, pathServers), refResolver(doc), missing);
}

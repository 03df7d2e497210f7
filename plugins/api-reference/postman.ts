/**
 * A Postman collection (schema v2.1) of every operation, built straight from the OpenAPI
 * document: one folder per tag in the document's tag order, example values filled in.
 */
import { API_KEY_PLACEHOLDER } from '../../config/codeSamples';
import { operationSample, postmanBody, requestHeaders, sampleTarget, type SampleAuth, type SampleRequest } from '../../lib/openapi/samples';
import { derefOperation, listOperations, type Operation, type OpenApiDocument } from '../../lib/openapi/spec';

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

interface KeyValue {
  key: string;
  value: string;
  type?: string;
  description?: string;
  disabled?: boolean;
}

export interface PostmanRequestItem {
  name: string;
  request: {
    method: string;
    description?: string;
    header: KeyValue[];
    url: { raw: string; host: string[]; path: string[]; query?: KeyValue[]; variable?: KeyValue[] };
    body?: object;
    auth?: PostmanAuth;
  };
  response: [];
}

export interface PostmanCollection {
  info: { name: string; description?: string; version?: string; schema: string };
  auth?: PostmanAuth;
  variable: KeyValue[];
  item: Array<{ name: string; description?: string; item: PostmanRequestItem[] }>;
}

const BASE = '{{baseUrl}}';

type PostmanAuth = { type: 'apikey'; apikey: KeyValue[] } | { type: 'noauth' };

/** Any of the samples' credentials as Postman's API-key auth (a header or query value), the secret as {{apiKey}}. */
function postmanAuth(auth: SampleAuth | undefined): PostmanAuth {
  if (!auth) return { type: 'noauth' };
  const value = auth.value.replace(/YOUR_TOKEN|YOUR_ACCESS_TOKEN/, API_KEY_PLACEHOLDER).replace(API_KEY_PLACEHOLDER, '{{apiKey}}');
  return {
    type: 'apikey',
    apikey: [
      { key: 'key', value: auth.name, type: 'string' },
      { key: 'value', value, type: 'string' },
      { key: 'in', value: auth.in, type: 'string' },
    ],
  };
}

/** Site-relative Markdown links (`](/api/...)`) made absolute, since Postman shows descriptions outside the site. */
function absoluteLinks(text: string | undefined, docsUrl: string): string | undefined {
  return text?.trim().replace(/\]\(\/(?!\/)/g, `](${docsUrl.replace(/\/$/, '')}/`);
}

function requestItem(op: Operation & { method: string; path: string }, sample: SampleRequest, docsUrl: string, auth?: PostmanAuth): PostmanRequestItem {
  // The operation comes with its $refs resolved.
  const params = op.parameters ?? [];
  const describeParam = (name: string, where: string) => absoluteLinks(params.find((p) => p.name === name && p.in === where)?.description, docsUrl);

  const segments = sample.path.split('/').filter(Boolean).map((s) => s.replace(/^\{(.+)\}$/, ':$1'));
  const variable = Object.entries(sample.pathParams).map(([key, value]) => ({ key, value, description: describeParam(key, 'path') }));
  // One entry per key the URL carries (an exploded array or object gives several), described by its parameter.
  const query = sample.query.map((q) => ({
    key: q.key,
    value: q.value,
    description: describeParam(q.name, 'query'),
    // Optional filters are listed but off, so the request works as sent.
    ...(params.find((p) => p.in === 'query' && p.name === q.name)?.required ? {} : { disabled: true }),
  }));
  const enabledQuery = query.filter((q) => !q.disabled).map((q) => `${q.key}=${encodeURIComponent(q.value)}`);
  const raw = `${BASE}/${segments.join('/')}${enabledQuery.length ? `?${enabledQuery.join('&')}` : ''}`;

  // The declared header and cookie parameters; the credentials are the collection's auth.
  const header: KeyValue[] = requestHeaders({ ...sample, auth: undefined });
  if (sample.body?.kind === 'json') header.push({ key: 'Content-Type', value: 'application/json' });
  const body = postmanBody(sample.body);
  return {
    name: op.summary ?? op.operationId ?? `${op.method.toUpperCase()} ${op.path}`,
    request: {
      method: op.method.toUpperCase(),
      ...(op.description ? { description: absoluteLinks(op.description, docsUrl) } : {}),
      header,
      url: {
        raw,
        host: [BASE],
        path: segments,
        ...(query.length ? { query } : {}),
        ...(variable.length ? { variable } : {}),
      },
      ...(body ? { body } : {}),
      ...(auth ? { auth } : {}),
    },
    response: [],
  };
}

/** `baseUrl` is the API's; `docsUrl` the docs site's, for links in descriptions. */
export function postmanCollection(doc: OpenApiDocument, baseUrl: string, docsUrl: string): PostmanCollection {
  const folders = new Map<string, PostmanCollection['item'][number]>();
  const global = sampleTarget(doc, {});
  for (const tag of doc.tags ?? []) folders.set(tag.name, { name: tag.name, ...(tag.description ? { description: absoluteLinks(tag.description, docsUrl) } : {}), item: [] });
  for (const entry of listOperations(doc)) {
    if (!folders.has(entry.tag)) folders.set(entry.tag, { name: entry.tag, item: [] });
    const op = { ...derefOperation(doc, entry.operation), method: entry.method, path: entry.path };
    const sample = operationSample(doc, entry);
    // Its own auth only where the operation's security differs from the document's.
    const own = JSON.stringify(sample.auth) === JSON.stringify(global.auth) ? undefined : postmanAuth(sample.auth);
    folders.get(entry.tag)!.item.push(requestItem(op, { ...sample, baseUrl: BASE }, docsUrl, own));
  }
  const credential = global.auth?.value.startsWith('Bearer') ? 'token' : global.auth?.value.startsWith('Basic') ? 'credentials' : 'API key';
  return {
    info: {
      name: doc.info.title,
      ...(doc.info.description ? { description: absoluteLinks(doc.info.description, docsUrl) } : {}),
      version: doc.info.version,
      schema: POSTMAN_SCHEMA,
    },
    ...(global.auth ? { auth: postmanAuth(global.auth) } : {}),
    variable: [
      { key: 'baseUrl', value: baseUrl, type: 'string' },
      ...(global.auth
        ? [{ key: 'apiKey', value: '', type: 'string', description: `Your ${doc.info.title.replace(/ API$/, '')} ${credential}, sent in the ${global.auth.name} ${global.auth.in}.` }]
        : []),
    ],
    item: [...folders.values()].filter((f) => f.item.length > 0),
  };
}

/**
 * Build-time code samples: turns one OpenAPI operation into a complete request in every
 * language of config/codeSamples.ts, in Node, so no code generator ships to the browser.
 */
import { createRequire } from 'node:module';
import { API_KEY_PLACEHOLDER, SAMPLE_LANGUAGES } from '../../config/codeSamples';
import type { Operation } from './spec';

const require = createRequire(import.meta.url);
// Both packages are CommonJS without types of their own.
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
  | { kind: 'multipart'; fields: Array<{ name: string; value?: string; file?: string }> };

/** A concrete request: every placeholder already filled with an example value. */
export interface SampleRequest {
  baseUrl: string;
  method: string;
  /** Path template such as /v1/projects/{project_id}. */
  path: string;
  pathParams: Record<string, string>;
  query: Record<string, string>;
  body?: SampleBody;
}

export function requestUrl(req: SampleRequest): string {
  const path = req.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = req.pathParams[name];
    if (value === undefined) throw new Error(`No value for path parameter "${name}" of ${req.method.toUpperCase()} ${req.path}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(req.query).toString();
  return `${req.baseUrl.replace(/\/$/, '')}${path}${query ? `?${query}` : ''}`;
}

/** A request body in Postman's format (used for the samples and for the Postman collection). */
export function postmanBody(body: SampleBody | undefined): object | undefined {
  if (!body) return undefined;
  if (body.kind === 'json') {
    return { mode: 'raw', raw: JSON.stringify(body.value, null, 2), options: { raw: { language: 'json' } } };
  }
  return {
    mode: 'formdata',
    formdata: body.fields.map((f) =>
      f.file !== undefined ? { key: f.name, type: 'file', src: f.file } : { key: f.name, type: 'text', value: f.value ?? '' },
    ),
  };
}

export function generateSamples(req: SampleRequest): CodeSample[] {
  const header = [{ key: 'X-API-Key', value: API_KEY_PLACEHOLDER }];
  if (req.body?.kind === 'json') header.push({ key: 'Content-Type', value: 'application/json' });
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
    return { id: lang.id, label: lang.label, highlight: lang.highlight, code: code.trim() };
  });
}

/* ---- From an OpenAPI operation ---- */

/** An operation with its $refs resolved (as the docs plugin hands it over, or `derefDeep` of the reader). */
export type ApiOperation = Operation & { method: string; path: string };

function exampleOf(holder: { example?: unknown; examples?: Record<string, { value?: unknown }> | unknown[]; schema?: { example?: unknown } } | undefined): unknown {
  if (!holder) return undefined;
  if (holder.example !== undefined) return holder.example;
  const ex = holder.examples;
  if (Array.isArray(ex)) return ex[0];
  if (ex && typeof ex === 'object') return Object.values(ex)[0]?.value;
  return holder.schema?.example;
}

export function sampleRequestFromOperation(op: ApiOperation, baseUrl: string): SampleRequest {
  const where = `${op.operationId ?? ''} (${op.method.toUpperCase()} ${op.path})`;
  const pathParams: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of op.parameters ?? []) {
    const value = exampleOf(p);
    if (p.in === 'path') {
      if (value === undefined) throw new Error(`Path parameter "${p.name}" of ${where} has no example`);
      pathParams[p.name] = String(value);
    } else if (p.in === 'query' && value !== undefined) {
      query[p.name] = String(value);
    } else if (p.in === 'query' && p.required) {
      throw new Error(`Required query parameter "${p.name}" of ${where} has no example`);
    }
  }
  let body: SampleBody | undefined;
  const content = op.requestBody?.content ?? {};
  if (content['application/json']) {
    const value = exampleOf(content['application/json']);
    if (value === undefined) throw new Error(`JSON request body of ${where} has no example`);
    body = { kind: 'json', value };
  } else if (content['multipart/form-data']) {
    const media = content['multipart/form-data'];
    const example = (exampleOf(media) ?? {}) as Record<string, unknown>;
    const fields = Object.entries(media.schema?.properties ?? {}).map(([name, prop]) => {
      const value = example[name] ?? prop.example ?? prop.examples?.[0];
      if (value === undefined) throw new Error(`Multipart field "${name}" of ${where} has no example`);
      return prop.format === 'binary' ? { name, file: String(value) } : { name, value: String(value) };
    });
    body = { kind: 'multipart', fields };
  } else if (Object.keys(content).length > 0) {
    throw new Error(`Unsupported request media type ${Object.keys(content).join(', ')} in ${where}`);
  }
  return { baseUrl, method: op.method, path: op.path, pathParams, query, body };
}

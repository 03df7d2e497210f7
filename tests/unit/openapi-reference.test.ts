// The current document states no status code and no bound that the API reference does not list.
// The reference: api-facts.md §4 (response-code matrix of the upstream spec, 7a0a0c2, unchanged at
// HEAD) and §5 ("no field has numeric bounds"; the only range the reference states is the one in
// the classification `probs` description). Anything else is either removed or carries the mark
// `x-not-in-reference: <why>` on the response, with "Not in the reference" in its description.
// A bound we want to record without a source goes inside the mark (`x-not-in-reference:
// {reason, minimum: 0}`), never as a JSON Schema keyword, so generated clients do not enforce it.
// Runs on openapi/emissary.yaml only: the recorded releases in openapi/history keep what was published.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

type Json = { [key: string]: unknown };
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const MARK = 'x-not-in-reference';

/** api-facts.md §4: the error and success statuses the reference lists for each operation. */
export const REFERENCE_STATUSES: Record<string, string[]> = {
  listBaseModels: ['200', '400', '401'],
  retrieveBaseModelByName: ['200', '404'],
  createProject: ['201', '400'],
  listProjects: ['200', '401'],
  retrieveProjectById: ['200', '404'],
  deleteProjectById: ['204', '404'],
  createDataset: ['201', '400'],
  listDatasets: ['200', '401'],
  retrieveDatasetById: ['200', '404'],
  deleteDatasetById: ['204', '404'],
  createTrainingJob: ['201', '400'],
  listTrainingJobs: ['200', '401'],
  createGRPOTrainingJob: ['201', '400'],
  retrieveTrainingJobById: ['200', '404'],
  deleteTrainingJobById: ['204', '404'],
  cancelTrainingJobById: ['204', '404'],
  listCheckpoints: ['200', '404'],
  createEngine: ['201', '400', '401'],
  listEngines: ['200', '401'],
  getEngine: ['200', '404'],
  deleteEngineById: ['204', '404'],
  deployOnEngine: ['201', '400', '401'],
  unDeployFromEngine: ['204', '400', '401'],
  reactivateEngineById: ['204', '400', '404'],
  deactivateEngineById: ['204', '400', '404'],
  createDeployment: ['201', '400'],
  listDeployments: ['200', '401'],
  retrieveDeploymentById: ['200', '404'],
  deleteDeploymentById: ['204', '404'],
  reactivateDeploymentById: ['204', '400', '404'],
  getCompletionsFromDeployment: ['200', '400', '404'],
  getChatCompletions: ['200', '400', '404'],
  getEmbeddingsFromDeployment: ['200', '400', '404'],
  getClassificationFromDeployment: ['200', '400', '404'],
  listTestFunctions: ['200', '401'],
};

/** JSON Schema keywords that constrain a value, which generated clients enforce. */
export const BOUND_KEYWORDS = [
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems',
  'minProperties', 'maxProperties',
];

/** The bounds the reference states: the classification `probs` are "between 0 and 1" (api-facts §3.6). */
const PROBS = '#/paths/~1v1~1classification/post/responses/200/content/application~1json/schema/properties/data/items/oneOf/1/properties/probs/additionalProperties';
const REFERENCE_BOUNDS = new Set([`${PROBS}/minimum`, `${PROBS}/maximum`]);

const esc = (t: string | number) => String(t).replace(/~/g, '~0').replace(/\//g, '~1');

function resolve(doc: Json, node: unknown): unknown {
  if (!isObject(node) || typeof node.$ref !== 'string') return node;
  return node.$ref.slice(2).split('/').reduce<unknown>((n, t) => (isObject(n) ? n[t.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);

/** Every status an operation declares that the reference does not list, unless marked. */
export function unlistedStatuses(doc: Json): string[] {
  const found: string[] = [];
  for (const [path, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    for (const [method, op] of Object.entries(isObject(item) ? item : {})) {
      if (!METHODS.has(method) || !isObject(op)) continue;
      const id = String(op.operationId);
      const listed = REFERENCE_STATUSES[id];
      if (!listed) { found.push(`${id}: not an operation of the reference`); continue; }
      const responses = isObject(op.responses) ? op.responses : {};
      for (const [status, raw] of Object.entries(responses)) {
        if (status === 'default' || listed.includes(status)) continue;
        const response = resolve(doc, raw);
        const marked = isObject(response) && typeof response[MARK] === 'string' && /not in the reference/i.test(String(response.description));
        if (!marked) found.push(`${id} (${method.toUpperCase()} ${path}): ${status} is not in the reference; remove it or mark it ${MARK} with "Not in the reference" in its description`);
      }
      for (const status of listed) if (!(status in responses)) found.push(`${id}: the reference lists ${status}, the document does not`);
    }
  }
  return found;
}

/** Every bound keyword outside the ones the reference states. Extensions (`x-…`) are not read. */
export function unlistedBounds(doc: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, where: string, parentKey: string): void => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${where}/${i}`, ''));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-') || key === 'example' || key === 'examples') continue;
      const at = `${where}/${esc(key)}`;
      // A property that happens to be called `pattern` is a name, not a keyword.
      if (BOUND_KEYWORDS.includes(key) && parentKey !== 'properties' && !REFERENCE_BOUNDS.has(at)) found.push(`${at}: ${JSON.stringify(value)}`);
      walk(value, at, key);
    }
  };
  walk(doc, '#', '');
  return found;
}

const doc = parse(readFileSync(new URL('../../openapi/emissary.yaml', import.meta.url), 'utf8')) as Json;

test('every operation declares exactly the statuses the reference lists, plus default and marked ones', () => {
  assert.deepEqual(unlistedStatuses(doc), []);
});

test('no bound the reference does not state, so generated clients enforce none', () => {
  assert.deepEqual(unlistedBounds(doc), []);
  assert.ok(REFERENCE_BOUNDS.size === 2 && [...REFERENCE_BOUNDS].every((p) => {
    const value = p.slice(2).split('/').reduce<unknown>((n, t) => (n && typeof n === 'object' ? (n as Json)[t.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
    return typeof value === 'number';
  }), 'the allowed probs bounds must still exist where the allow-list says');
});

test('the checks fail on an unlisted status or bound, and pass it once marked', () => {
  const copy = structuredClone(doc) as any;
  copy.paths['/v1/projects'].post.responses['401'] = { $ref: '#/components/responses/Unauthorized' };
  assert.match(unlistedStatuses(copy).join('\n'), /createProject .* 401 is not in the reference/);
  copy.components.responses.UnauthorizedUnlisted = { description: 'Not in the reference: every call needs the key.', [MARK]: 'global security, no 401 listed' };
  copy.paths['/v1/projects'].post.responses['401'] = { $ref: '#/components/responses/UnauthorizedUnlisted' };
  assert.deepEqual(unlistedStatuses(copy), []);

  const chat = copy.paths['/v1/chat/completions'].post.requestBody.content['application/json'].schema.properties;
  chat.top_p.maximum = 1;
  assert.match(unlistedBounds(copy).join('\n'), /top_p\/maximum: 1/);
  delete chat.top_p.maximum;
  chat.top_p[MARK] = { reason: 'OpenAI range', minimum: 0, maximum: 1 };
  assert.deepEqual(unlistedBounds(copy), []);
});

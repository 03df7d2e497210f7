import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SAMPLE_LANGUAGES, API_KEY_PLACEHOLDER } from '../../config/codeSamples';
import { generateSamples, sampleRequestFromOperation, type ApiOperation } from '../../lib/openapi/samples';

const BASE = 'https://api.withemissary.com';
const ORDER = ['python', 'curl', 'go', 'nodejs', 'ruby', 'java', 'powershell'];

const getWithPathParams: ApiOperation = {
  operationId: 'retrieveDatasetById',
  method: 'get',
  path: '/v1/projects/{project_id}/datasets/{dataset_id}',
  parameters: [
    { name: 'project_id', in: 'path', required: true, example: 'ms-5e21b7' },
    { name: 'dataset_id', in: 'path', required: true, schema: { example: 'ds-4f1e9c' } },
  ],
};

const jsonPost: ApiOperation = {
  operationId: 'createProject',
  method: 'post',
  path: '/v1/projects',
  requestBody: { content: { 'application/json': { example: { name: 'support-triage' } } } },
};

const multipartUpload: ApiOperation = {
  operationId: 'createDataset',
  method: 'post',
  path: '/v1/projects/{project_id}/datasets',
  parameters: [{ name: 'project_id', in: 'path', required: true, example: 'ms-5e21b7' }],
  requestBody: {
    content: {
      'multipart/form-data': {
        schema: {
          properties: {
            file: { format: 'binary', example: 'tickets_train.jsonl' },
            name: { example: 'tickets-train-2025q3' },
          },
        },
      },
    },
  },
};

const TARGET = { baseUrl: BASE, auth: { in: 'header' as const, name: 'X-API-Key', value: API_KEY_PLACEHOLDER } };
const samplesFor = (op: ApiOperation) => generateSamples(sampleRequestFromOperation(op, TARGET));

test('samples come in the spec order of languages, one per language', () => {
  assert.deepEqual(SAMPLE_LANGUAGES.map((l) => l.id), ORDER);
  assert.deepEqual(samplesFor(jsonPost).map((s) => s.id), ORDER);
});

for (const lang of ORDER) {
  test(`${lang}: GET with path parameters is a complete request`, () => {
    const code = samplesFor(getWithPathParams).find((s) => s.id === lang)!.code;
    assert.match(code, /https:\/\/api\.withemissary\.com\/v1\/projects\/ms-5e21b7\/datasets\/ds-4f1e9c/);
    assert.match(code, /X-API-Key/);
    assert.ok(code.includes(API_KEY_PLACEHOLDER));
    assert.match(code, /GET|get|Get/);
    assert.doesNotMatch(code, /\{project_id\}|\{dataset_id\}|:project_id/);
  });

  test(`${lang}: JSON POST carries the example body and content type`, () => {
    const code = samplesFor(jsonPost).find((s) => s.id === lang)!.code;
    assert.match(code, /https:\/\/api\.withemissary\.com\/v1\/projects/);
    assert.match(code, /POST|post|Post/);
    assert.match(code, /support-triage/);
    assert.match(code, /application\/json/);
    assert.match(code, /X-API-Key/);
  });

  test(`${lang}: multipart dataset upload sends the file and the name`, () => {
    const code = samplesFor(multipartUpload).find((s) => s.id === lang)!.code;
    assert.match(code, /\/v1\/projects\/ms-5e21b7\/datasets/);
    assert.match(code, /tickets_train\.jsonl/);
    assert.match(code, /tickets-train-2025q3/);
    assert.doesNotMatch(code, /application\/json/);
  });
}

test('java uses the Unirest variant', () => {
  assert.match(samplesFor(jsonPost).find((s) => s.id === 'java')!.code, /Unirest/);
});

/** The sample request of `op`, and the build warnings it gave. */
function withWarnings(op: ApiOperation) {
  const warnings: string[] = [];
  const req = sampleRequestFromOperation(op, TARGET, undefined, (where) => warnings.push(where));
  return { req, warnings };
}

test('a path parameter without an example gets a value of its schema and one warning naming it', () => {
  const { req, warnings } = withWarnings({
    operationId: 'getEngine',
    method: 'get',
    path: '/v1/engines/{engine_id}',
    parameters: [{ name: 'engine_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
  });
  assert.equal(req.pathParams.engine_id, '3fa85f64-5717-4562-b3fc-2c963f66afa6');
  assert.deepEqual(warnings, ['path parameter "engine_id" of getEngine (GET /v1/engines/{engine_id})']);
});

test('a JSON body and query parameters without examples are built from their schemas, one warning each', () => {
  const { req, warnings } = withWarnings({
    operationId: 'createEngine',
    method: 'post',
    path: '/v1/engines',
    parameters: [
      { name: 'limit', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } },
      { name: 'cursor', in: 'query', schema: { type: 'string' } },
    ],
    requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', default: 'e1' } } } } } },
  });
  assert.deepEqual(req.query.map((q) => [q.key, q.value]), [['limit', '1'], ['cursor', 'string']], 'every query parameter, required or not');
  assert.deepEqual(req.body, { kind: 'json', value: { name: 'e1' } });
  assert.equal(warnings.length, 3);
  assert.match(warnings[1], /query parameter "cursor" of createEngine/);
  assert.match(warnings[2], /JSON request body of createEngine/);
});

test('bearer, basic and query-key security change the credentials every sample sends', () => {
  const op: ApiOperation = { operationId: 'listBooks', method: 'get', path: '/books' };
  const bearer = generateSamples(sampleRequestFromOperation(op, { baseUrl: 'https://x.example/v2', auth: { in: 'header', name: 'Authorization', value: 'Bearer YOUR_TOKEN' } }));
  assert.match(bearer.find((s) => s.id === 'curl')!.code, /--header 'Authorization: Bearer YOUR_TOKEN'/);
  assert.match(bearer.find((s) => s.id === 'curl')!.code, /'https:\/\/x\.example\/v2\/books'/);
  const query = generateSamples(sampleRequestFromOperation(op, { baseUrl: 'https://x.example', auth: { in: 'query', name: 'key', value: API_KEY_PLACEHOLDER } }));
  assert.match(query.find((s) => s.id === 'curl')!.code, /books\?key=YOUR_API_KEY/);
  assert.doesNotMatch(query.find((s) => s.id === 'curl')!.code, /X-API-Key/);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SAMPLE_LANGUAGES, API_KEY_PLACEHOLDER } from '../../config/codeSamples';
import { generateSamples, sampleRequestFromOperation, type ApiOperation } from '../../plugins/api-reference/samples';

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

const samplesFor = (op: ApiOperation) => generateSamples(sampleRequestFromOperation(op, BASE));

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

test('a path parameter without an example fails loudly, naming the operation', () => {
  const op: ApiOperation = { operationId: 'getEngine', method: 'get', path: '/v1/engines/{engine_id}', parameters: [{ name: 'engine_id', in: 'path', required: true }] };
  assert.throws(() => samplesFor(op), /engine_id.*getEngine/);
});

test('a JSON body without an example fails loudly', () => {
  const op: ApiOperation = { operationId: 'createEngine', method: 'post', path: '/v1/engines', requestBody: { content: { 'application/json': {} } } };
  assert.throws(() => samplesFor(op), /createEngine/);
});

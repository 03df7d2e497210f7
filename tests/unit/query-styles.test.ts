/**
 * Array and object query parameters are sent the way their `style` and `explode` say (issue 28:
 * samples send every parameter an operation declares, as the API reads it). The curl sample, as
 * generated, runs against a Prism mock of a small document with one parameter of each style; Prism
 * (`--errors`) answers 422 when a parameter does not parse as declared (an exploded array sent as
 * one comma-joined value has one item, not two; a deepObject sent as JSON has no properties).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateSamples, queryPairs, requestUrl, sampleRequestFromOperation, type ApiOperation } from '../../lib/openapi/samples';
import { startPrism } from '../support/prism';

const twoInts = { type: 'array', minItems: 2, items: { type: 'integer' } };
const bounds = { type: 'object', required: ['min', 'max'], properties: { min: { type: 'integer' }, max: { type: 'integer' } }, additionalProperties: false };
const PARAMETERS = [
  { name: 'tag', in: 'query', required: true, schema: { type: 'array', minItems: 2, items: { type: 'string', enum: ['red', 'blue'] } }, example: ['red', 'blue'] },
  { name: 'ids', in: 'query', required: true, explode: false, schema: twoInts, example: [3, 4] },
  { name: 'pipes', in: 'query', required: true, style: 'pipeDelimited', explode: false, schema: twoInts, example: [5, 6] },
  { name: 'spaces', in: 'query', required: true, style: 'spaceDelimited', explode: false, schema: twoInts, example: [7, 8] },
  { name: 'filter', in: 'query', required: true, style: 'deepObject', explode: true, schema: bounds, example: { min: 1, max: 9 } },
  { name: 'range', in: 'query', required: true, explode: false, schema: bounds, example: { min: 2, max: 8 } },
];
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Query styles', version: '1' },
  servers: [{ url: 'http://placeholder.invalid' }],
  paths: {
    '/search': {
      get: {
        operationId: 'search',
        // Prism splits a spaceDelimited value on the text `%20` after it has decoded the query
        // (@stoplight/prism-http validator/deserializers/index.js), so it cannot judge that style;
        // the first test checks its pairs.
        parameters: PARAMETERS.filter((p) => p.style !== 'spaceDelimited'),
        responses: { '200': { description: 'Found.', content: { 'application/json': { schema: { type: 'object' }, example: { found: true } } } } },
      },
    },
  },
};

test('each style and explode gives the pairs OpenAPI names', () => {
  const pairs = (i: number) => queryPairs(PARAMETERS[i], PARAMETERS[i].example).map((q) => `${q.key}=${q.value}`);
  assert.deepEqual(pairs(0), ['tag=red', 'tag=blue'], 'form, exploded (the default): one pair per item');
  assert.deepEqual(pairs(1), ['ids=3,4'], 'form, not exploded: items joined by commas');
  assert.deepEqual(pairs(2), ['pipes=5|6']);
  assert.deepEqual(pairs(3), ['spaces=7 8']);
  assert.deepEqual(pairs(4), ['filter[min]=1', 'filter[max]=9']);
  assert.deepEqual(pairs(5), ['range=min,2,max,8']);
  assert.deepEqual(queryPairs({ name: 'point' }, { x: 1, y: 2 }).map((q) => `${q.key}=${q.value}`), ['x=1', 'y=2'], 'an exploded form object: its properties');
  assert.ok(queryPairs(PARAMETERS[4], PARAMETERS[4].example).every((q) => q.name === 'filter'), 'each pair names its parameter');
});

test('the curl sample of every style is accepted by a validating mock of the document', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'query-styles-'));
  const spec = path.join(dir, 'query-styles.json');
  writeFileSync(spec, JSON.stringify(DOCUMENT));
  const prism = await startPrism(spec);
  try {
    const spaced = generateSamples(sampleRequestFromOperation({ ...DOCUMENT.paths['/search'].get, parameters: [PARAMETERS[3]], method: 'get', path: '/search' } as unknown as ApiOperation, { baseUrl: prism.url }));
    assert.match(spaced.find((s) => s.id === 'curl')!.code, /\?spaces=7%208'/, 'a space percent-encoded, not `+`');
    const op = { ...DOCUMENT.paths['/search'].get, method: 'get', path: '/search' } as unknown as ApiOperation;
    const request = sampleRequestFromOperation(op, { baseUrl: prism.url });
    assert.match(requestUrl(request), /\?tag=red&tag=blue&ids=3%2C4&pipes=5%7C6&filter%5Bmin%5D=1&filter%5Bmax%5D=9&range=min%2C2%2Cmax%2C8$/);
    const curl = generateSamples(request).find((s) => s.id === 'curl')!.code;
    const out = execFileSync('bash', ['-c', `${curl} --silent --show-error --write-out '\\n%{http_code}'`], { encoding: 'utf8', timeout: 30_000 });
    const status = out.trim().split('\n').pop();
    assert.equal(status, '200', `Prism refused the sample:\n${curl}\n${out}\n${prism.log().slice(-2000)}`);
  } finally {
    await prism.stop();
  }
});

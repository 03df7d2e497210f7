// Guards openapi/emissary.yaml: its shape (operations, schemas, tags, errors, components) and that
// every example in it validates against its schema under strict Ajv (oneOf must match exactly one).
import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { HTTP_METHODS } from '../../lib/openapi/spec';
import Ajv2020 from 'ajv/dist/2020';
import type { ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';

type JsonObject = { [key: string]: unknown };

// OPENAPI_EXAMPLES_FILE: the same checks on a recorded earlier version (tests/unit/openapi-history.test.ts).
const SPEC_URL = new URL(process.env.OPENAPI_EXAMPLES_FILE ?? '../../openapi/emissary.yaml', import.meta.url);
const doc: unknown = parse(readFileSync(SPEC_URL, 'utf8'));


const EXPECTED_OPERATION_IDS = [
  'listBaseModels',
  'retrieveBaseModelByName',
  'createProject',
  'listProjects',
  'retrieveProjectById',
  'deleteProjectById',
  'createDataset',
  'listDatasets',
  'retrieveDatasetById',
  'deleteDatasetById',
  'createTrainingJob',
  'listTrainingJobs',
  'createGRPOTrainingJob',
  'retrieveTrainingJobById',
  'deleteTrainingJobById',
  'cancelTrainingJobById',
  'listCheckpoints',
  'createEngine',
  'listEngines',
  'getEngine',
  'deleteEngineById',
  'deployOnEngine',
  'unDeployFromEngine',
  'reactivateEngineById',
  'deactivateEngineById',
  'createDeployment',
  'listDeployments',
  'retrieveDeploymentById',
  'deleteDeploymentById',
  'reactivateDeploymentById',
  'getCompletionsFromDeployment',
  'getChatCompletions',
  'getEmbeddingsFromDeployment',
  'getClassificationFromDeployment',
  'listTestFunctions',
];

const EXPECTED_SCHEMAS = [
  'CompletionObject',
  'ChatCompletionObject',
  'BaseModelSummary',
  'ProjectSummary',
  'ProjectDetail',
  'DatasetSummary',
  'DatasetDetail',
  'TestingFunctionSummary',
  'TrainingJobSummary',
  'TrainingJobDetail',
  'TrainingJobCheckpoint',
  'InferenceEngineSummary',
  'InferenceEngineDetail',
  'DeploymentSummary',
  'DeploymentDetail',
  'ApiResponse',
  'ApiErrorInvalidInput',
  'ApiErrorNotFound',
  'ApiErrorUnauthorized',
];

const EXPECTED_TAGS = [
  'Projects',
  'Datasets',
  'Training Jobs',
  'Deployments',
  'Inference Engines',
  'Inference',
  'Base Models',
  'Testing Functions',
];

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asObject(value: unknown, where: string): JsonObject {
  assert.ok(isObject(value), `${where} must be an object`);
  return value;
}

function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

function pointer(...tokens: (string | number)[]): string {
  return `#/${tokens.map(escapeToken).join('/')}`;
}

function child(base: string, ...tokens: (string | number)[]): string {
  return `${base}/${tokens.map(escapeToken).join('/')}`;
}

/** Follows a local JSON pointer such as `#/components/schemas/ProjectSummary`. */
function resolvePointer(ref: string): unknown {
  assert.ok(ref.startsWith('#/'), `only local $refs are allowed, got ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node)) node = node[token];
    else node = undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** Returns the target of a Reference Object, or the object itself. */
function deref(value: unknown, where: string): { node: JsonObject; ref?: string } {
  const node = asObject(value, where);
  if (typeof node.$ref === 'string') {
    const target = resolvePointer(node.$ref);
    return { node: asObject(target, `${node.$ref} (referenced at ${where})`), ref: node.$ref };
  }
  return { node };
}

const root = asObject(doc, 'the document');
const paths = asObject(root.paths, '#/paths');
const components = asObject(root.components, '#/components');
const componentSchemas = asObject(components.schemas, '#/components/schemas');

interface Operation {
  id: string;
  method: string;
  path: string;
  pointer: string;
  node: JsonObject;
}

const operations: Operation[] = [];
for (const [path, item] of Object.entries(paths)) {
  const pathItem = asObject(item, pointer('paths', path));
  for (const method of HTTP_METHODS) {
    if (pathItem[method] === undefined) continue;
    const where = pointer('paths', path, method);
    const node = asObject(pathItem[method], where);
    assert.equal(typeof node.operationId, 'string', `${where} has no operationId`);
    operations.push({ id: node.operationId as string, method, path, pointer: where, node });
  }
}

// --- Ajv: component schemas are registered under absolute URIs so that $refs resolve anywhere ---

const SCHEMA_BASE = 'https://emissary.invalid/components/schemas/';
const COMPONENT_SCHEMA_PREFIX = '#/components/schemas/';

/** Values that are data, not schemas: copied as they are. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'enum', 'const', 'default']);
/** Maps of names to schemas: their keys are names, never keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
/**
 * Annotations a 2020-12 validator ignores: vendor extensions (x-…) and the 2019-09 keywords 2020-12
 * replaced. Strict mode still rejects any other unknown keyword (a typo in our document).
 */
const ignoredKeyword = (key: string) => key.startsWith('x-') || key === '$recursiveAnchor' || key === '$recursiveRef';

/** Deep-copies a schema, turning `#/components/schemas/X[/rest]` refs into absolute Ajv ids. */
function rewriteRefs(node: unknown, names = false): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item));
  if (!isObject(node)) return node;
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (names) {
      copy[key] = rewriteRefs(value);
    } else if (ignoredKeyword(key)) {
      continue;
    } else if (DATA_KEYWORDS.has(key)) {
      copy[key] = value;
    } else if (NAME_MAPS.has(key)) {
      copy[key] = rewriteRefs(value, true);
    } else if (key === '$ref' && typeof value === 'string') {
      assert.ok(
        value.startsWith(COMPONENT_SCHEMA_PREFIX),
        `schema $ref ${value} must point into ${COMPONENT_SCHEMA_PREFIX}`,
      );
      const [name, ...rest] = value.slice(COMPONENT_SCHEMA_PREFIX.length).split('/');
      copy.$ref = `${SCHEMA_BASE}${name}${rest.length > 0 ? `#/${rest.join('/')}` : ''}`;
    } else {
      copy[key] = rewriteRefs(value);
    }
  }
  return copy;
}

const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
addFormats(ajv);
// OpenAPI keywords that are not JSON Schema: Ajv must know them to stay in strict mode.
ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs', 'x-max-upload-mb']);
for (const [name, schema] of Object.entries(componentSchemas)) {
  ajv.addSchema({ ...asObject(rewriteRefs(schema), pointer('components', 'schemas', name)), $id: SCHEMA_BASE + name });
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((error) => {
      const at = error.instancePath === '' ? '(root)' : error.instancePath;
      const passing = (error.params as { passingSchemas?: unknown }).passingSchemas;
      const detail =
        error.keyword === 'oneOf' && Array.isArray(passing)
          ? `matches more than one oneOf variant (${passing.join(', ')}): the variants overlap`
          : error.message ?? error.keyword;
      return `  - example${at}: ${detail} [schema ${error.schemaPath}]`;
    })
    .join('\n');
}

// --- Collect every example in the document ---

interface ExampleSite {
  owner: string; // operationId or component name
  pointer: string; // where the example value sits in the document
  schema: unknown;
  value: unknown;
}

const sites: ExampleSite[] = [];

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'] as const;
const SUBSCHEMA_LISTS = ['oneOf', 'anyOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMA_SINGLES = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'] as const;

/** Adds the schema-level `example` and `examples` (JSON Schema array) of a schema and its subschemas. */
function collectSchemaExamples(schema: unknown, where: string, owner: string): void {
  if (!isObject(schema)) return;
  if ('example' in schema) sites.push({ owner, pointer: child(where, 'example'), schema, value: schema.example });
  if (Array.isArray(schema.examples)) {
    schema.examples.forEach((value, index) => {
      sites.push({ owner, pointer: child(where, 'examples', index), schema, value });
    });
  }
  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key];
    if (isObject(map)) {
      for (const [name, sub] of Object.entries(map)) collectSchemaExamples(sub, child(where, key, name), owner);
    }
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((sub, index) => collectSchemaExamples(sub, child(where, key, index), owner));
  }
  for (const key of SUBSCHEMA_SINGLES) collectSchemaExamples(schema[key], child(where, key), owner);
}

/** Adds `example` and `examples[*].value` of a media type or parameter, checked against its `schema`. */
function collectHolderExamples(holder: JsonObject, where: string, owner: string): void {
  const schema = holder.schema;
  if ('example' in holder) sites.push({ owner, pointer: child(where, 'example'), schema, value: holder.example });
  if (isObject(holder.examples)) {
    for (const [name, example] of Object.entries(holder.examples)) {
      const exampleWhere = child(where, 'examples', name);
      const { node } = deref(example, exampleWhere);
      if ('value' in node) sites.push({ owner, pointer: child(exampleWhere, 'value'), schema, value: node.value });
    }
  }
  collectSchemaExamples(schema, child(where, 'schema'), owner);
}

function collectContentExamples(content: unknown, where: string, owner: string): void {
  if (!isObject(content)) return;
  for (const [mediaType, media] of Object.entries(content)) {
    const mediaWhere = child(where, mediaType);
    collectHolderExamples(asObject(media, mediaWhere), mediaWhere, owner);
  }
}

// Inline parts of operations. Referenced parts are collected once, from components, below.
for (const op of operations) {
  const params = Array.isArray(op.node.parameters) ? op.node.parameters : [];
  params.forEach((param, index) => {
    const where = child(op.pointer, 'parameters', index);
    if (isObject(param) && param.$ref === undefined) collectHolderExamples(param, where, op.id);
  });
  if (isObject(op.node.requestBody) && op.node.requestBody.$ref === undefined) {
    collectContentExamples(op.node.requestBody.content, child(op.pointer, 'requestBody', 'content'), op.id);
  }
  for (const [status, response] of Object.entries(asObject(op.node.responses, child(op.pointer, 'responses')))) {
    if (isObject(response) && response.$ref === undefined) {
      collectContentExamples(response.content, child(op.pointer, 'responses', status, 'content'), op.id);
    }
  }
}
for (const [name, param] of Object.entries(isObject(components.parameters) ? components.parameters : {})) {
  const where = pointer('components', 'parameters', name);
  collectHolderExamples(asObject(param, where), where, `components.parameters.${name}`);
}
for (const [name, body] of Object.entries(isObject(components.requestBodies) ? components.requestBodies : {})) {
  const where = pointer('components', 'requestBodies', name);
  collectContentExamples(asObject(body, where).content, child(where, 'content'), `components.requestBodies.${name}`);
}
for (const [name, response] of Object.entries(isObject(components.responses) ? components.responses : {})) {
  const where = pointer('components', 'responses', name);
  collectContentExamples(asObject(response, where).content, child(where, 'content'), `components.responses.${name}`);
}
for (const [name, schema] of Object.entries(componentSchemas)) {
  collectSchemaExamples(schema, pointer('components', 'schemas', name), `components.schemas.${name}`);
}

// --- Tests ---

describe('every example validates against its schema', () => {
  it('finds examples to check', () => {
    assert.ok(sites.length >= 50, `expected at least 50 examples, found ${sites.length}`);
  });

  for (const site of sites) {
    it(`${site.owner} ${site.pointer}`, () => {
      assert.ok(site.schema !== undefined, `${site.owner}: example at ${site.pointer} has no schema to check it against`);
      const validate = ajv.compile(asObject(rewriteRefs(site.schema), `schema of ${site.pointer}`));
      const valid = validate(site.value);
      assert.ok(
        valid,
        `${site.owner}: example at ${site.pointer} does not match its schema:\n${describeErrors(validate.errors)}`,
      );
    });
  }
});

test('vendor extensions and 2019-09 keywords of valid documents do not stop the check', () => {
  const schema = {
    $recursiveAnchor: true,
    $dynamicAnchor: 'node',
    type: 'object',
    'x-internal': true,
    properties: { 'x-name': { type: 'string', 'x-note': 'a property may be called x-name' } },
    required: ['x-name'],
  };
  const validate = ajv.compile(asObject(rewriteRefs(schema), 'test schema'));
  assert.equal(validate({ 'x-name': 'a' }), true);
  assert.equal(validate({ 'x-name': 1 }), false, 'a property named x-… is still checked');
  assert.throws(() => ajv.compile(asObject(rewriteRefs({ type: 'string', maxLenght: 3 }), 'typo')), /unknown keyword/, 'typos still fail');
});

test('every component schema compiles under strict Ajv', () => {
  for (const name of Object.keys(componentSchemas)) {
    assert.doesNotThrow(() => ajv.getSchema(SCHEMA_BASE + name), `components.schemas.${name} does not compile`);
  }
});

test('every request and response body carries an example', () => {
  const missing: string[] = [];
  const check = (content: unknown, where: string, owner: string): void => {
    if (!isObject(content)) return;
    for (const [mediaType, media] of Object.entries(content)) {
      const holder = asObject(media, child(where, mediaType));
      if (!('example' in holder) && !isObject(holder.examples)) missing.push(`${owner} ${child(where, mediaType)}`);
    }
  };
  for (const op of operations) {
    if (op.node.requestBody !== undefined) {
      const { node } = deref(op.node.requestBody, child(op.pointer, 'requestBody'));
      check(node.content, child(op.pointer, 'requestBody', 'content'), op.id);
    }
    for (const [status, response] of Object.entries(asObject(op.node.responses, child(op.pointer, 'responses')))) {
      const { node } = deref(response, child(op.pointer, 'responses', status));
      check(node.content, child(op.pointer, 'responses', status, 'content'), op.id);
    }
  }
  assert.deepEqual(missing, [], `bodies without an example:\n${missing.join('\n')}`);
});

test('the document has exactly the 35 expected operations', () => {
  const ids = operations.map((op) => op.id);
  assert.equal(ids.length, 35, `expected 35 operations, found ${ids.length}`);
  assert.equal(new Set(ids).size, ids.length, 'operationIds must be unique');
  assert.deepEqual([...ids].sort(), [...EXPECTED_OPERATION_IDS].sort());
});

test('every operation has a summary, a description and exactly one tag', () => {
  for (const op of operations) {
    assert.ok(typeof op.node.summary === 'string' && op.node.summary.length > 0, `${op.id} (${op.pointer}) has no summary`);
    assert.ok(
      typeof op.node.description === 'string' && op.node.description.length > 0,
      `${op.id} (${op.pointer}) has no description`,
    );
    assert.ok(Array.isArray(op.node.tags) && op.node.tags.length === 1, `${op.id} (${op.pointer}) needs exactly one tag`);
  }
});

test('components.schemas holds exactly the 19 expected schemas, in order', () => {
  assert.deepEqual(Object.keys(componentSchemas), EXPECTED_SCHEMAS);
});

test('tags: declared in workflow order, each described, and declared exactly when used', () => {
  assert.ok(Array.isArray(root.tags), '#/tags must be a list');
  const declared = root.tags.map((tag, index) => asObject(tag, pointer('tags', index)));
  assert.deepEqual(
    declared.map((tag) => tag.name),
    EXPECTED_TAGS,
  );
  declared.forEach((tag, index) => {
    assert.ok(
      typeof tag.description === 'string' && tag.description.length > 0,
      `tag ${String(tag.name)} (${pointer('tags', index)}) has no description`,
    );
  });
  const declaredNames = new Set(declared.map((tag) => tag.name));
  const used = new Set<unknown>();
  for (const op of operations) {
    for (const tag of Array.isArray(op.node.tags) ? op.node.tags : []) {
      used.add(tag);
      assert.ok(declaredNames.has(tag), `${op.id} (${op.pointer}) uses undeclared tag ${String(tag)}`);
    }
  }
  for (const name of declaredNames) assert.ok(used.has(name), `tag ${String(name)} is declared but no operation uses it`);
});

/** The state conflicts: the facts give these 400s a description and no body, so the document gives them none. */
const BODYLESS_4XX = '#/components/responses/InvalidState';

test('every 4xx response has an application/json schema, except the state conflicts, which have no body', () => {
  for (const op of operations) {
    for (const [status, response] of Object.entries(asObject(op.node.responses, child(op.pointer, 'responses')))) {
      if (!/^4\d\d$/.test(status)) continue;
      const where = child(op.pointer, 'responses', status);
      const { node } = deref(response, where);
      const content = isObject(node.content) ? node.content : {};
      if (isObject(response) && response.$ref === BODYLESS_4XX) {
        assert.deepEqual(Object.keys(content), [], `${op.id}: ${where} is a state conflict, documented without a body`);
        continue;
      }
      const json = content['application/json'];
      assert.ok(
        isObject(json) && json.schema !== undefined,
        `${op.id}: ${status} response at ${where} has no application/json schema`,
      );
    }
  }
});

// Which statuses each operation declares (401 and 404 only where the reference lists them):
// tests/unit/openapi-reference.test.ts.

test('every path parameter is declared, and project_id always uses the shared ProjectId', () => {
  for (const op of operations) {
    const params = Array.isArray(op.node.parameters) ? op.node.parameters : [];
    const declared = params.map((param, index) => deref(param, child(op.pointer, 'parameters', index)).node);
    for (const [, name] of op.path.matchAll(/\{([^}]+)\}/g)) {
      assert.ok(
        declared.some((param) => param.in === 'path' && param.name === name),
        `${op.id}: path parameter ${name} is not declared at ${child(op.pointer, 'parameters')}`,
      );
    }
    if (op.path.includes('{project_id}')) {
      assert.ok(
        params.some((param) => isObject(param) && param.$ref === '#/components/parameters/ProjectId'),
        `${op.id}: ${child(op.pointer, 'parameters')} must use $ref '#/components/parameters/ProjectId'`,
      );
    }
  }
});

const UNREFERENCED_SCHEMA = '#/components/schemas/ApiResponse';

test('every $ref resolves and no component is unused but ApiResponse', () => {
  const refs = new Set<string>();
  const walk = (node: unknown, where: string): void => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, child(where, index)));
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          assert.notEqual(resolvePointer(value), undefined, `$ref ${value} at ${where} does not resolve`);
          refs.add(value);
        } else walk(value, child(where, key));
      }
    }
  };
  walk(doc, '#');

  const unused: string[] = [];
  for (const [section, entries] of Object.entries(components)) {
    if (section === 'securitySchemes' || !isObject(entries)) continue;
    for (const name of Object.keys(entries)) {
      const target = pointer('components', section, name);
      const referenced = [...refs].some((ref) => ref === target || ref.startsWith(`${target}/`));
      if (!referenced) unused.push(target);
    }
  }
  // The API defines ApiResponse but returns it from no operation (openapi/.redocly.lint-ignore.yaml).
  assert.deepEqual(unused, [UNREFERENCED_SCHEMA], `unused components:\n${unused.join('\n')}`);

  const requirements = [root.security, ...operations.map((op) => op.node.security)].flatMap((list) =>
    Array.isArray(list) ? list : [],
  );
  const usedSchemes = new Set(requirements.flatMap((requirement) => (isObject(requirement) ? Object.keys(requirement) : [])));
  for (const name of Object.keys(isObject(components.securitySchemes) ? components.securitySchemes : {})) {
    assert.ok(usedSchemes.has(name), `${pointer('components', 'securitySchemes', name)} is never required`);
  }
});

test('a status an operation does not list is described as undocumented, with no body', () => {
  for (const op of operations) {
    const responses = asObject(op.node.responses, child(op.pointer, 'responses'));
    const fallback = responses.default;
    if (fallback === undefined) continue;
    const { node } = deref(fallback, child(op.pointer, 'responses', 'default'));
    assert.equal(node.content, undefined, `${op.id}: the default response must not promise a body`);
    assert.match(String(node.description), /not documented/i, `${op.id}: the default response must say it is not documented`);
  }
});

// The one naming scheme: a testing function is named by its Python function name. The examples use the
// function names of the dashboard's testing-script template (platform facts §3.4).
const TEMPLATE_FUNCTIONS = [
  'sample_metric1',
  'list_comparison_metric',
  'sample_classification_metric',
  'sample_match_multiclass_metric',
  'sample_match_multilabel_metric',
  'sample_match_binary_classification_metric',
  'sample_match_regression_metric',
];

test('testing functions follow the platform contract: three string arguments, one name scheme', () => {
  const listed = asObject(paths['/v1/testing-functions'], '/v1/testing-functions');
  const get = asObject(listed.get, 'listTestFunctions');
  const ok = asObject(asObject(get.responses, 'responses')['200'], '200');
  const example = asObject(asObject(ok.content, 'content')['application/json'], 'json').example;
  assert.ok(Array.isArray(example) && example.length > 0, 'listTestFunctions needs an example');
  const names = new Set<string>();
  for (const item of example) {
    const { name, content } = asObject(item, 'TestingFunctionSummary example');
    assert.equal(typeof name, 'string');
    names.add(name as string);
    assert.match(
      String(content),
      new RegExp(`def ${String(name)}\\(input_text, expected_output, predicted_output\\):`),
      `${String(name)}: the source must define the function under its own name with the three-argument contract`,
    );
  }
  // Every name a request or response example uses in test_functions or reward is a listed one.
  const used = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'test_functions' && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
          value.forEach((v) => used.add(v as string));
        } else if (key === 'reward' && isObject(value) && Object.values(value).every((v) => typeof v === 'number')) {
          Object.keys(value).forEach((v) => used.add(v));
        } else if (key === 'aggregated_test_result' && isObject(value) && Object.values(value).every((v) => typeof v === 'string')) {
          Object.keys(value).forEach((v) => used.add(v));
        } else walk(value);
      }
    }
  };
  walk(paths);
  walk(componentSchemas);
  for (const name of names) assert.ok(TEMPLATE_FUNCTIONS.includes(name), `${name} is not a template function name`);
  const strangers = [...used].filter((name) => !TEMPLATE_FUNCTIONS.includes(name));
  assert.deepEqual(strangers, [], `testing-function names outside the one scheme: ${strangers.join(', ')}`);
});

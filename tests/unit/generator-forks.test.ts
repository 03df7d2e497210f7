/**
 * Our forks of docusaurus-plugin-openapi-docs 5.2 (still installed: it generates the pages) held to
 * the generator's own functions on the kitchen sink, each page item as the generator builds it:
 * page-mdx.ts against lib/markdown/index.js (createApiPageMD, createInfoPageMD, createSchemaPageMD,
 * with their props externalized as ours are) and components/schemaExample.ts against
 * lib/openapi/createSchemaExample.js (sampleFromSchema for a response). Where ours differs on
 * purpose, the test says so and takes that part out of both.
 */
import '../support/docusaurus-translate';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { apiPageMdx, clean, infoPageMdx, PropsFiles, schemaPageMdx, type PageOperation, type PageSecurityScheme } from '../../plugins/api-reference/page-mdx';
import { schemaExample } from '../../plugins/api-reference/components/schemaExample';

/* eslint-disable @typescript-eslint/no-explicit-any -- page items are whatever the generator builds */
type Item = any;

const fromPlugin = createRequire(require.resolve('docusaurus-plugin-openapi-docs'));
const lib = (file: string) => fromPlugin(`docusaurus-plugin-openapi-docs/lib/${file}`);
const markdown = lib('markdown/index');
const utils = lib('markdown/utils');
const { sampleFromSchema } = lib('openapi/createSchemaExample');
const { readOpenapiFiles, processOpenapiFiles } = lib('openapi/openapi');

const KITCHEN_SINK = path.join(__dirname, '../fixtures/openapi/kitchen-sink.yaml');

/** The generator's page items for the kitchen sink: operations, webhooks, the info page and a page per schema (its warnings about its own examples kept quiet). */
let loaded: Promise<Item[]> | undefined;
function pageItems(): Promise<Item[]> {
  loaded ??= (async () => {
    const { warn, log } = console;
    console.warn = console.log = () => {};
    try {
      const files = await readOpenapiFiles(KITCHEN_SINK);
      const [items] = await processOpenapiFiles(files, { specPath: KITCHEN_SINK, outputDir: 'api-docs', showSchemas: true, downloadUrl: '/openapi.yaml' }, {});
      return items;
    } finally {
      Object.assign(console, { warn, log });
    }
  })();
  return loaded;
}

/** The page without its import lines, and its props files inlined by name (the generator's and ours name them alike). */
function comparable(mdx: string, files: Array<{ name: string; content: string }>): string {
  const byName = new Map(files.map((f) => [f.name, f.content]));
  return mdx
    .replace(/^import .*\n/gm, '')
    .replace(/\{\.\.\.require\("\.\/([^"]+)"\)\}/g, (_, name: string) => `{...${byName.get(name) ?? `missing ${name}`}}`)
    .trim();
}

/** The generator's page and its props files, as it writes them with externalJsonProps on. */
function theirs(id: string, build: () => string): string {
  const { result, files } = utils.runWithExternalization(path.basename(id), build);
  return comparable(result, files.map((f: { filename: string; content: string }) => ({ name: f.filename, content: f.content })));
}

/** Ours, through page-mdx.ts's PropsFiles. */
function ours(id: string, build: (files: PropsFiles) => string): string {
  const files = new PropsFiles(id);
  const mdx = build(files);
  return comparable(mdx, files.files);
}

/** Both samplers warn (the generator on the console's log) where a part is no schema; the test keeps quiet. */
const quietly = <T>(run: () => T): T => {
  const { warn, log } = console;
  console.warn = console.log = () => {};
  try {
    return run();
  } finally {
    Object.assign(console, { warn, log });
  }
};

test('every description made safe for MDX as the generator\'s clean(), but for "<=", which ours keeps', async () => {
  const texts = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'description' && typeof value === 'string') texts.add(value);
      else walk(value);
    }
  };
  walk(await pageItems());
  texts.add('Between `{a}` and <b>b</b>: x > 1, y < 2 and {braces}.');
  assert.ok(texts.size > 20, `only ${texts.size} descriptions`);
  for (const text of texts) if (!text.includes('<=')) assert.equal(clean(text), utils.clean(text), text);
  // The one difference: the generator's rule took the "=" of "<=" with it.
  assert.equal(clean('x <= 3'), 'x &lt;= 3');
  assert.equal(utils.clean('x <= 3'), 'x &lt; 3');
});

test("every operation and webhook page: the generator's MDX (no SecuritySchemes, no vendor extensions: ours shows neither)", async () => {
  const items = (await pageItems()).filter((item) => item.type === 'api');
  assert.ok(items.length >= 5, `only ${items.length} operation pages`);
  assert.ok(items.some((item) => item.api.method === 'event'), 'no webhook in the kitchen sink');
  for (const item of items) {
    const expected = theirs(item.id, () => markdown.createApiPageMD({ ...item, infoPath: undefined, frontMatter: {} }));
    assert.equal(ours(item.id, (files) => apiPageMdx(item.title, item.api as PageOperation, files)), expected, item.id);
  }
});

test("the info page: the generator's MDX, but contact, terms and license, which ours lists in Markdown", async () => {
  const [item] = (await pageItems()).filter((i) => i.type === 'info');
  const info = { ...item.info, contact: undefined, license: undefined, termsOfService: undefined };
  const expected = theirs(item.id, () => markdown.createInfoPageMD({ ...item, info }));
  assert.equal(ours(item.id, () => infoPageMdx(info, item.securitySchemes as Record<string, PageSecurityScheme>, item.downloadUrl)), expected);
});

test("every schema page: the generator's MDX", async () => {
  const items = (await pageItems()).filter((item) => item.type === 'schema');
  assert.ok(items.length >= 5, `only ${items.length} schema pages`);
  for (const item of items) {
    const expected = theirs(item.id, () => markdown.createSchemaPageMD(item));
    assert.equal(ours(item.id, (files) => schemaPageMdx(item.schema, files)), expected, item.id);
  }
});

test("every body's example: the generator's sampleFromSchema for a response", async () => {
  const schemas: Array<[string, unknown]> = [];
  for (const item of await pageItems()) {
    if (item.type === 'schema') schemas.push([item.id, item.schema]);
    if (item.type !== 'api') continue;
    const bodies = [item.api.requestBody, ...Object.values<Item>(item.api.responses ?? {})];
    for (const body of bodies) for (const [type, media] of Object.entries<Item>(body?.content ?? {})) if (media.schema) schemas.push([`${item.id} ${type}`, media.schema]);
  }
  assert.ok(schemas.length > 20, `only ${schemas.length} schemas`);
  for (const [where, schema] of schemas) {
    assert.deepEqual(quietly(() => schemaExample(schema)), quietly(() => sampleFromSchema(schema, { type: 'response' })), where);
  }
});

// API descriptions are rendered to HTML at build time (plugins/api-reference/descriptions.ts); the
// page's Markdown component outputs that HTML, and formats only the OpenAPI theme's own qualifier
// line ("**Possible values:** `>= 0`"), which the theme builds in the browser from a schema.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { descriptionHtml, withHtmlDescriptions } from '../../plugins/api-reference/descriptions';
import { API_OUTPUT_DIR, openApiDocsOptions } from '../../plugins/api-reference/options';
import { siteInput } from '../../plugins/api-reference/site';
import { apiPageAdditions } from '../../plugins/changelog/pages';
import Markdown from '../../plugins/api-reference/theme/Markdown';
import { qualifierHtml } from '../../plugins/api-reference/theme/Markdown/qualifier';
import { spec } from '../support/openapi';

type JsonObject = { [key: string]: unknown };

const TABLE_LIST_LINK = [
  'Pick the variant by its values:',
  '',
  '| Values | Variant |',
  '| --- | --- |',
  '| below 1 | `ratio` |',
  '| 1 or more | `number` |',
  '',
  '- one item',
  '- another, see [Create project](/api/create-project)',
].join('\n');

/** The theme's getQualifierMessage, loaded in Node with an identity stand-in for Docusaurus's translate(). */
function loadQualifierMessage(): (schema: JsonObject) => string | undefined {
  const require = createRequire(import.meta.url);
  const stub = `${new URL(import.meta.url).pathname}#translate`;
  const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const resolve = loader._resolveFilename;
  loader._resolveFilename = function (request: string, ...rest: unknown[]) {
    return request === '@docusaurus/Translate' ? stub : resolve.call(this, request, ...rest);
  };
  const translate = new Module(stub);
  translate.exports = { translate: ({ message }: { message: string }) => message };
  translate.loaded = true;
  require.cache[stub] = translate;
  try {
    return require('docusaurus-theme-openapi-docs/lib/markdown/schema').getQualifierMessage;
  } finally {
    loader._resolveFilename = resolve;
  }
}

/** Every schema object of the document, by JSON path (data under examples and defaults left out). */
function schemas(node: unknown, path: string, out: Array<[string, JsonObject]> = []): Array<[string, JsonObject]> {
  if (!node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    node.forEach((n, i) => schemas(n, `${path}/${i}`, out));
    return out;
  }
  const obj = node as JsonObject;
  if ('type' in obj || 'enum' in obj || 'oneOf' in obj || 'allOf' in obj || 'items' in obj) out.push([path, obj]);
  for (const [key, value] of Object.entries(obj)) {
    if (!['example', 'examples', 'default', 'const', 'enum'].includes(key)) schemas(value, `${path}/${key}`, out);
  }
  return out;
}

describe('API descriptions: Markdown to HTML at build time', () => {
  it('renders a table, a list and a link as such', () => {
    const html = descriptionHtml(TABLE_LIST_LINK, 'test');
    assert.match(html, /<table><thead><tr><th>Values<\/th><th>Variant<\/th><\/tr><\/thead><tbody><tr><td>below 1<\/td><td><code>ratio<\/code><\/td><\/tr>/);
    assert.match(html, /<ul>\s*<li>one item<\/li>\s*<li>another, see <a href="\/api\/create-project">Create project<\/a><\/li>\s*<\/ul>/);
    assert.match(html, /^<p>Pick the variant by its values:<\/p>/);
  });

  it('opens external links in a new tab with an opener-safe rel, as the rest of the site', () => {
    assert.equal(
      descriptionHtml('See [the spec](https://spec.openapis.org/).', 'test'),
      '<p>See <a href="https://spec.openapis.org/" target="_blank" rel="noopener noreferrer">the spec</a>.</p>',
    );
  });

  it('keeps harmless raw HTML and drops the rest: scripts, handlers, javascript: links, unknown elements', () => {
    assert.equal(descriptionHtml('a <b>bold</b> claim<br>next', 'test'), '<p>a <b>bold</b> claim<br/>next</p>');
    assert.equal(
      descriptionHtml('<script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">link</a> <blink>old</blink>', 'test'),
      '<a>link</a> old',
    );
    assert.equal(descriptionHtml('<details><summary>More</summary>Hidden text.</details>', 'test'), '<details><summary>More</summary>Hidden text.</details>');
  });

  it('renders nested descriptions, and leaves data and the own description as they are', () => {
    const node = { description: 'Own *text*', properties: { a: { description: 'A `field`', example: { description: 'data' } } } };
    assert.deepEqual(withHtmlDescriptions(node, 'test', true), {
      description: 'Own *text*',
      properties: { a: { description: '<p>A <code>field</code></p>', example: { description: 'data' } } },
    });
  });

  it('renders the default response and example summaries of bodies, not schema defaults or parameter examples', () => {
    const op = {
      parameters: [{ name: 'q', examples: { one: { summary: 'Plain *text*', value: 'x' } }, schema: { default: 'a' } }],
      responses: {
        default: { description: 'Any *other* status.', content: { 'application/json': { examples: { one: { summary: 'A `body`', value: {} } } } } },
      },
    };
    assert.deepEqual(withHtmlDescriptions(op, 'test'), {
      parameters: [{ name: 'q', examples: { one: { summary: 'Plain *text*', value: 'x' } }, schema: { default: 'a' } }],
      responses: {
        default: { description: '<p>Any <em>other</em> status.</p>', content: { 'application/json': { examples: { one: { summary: '<p>A <code>body</code></p>', value: {} } } } } },
      },
    });
  });

  it('hands the page generator HTML descriptions, and the page shows the table', () => {
    const { createApiPageMD } = openApiDocsOptions(siteInput(path.join(__dirname, '../..'), {}), apiPageAdditions).config.emissary.markdownGenerators;
    const item = {
      id: 'get-thing',
      title: 'Get thing',
      type: 'api',
      frontMatter: {},
      api: {
        method: 'get',
        // A path of the document: the samples come from its operation there.
        path: '/v1/projects/{project_id}',
        operationId: 'getThing',
        description: 'The operation keeps *Markdown*.',
        parameters: [{ name: 'thing_id', in: 'path', required: true, example: 't-1', description: TABLE_LIST_LINK, schema: { type: 'string' } }],
        responses: { '200': { description: 'The `thing`.' } },
      },
    };
    const mdx = createApiPageMD(item as never);
    assert.match(mdx, /The operation keeps \*Markdown\*\./);
    // The props are in a JSON file beside the page, which the page spreads (page-mdx.ts, PropsFiles).
    const file = mdx.match(/<ParamsDetails\s+\{\.\.\.require\("\.\/(get-thing\.ParamsDetails\.json)"\)\}\s*>/)?.[1];
    assert.ok(file, 'no ParamsDetails props file in the generated page');
    const props = (JSON.parse(readFileSync(path.join(API_OUTPUT_DIR, file), 'utf8')) as { parameters: Array<{ description: string }> }).parameters;
    const page = renderToStaticMarkup(React.createElement(Markdown, null, props[0].description));
    assert.match(page, /<table>.*<td><code>ratio<\/code><\/td>/s);
    assert.match(readFileSync(path.join(API_OUTPUT_DIR, 'get-thing.StatusCodes.json'), 'utf8'), /<p>The <code>thing<\/code>.<\/p>/);
  });

  it('renders every description of openapi/emissary.yaml', () => {
    const rendered = JSON.stringify(withHtmlDescriptions(spec, 'openapi/emissary.yaml'));
    assert.ok((rendered.match(/"description":"<p>/g) ?? []).length > 200);
  });
});

describe("The theme's qualifier line", () => {
  const getQualifierMessage = loadQualifierMessage();

  it('is formatted as the Markdown pipeline renders it, for every schema of the document', () => {
    const lines = schemas(spec, '#')
      .map(([path, schema]) => [path, getQualifierMessage(schema)] as const)
      .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string');
    assert.ok(lines.length > 20, `only ${lines.length} qualifier lines`);
    assert.ok(lines.some(([, line]) => line.includes('`>=')), 'no numeric range among the qualifier lines');
    for (const [path, line] of lines) assert.equal(qualifierHtml(line), descriptionHtml(line, path), `${path}: ${line}`);
  });

  it('fails on any other Markdown that reaches the browser', () => {
    assert.throws(() => qualifierHtml('A description that was not rendered'), /not rendered at build time/);
    assert.throws(() => qualifierHtml('**Possible values:** *emphasis*'), /not rendered at build time/);
  });

  it('leaves build-time HTML as it is', () => {
    const html = renderToStaticMarkup(React.createElement(Markdown, null, '<p>A <code>field</code></p>'));
    assert.equal(html, '<div><p>A <code>field</code></p></div>');
  });
});

// API descriptions are rendered to HTML at build time (plugins/api-reference/descriptions.ts); the
// API page's components output that HTML as it is (BuiltHtml), and build the "Possible values" line
// of a field from its schema as elements (components/schemaText.tsx), as the OpenAPI theme's line reads.
import '../support/docusaurus-translate';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { descriptionHtml, withHtmlDescriptions } from '../../plugins/api-reference/descriptions';
import { API_OUTPUT_DIR, openApiDocsOptions } from '../../plugins/api-reference/options';
import { siteInput } from '../../lib/site';
import { apiPageAdditions } from '../../lib/changelog/pages';
import { BuiltHtml, Qualifier, schemaName } from '../../plugins/api-reference/components/schemaText';
import { spec } from '../support/openapi';
import { parseOpenApi } from '../../lib/openapi/spec';

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

/**
 * The OpenAPI theme 5.2's getQualifierMessage (rendered by descriptionHtml) and getSchemaName (its
 * lib/markdown/schema.js) on every schema of the kitchen sink and of our recorded 2026-03 document,
 * as [JSON path, type name, line]: sha256 of its JSON, recorded from docusaurus-theme-openapi-docs
 * 5.2.0 (no longer installed). Recorded again when the kitchen sink gained createDeployment's body
 * (issue 55): the theme's getSchemaName and getQualifierMessage gave its two new schemas "object" and
 * "string" with no line, as ours do (checked against 5.2.0 before it left node_modules).
 */
const THEME_5_2_LINES = '99516b9fa1d6d86e34e6a43d4466abd3e815f5195cb7a5c0a91e0b914c96c7ee';
const DOCUMENTS = ['tests/fixtures/openapi/kitchen-sink.yaml', 'openapi/history/emissary-2026-03.yaml'].map((file) => parseOpenApi(readFileSync(path.resolve(__dirname, '../..', file), 'utf8')));

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
    const page = renderToStaticMarkup(React.createElement(BuiltHtml, { html: props[0].description }));
    assert.match(page, /<table>.*<td><code>ratio<\/code><\/td>/s);
    assert.match(readFileSync(path.join(API_OUTPUT_DIR, 'get-thing.StatusCodes.json'), 'utf8'), /<p>The <code>thing<\/code>.<\/p>/);
  });

  it('renders every description of openapi/emissary.yaml', () => {
    const rendered = JSON.stringify(withHtmlDescriptions(spec, 'openapi/emissary.yaml'));
    assert.ok((rendered.match(/"description":"<p>/g) ?? []).length > 200);
  });
});

/** The "Possible values" line of `schema` as the page's server HTML has it. */
const line = (schema: unknown) => renderToStaticMarkup(React.createElement(Qualifier, { schema }));

describe('The "Possible values" line and the type name (components/schemaText.tsx)', () => {
  it('reads and names every schema of the documents as the OpenAPI theme 5.2 did', () => {
    const all = schemas(DOCUMENTS, '#');
    const results = all.map(([at, schema]) => [at, schemaName(schema), line(schema)]);
    assert.ok(results.filter(([, , text]) => text).length > 50, 'too few qualifier lines in the documents');
    const hash = crypto.createHash('sha256').update(JSON.stringify(results)).digest('hex');
    assert.equal(hash, THEME_5_2_LINES, "a type name or a line differs from the theme 5.2's on the documents: if the change is meant, say why in the commit and record the new hash");
  });

  it('shows each kind of constraint', () => {
    assert.equal(line({ type: 'string', enum: ['queued', 'running'] }), '<div><p><strong>Possible values:</strong> [<code>queued</code>, <code>running</code>]</p></div>');
    assert.equal(line({ type: 'string', minLength: 1, maxLength: 64 }), '<div><p><strong>Possible values:</strong> <code>non-empty</code> and <code>&lt;= 64 characters</code></p></div>');
    assert.equal(line({ type: 'string', minLength: 3 }), '<div><p><strong>Possible values:</strong> <code>&gt;= 3 characters</code></p></div>');
    // OpenAPI 3.1's exclusive bounds are numbers, 3.0's are flags beside minimum and maximum.
    assert.equal(line({ type: 'number', exclusiveMinimum: 0, maximum: 2 }), '<div><p><strong>Possible values:</strong> <code>&gt; 0</code> and <code>&lt;= 2</code></p></div>');
    assert.equal(line({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true }), '<div><p><strong>Possible values:</strong> <code>&gt; 0</code> and <code>&lt; 1</code></p></div>');
    assert.equal(line({ type: 'string', pattern: '^[a-z`]+$' }), '<div><p><strong>Possible values:</strong> Value must match regular expression <code>^[a-z`]+$</code></p></div>');
    // An array without item counts shows its items' values; with them, the counts.
    assert.equal(line({ type: 'array', items: { enum: ['a', 'b'] } }), '<div><p><strong>Possible values:</strong> [<code>a</code>, <code>b</code>]</p></div>');
    assert.equal(line({ type: 'array', items: { enum: ['a'] }, minItems: 1, maxItems: 3 }), '<div><p><strong>Possible values:</strong> [<code>a</code>], <code>&gt;= 1</code>, <code>&lt;= 3</code></p></div>');
    assert.equal(line({ propertyName: 'kind', mapping: { file: '#/a', url: '#/b' } }), '<div><p><strong>Possible values:</strong> [<code>file</code>, <code>url</code>]</p></div>');
    assert.equal(line({ type: 'string' }), '');
    assert.equal(line(undefined), '');
  });

  it('names types, formats, unions and arrays', () => {
    assert.equal(schemaName({ type: 'string', format: 'date-time' }), 'string<date-time>');
    assert.equal(schemaName({ type: ['string', 'null'] }), 'string | null');
    assert.equal(schemaName({ type: ['integer', 'null'], format: 'int64' }), '(integer | null)<int64>');
    assert.equal(schemaName({ type: 'array', items: { type: ['string', 'null'] } }), '(string | null)[]');
    assert.equal(schemaName({ type: 'array', items: { title: 'Job', type: 'object' } }), 'object[]');
    assert.equal(schemaName({ title: 'Job', type: 'string' }), 'Job');
    assert.equal(schemaName({ enum: ['a'] }), 'string');
    assert.equal(schemaName({ allOf: [{ type: 'integer', enum: [1] }] }), 'integer');
    assert.equal(schemaName({ oneOf: [{ type: 'string' }] }), 'object');
  });
});

describe('Built HTML on the page', () => {
  it('leaves build-time HTML as it is', () => {
    const html = renderToStaticMarkup(React.createElement(BuiltHtml, { html: '<p>A <code>field</code></p>' }));
    assert.equal(html, '<div><p>A <code>field</code></p></div>');
  });

  it('shows text the build did not render as plain text, never as markup', () => {
    const html = renderToStaticMarkup(React.createElement(BuiltHtml, { html: 'Not <b>rendered</b>' }));
    assert.equal(html, '<div>Not &lt;b&gt;rendered&lt;/b&gt;</div>');
  });
});

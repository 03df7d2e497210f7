// The API pages render descriptions with our small Markdown renderer (src/components/Markdown)
// instead of the OpenAPI theme's react-markdown + remark-gfm + rehype-raw. This checks, for every
// string the theme hands to its Markdown component on our pages — each description of a field,
// parameter, request body and response in openapi/emissary.yaml, and the theme's own "Possible
// values" line for each schema — and for a corpus of CommonMark edge cases, that both give the
// same HTML. A description that needs Markdown the renderer does not cover fails here, by path.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Module, { createRequire } from 'node:module';
import React, { type ComponentType, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderMarkdown } from '../../src/components/Markdown/render';
import { HTTP_METHODS } from '../../plugins/llms-txt/openapi';
import { spec } from '../support/openapi';

type JsonObject = { [key: string]: unknown };

const doc = spec as unknown as JsonObject;

/** Keys whose values are data (examples, defaults, enums), never rendered Markdown. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum']);
const OPERATION_KEYS = new Set<string>(HTTP_METHODS);

/**
 * Every description the theme renders in the browser, by JSON path. Left out: info and tag
 * descriptions and each operation's own description, which the generator writes into the page's
 * MDX at build time.
 */
function runtimeDescriptions(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (node: unknown, path: string[]): void => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, [...path, String(i)]));
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    for (const [key, value] of Object.entries(node as JsonObject)) {
      if (DATA_KEYS.has(key)) continue;
      const operationLevel = path.length === 3 && path[0] === 'paths' && OPERATION_KEYS.has(path[2]);
      if (key === 'description' && typeof value === 'string' && !operationLevel) out.push([[...path, key].join('/'), value]);
      else walk(value, [...path, key]);
    }
  };
  walk(doc.paths, ['paths']);
  walk(doc.components, ['components']);
  return out;
}

/** Every schema object in the document (for the theme's qualifier line), by JSON path. */
function schemas(): Array<[string, JsonObject]> {
  const out: Array<[string, JsonObject]> = [];
  const walk = (node: unknown, path: string[], isSchema: boolean): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach((v, i) => walk(v, [...path, String(i)], isSchema));
      return;
    }
    const obj = node as JsonObject;
    if (isSchema && !('$ref' in obj)) out.push([path.join('/'), obj]);
    for (const [key, value] of Object.entries(obj)) {
      if (DATA_KEYS.has(key)) continue;
      if (key === 'schema' || key === 'items' || key === 'additionalProperties' || key === 'not') walk(value, [...path, key], true);
      else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') walk(value, [...path, key], true);
      else if (key === 'properties' && isSchema) {
        for (const [name, prop] of Object.entries(value as JsonObject)) walk(prop, [...path, key, name], true);
      } else if (key === 'schemas' && path.join('/') === 'components') {
        for (const [name, s] of Object.entries(value as JsonObject)) walk(s, [...path, key, name], true);
      } else walk(value, [...path, key], false);
    }
  };
  walk(doc.paths, ['paths'], false);
  walk(doc.components, ['components'], false);
  return out;
}

/** The theme's getQualifierMessage, loaded in Node with an identity stand-in for Docusaurus' translate(). */
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

/** Whitespace between block tags is not rendered; react-markdown adds newlines there, we do not. */
function normalize(html: string): string {
  return html.replace(/\n*(<\/?(?:p|ul|ol|li|pre|blockquote|table|thead|tbody|tr|h[1-6])(?:\s[^>]*)?>)\n*/g, '$1');
}

const EDGE_CASES = [
  'plain text',
  'two\nlines',
  'hard  \nbreak and\\\nbackslash break',
  'Paragraph one.\n\nParagraph two.',
  '`code` and ``code with ` backtick`` and ` spaced `',
  'unclosed `backtick',
  '**bold**, *em*, _em_, __strong__, ***both***',
  'snake_case_name and train_test_split_ratio stay literal',
  '**Possible values:** `>= 0` and `<= 1`',
  '**Possible values:** [`queued`, `running`, `succeeded`]',
  'Value must match regular expression `^[a-z0-9_-]+$`',
  'a * not emphasis * here, 2*3*4, and **unclosed',
  '*emphasis with `code` inside* and **strong [link](/x)**',
  '~~struck~~ and ~single~',
  'escaped \\*stars\\* and \\_underscores\\_ and \\[brackets\\]',
  'entities: &amp; &lt;tag&gt; &copy; &#169; &#xA9; &unknown;',
  '[link](/api/create-project) and [titled](https://example.com "Title") and [angle](<a b>)',
  '[nested [brackets]](/x) and [text `code]`](/y) and [not a link]',
  'autolink <https://example.com/a?b=c> and <someone@example.com>',
  'bare https://www.example.com/path. and www.example.com, too',
  'a [bad](javascript:alert(1)) link',
  '- one\n- two\n- three',
  '1. first\n2. second',
  '3. starts at three\n4. four',
  '- tight\n- list\n\n- now loose',
  '- item\n\n  with a second paragraph\n- next',
  '- outer\n  - inner\n  - inner two\n- outer two',
  'Intro line:\n- a list right after\n- text',
  'Intro\n2. not a list',
  '- lazy\ncontinuation',
  '* star\n* list\n\n+ plus list',
  '```json\n{"a": 1}\n```',
  '```\nno language\n```',
  'before\n```python\nprint("x")\n```\nafter',
  '- item\n\n  ```\n  code in item\n  ```',
];

describe('Markdown renderer matches react-markdown (the theme\'s renderer)', () => {
  let reference: (markdown: string) => string;
  let getQualifierMessage: (schema: JsonObject) => string | undefined;

  before(async () => {
    const ReactMarkdown = (await import('react-markdown')).default as unknown as ComponentType<{
      children: string;
      remarkPlugins: unknown[];
      rehypePlugins: unknown[];
    }>;
    const remarkGfm = (await import('remark-gfm')).default;
    const rehypeRaw = (await import('rehype-raw')).default;
    reference = (markdown) =>
      renderToStaticMarkup(React.createElement(ReactMarkdown, { remarkPlugins: [remarkGfm], rehypePlugins: [rehypeRaw], children: markdown }));
    getQualifierMessage = loadQualifierMessage();
  });

  const ours = (markdown: string) => renderToStaticMarkup(React.createElement(React.Fragment, null, ...(renderMarkdown(markdown) as ReactNode[])));

  const same = (label: string, markdown: string) => {
    assert.equal(normalize(ours(markdown)), normalize(reference(markdown)), `${label}: ${JSON.stringify(markdown)}`);
  };

  it('renders every runtime description of openapi/emissary.yaml as the theme did', () => {
    const descriptions = runtimeDescriptions();
    assert.ok(descriptions.length > 200, `found only ${descriptions.length} descriptions`);
    for (const [path, text] of descriptions) same(path, text);
  });

  it("renders the theme's qualifier line of every schema as the theme did", () => {
    const messages = schemas()
      .map(([path, schema]) => [path, getQualifierMessage(schema)] as const)
      .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string');
    assert.ok(messages.length > 20, `found only ${messages.length} qualifier lines`);
    assert.ok(messages.some(([, m]) => m.includes('`>=')), 'no numeric range among the qualifier lines');
    for (const [path, message] of messages) same(`${path} (qualifier)`, message);
  });

  for (const markdown of EDGE_CASES) {
    it(`edge case ${JSON.stringify(markdown).slice(0, 60)}`, () => same('edge case', markdown));
  }

  it('uses the components it is given for links and code blocks', () => {
    const html = renderToStaticMarkup(
      React.createElement(
        React.Fragment,
        null,
        ...(renderMarkdown('[a](/x)\n\n```sh\nls\n```', {
          link: ({ href, children }) => React.createElement('a', { href, 'data-spa': '' }, children),
          codeBlock: ({ language, code }) => React.createElement('div', { 'data-language': language }, code),
        }) as ReactNode[]),
      ),
    );
    assert.equal(html, '<p><a href="/x" data-spa="">a</a></p><div data-language="sh">ls\n</div>');
  });
});

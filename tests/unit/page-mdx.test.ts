// Our page generators (plugins/api-reference/page-mdx.ts): the MDX escaping of descriptions, the
// props that go to JSON files, and the pages a document's callbacks and deprecations give.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPageMdx, clean, PropsFiles, schemaPageMdx } from '../../plugins/api-reference/page-mdx';

describe('clean', () => {
  it('escapes what MDX reads as JSX or an expression, outside code', () => {
    assert.equal(clean('a < b and c>d, {x}'), 'a &lt; b and c&gt;d, \\{x\\}');
    // A `>` after white space is no tag's end to MDX: it stays.
    assert.equal(clean('c > d'), 'c > d');
    assert.equal(clean('x <= 3'), 'x &lt;= 3');
  });

  it('keeps the raw tags of descriptions and code as written', () => {
    assert.equal(clean('Line<br/>next <b>bold</b> <a href="/x">link</a>'), 'Line<br/>next <b>bold</b> <a href="/x">link</a>');
    assert.equal(clean('Use `a < {b}` here'), 'Use `a < {b}` here');
    assert.equal(clean('```json\n{"a": "<b>"}\n```'), '```json\n{"a": "<b>"}\n```');
  });

  it('gives nothing for no description', () => {
    assert.equal(clean(undefined), '');
    assert.equal(clean(''), '');
  });
});

describe('The operation page', () => {
  const operation = {
    method: 'post',
    path: '/books',
    description: 'Adds a {book}.',
    deprecated: true,
    parameters: [{ name: 'q', in: 'query' }],
    requestBody: { content: {} },
    responses: { '200': { description: '<p>OK</p>' } },
    callbacks: { onDone: { '{$request.body#/url}': { post: { description: 'Sent when done.', responses: { '204': { description: '<p>Got it</p>' } } } } } },
  };

  it('spreads the props of parameters, body and responses from JSON files, one per component and use', () => {
    const files = new PropsFiles('add-book');
    const mdx = apiPageMdx('Add a "book"', operation, files);
    assert.deepEqual(
      files.files.map((f) => f.name),
      ['add-book.ParamsDetails.json', 'add-book.RequestSchema.json', 'add-book.StatusCodes.json', 'add-book.RequestSchema.2.json', 'add-book.StatusCodes.2.json'],
    );
    for (const { name } of files.files) assert.ok(mdx.includes(`{...require("./${name}")}`), name);
    assert.deepEqual(JSON.parse(files.files[0].content), { parameters: operation.parameters });
    assert.deepEqual(JSON.parse(files.files[4].content), { id: 'callbacks-responses', label: 'Callbacks Responses', responses: operation.callbacks.onDone['{$request.body#/url}'].post.responses });
    // The title as a JSON string prop (shown as written), the description escaped, the deprecation notice, the callback's tab.
    assert.match(mdx, /children=\{"Add a \\"book\\""\}/);
    assert.match(mdx, /Adds a \\\{book\\\}\./);
    assert.match(mdx, /:::caution\[deprecated\]\n\nThis endpoint has been deprecated/);
    assert.match(mdx, /<TabItem\n\s+label=\{"POST onDone"\}\n\s+value=\{"post-onDone"\}\n\s+>/);
  });

  it('writes props inline when a component has none, and no Request heading without parameters or body', () => {
    const files = new PropsFiles('ping');
    const mdx = apiPageMdx('Ping', { method: 'get', path: '/ping' }, files);
    assert.deepEqual(files.files.map((f) => f.name), ['ping.RequestSchema.json']);
    assert.match(mdx, /<ParamsDetails>\n {2}\n<\/ParamsDetails>/);
    assert.doesNotMatch(mdx, /theme\.openapi\.request\.title/);
  });

  it('writes the files into the folder it is given', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'page-mdx-'));
    try {
      const files = new PropsFiles('genre');
      schemaPageMdx({ title: 'Genre', description: 'A genre.' }, files);
      files.write(dir);
      assert.deepEqual(JSON.parse(readFileSync(path.join(dir, 'genre.Schema.json'), 'utf8')), { schema: { title: 'Genre', description: 'A genre.' }, schemaType: 'response' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

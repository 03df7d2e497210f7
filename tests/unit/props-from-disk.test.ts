/**
 * The server bundle takes the API pages' props from disk (plugins/api-reference/index.ts,
 * propsFromDisk): a page's `require("./<page>.<Component>.json")` in the API docs folder becomes an
 * external the SSG reads with Node's require; every other request is bundled as before. The build
 * itself checks that no props file was bundled (PropsStayOnDisk fails it, naming the file).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { propsFromDisk } from '../../plugins/api-reference/index';

const DOCS = path.resolve('/site/api-docs');

function decide(context: string | undefined, request: string | undefined): string | undefined {
  let result: string | undefined = 'not called';
  propsFromDisk(DOCS)({ context, request }, (error, value) => {
    assert.equal(error, undefined);
    result = value;
  });
  return result;
}

test("a page's props file, beside the page or under schemas/, is read from disk by its absolute path", () => {
  assert.equal(decide(DOCS, './create-engine.RequestSchema.json'), `commonjs ${path.join(DOCS, 'create-engine.RequestSchema.json')}`);
  assert.equal(decide(path.join(DOCS, 'schemas'), './engine.Schema.json'), `commonjs ${path.join(DOCS, 'schemas', 'engine.Schema.json')}`);
});

test('everything else is bundled: other folders, packages, modules that are not JSON, a folder that only starts like it', () => {
  assert.equal(decide('/site/docs', './data.json'), undefined);
  assert.equal(decide(DOCS, 'some-package/data.json'), undefined);
  assert.equal(decide(DOCS, './create-engine.api.mdx'), undefined);
  assert.equal(decide('/site/api-docs-old', './a.json'), undefined);
  assert.equal(decide(DOCS, '../docs/a.json'), undefined);
  assert.equal(decide(undefined, './a.json'), undefined);
});

test('in the browser build a props file becomes one string parsed at load: the same object, and a file that is not JSON fails the build', async () => {
  const { default: propsAsOneString } = (await import('../../plugins/api-reference/props-loader.cjs')) as { default: (source: string | Buffer) => string };
  const props = { title: 'Body', body: { description: "<p>It's \"quoted\"\n\\ and </script></p>" }, list: [1, null, true] };
  const code = propsAsOneString(Buffer.from(JSON.stringify(props)));
  const module = { exports: undefined as unknown };
  new Function('module', code)(module);
  assert.deepEqual(module.exports, props);
  assert.throws(() => propsAsOneString('{"title": '), SyntaxError);
});

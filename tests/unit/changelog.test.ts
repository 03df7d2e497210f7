// The API differ on small document pairs, and the changelog of the project's own recorded versions.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { OpenApiDocument, Schema } from '../../lib/openapi/spec';
import { diffDocuments, type ApiChange } from '../../lib/changelog/diff';
import { latestChange, loadChangelog, ownerRef, parseNotes } from '../../lib/changelog/history';
import { changelogMarkdown } from '../../lib/changelog/twins';
import { atomFeed } from '../../plugins/changelog/feed';
import { errorCatalogue, errorHref } from '../../lib/changelog/errors';
import { withChangeNote, withErrorLinks } from '../../lib/changelog/pages';
import { parseOpenApi } from '../../lib/openapi/spec';

const SITE = path.resolve(__dirname, '../..');

/** A one-operation document: POST /v1/things with the given request and 200 response schemas. */
function docWith(request: Schema, response: Schema, extraPaths: Record<string, Record<string, unknown>> = {}): OpenApiDocument {
  return {
    info: { title: 'T', version: '1' },
    paths: {
      '/v1/things': {
        post: {
          operationId: 'createThing',
          summary: 'Create thing',
          requestBody: { required: true, content: { 'application/json': { schema: request } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: response } } } },
        },
      },
      ...extraPaths,
    },
    components: { schemas: {} },
  };
}

const obj = (properties: Record<string, Schema>, required: string[] = []): Schema => ({ type: 'object', properties, required });
const summary = (changes: ApiChange[]) => changes.map((c) => `${c.breaking ? 'breaking' : 'compatible'}: ${c.id}`);

describe('the differ', () => {
  const base = obj({ name: { type: 'string' }, size: { type: 'integer' } }, ['name']);

  test('reports nothing for identical documents', () => {
    assert.deepEqual(diffDocuments(docWith(base, base), docWith(base, base)), []);
  });

  test('a removed request field is breaking', () => {
    const after = obj({ name: { type: 'string' } }, ['name']);
    assert.deepEqual(summary(diffDocuments(docWith(base, base), docWith(after, base))), ['breaking: createThing request size removed']);
  });

  test('a removed response field is breaking', () => {
    const after = obj({ name: { type: 'string' } }, ['name']);
    assert.deepEqual(summary(diffDocuments(docWith(base, base), docWith(base, after))), ['breaking: createThing response 200 size removed']);
  });

  test('a type change is breaking', () => {
    const after = obj({ name: { type: 'string' }, size: { type: 'string' } }, ['name']);
    const changes = diffDocuments(docWith(base, base), docWith(after, base));
    assert.deepEqual(summary(changes), ['breaking: createThing request size type']);
    assert.match(changes[0].text, /type changed from `integer` to `string`/);
  });

  test('an added optional request field is not breaking, an added required one is', () => {
    const optional = obj({ ...base.properties, colour: { type: 'string' } }, ['name']);
    assert.deepEqual(summary(diffDocuments(docWith(base, base), docWith(optional, base))), ['compatible: createThing request colour added']);
    const required = obj({ ...base.properties, colour: { type: 'string' } }, ['name', 'colour']);
    assert.deepEqual(summary(diffDocuments(docWith(base, base), docWith(required, base))), ['breaking: createThing request colour added']);
  });

  test('a field that becomes required in a request is breaking', () => {
    const after = obj(base.properties!, ['name', 'size']);
    assert.deepEqual(summary(diffDocuments(docWith(base, base), docWith(after, base))), ['breaking: createThing request size required']);
  });

  test('a new operation is not breaking; a removed one is', () => {
    const extra = { '/v1/other': { get: { operationId: 'listOthers', summary: 'List others', responses: { '200': { description: 'ok' } } } } };
    const before = docWith(base, base);
    const after = docWith(base, base, extra);
    assert.deepEqual(summary(diffDocuments(before, after)), ['compatible: listOthers added']);
    assert.deepEqual(summary(diffDocuments(after, before)), ['breaking: listOthers removed']);
  });

  test('widening a request field to a oneOf that keeps the old type is not breaking', () => {
    const after = obj({ name: { type: 'string' }, size: { oneOf: [{ title: 'one', type: 'integer' }, { title: 'many', type: 'array', items: { type: 'integer' } }] } }, ['name']);
    const changes = diffDocuments(docWith(base, base), docWith(after, base));
    assert.deepEqual(summary(changes), ['compatible: createThing request size type']);
    assert.match(changes[0].text, /widened from `integer` to `array \| integer`/);
  });

  test('a narrower limit in a request is breaking, a wider one is not', () => {
    const limited = (max: number) => obj({ file: { type: 'string', format: 'binary', 'x-max-upload-mb': max } });
    assert.deepEqual(summary(diffDocuments(docWith(limited(200), base), docWith(limited(5), base))), ['breaking: createThing request file x-max-upload-mb']);
    assert.deepEqual(summary(diffDocuments(docWith(limited(5), base), docWith(limited(200), base))), ['compatible: createThing request file x-max-upload-mb']);
    const long = (n: number) => obj({ name: { type: 'string', maxLength: n } });
    assert.deepEqual(summary(diffDocuments(docWith(long(100), base), docWith(long(10), base))), ['breaking: createThing request name maxLength']);
  });

  test('a removed enum value is breaking, an added one is not', () => {
    const e = (values: string[]) => obj({ mode: { type: 'string', enum: values } });
    assert.deepEqual(summary(diffDocuments(docWith(e(['a', 'b']), base), docWith(e(['a']), base))), ['breaking: createThing request mode enum removed']);
    assert.deepEqual(summary(diffDocuments(docWith(e(['a']), base), docWith(e(['a', 'b']), base))), ['compatible: createThing request mode enum added']);
  });

  test('a removed field of a component schema is breaking, and reported once for the schema', () => {
    const before = docWith({ $ref: '#/components/schemas/Thing' }, { $ref: '#/components/schemas/Thing' });
    before.components!.schemas = { Thing: base };
    const after = docWith({ $ref: '#/components/schemas/Thing' }, { $ref: '#/components/schemas/Thing' });
    after.components!.schemas = { Thing: obj({ name: { type: 'string' } }, ['name']) };
    const changes = diffDocuments(before, after);
    assert.deepEqual(summary(changes), ['breaking: Thing size removed']);
    assert.equal(changes[0].owner.kind, 'schema');
  });
});

describe("the project's changelog", () => {
  const releases = loadChangelog(SITE, 'openapi/emissary.yaml');
  // 2026-03 is the API's own change after the snapshot; 2026-11 corrects the reference only.
  const march = releases.find((r) => r.version === '2026-03')!;
  const group = (name: string) => march.groups.find((g) => g.owner.name === name);

  test('lists releases newest first, the first documented version last', () => {
    assert.deepEqual(releases.map((r) => r.version), ['2026-11', '2026-03', '2025-09']);
    assert.equal(releases[2].groups.length, 0);
  });

  test('says each change once: ids are unique and no owner lists the same sentence twice', () => {
    // A property reached through two anyOf/oneOf variants (2026-11's rebalance_data) was listed twice,
    // and the page's list keys collided (a console error under npm start).
    for (const release of releases) {
      const ids = release.groups.flatMap((g) => g.changes.map((c) => c.id));
      assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), [], `${release.version}: repeated change ids`);
      for (const g of release.groups) {
        const texts = g.changes.map((c) => c.text);
        assert.deepEqual(texts.filter((t, i) => texts.indexOf(t) !== i), [], `${release.version} ${g.owner.name}: a sentence said twice`);
      }
    }
  });

  test('2026-03 changes only the two operations the facts name, nothing else', () => {
    assert.deepEqual(march.groups.map((g) => g.owner.name).sort(), ['createDataset', 'getEmbeddingsFromDeployment']);
  });

  test('2026-11 takes the body off the state-conflict 400s, a breaking change with a migration note each', () => {
    const november = releases[0];
    for (const name of ['reactivateDeploymentById', 'reactivateEngineById', 'deactivateEngineById']) {
      const owner = november.groups.find((g) => g.owner.name === name);
      assert.ok(owner?.breaking, `${name} is breaking`);
      assert.ok(owner.changes.some((c) => c.id === `${name} response 400 body removed`), `${name}: 400 body removed`);
      assert.ok(owner.note, `${name}: a migration note`);
    }
  });

  test('classifies the embeddings rewrite as breaking, with every removed field and the new shape', () => {
    const embeddings = group('getEmbeddingsFromDeployment')!;
    assert.ok(embeddings.breaking);
    const ids = new Map(embeddings.changes.map((c) => [c.id, c.breaking]));
    for (const field of ['target', 'cosine', 'manhattan', 'euclidean']) {
      assert.equal(ids.get(`getEmbeddingsFromDeployment request ${field} removed`), true, `request field ${field}`);
    }
    assert.equal(ids.get('getEmbeddingsFromDeployment request input type'), false, 'input widened to one string or a list');
    assert.equal(ids.get('getEmbeddingsFromDeployment request model description'), true, 'deployment names only (releases.yaml)');
    assert.equal(ids.get('getEmbeddingsFromDeployment response 200 id removed'), true);
    assert.equal(ids.get('getEmbeddingsFromDeployment response 200 response removed'), true);
    assert.equal(ids.get('getEmbeddingsFromDeployment response 200 data added'), false);
    assert.ok(embeddings.note, 'a migration note');
  });

  test('classifies the upload limit from 200 MB to 5 MB as a breaking, narrower limit', () => {
    const upload = group('createDataset')!;
    const limit = upload.changes.find((c) => c.id === 'createDataset request file x-max-upload-mb');
    assert.ok(limit?.breaking);
    assert.match(limit.text, /narrowed from 200 to 5/);
    assert.ok(upload.note);
  });

  test('gives the operation pages of the latest release a "Changed 2026-11" note linked to the entry', () => {
    const badge = latestChange(releases, 'operation', 'reactivateDeploymentById')!;
    assert.equal(badge.label, 'Changed 2026-11');
    assert.equal(badge.href, '/changelog#2026-11-reactivate-deployment-by-id');
    assert.equal(latestChange(releases, 'operation', 'listProjects'), undefined);
    // Changed in 2026-03 and again, without breaking, in 2026-11 (a bound the reference lacks is gone): the newest wins.
    assert.equal(latestChange(releases, 'operation', 'getEmbeddingsFromDeployment')!.label, 'Changed 2026-11');
    const twin = withChangeNote('# Reactivate deployment\n\n`POST /v1/projects/{project_id}/deployments/{deployment_id}/reactivate`\n\nText.\n', badge);
    assert.match(twin, /^# Reactivate deployment\n\n`POST [^`]+`\n\n> \*\*Changed 2026-11:\*\* .*\(\/changelog#2026-11-reactivate-deployment-by-id\)/);
  });

  test('the feed is well-formed Atom with one entry per release', () => {
    const feed = atomFeed(releases, 'https://docs.example', 'Emissary Docs');
    assert.equal(XMLValidator.validate(feed), true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(feed);
    assert.equal(parsed.feed['@_xmlns'], 'http://www.w3.org/2005/Atom');
    assert.equal(parsed.feed.entry.length, 3);
    assert.match(parsed.feed.entry[1].content['#text'], /Request field <code>target<\/code> removed/);
  });
});

describe('links from the changelog to the API pages come from the generated pages', () => {
  // Page routes by OpenAPI node, as api-reference/generated.ts reads them from the generator's output.
  const pages = new Map([
    ['#/paths/~1v1~1embeddings/post', '/api/pages-own-slug'],
  ]);
  const releases = loadChangelog(SITE, 'openapi/emissary.yaml', pages);
  const latest = releases.find((r) => r.version === '2026-03')!;
  const embeddings = latest.groups.find((g) => g.owner.name === 'getEmbeddingsFromDeployment')!;
  const upload = latest.groups.find((g) => g.owner.name === 'createDataset')!;

  test('an owner links to the page that names its node, whatever that page is called', () => {
    assert.equal(ownerRef(embeddings.owner), '#/paths/~1v1~1embeddings/post');
    assert.equal(embeddings.page, '/api/pages-own-slug');
    assert.equal(upload.page, undefined, 'no generated page names createDataset here');
  });

  test('the feed and the Markdown twin link only the owners that have a page', () => {
    const feed = atomFeed(releases, 'https://docs.example', 'Emissary Docs');
    assert.match(feed, /&lt;a href=&quot;https:\/\/docs\.example\/api\/pages-own-slug&quot;&gt;/);
    assert.doesNotMatch(feed, /docs\.example\/api\/create-dataset/);
    const twin = changelogMarkdown(releases);
    assert.match(twin, new RegExp(`### \\[${embeddings.owner.title.replace(/[()]/g, '\\$&')}\\]\\(/api/pages-own-slug\\)`));
    assert.match(twin, new RegExp(`^### ${upload.owner.title} \``, 'm'));
  });

  test('without pages nothing is linked, and badges are found by operationId or schema name', () => {
    const unlinked = loadChangelog(SITE, 'openapi/emissary.yaml');
    assert.ok(unlinked[0].groups.every((g) => g.page === undefined));
    assert.ok(latestChange(unlinked, 'operation', 'reactivateEngineById'));
    assert.equal(latestChange(unlinked, 'operation', 'reactivate-engine-by-id'), undefined, 'a page slug is not a name');
  });
});

describe('the build fails on a breaking change without a migration note', () => {
  const site = mkdtempSync(path.join(tmpdir(), 'changelog-'));
  cpSync(path.join(SITE, 'openapi'), path.join(site, 'openapi'), { recursive: true });
  mkdirSync(path.join(site, 'docs/_changelog'), { recursive: true });
  const notes = readFileSync(path.join(SITE, 'docs/_changelog/2026-03.md'), 'utf8');

  test('naming the operation and the file', () => {
    writeFileSync(path.join(site, 'docs/_changelog/2026-03.md'), notes.replace(/## getEmbeddingsFromDeployment[\s\S]*/, ''));
    assert.throws(() => loadChangelog(site, 'openapi/emissary.yaml'), /docs\/_changelog\/2026-03\.md: .*getEmbeddingsFromDeployment.*no migration note/);
  });

  test('and on a note for an operation that did not change', () => {
    writeFileSync(path.join(site, 'docs/_changelog/2026-03.md'), `${notes}\n## listProjects\n\nNothing.\n`);
    assert.throws(() => loadChangelog(site, 'openapi/emissary.yaml'), /"## listProjects" names no operation or schema/);
  });

  test('parseNotes keys sections by their heading', () => {
    assert.deepEqual([...parseNotes('<!-- x -->\n## a\n\nOne.\n\n## b\nTwo.\n')], [['a', 'One.'], ['b', 'Two.']]);
  });
});

describe('the error catalogue', () => {
  const doc = parseOpenApi(readFileSync(path.join(SITE, 'openapi/emissary.yaml'), 'utf8'));
  const catalogue = errorCatalogue(doc);

  test('has one entry per declared error status, with the operations that return it', () => {
    assert.deepEqual(catalogue.map((e) => e.status), ['400', '401', '404', 'default']);
    const notFound = catalogue.find((e) => e.status === '404')!;
    assert.equal(notFound.schemaName, 'ApiErrorNotFound');
    assert.ok(notFound.operations.some((op) => op.route === '/api/retrieve-project-by-id'));
    // Only where the reference lists them (api-facts §4): 401 on 10 operations, 404 on 20.
    assert.equal(catalogue.find((e) => e.status === '401')!.operations.length, 10);
    assert.equal(notFound.operations.length, 20);
  });

  test('error responses on the API pages link to their section', () => {
    const linked = withErrorLinks({ '200': { description: '<p>ok</p>' }, '404': { description: '<p>missing</p>' }, default: { description: '<p>other</p>' } });
    assert.equal(linked['200'].description, '<p>ok</p>');
    assert.match(linked['404'].description!, new RegExp(`href="${errorHref('404')}"`));
    assert.match(linked.default.description!, /href="\/errors#other-statuses"/);
  });
});

/** Checks over build/: /changelog, its feed, /errors, and what they add to the API pages and twins. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { listOperations, parseOpenApi } from '../../lib/openapi/spec';
import { errorAnchor, isErrorStatus } from '../../lib/changelog/errors';
import { BUILD_DIR, routeFile } from '../support/build';

const doc = parseOpenApi(readFileSync(path.join(__dirname, '../../openapi/emissary.yaml'), 'utf8'));
const read = (file: string) => fs.readFile(path.join(BUILD_DIR, file), 'utf8');
const html = (route: string) => fs.readFile(routeFile(route), 'utf8');
// The minified HTML drops attribute quotes where it can.
const ids = (page: string) => new Set([...page.matchAll(/\sid=(?:"([^"]*)"|([^\s>"']+))/g)].map((m) => m[1] ?? m[2]));
const text = (page: string) => page.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'");

test("every operation page links each of its error responses to an /errors section that exists", async () => {
  const sections = ids(await html('/errors'));
  const problems: string[] = [];
  for (const entry of listOperations(doc)) {
    const page = await html(entry.route);
    for (const status of Object.keys(entry.operation.responses ?? {}).filter(isErrorStatus)) {
      const anchor = errorAnchor(status);
      if (!sections.has(anchor)) problems.push(`/errors has no section #${anchor} (${entry.route} ${status})`);
      if (!new RegExp(`href=["']?/errors#${anchor}["'\\s>]`).test(page)) problems.push(`${entry.route}: response ${status} does not link /errors#${anchor}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('/errors shows, per status, the schema, an example and the operations that return it', async () => {
  const page = await html('/errors');
  for (const [anchor, schema] of [['400', 'ApiErrorInvalidInput'], ['401', 'ApiErrorUnauthorized'], ['404', 'ApiErrorNotFound']]) {
    const section = page.slice(page.search(new RegExp(`id=["']?${anchor}["'\\s>]`)));
    const own = section.slice(0, section.slice(1).search(/<h2[\s>]/) + 1);
    assert.match(own, new RegExp(`href=["']?/api/schemas/${schema.toLowerCase()}`), `#${anchor} links its schema`);
    assert.match(text(own), new RegExp(`"status": ${anchor}`), `#${anchor} shows an example body`);
    assert.match(own, /href=["']?\/api\/[a-z-]+["'\s>]/, `#${anchor} links operations`);
  }
  assert.match(text(page), /Guidance for your client, not documented API behaviour/);
  assert.match(page, /href=["']?\/fine-tuning\/limits#retries/);
});

test('/changelog lists the 2026-03 changes under their release, classified, with links and notes', async () => {
  const page = await html('/changelog');
  assert.match(page, /<link[^>]+rel=["']?alternate["']?[^>]+type=["']?application\/atom\+xml["']?[^>]+href=["']?\/changelog\.xml/);
  const body = text(page);
  const release = body.slice(body.indexOf('2026-03 released 2026-03-18'), body.indexOf('2025-09 released 2025-09-16'));
  assert.ok(release.length > 0, 'the 2026-03 release comes before 2025-09');
  for (const field of ['target', 'cosine', 'manhattan', 'euclidean']) assert.match(release, new RegExp(`Breaking Request field ${field} removed`));
  assert.match(release, /Breaking Request field file: upload size limit \(MB\) narrowed from 200 to 5/);
  assert.match(release, /Non-breaking Request field input: type widened from string to array \| string/);
  assert.match(release, /How to migrate/);
  assert.match(page, /id=["']?2026-03-get-embeddings-from-deployment["'\s>]/);
  assert.match(page, /href=["']?\/api\/get-embeddings-from-deployment["'\s>]/);
  assert.match(page, /href=["']?\/api\/create-dataset["'\s>]/);
});

test('the feed is well-formed Atom that links the changelog', async () => {
  const feed = await read('changelog.xml');
  assert.equal(XMLValidator.validate(feed), true);
  const parsed = new XMLParser({ ignoreAttributes: false }).parse(feed);
  assert.equal(parsed.feed['@_xmlns'], 'http://www.w3.org/2005/Atom');
  const entries = [parsed.feed.entry].flat();
  assert.match(entries[0].title, /^2026-11: /);
  assert.match(entries[0].content['#text'], /<strong>Breaking:<\/strong> Response <code>400<\/code> no longer has a body/);
  assert.match(entries[1].title, /^2026-03: /);
  assert.match(entries[1].content['#text'], /<strong>Breaking:<\/strong> Request field <code>target<\/code> removed/);
});

test('the changed operations say so on their page and in their twin; unchanged ones do not', async () => {
  // The badge names the latest release that changed the operation (2026-11).
  for (const slug of ['reactivate-deployment-by-id', 'create-training-job']) {
    const page = await html(`/api/${slug}`);
    assert.match(text(page), /Changed 2026-11:/, `/api/${slug}`);
    assert.match(page, new RegExp(`href=["']?/changelog#2026-11-${slug}["'\\s>]`), `/api/${slug} links its entry`);
    assert.match(await read(`api/${slug}.md`), new RegExp(`^> \\*\\*Changed 2026-11:\\*\\* .*\\(/changelog#2026-11-${slug}\\)`, 'm'));
  }
  // Embeddings changed in 2026-11 too (a bound the reference lacks is gone); these did not.
  for (const slug of ['list-projects', 'list-engines']) assert.doesNotMatch(text(await html(`/api/${slug}`)), /Changed 20/, slug);
});

test('both pages are in the sitemap, in llms.txt, and have Markdown twins with the generated content', async () => {
  const sitemap = await read('sitemap.xml');
  const llms = await read('llms.txt');
  for (const route of ['/changelog', '/errors']) {
    assert.match(sitemap, new RegExp(`<loc>[^<]*${route}</loc>`));
    assert.match(llms, new RegExp(`\\(${route}\\.md\\)`));
  }
  const errorsTwin = await read('errors.md');
  assert.match(errorsTwin, /Operations that declare it \(\d+\):\n\n- \[Retrieve project\]\(\/api\/retrieve-project-by-id\)/);
  assert.doesNotMatch(errorsTwin, /<ErrorDetails/);
  // The state conflicts declare 400 without the JSON body the other 400s have.
  assert.match(errorsTwin, /\[Reactivate deployment\]\(\/api\/reactivate-deployment-by-id\): `[^`]+` \(no documented body\)/);
  assert.match(errorsTwin, /\[Create project\]\(\/api\/create-project\): `POST \/v1\/projects`\n/);
  const changelogTwin = await read('changelog.md');
  assert.match(changelogTwin, /- \*\*Breaking:\*\* Request field `target` removed\./);
  assert.doesNotMatch(changelogTwin, /<ApiChangelog|<head>/);
  assert.match(await read('api/retrieve-project-by-id.md'), /\| 404 \| .* See \[Errors\]\(\/errors#404\)\./);
});

test('/changelog labels match its legend: no change marked Breaking says only that a description changed', async () => {
  const html = await fs.readFile(path.join(BUILD_DIR, 'changelog.html'), 'utf8');
  const items = [...html.matchAll(/<li>\s*<span class=["']?breaking[^>]*>Breaking<\/span>\s*<span>([\s\S]*?)<\/span>/g)].map((m) => m[1].replace(/<[^>]+>/g, ''));
  assert.ok(items.length > 0, 'no Breaking item found in changelog.html (did the markup change?)');
  assert.deepEqual(items.filter((t) => /description changed\.$/.test(t)), []);
});

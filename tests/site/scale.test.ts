/**
 * What grows with the API (issue #14): a schema page does not repeat the whole schema list in its
 * sidebar, and an operation page's startup JavaScript does not carry every API page's metadata.
 * Runs over build/ (or BUILD_DIR, e.g. a build of a multiplied document from `BENCH_SCALE`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { SIDEBAR_GROUP_SIZE } from '../../plugins/api-reference/sidebar-groups';
import { BUILD_DIR, fileRoute, htmlFiles, startupScriptText } from '../support/build';

const SIDEBAR = /<nav\b[^>]*aria-label="?Docs sidebar"?[^>]*>([\s\S]*?)<\/nav>/;
const HREF = /\shref=(?:"([^"]*)"|([^\s>"']+))/g;

async function schemaPages(): Promise<string[]> {
  const files: string[] = [];
  for await (const file of htmlFiles(path.join(BUILD_DIR, 'api', 'schemas'))) files.push(file);
  return files;
}

test('a schema page lists a group of schemas in its sidebar, not all of them; up to SIDEBAR_GROUP_SIZE, one "Schemas" list', async () => {
  const pages = await schemaPages();
  assert.ok(pages.length > 0, `no schema pages under ${BUILD_DIR}/api/schemas`);
  // Each level of the sidebar shows at most SIDEBAR_GROUP_SIZE entries, each linking to one schema page;
  // an API with no more schemas than that lists them all, ungrouped (no "A – B" categories).
  const grouped = pages.length > SIDEBAR_GROUP_SIZE;
  const levels = Math.ceil(Math.log(pages.length) / Math.log(SIDEBAR_GROUP_SIZE));
  const limit = grouped ? Math.min(pages.length - 1, levels * SIDEBAR_GROUP_SIZE) : pages.length;
  const problems: string[] = [];
  for (const file of pages) {
    const sidebar = (await fs.readFile(file, 'utf8')).match(SIDEBAR)?.[1];
    if (!sidebar) {
      problems.push(`${fileRoute(file)}: no docs sidebar`);
      continue;
    }
    const linked = new Set([...sidebar.matchAll(HREF)].map((m) => m[1] ?? m[2]).filter((href) => href.startsWith('/api/schemas/')));
    if (!linked.has(fileRoute(file))) problems.push(`${fileRoute(file)}: the sidebar does not link to the page itself`);
    if (linked.size > limit) problems.push(`${fileRoute(file)}: the sidebar links to ${linked.size} of ${pages.length} schema pages (at most ${limit})`);
    if (!grouped && linked.size !== pages.length) problems.push(`${fileRoute(file)}: the sidebar links to ${linked.size} of ${pages.length} schema pages, not one list of all`);
    if (!grouped && / – /.test(sidebar.replace(/<[^>]+>/g, ' '))) problems.push(`${fileRoute(file)}: the sidebar has a group named by its ends ("A – B")`);
  }
  assert.deepEqual(problems, []);
});

test('the startup bundle carries no list of the API docs (global data)', async () => {
  const text = await startupScriptText('/api/create-training-job');
  // Upstream's global data lists each doc as {"id", "path", "sidebar"}; routes name paths, never doc ids.
  const listed = (id: string) => new RegExp(`\\bid"?:"${id}"`).test(text);
  assert.deepEqual(['create-training-job', 'list-projects', 'schemas/trainingjobdetail'].filter(listed), []);
  assert.ok(listed('fine-tuning/datasets'), "the guides' docs are still listed, so the check above can fail");
});

test("the startup bundle carries no other API page's route, registry entry or chunk name (route buckets)", async () => {
  const text = await startupScriptText('/api/create-training-job');
  // (Guide paths stay in main anyway: the guides' global data lists them for the navbar's doc items.)
  const others = ['/api/list-projects', '/api/schemas/trainingjobdetail', '/api/upload-dataset'];
  // Route paths appear in the route tree (path:"…") and in the chunk names ("…-hash"); modules by file name.
  const carried = (p: string) => text.includes(`"${p}"`) || text.includes(`'${p}'`) || text.includes(`"${p}-`);
  assert.deepEqual(others.filter(carried), []);
  assert.ok(!/api-docs\/list-projects\.api\.mdx/.test(text), 'an API page module is registered in main');
  // What stays: the lists' index pages (the breadcrumbs' home link) and the pages of short lists.
  assert.ok(carried('/api') && carried('/'), 'the index pages stay in main, so the check above can fail');
  const buckets = (await fs.readdir(path.join(BUILD_DIR, 'assets', 'js'))).filter((f) => f.startsWith('routes-'));
  assert.ok(buckets.length > 2, `route bucket chunks in ${BUILD_DIR}/assets/js: ${buckets.join(', ') || 'none'}`);
});

let chunks: Promise<Array<{ f: string; text: string }>> | undefined;
/** The built JavaScript chunks, read once for the tests below. */
const builtChunks = () => {
  const dir = path.join(BUILD_DIR, 'assets', 'js');
  chunks ??= fs.readdir(dir).then((names) => Promise.all(names.filter((f) => f.endsWith('.js')).map(async (f) => ({ f, text: await fs.readFile(path.join(dir, f), 'utf8') }))));
  return chunks;
};
/** The chunks that hold a docs instance's version metadata (its `pluginId` and `docsSidebars`), JSON or JSON in a string. */
const versionChunks = async (pluginId: string) =>
  (await builtChunks()).filter(({ text }) => new RegExp(`\\\\?"pluginId\\\\?":\\\\?"${pluginId}\\\\?"`).test(text) && text.includes('docsSidebars'));

test("the API version metadata the browser loads with every API page is lean; the whole sidebar is a chunk of its own", async () => {
  const withSidebars = await versionChunks('api');
  const whole = withSidebars.filter(({ f }) => f.startsWith('sidebars-'));
  const lean = withSidebars.filter(({ f }) => !f.startsWith('sidebars-'));
  assert.equal(whole.length, 1, `one whole-sidebar chunk: ${whole.map((w) => w.f).join(', ')}`);
  assert.equal(lean.length, 1, `one lean metadata chunk: ${lean.map((w) => w.f).join(', ')}`);
  // A closed category keeps the link it falls back to (its first), not the others.
  for (const href of ['/api/create-project', '/api/list-projects', '/api/delete-project-by-id']) assert.ok(whole[0].text.includes(`"${href}"`), `${href} in the whole sidebar`);
  assert.ok(lean[0].text.includes('"/api/create-project"'));
  assert.deepEqual(['/api/list-projects', '/api/delete-project-by-id', '/api/list-datasets'].filter((href) => lean[0].text.includes(`"${href}"`)), []);
  assert.ok(lean[0].text.length * 3 < whole[0].text.length, `lean ${lean[0].text.length} B, whole ${whole[0].text.length} B`);
});

test("the API's version metadata lists only the docs an index shows as cards, not every operation and schema (lean-docs-data.ts)", async () => {
  // plugin-content-docs' version metadata (lib/props.js, a prop of the version route built in lib/routes.js) maps each doc id to {"id", "title", "description", "sidebar"}.
  const docIds = (text: string) => new Set([...text.matchAll(/"([^"]+)":\{"id":"\1"/g)].map((m) => m[1]));
  const api = await versionChunks('api');
  const guides = await versionChunks('default');
  assert.ok(api.length > 0 && guides.length > 0, `version metadata chunks: api ${api.map((c) => c.f).join(', ')}; guides ${guides.map((c) => c.f).join(', ')}`);
  const apiPages = (await fs.readdir(path.join(BUILD_DIR, 'api'), { recursive: true })).filter((f) => f.endsWith('.html'));
  assert.ok(apiPages.length > 40, `API pages in ${BUILD_DIR}/api: ${apiPages.length}`);
  const listed = new Set(api.flatMap(({ text }) => [...docIds(text)]));
  const pagesListed = ['create-training-job', 'list-projects', 'upload-dataset', 'schemas/trainingjobdetail', 'schemas/apierror'].filter((id) => listed.has(id));
  assert.deepEqual(pagesListed, [], `the API's version metadata lists ${listed.size} docs: ${[...listed].join(', ')}`);
  assert.ok(listed.size <= 5, `the API's version metadata lists ${listed.size} docs: ${[...listed].join(', ')}`);
  // The guides' instance is not wrapped: its metadata lists every guide, so the pattern above still finds docs.
  const guideIds = new Set(guides.flatMap(({ text }) => [...docIds(text)]));
  assert.ok(['fine-tuning/datasets', 'fine-tuning/quickstart', 'errors'].every((id) => guideIds.has(id)), `the guides' version metadata lists ${[...guideIds].join(', ')}`);
});

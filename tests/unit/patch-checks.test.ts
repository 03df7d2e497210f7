/**
 * Every patch section of UPGRADING.md (each "### " heading but the two below that are no patch)
 * has a behaviour check: a test that fails when the patch no longer has its effect, so a patch that
 * silently became a no-op on an upgrade is named (the canary hashes see a changed file, not a dead
 * patch). A check is an existing test (or a check the build runs) cited below.
 * A new patch section without one fails here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/canaries';
import { PATCHES, patchesOff, slugOf } from '../../plugins/fast-hydration/patches';

/** "### " sections of UPGRADING.md that describe no patch. */
const NOT_PATCHES = ['Benchmark', 'Commands that prove an upgrade'];

/** Existing checks of a patch's effect: a test, by file and a fragment of its title, or a check the build runs, by a fragment of its message. */
const CITED: Record<string, Array<[file: string, title: string]>> = {
  'Prism stays out of the browser': [
    ['tests/e2e/bundles.spec.ts', 'loads no highlighter at startup: its code arrives highlighted'],
    ['tests/site/code-blocks.test.ts', 'no JavaScript file of the build holds a highlighter'],
  ],
  'Pages load on intent only': [['tests/e2e/bundles.spec.ts', 'other pages load on intent: pointing at a link fetches its page, links in view fetch nothing']],
  "The API's docs send less data to every page": [
    ['tests/site/scale.test.ts', 'the startup bundle carries no list of the API docs (global data)'],
    ['tests/e2e/bundles.spec.ts', 'an operation page does not load the description of every API page'],
  ],
  'Route data loads by bucket': [
    ['tests/site/scale.test.ts', "the startup bundle carries no other API page's route, registry entry or chunk name (route buckets)"],
    ['tests/e2e/bundles.spec.ts', "route data loads by bucket: a page fetches its own bucket's routes"],
  ],
  'Sidebars load lean': [
    ['tests/site/scale.test.ts', 'the API version metadata the browser loads with every API page is lean'],
    ['tests/e2e/bundles.spec.ts', 'the API sidebar comes lean'],
  ],
  'The sidebar checks are indexed on the server': [
    ['tests/unit/sidebar-activity.test.ts', 'indexed checks give upstream answers for every item on every path'],
    ['tests/unit/upstream-canaries.test.ts', 'each module replacement (browser and server builds) matches exactly one real file'],
  ],
  // The build checks these itself, every time, and fails naming the section.
  'Server bundle': [
    ['tests/unit/server-bundle.test.ts', 'only the server build is configured, with one shared chunk for what two chunks use'],
    ['plugins/server-bundle/index.ts', 'chunk no longer takes effect: see UPGRADING.md, "Server bundle"'],
    ['tests/unit/props-from-disk.test.ts', "a page's props file, beside the page or under schemas/, is read from disk by its absolute path"],
    ['plugins/api-reference/index.ts', 'was bundled into the server bundle: the props externals'],
  ],
  'The build runs in two processes': [
    ['scripts/build-site.mjs', 'DOCUSAURUS_EXIT_AFTER_BUNDLING no longer stops the build after bundling'],
    ['scripts/build-site.mjs', 'DOCUSAURUS_SKIP_BUNDLING no longer skips bundling'],
  ],
  "Places that depend on the plugin's or theme's internals": [
    ['tests/unit/code-samples.test.ts', 'samples come in the spec order of languages, one per language'],
    ['tests/site/build.test.ts', 'API pages show descriptions rendered, with no Markdown syntax left in their text'],
    ['tests/e2e/api.spec.ts', 'an operation page shows its method, path, parameters and the seven sample tabs in order'],
  ],
};

const upgrading = fs.readFileSync(path.join(ROOT, 'UPGRADING.md'), 'utf8');
const sections = [...upgrading.matchAll(/^### (.+)$/gm)].map((m) => m[1]).filter((name) => !NOT_PATCHES.includes(name));

/** The titles of the tests in `file` (a template's `${…}` parts kept as written). */
function testTitles(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/\btest\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)].map((m) => m[2].replace(/\\(.)/g, '$1'));
}

test('every patch section of UPGRADING.md has a behaviour check cited here', () => {
  assert.deepEqual(sections.filter((name) => !CITED[name]), [], 'patch sections without a behaviour check: cite the test that fails without the patch');
});

test('every behaviour check names a patch section, and every cited test exists', () => {
  assert.deepEqual(Object.keys(CITED).filter((name) => !sections.includes(name)), [], 'citations for sections UPGRADING.md does not have');
  const missing = Object.values(CITED)
    .flat()
    .filter(([file, title]) => {
      if (!fs.existsSync(path.join(ROOT, file))) return true;
      if (!file.startsWith('tests/')) return !fs.readFileSync(path.join(ROOT, file), 'utf8').includes(title);
      return !testTitles(file).some((t) => t.includes(title));
    })
    .map(([file, title]) => `${file}: "${title}"`);
  assert.deepEqual(missing, [], 'cited tests that do not exist');
});

/** The "###" titles under "## The patches": what EMISSARY_PATCHES_OFF can name. */
const patchSections = (upgrading.split(/^## /m).find((part) => part.startsWith('The patches\n')) ?? '').match(/^### .+$/gm)?.map((h) => h.slice(4)) ?? [];

test('the switch that leaves a patch out (EMISSARY_PATCHES_OFF) knows every section of "The patches", and nothing else', () => {
  assert.ok(patchSections.length > 5, 'UPGRADING.md has a "## The patches" part with its "###" sections');
  assert.deepEqual(PATCHES.map((p) => p.title).sort(), [...patchSections].sort(), 'titles of plugins/fast-hydration/patches.ts against the sections of UPGRADING.md');
  // GitHub's anchors of the sections: the slugs the reader finds in the page's links.
  assert.equal(slugOf('Prism stays out of the browser'), 'prism-stays-out-of-the-browser');
  assert.equal(slugOf("The API's docs send less data to every page"), 'the-apis-docs-send-less-data-to-every-page');
});

test('EMISSARY_PATCHES_OFF fails loudly on an unknown slug, listing the valid ones', () => {
  assert.deepEqual([...patchesOff('prism-stays-out-of-the-browser, sidebars-load-lean')], ['prism-stays-out-of-the-browser', 'sidebars-load-lean']);
  assert.equal(patchesOff(undefined).size, 0);
  assert.throws(() => patchesOff('prism'), /unknown patch "prism".*Valid: prism-stays-out-of-the-browser, .*sidebars-load-lean/);
  assert.throws(() => patchesOff('no-announcement-bar'), /unknown patch "no-announcement-bar"/);
});

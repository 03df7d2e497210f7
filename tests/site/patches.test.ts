/**
 * Behaviour checks of the patches of upstream internals (UPGRADING.md, "The patches") that read what
 * the build ships: the HTML a reader gets and the JavaScript every page loads first. Each test is
 * named by its patch's section and fails when the patch no longer has its effect. The checks in
 * Chromium are cited by tests/unit/patch-checks.test.ts, which fails when a section has no check.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { routeFile, startupScriptText } from '../support/build';

const html = (route: string) => fs.readFile(routeFile(route), 'utf8');

test('No announcement bar: no page loads its code or styles at startup', async () => {
  // The original's CSS module classes (announcementBar_…, announcementBarContent_…), in its JavaScript and in the CSS.
  const classes = /announcementBar(Close|Content|Placeholder)?_[\w-]{4}/;
  const page = await html('/');
  const css = await Promise.all([...page.matchAll(/<link\b[^>]*\bhref="?(\/assets\/css\/[^"\s>]+)/g)].map((m) => fs.readFile(routeFile('/').replace(/index\.html$/, m[1].slice(1)), 'utf8')));
  assert.ok(css.length > 0, '/: no stylesheet');
  const found = [await startupScriptText('/'), ...css].flatMap((text) => text.match(classes) ?? []);
  assert.deepEqual(found, []);
});

/**
 * Behaviour checks of the patches of upstream internals (UPGRADING.md, "The patches") that read what
 * the build ships: the HTML a reader gets and the JavaScript every page loads first. Each test is
 * named by its patch's section and fails when the patch no longer has its effect. The checks in
 * Chromium are in tests/e2e/patches.spec.ts; tests/unit/patch-checks.test.ts fails when a section
 * has no check.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { routeFile, startupScriptText } from '../support/build';
import { deref, spec, type Json } from '../support/openapi';
import { listOperations } from '../../plugins/api-reference/spec';

const html = (route: string) => fs.readFile(routeFile(route), 'utf8');

test('Valid nesting: the method-and-path box: a <div> holding the <h2>', async () => {
  const problems: string[] = [];
  const operation = await html('/api/create-training-job');
  const box = [...operation.matchAll(/<(\w+) class="?openapi__method-endpoint[\s">]/g)].map((m) => m[1]);
  if (box.join() !== 'div') problems.push(`/api/create-training-job: the method-and-path box is <${box.join('>, <') || 'missing'}>`);
  if (!/<div class="?openapi__method-endpoint"?>(?:(?!<\/div>)[\s\S])*<h2\b/.test(operation)) problems.push('/api/create-training-job: the box holds no <h2>');
  assert.deepEqual(problems, []);
});

test('No announcement bar: no page loads its code or styles at startup', async () => {
  // The original's CSS module classes (announcementBar_…, announcementBarContent_…), in its JavaScript and in the CSS.
  const classes = /announcementBar(Close|Content|Placeholder)?_[\w-]{4}/;
  const page = await html('/');
  const css = await Promise.all([...page.matchAll(/<link\b[^>]*\bhref="?(\/assets\/css\/[^"\s>]+)/g)].map((m) => fs.readFile(routeFile('/').replace(/index\.html$/, m[1].slice(1)), 'utf8')));
  assert.ok(css.length > 0, '/: no stylesheet');
  const found = [await startupScriptText('/'), ...css].flatMap((text) => text.match(classes) ?? []);
  assert.deepEqual(found, []);
});

/** The names a page lists as fields: parameters, and the properties of the JSON request body and of the first 2xx response. */
function fieldsOf(operation: Json): string[] {
  const properties = (body: Json | undefined) => Object.keys(deref(deref(body)?.content?.['application/json']?.schema)?.properties ?? {});
  const ok = Object.entries((operation.responses ?? {}) as Json).find(([status]) => /^2/.test(status))?.[1] as Json | undefined;
  return [...((operation.parameters ?? []) as Json[]).map((p) => deref(p)!.name as string), ...properties(operation.requestBody), ...properties(ok)];
}

test('Parameters and bodies render on the server: every operation page lists its parameters and body fields in the HTML', async () => {
  const problems: string[] = [];
  let checked = 0;
  for (const entry of listOperations(spec)) {
    const page = await html(entry.route);
    const missing = fieldsOf(entry.operation as Json).filter((name) => !new RegExp(`<strong class="?openapi-schema__property"?>${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</strong>`).test(page));
    checked += fieldsOf(entry.operation as Json).length;
    if (missing.length) problems.push(`${entry.route}: ${missing.join(', ')}`);
  }
  assert.ok(checked > 50, `only ${checked} fields checked`);
  assert.deepEqual(problems, []);
});

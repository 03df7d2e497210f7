/**
 * The API page's own components (plugins/api-reference/components) in the HTML the build ships:
 * parameters and body fields rendered on the server (in the page without JavaScript and in the
 * search index), and the method-and-path box valid HTML. The same page in Chromium:
 * tests/e2e/api-page.spec.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { routeFile } from '../support/build';
import { deref, spec, type Json } from '../support/openapi';
import { listOperations } from '../../lib/openapi/spec';

const html = (route: string) => fs.readFile(routeFile(route), 'utf8');

test('the method-and-path box is a <div> holding the path as the document writes it, in an <h2>', async () => {
  const operation = await html('/api/create-dataset');
  const box = [...operation.matchAll(/<(\w+) class="?openapi__method-endpoint[\s">]/g)].map((m) => m[1]);
  assert.equal(box.join(), 'div', 'one box, a <div> (a <pre> may not hold an <h2>)');
  assert.match(operation, /<div class="?openapi__method-endpoint"?>(?:(?!<\/div>)[\s\S])*<h2 class="?openapi__method-endpoint-path"?>\/v1\/projects\/\{project_id\}\/datasets<\/h2>/);
});

/** The names a page lists as fields: parameters, and the properties of the JSON request body and of the first 2xx response. */
function fieldsOf(operation: Json): string[] {
  const properties = (body: Json | undefined) => Object.keys(deref(deref(body)?.content?.['application/json']?.schema)?.properties ?? {});
  const ok = Object.entries((operation.responses ?? {}) as Json).find(([status]) => /^2/.test(status))?.[1] as Json | undefined;
  return [...((operation.parameters ?? []) as Json[]).map((p) => deref(p)!.name as string), ...properties(operation.requestBody), ...properties(ok)];
}

test('every operation page lists its parameters and body fields in the server HTML', async () => {
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

/** Every doc id of a generated sidebar, depth first. */
function sidebarDocIds(items: unknown[]): string[] {
  return items.flatMap((item) => {
    const entry = item as { type?: string; id?: string; items?: unknown[]; link?: { type?: string; id?: string } };
    const own = entry.type === 'doc' && entry.id ? [entry.id] : entry.link?.type === 'doc' && entry.link.id ? [entry.link.id] : [];
    return [...own, ...sidebarDocIds(entry.items ?? [])];
  });
}

test("every id of the generator's sidebar is a page of the API docs (its ids are relative to api-docs/, unprefixed)", async () => {
  // The generator derives its ids' prefix from outputDir (lib/sidebars/index.js): API_OUTPUT_DIR is one
  // folder equal to the docs instance's path, so the prefix is empty. A change there shows here, by id.
  const { API_OUTPUT_DIR } = await import('../../plugins/api-reference/options');
  assert.doesNotMatch(API_OUTPUT_DIR, /[\\/]/, 'API_OUTPUT_DIR must be one folder');
  // The generated module's default export: the sidebar's items.
  const { default: items } = (await import(`../../${API_OUTPUT_DIR}/sidebar`)) as { default: unknown[] };
  const ids = sidebarDocIds(items);
  assert.ok(ids.length > 30, `only ${ids.length} doc ids in the sidebar`);
  const missing: string[] = [];
  for (const id of ids) {
    try {
      await fs.access(routeFile(`/api/${id}`));
    } catch {
      missing.push(id);
    }
  }
  assert.deepEqual(missing, [], 'sidebar ids with no built page under /api/');
});

/**
 * The server build's indexed sidebar checks (plugins/fast-hydration/server/sidebar-activity.ts)
 * answer exactly as upstream's. The oracle is upstream's own code: isActiveSidebarItem,
 * isVisibleSidebarItem (plugin-content-docs lib/client/docsUtils.js) and isSamePath (theme-common
 * lib/utils/routesUtils.js), read from node_modules and run here on one varied sidebar, for every
 * item and every path it links to, in other cases and with or without a trailing slash.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { PropSidebarItem } from '@docusaurus/plugin-content-docs';
import { activePaths, isActiveSidebarItem, isVisibleSidebarItem } from '../../plugins/fast-hydration/server/sidebar-activity';

/** A file of an installed package, read as text (package `exports` may not list it). */
const source = (pkg: string, file: string) => readFileSync(path.join(ROOT, 'node_modules', pkg, file), 'utf8');
const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One function (or arrow constant) of an upstream file, by the text it starts with, up to its closing line. */
function slice(text: string, start: string, endLine: RegExp): string {
  const from = text.indexOf(start);
  assert.ok(from >= 0, `upstream no longer has ${start}`);
  const rest = text.slice(from);
  const end = rest.search(endLine);
  assert.ok(end >= 0, `cannot find the end of ${start}`);
  return rest.slice(0, end + rest.slice(end).indexOf('\n') + 1).replace(/^export /gm, '');
}

type Check = (item: PropSidebarItem, activePath: string | undefined) => boolean;

function upstreamChecks(): { isActive: Check; isVisible: Check } {
  const routes = source('@docusaurus/theme-common', 'lib/utils/routesUtils.js');
  const docs = source('@docusaurus/plugin-content-docs', 'lib/client/docsUtils.js');
  const code = [
    slice(routes, 'export function isSamePath(', /^}$/m),
    slice(docs, 'const isActive = ', /;$/m),
    slice(docs, 'const containsActiveSidebarItem = ', /;$/m),
    slice(docs, 'export function isActiveSidebarItem(', /^}$/m),
    slice(docs, 'export function isVisibleSidebarItem(', /^}$/m),
    'return { isActive: isActiveSidebarItem, isVisible: isVisibleSidebarItem };',
  ].join('\n');
  return new Function(code)() as { isActive: Check; isVisible: Check };
}

const link = (href: string, extra: object = {}) => ({ type: 'link', href, label: href, docId: href, unlisted: false, ...extra }) as PropSidebarItem;
const category = (label: string, items: PropSidebarItem[], extra: object = {}) =>
  ({ type: 'category', label, collapsible: true, collapsed: true, items, ...extra }) as PropSidebarItem;

const SIDEBAR: PropSidebarItem[] = [
  category(
    'API',
    [
      link('/api/intro'),
      category('Projects', [link('/api/list-projects'), link('/api/Create-Project'), link('/api/get-project/')]),
      category('Nested', [category('Jobs', [link('/api/job-1'), link('/api/job-2', { unlisted: true })]), { type: 'html', value: '<b>beta</b>' } as PropSidebarItem]),
      category('Indexed', [link('/api/indexed-a')], { href: '/api/indexed' }),
      category('Unlisted index', [link('/api/hidden', { unlisted: true })], { href: '/api/unlisted-index', linkUnlisted: true }),
      category('Only hidden', [link('/api/secret', { unlisted: true })]),
      category('Empty', []),
    ],
    { collapsible: false, href: '/api' },
  ),
  link('https://example.com/elsewhere'),
  link('/errors'),
  { type: 'html', value: '<hr>' } as PropSidebarItem,
];

function every(items: PropSidebarItem[]): PropSidebarItem[] {
  return items.flatMap((i) => [i, ...(i.type === 'category' ? every(i.items) : [])]);
}

test('indexed checks give upstream answers for every item on every path', () => {
  const upstream = upstreamChecks();
  const items = every(SIDEBAR);
  const hrefs = items.flatMap((i) => ('href' in i && i.href !== undefined ? [i.href] : []));
  const paths = [...new Set(hrefs.flatMap((h) => [h, `${h}/`, h.replace(/\/$/, ''), h.toUpperCase(), h.toLowerCase()])), '/', '/api/nowhere', ''];
  let compared = 0;
  for (const item of items) {
    for (const p of paths) {
      assert.equal(isActiveSidebarItem(item, p), upstream.isActive(item, p), `isActive ${item.type} ${'label' in item ? item.label : ''} on ${p}`);
      assert.equal(isVisibleSidebarItem(item, p), upstream.isVisible(item, p), `isVisible ${item.type} ${'label' in item ? item.label : ''} on ${p}`);
      compared++;
    }
  }
  assert.ok(compared > 300, `${compared} comparisons`);
  // Some answers of each kind, so that agreement is not agreement on "false" alone.
  assert.ok(items.some((i) => paths.some((p) => isActiveSidebarItem(i, p))));
  assert.ok(items.some((i) => paths.some((p) => !isVisibleSidebarItem(i, p))));
});

test("a category's paths are collected once, then looked up", () => {
  const jobs = category('Jobs', [link('/api/job-1'), link('/api/Job-2/')]);
  const paths = activePaths(jobs);
  assert.deepEqual([...paths], ['/api/job-1/', '/api/job-2/']);
  assert.equal(activePaths(jobs), paths, 'cached per item object');
  assert.equal(isActiveSidebarItem(jobs, '/API/JOB-2'), true);
  assert.equal(isActiveSidebarItem(jobs, undefined as unknown as string), false);
});

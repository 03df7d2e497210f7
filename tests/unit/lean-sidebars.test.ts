/**
 * Lean sidebars (plugins/fast-hydration/route-buckets/sidebars.ts): every page draws, from the lean
 * metadata and the parts of its route bucket, what the server drew from the whole sidebar. "Draws"
 * is what theme-classic's DocSidebarItems, breadcrumbs and DocCardList read of the items (the
 * checks below follow plugin-content-docs' client docsUtils: isVisibleSidebarItem,
 * isActiveSidebarItem, findFirstSidebarItemLink, getSidebarBreadcrumbs). The files are written by
 * Docusaurus's own route generator, then split as the browser build splits them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateRouteFiles } from '@docusaurus/core/lib/server/codegen/codegenRoutes';
import { bucketOf } from '../../plugins/fast-hydration/route-buckets/hash';
import { chainParts, leanItems, replacesPart, resolveItems, stubItems, type SidebarItem } from '../../plugins/fast-hydration/route-buckets/sidebars';
import { readRoutes, writeRouteBuckets, type RouteNode } from '../../plugins/fast-hydration/route-buckets/split';

const link = (slug: string, extra: Partial<SidebarItem> = {}): SidebarItem => ({ type: 'link', href: `/api/${slug}`, label: slug, docId: slug, unlisted: false, ...extra });
const category = (label: string, items: SidebarItem[], extra: Partial<SidebarItem> = {}): SidebarItem => ({ type: 'category', label, collapsible: true, collapsed: true, items, ...extra });
const ops = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => link(`${prefix}-${i}`));

/** A sidebar with what the theme treats differently: an index category, nesting, open and closed categories, html, unlisted and hidden items. */
const SIDEBAR: SidebarItem[] = [
  category(
    'API',
    [
      link('intro'),
      category('Projects', ops('project', 4)),
      category('Groups', [category('Jobs', ops('job', 5)), category('Deployments', [{ type: 'html', value: '<b>beta</b>' }, ...ops('deploy', 3)])]),
      category('Open', ops('open', 3), { collapsed: false }),
      category('Indexed', [category('Inner', ops('inner', 2)), ...ops('indexed', 3)], { href: '/api/indexed-index' }),
      category('Hidden first', [link('hidden', { unlisted: true }), ...ops('shown', 2)]),
      category('Nothing visible', [link('secret', { unlisted: true })]),
      category('Schemas', ops('schemas/s', 30)),
    ],
    { collapsible: false, href: '/api' },
  ),
  link('errors'),
];

const same = (a: string | undefined, b: string) => a !== undefined && a.replace(/\/$/, '') === b.replace(/\/$/, '');
const isCat = (i: SidebarItem): i is SidebarItem & { items: SidebarItem[] } => i.type === 'category';
const active = (i: SidebarItem, p: string): boolean => (i.type === 'link' ? same(i.href, p) : isCat(i) ? same(i.href, p) || i.items.some((c) => active(c, p)) : false);
const visible = (i: SidebarItem, p: string): boolean =>
  isCat(i) ? active(i, p) || (i.href !== undefined && !i.linkUnlisted) || i.items.some((c) => visible(c, p)) : i.type === 'link' ? !i.unlisted || active(i, p) : true;
const firstLink = (i: SidebarItem): string | undefined =>
  i.type === 'link' ? (i.unlisted ? undefined : i.href) : isCat(i) ? (i.href && !i.linkUnlisted ? i.href : i.items.map(firstLink).find(Boolean)) : undefined;

/** The sidebar as DocSidebarItems draws it on page `p`, during hydration (the category link falls back to its first link). */
function drawn(items: SidebarItem[], p: string): unknown[] {
  return items
    .filter((i) => visible(i, p))
    .map((i) => {
      if (!isCat(i)) return i;
      const children = i.items.filter((c) => visible(c, p));
      if (!children.length) return i.href ? { link: i.label, href: i.href } : null;
      const open = i.collapsible === false || active(i, p) || i.collapsed === false;
      return { category: i.label, href: firstLink(i), active: active(i, p), children: open ? drawn(i.items, p) : 'closed' };
    });
}

/** Breadcrumbs, and on a category's own page its cards (label, link, count of children). */
function around(items: SidebarItem[], p: string): unknown {
  const crumbs: SidebarItem[] = [];
  const extract = (list: SidebarItem[]): boolean =>
    list.some((i) => {
      if (isCat(i) ? same(i.href, p) || extract(i.items) : i.type === 'link' && !!i.docId && same(i.href, p)) return !!crumbs.unshift(i);
      return false;
    });
  extract(items);
  const own = crumbs.filter(isCat).find((c) => same(c.href, p));
  const cards = own?.items.map((c) => ({ label: c.label, href: firstLink(c), count: isCat(c) ? c.items.length : undefined }));
  return { crumbs: crumbs.map((c) => c.label), cards };
}

const pages = (items: SidebarItem[]): string[] => items.flatMap((i) => [...(i.href ? [i.href] : []), ...(isCat(i) ? pages(i.items) : [])]);

/** Parts gathered in order, as the browser's store keeps them. */
function merge(...all: Array<Record<string, SidebarItem[]>>): Map<string, SidebarItem[]> {
  const out = new Map<string, SidebarItem[]>();
  for (const parts of all) for (const [k, v] of Object.entries(parts)) if (replacesPart(out.get(k), v)) out.set(k, v);
  return out;
}

test('every page draws from the lean sidebar and its own parts what it draws from the whole one', () => {
  const lean = leanItems(SIDEBAR);
  assert.ok(pages(SIDEBAR).length > 50);
  for (const p of pages(SIDEBAR)) {
    const resolved = resolveItems(lean, merge(chainParts(SIDEBAR, p)));
    assert.deepEqual(drawn(resolved, p), drawn(SIDEBAR, p), `sidebar on ${p}`);
    assert.deepEqual(around(resolved, p), around(SIDEBAR, p), `breadcrumbs and cards on ${p}`);
  }
});

test('after client-side navigation, the parts gathered on the way draw each page as the server did', () => {
  const lean = leanItems(SIDEBAR);
  const all = pages(SIDEBAR);
  let gathered: Array<Record<string, SidebarItem[]>> = [];
  for (const [i, p] of all.entries()) {
    gathered = [...gathered, chainParts(SIDEBAR, p), chainParts(SIDEBAR, all[(i * 7) % all.length])];
    const resolved = resolveItems(lean, merge(...gathered));
    assert.deepEqual(drawn(resolved, p), drawn(SIDEBAR, p), `sidebar on ${p}`);
    assert.deepEqual(around(resolved, p), around(SIDEBAR, p), `breadcrumbs and cards on ${p}`);
  }
});

test('a closed category keeps only the children that decide how it is drawn', () => {
  const lean = leanItems(SIDEBAR);
  const api = lean[0].items!;
  const byLabel = (label: string) => api.find((i) => i.label === label)!;
  assert.deepEqual(byLabel('Projects').items!.map((i) => i.href), ['/api/project-0']);
  assert.equal(byLabel('Schemas').items!.length, 1);
  // The first visible child is the html item; the link comes from the next one.
  assert.deepEqual(byLabel('Groups').items!.map((i) => i.label), ['Jobs']);
  assert.deepEqual(byLabel('Groups').items![0].items!.map((i) => i.href), ['/api/job-0']);
  assert.deepEqual(stubItems(SIDEBAR[0].items![2].items![1].items!).map((i) => i.type), ['html', 'link']);
  assert.deepEqual(byLabel('Hidden first').items!.map((i) => i.href), ['/api/shown-0']);
  assert.deepEqual(byLabel('Nothing visible').items, []);
  // An open category keeps its children.
  assert.equal(byLabel('Open').items!.length, 3);
  const count = (items: SidebarItem[]): number => items.reduce((n, i) => n + 1 + (i.items ? count(i.items) : 0), 0);
  assert.ok(count(lean) * 2 < count(SIDEBAR), `${count(lean)} of ${count(SIDEBAR)} items`);
});

test("the browser build's files: lean metadata in the registry, each page's parts in its own chunk, the whole sidebar on demand", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lean-sidebars-'));
  try {
    const plugin = { name: 'docusaurus-plugin-content-docs', id: 'api' };
    // Doc pages have a content module; a category's generated index page has route props only.
    const docRoutes = pages(SIDEBAR)
      .filter((p) => p !== '/api')
      .map((p) =>
        p === '/api/indexed-index'
          ? { path: p, component: '@theme/DocCategoryGeneratedIndexPage', exact: true, sidebar: 'apiSidebar', props: { categoryGeneratedIndex: { title: 'Indexed', permalink: p } }, plugin }
          : { path: p, component: '@theme/DocItem', exact: true, sidebar: 'apiSidebar', modules: { content: `@site/api-docs${p}.mdx` }, plugin },
      );
    const version = { pluginId: 'api', version: 'current', label: 'Next', docsSidebars: { apiSidebar: SIDEBAR }, docs: {} };
    const routes = [
      {
        path: '/api',
        component: '@theme/DocsRoot',
        plugin,
        routes: [
          {
            path: '/api',
            component: '@theme/DocVersionRoot',
            plugin,
            props: { version },
            routes: [
              {
                path: '/api',
                component: '@theme/DocRoot',
                plugin,
                routes: [{ path: '/api', component: '@theme/DocItem', exact: true, sidebar: 'apiSidebar', modules: { content: '@site/api-docs/index.mdx' }, plugin }, ...docRoutes],
              },
            ],
          },
        ],
      },
    ];
    await generateRouteFiles({ generatedFilesDir: dir, baseUrl: '/', routes: routes as never });
    const out = path.join(dir, 'route-buckets');
    const split = writeRouteBuckets(dir, out);
    const read = (name: string) => readFileSync(path.join(out, name), 'utf8');

    // The registry's version metadata is the lean copy; the original loads as a chunk of its own.
    const leanFile = [...split.files.keys()].find((f) => f.startsWith('version-'))!;
    assert.ok(leanFile && existsSync(path.join(out, leanFile)), 'a lean metadata file');
    assert.match(read('registry.js'), new RegExp(`\\[\\(\\) => import\\(/\\* webpackChunkName: "[^"]+" \\*/ "\\./${leanFile}"\\)`));
    const lean = JSON.parse(read(leanFile)) as { version: typeof version };
    assert.deepEqual(lean.version.docsSidebars.apiSidebar, leanItems(SIDEBAR));
    assert.equal(lean.version.label, 'Next');
    assert.match(read('routes.js'), /registerWholeSidebars\("api\/current", \(\) => import\(\/\* webpackChunkName: "sidebars-[^"]+" \*\/ "@generated\/docusaurus-plugin-content-docs\/api\/p\/[^"]+\.json"\)\)/);

    // Every page finds its parts in the wrapper of its content module, which the registry names
    // in place of the module (the bucket's registry for its pages, `main`'s for the index page).
    const wrappers = [...split.files.keys()].filter((f) => f.startsWith('page-'));
    assert.ok(wrappers.length > pages(SIDEBAR).length / 2, `${wrappers.length} wrappers`);
    const generatedRoutes = readRoutes(readFileSync(path.join(dir, 'routes.js'), 'utf8'));
    const generatedNames = JSON.parse(readFileSync(path.join(dir, 'routesChunkNames.json'), 'utf8')) as Record<string, Record<string, string>>;
    const routeOf = (p: string, list = generatedRoutes): RouteNode | undefined =>
      list.map((r) => (r.routes ? routeOf(p, r.routes) : r.path === p && r.exact ? r : undefined)).find(Boolean);
    const count = Math.ceil(Math.sqrt(docRoutes.length));
    for (const p of pages(SIDEBAR)) {
      const route = routeOf(p)!;
      const names = generatedNames[`${route.path}-${route.hash}`];
      const name = names.content ?? names.__props;
      const wrapper = split.files.has(`page-${name}.js`) ? `page-${name}.js` : undefined;
      // A page inside open categories only needs no parts, and keeps its module as it is.
      assert.equal(!!wrapper, Object.keys(chainParts(SIDEBAR, p)).length > 0, `a wrapper for ${p}`);
      let parts: Record<string, SidebarItem[]> = {};
      if (wrapper) {
        const registryFile = p === '/api' ? 'registry.js' : `bucket-0-${bucketOf(p, count)}.js`;
        assert.ok(read(registryFile).includes(`"./${wrapper}"), "./${wrapper}", require.resolveWeak("./${wrapper}")]`), `${registryFile} loads ${wrapper} for ${p}`);
        const original = names.content ? /^export \{ default \} from "@site\/api-docs\/[^"]+\.mdx";$/m : /^export \{ default \} from "@generated\/[^"]+\.json";$/m;
        assert.match(read(wrapper), original);
        parts = (JSON.parse(read(wrapper).match(/^addSidebarParts\("api\/current", (.*)\);$/m)![1]) as Record<string, Record<string, SidebarItem[]>>).apiSidebar;
      }
      const resolved = resolveItems(lean.version.docsSidebars.apiSidebar, merge(parts));
      assert.deepEqual(drawn(resolved, p), drawn(SIDEBAR, p), `sidebar on ${p} from ${wrapper}`);
      assert.deepEqual(around(resolved, p), around(SIDEBAR, p), `breadcrumbs and cards on ${p} from ${wrapper}`);
    }
    assert.ok(split.files.has(`page-${generatedNames[`/api/indexed-index-${routeOf('/api/indexed-index')!.hash}`].__props}.js`), 'the generated index page is wrapped by its props');
    assert.doesNotMatch(read('bucket-0-0.js'), /addSidebarParts/, 'no other page parts in a bucket');
    // Bucket pages are chunks without names: the runtime's name maps do not grow with them.
    assert.doesNotMatch(read('bucket-0-0.js'), /webpackChunkName/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the browser's store: versions pass through until parts arrive, parts fill the lean sidebar, the whole one replaces it once loaded", async () => {
  const store = await import('../../plugins/fast-hydration/route-buckets/sidebar-store');
  const version = { pluginId: 'store-test', version: 'current', docsSidebars: { apiSidebar: leanItems(SIDEBAR) } };
  // The server build (and `start`) register nothing: the version is the one given.
  assert.equal(store.resolveVersion(version), version);

  const page = '/api/job-3';
  const before = store.getRevision();
  let heard = 0;
  const unsubscribe = store.subscribe(() => heard++);
  store.addSidebarParts('store-test/current', { apiSidebar: chainParts(SIDEBAR, page) });
  assert.ok(store.getRevision() > before && heard === 1, 'listeners hear of new parts');
  const resolved = store.resolveVersion(version);
  assert.deepEqual(drawn(resolved.docsSidebars.apiSidebar, page), drawn(SIDEBAR, page));
  assert.equal(store.resolveVersion(version), resolved, 'the same object until something changes');

  // The whole sidebars: a failed load is forgotten, the next one replaces the lean sidebar.
  let attempts = 0;
  store.registerWholeSidebars('store-test/current', async () => {
    if (++attempts === 1) throw new Error('offline');
    return { default: { version: { ...version, docsSidebars: { apiSidebar: SIDEBAR } } } };
  });
  assert.equal(store.isLean('store-test/current'), true);
  await assert.rejects(store.loadWholeSidebars('store-test/current'), /offline/);
  await store.loadWholeSidebars('store-test/current');
  assert.equal(attempts, 2);
  assert.equal(store.isLean('store-test/current'), false);
  assert.deepEqual(store.resolveVersion(version).docsSidebars.apiSidebar, SIDEBAR);
  unsubscribe();
});

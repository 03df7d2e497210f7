/** What link previews, crawlers and readers checking a page's age read from build/: share cards, robots.txt, dates and source links. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import config from '../../docusaurus.config';
import { REPOSITORY_URL } from '../../config/navbar';
import { BUILD_DIR, fileRoute, htmlFiles, routeFile } from '../support/build';
import { GUIDE_ROUTES, OPERATION_SLUGS, SCHEMA_SLUGS, TUTORIAL_ROUTES } from '../support/routes';

const SITE = `${config.url}${config.baseUrl}`.replace(/\/$/, '');
const ROOT = path.resolve(__dirname, '../..');

/** The content of a <meta> tag by its property or name (the minifier may drop quotes). */
function meta(html: string, key: string): string[] {
  const tags = html.match(/<meta\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => new RegExp(`\\s(property|name)=["']?${key.replace(/[.:]/g, '\\$&')}["'\\s/>]`).test(`${tag} `))
    .map((tag) => tag.match(/\scontent=(?:"([^"]*)"|([^\s>]+))/)?.slice(1).find((v) => v !== undefined)?.replace(/\/$/, '') ?? '');
}

/** Width and height from a PNG's IHDR chunk; fails unless the bytes start with the PNG signature. */
export function pngSize(png: Buffer): { width: number; height: number } {
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'not a PNG signature');
  assert.equal(png.toString('latin1', 12, 16), 'IHDR', 'the first chunk is not IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test('every page has its own 1200×630 PNG share card, with an absolute URL, its size and type', async () => {
  const problems: string[] = [];
  const cards = new Map<string, string>();
  for await (const file of htmlFiles()) {
    const route = fileRoute(file);
    const html = await fs.readFile(file, 'utf8');
    const [image, ...more] = meta(html, 'og:image');
    const expect = (key: string, value: string) => {
      const found = meta(html, key);
      if (found.length !== 1 || found[0] !== value) problems.push(`${route}: ${key} is ${JSON.stringify(found)}, expected "${value}"`);
    };
    if (!image || more.length) {
      problems.push(`${route}: ${more.length + (image ? 1 : 0)} og:image tags`);
      continue;
    }
    expect('og:image:type', 'image/png');
    expect('og:image:width', '1200');
    expect('og:image:height', '630');
    expect('twitter:card', 'summary_large_image');
    expect('twitter:image', image);
    if (!image.startsWith(`${SITE}/img/cards/`) || !image.endsWith('.png')) {
      problems.push(`${route}: og:image ${image} is not an absolute card URL under ${SITE}/img/cards/`);
      continue;
    }
    const png = await fs.readFile(path.join(BUILD_DIR, image.slice(SITE.length))).catch(() => null);
    if (!png) problems.push(`${route}: ${image} is not in build/`);
    else {
      const size = pngSize(png);
      if (size.width !== 1200 || size.height !== 630) problems.push(`${route}: card is ${size.width}×${size.height}`);
    }
    if (cards.has(image)) problems.push(`${route}: shares its card with ${cards.get(image)}`);
    cards.set(image, route);
  }
  assert.ok(cards.size > 50, `only ${cards.size} pages with a card`);
  assert.deepEqual(problems, []);
});

test('a card shows its page: cards of pages with other titles differ', async () => {
  const read = (route: string) => fs.readFile(path.join(BUILD_DIR, 'img/cards', `${route}.png`));
  const [a, b] = await Promise.all([read('api/list-checkpoints'), read('guides/grpo')]);
  assert.notDeepEqual(a, b);
});

test('pngSize reads the IHDR and rejects what is not a PNG', () => {
  const png = Buffer.alloc(24);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
  png.write('IHDR', 12, 'latin1');
  png.writeUInt32BE(1200, 16);
  png.writeUInt32BE(630, 20);
  assert.deepEqual(pngSize(png), { width: 1200, height: 630 });
  assert.throws(() => pngSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), /PNG signature/);
});

test('robots.txt allows everything and names the sitemap by its absolute URL', async () => {
  const robots = await fs.readFile(path.join(BUILD_DIR, 'robots.txt'), 'utf8');
  const lines = robots.split('\n').map((l) => l.trim()).filter(Boolean);
  assert.ok(lines.includes('User-agent: *'), robots);
  assert.ok(lines.includes('Allow: /'), robots);
  assert.ok(!lines.some((l) => /^Disallow:\s*\S/i.test(l)), robots);
  assert.deepEqual(lines.filter((l) => /^Sitemap:/i.test(l)), [`Sitemap: ${SITE}/sitemap.xml`]);
  await fs.access(path.join(BUILD_DIR, 'sitemap.xml'));
});

/** The maintainer handbook: the template pages kept at their routes, written out here (not read from the pages). */
const HANDBOOK = ['/intro', '/markdown-page', '/tags', '/tags/test', ...TUTORIAL_ROUTES];

test('the maintainer handbook pages are served with noindex, and no other page is', async () => {
  const problems: string[] = [];
  const seen = new Set<string>();
  for await (const file of htmlFiles()) {
    const route = fileRoute(file);
    const robots = meta(await fs.readFile(file, 'utf8'), 'robots');
    const handbook = HANDBOOK.includes(route);
    if (handbook) seen.add(route);
    if (handbook ? robots.join() !== 'noindex' : robots.length > 0) problems.push(`${route}: robots ${JSON.stringify(robots)}`);
  }
  assert.deepEqual(problems, []);
  assert.deepEqual([...seen].sort(), [...HANDBOOK].sort(), 'every handbook route keeps its page');
});

test('sitemap.xml lists the product pages, the Quickstart among them, and no handbook page', async () => {
  const xml = await fs.readFile(path.join(BUILD_DIR, 'sitemap.xml'), 'utf8');
  const routes = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  for (const route of ['/', '/fine-tuning/quickstart', '/fine-tuning/training-input', '/guides/grpo', '/api/create-project']) assert.ok(routes.includes(route), `sitemap lacks ${route}`);
  assert.deepEqual(routes.filter((r) => HANDBOOK.includes(r)), []);
});

test('llms.txt and llms-full.txt name no handbook page', async () => {
  const llms = await fs.readFile(path.join(BUILD_DIR, 'llms.txt'), 'utf8');
  const full = await fs.readFile(path.join(BUILD_DIR, 'llms-full.txt'), 'utf8');
  for (const route of HANDBOOK) {
    assert.ok(!llms.includes(`](${route}.md)`), `llms.txt links ${route}`);
    assert.ok(!full.includes(`Source: ${SITE}${route}\n`), `llms-full.txt holds ${route}`);
  }
  assert.ok(llms.includes('](/fine-tuning/quickstart.md)'), 'llms.txt lacks the Quickstart');
});

/** The guide's source file, as Docusaurus's edit link names it. */
const guideSource = (route: string) => (route === '/' ? 'docs/index.mdx' : `docs${route}.mdx`);

/**
 * The commit time git gives the file (what Docusaurus shows), or undefined without a git work tree.
 * Docusaurus 3.10 reads one `git log --name-status` of the repository, which lists no files for a
 * merge commit: the last commit that is not a merge.
 */
function gitTime(file: string): number | undefined {
  try {
    const out = execFileSync('git', ['log', '-1', '--no-merges', '--format=%ct', '--', file], { cwd: ROOT, encoding: 'utf8' }).trim();
    return out ? Number(out) * 1000 : undefined;
  } catch {
    return undefined;
  }
}

test('guides show when they last changed (from git) and link to their source for editing', async () => {
  const problems: string[] = [];
  for (const route of ['/', ...GUIDE_ROUTES]) {
    const html = await fs.readFile(routeFile(route), 'utf8');
    const source = guideSource(route);
    await fs.access(path.join(ROOT, source));
    const edit = html.match(/<a href=["']?([^"'\s>]+)["']?[^>]*class=["']?theme-edit-this-page/)?.[1];
    if (edit !== `${REPOSITORY_URL}/edit/main/${source}`) problems.push(`${route}: edit link ${edit}`);
    const time = html.match(/class=["']?theme-last-updated[\s\S]*?<time datetime=["']?([^"'\s>]+)/)?.[1];
    const when = time ? Date.parse(time) : NaN;
    if (Number.isNaN(when)) {
      problems.push(`${route}: no "Last updated" date`);
      continue;
    }
    // Docusaurus's stand-in outside production builds (14 Oct 2018) would mean git was not asked.
    if (when === 1539502055000 || when > Date.now()) problems.push(`${route}: last updated ${time}`);
    const committed = gitTime(source);
    if (committed !== undefined && committed !== when) problems.push(`${route}: last updated ${time}, git says ${new Date(committed).toISOString()}`);
  }
  assert.deepEqual(problems, []);
});

test('API pages link to the OpenAPI document in the repository, not to an edit of generated files', async () => {
  const problems: string[] = [];
  const routes = ['/api/emissary-api', ...OPERATION_SLUGS.map((s) => `/api/${s}`), ...SCHEMA_SLUGS.map((s) => `/api/schemas/${s}`)];
  for (const route of routes) {
    const html = await fs.readFile(routeFile(route), 'utf8');
    const link = html.match(/class=["']?api-source-link["']?><a href=["']?([^"'\s>]+)/)?.[1];
    if (link !== `${REPOSITORY_URL}/blob/main/openapi/emissary.yaml`) problems.push(`${route}: source link ${link}`);
    if (html.includes('theme-edit-this-page')) problems.push(`${route}: has "Edit this page"`);
  }
  assert.deepEqual(problems, []);
});

test('every page names its type and the site for link previews (og:type, og:site_name)', async () => {
  const problems: string[] = [];
  for await (const file of htmlFiles()) {
    const html = await fs.readFile(file, 'utf8');
    if (meta(html, 'og:type').join() !== 'website') problems.push(`${fileRoute(file)}: og:type ${JSON.stringify(meta(html, 'og:type'))}`);
    if (meta(html, 'og:site_name').join() !== config.title) problems.push(`${fileRoute(file)}: og:site_name ${JSON.stringify(meta(html, 'og:site_name'))}`);
  }
  assert.deepEqual(problems, []);
});

test('API pages describe themselves in whole sentences of plain text (meta and og description)', async () => {
  const problems: string[] = [];
  for (const route of ['/api/emissary-api', ...OPERATION_SLUGS.map((s) => `/api/${s}`), ...SCHEMA_SLUGS.map((s) => `/api/schemas/${s}`)]) {
    const html = await fs.readFile(routeFile(route), 'utf8');
    const [description] = meta(html, 'description');
    if (!description) continue; // A schema without a description has none.
    if (!/[.!?)]$/.test(description)) problems.push(`${route}: stops mid-sentence: ${description}`);
    if (/[`*[\]]/.test(description)) problems.push(`${route}: Markdown left in: ${description}`);
    if (meta(html, 'og:description')[0] !== description) problems.push(`${route}: og:description differs`);
  }
  assert.deepEqual(problems, []);
});

test('sitemap.xml dates every guide and API page (lastmod)', async () => {
  const xml = await fs.readFile(path.join(BUILD_DIR, 'sitemap.xml'), 'utf8');
  const dated = new Map([...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => [new URL(m[1]).pathname, m[2]]));
  const routes = ['/', ...GUIDE_ROUTES, '/errors', '/changelog', '/api/emissary-api', ...OPERATION_SLUGS.map((s) => `/api/${s}`), ...SCHEMA_SLUGS.map((s) => `/api/schemas/${s}`)];
  const undated = routes.filter((r) => !/^\d{4}-\d{2}-\d{2}$/.test(dated.get(r) ?? ''));
  assert.deepEqual(undated, []);
  // The API pages change with the OpenAPI document: its last commit's date.
  const specDate = execFileSync('git', ['log', '-1', '--format=%cI', '--', 'openapi/emissary.yaml'], { cwd: ROOT, encoding: 'utf8' }).trim();
  if (specDate) assert.equal(dated.get('/api/create-project'), new Date(specDate).toISOString().slice(0, 10));
});

test('the not-found page offers a search and the main sections, and names no canonical URL', async () => {
  const html = await fs.readFile(path.join(BUILD_DIR, '404.html'), 'utf8');
  assert.doesNotMatch(html, /rel=["']?canonical/);
  assert.doesNotMatch(html, /404\.html/);
  const main = html.slice(html.indexOf('<main'));
  assert.match(main, /<form[^>]*role=["']?search["']?[^>]*action=["']?\/search/);
  assert.match(main, /<button[^>]*type=["']?submit/);
  for (const href of ['/fine-tuning/quickstart', '/api', '/errors', '/changelog']) assert.match(main, new RegExp(`href=["']?${href}["' >]`), href);
});

test('operation pages write paths as the document does, /v1/projects/{project_id}, never :project_id', async () => {
  const problems: string[] = [];
  for (const slug of OPERATION_SLUGS) {
    const html = await fs.readFile(routeFile(`/api/${slug}`), 'utf8');
    const path = html.match(/class=["']?openapi__method-endpoint-path["']?>([^<]+)</)?.[1];
    if (!path) problems.push(`/api/${slug}: no method-and-path heading`);
    else if (/:[a-z_]+/.test(path)) problems.push(`/api/${slug}: ${path}`);
  }
  assert.deepEqual(problems, []);
  assert.match(await fs.readFile(routeFile('/api/list-datasets'), 'utf8'), /openapi__method-endpoint-path["']?>\/v1\/projects\/\{project_id\}\/datasets</);
});

test('/api counts the schemas in their one group', async () => {
  const html = await fs.readFile(routeFile('/api'), 'utf8');
  assert.match(html, new RegExp(`>Schemas</span></h2><p[^>]*>${SCHEMA_SLUGS.length} items<`));
});

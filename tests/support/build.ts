/** Reads the static build the way a host serves it. */
import { promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { filesEndingWith, resolveFile } from '../../lib/files';

/** The build under test: build/, or BUILD_DIR to test another output folder. */
export const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? path.join(__dirname, '../../build'));

/** The HTML file a route is served from (trailingSlash: false → /a/b is a/b.html). */
export function routeFile(route: string): string {
  if (route === '/') return path.join(BUILD_DIR, 'index.html');
  return path.join(BUILD_DIR, `${route.replace(/^\//, '')}.html`);
}

/** Whether a built page asks search engines not to index it: a robots meta with `noindex`, as Docusaurus reads it. */
export function isNoindexPage(route: string): boolean {
  const tags = readFileSync(routeFile(route), 'utf8').match(/<meta\b[^>]*>/g) ?? [];
  return tags.some((tag) => /\sname=["']?robots["'\s/>]/i.test(`${tag} `) && /\scontent=["']?[^"'>]*noindex/i.test(tag));
}

/** The text of the scripts a page's HTML names (runtime and main: what every page loads first), joined. */
export async function startupScriptText(route: string): Promise<string> {
  const html = await fs.readFile(routeFile(route), 'utf8');
  const srcs = [...html.matchAll(/<script\b[^>]*\bsrc=["']?([^"' >]+)/g)].map((m) => m[1]);
  if (srcs.length === 0) throw new Error(`${routeFile(route)}: no script tags`);
  return (await Promise.all(srcs.map((src) => fs.readFile(path.join(BUILD_DIR, src), 'utf8')))).join('\n');
}

export async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then((s) => s.isFile(), () => false);
}

export const htmlFiles = (dir = BUILD_DIR) => filesEndingWith(dir, '.html');

/** The route a built HTML file answers. */
export function fileRoute(file: string): string {
  const rel = path.relative(BUILD_DIR, file).replace(/\\/g, '/');
  if (rel === 'index.html') return '/';
  return `/${rel.replace(/(\/index)?\.html$/, '')}`;
}

export function pageTitle(html: string): string | undefined {
  return html.match(/<title[^>]*>([^<]*)<\/title>/)?.[1]?.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'");
}

/** Resolves a same-site URL path to the build file it serves, or null: the test server's own rule. */
export const resolveUrlPath = (urlPath: string): Promise<string | null> => resolveFile(BUILD_DIR, urlPath);

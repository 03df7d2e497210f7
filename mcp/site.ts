/**
 * Where the server reads the site from: a local build folder, or a deployed site's origin. Every
 * read stays inside that folder or on that origin (no redirect elsewhere); nothing else is read.
 */
import { promises as fs, realpathSync } from 'node:fs';
import path from 'node:path';

/** A file of the site larger than this is refused (the largest today, openapi.json, is far smaller). */
export const MAX_SITE_FILE_BYTES = 16 * 1048576;

export class SiteError extends Error {}

export interface Site {
  /** What the server reads from, for messages. */
  where: string;
  /** A file by its path under the site root (`search/manifest.json`, `api/list-datasets.md`). */
  text(file: string): Promise<string>;
  json<T>(file: string): Promise<T>;
}

/** A site path as a relative one without `.`/`..` segments, or an error naming it. */
export function sitePath(file: string): string {
  const clean = file.replace(/^\/+/, '');
  if (!clean || clean.split('/').some((part) => part === '..' || part === '.' || part === '') || /[\\\0?#]/.test(clean)) {
    throw new SiteError(`not a file of the site: ${JSON.stringify(file)}`);
  }
  return clean;
}

function cached(where: string, load: (file: string) => Promise<string>): Site {
  const texts = new Map<string, Promise<string>>();
  const text = (file: string) => {
    const key = sitePath(file);
    let hit = texts.get(key);
    if (!hit) {
      hit = load(key);
      hit.catch(() => texts.delete(key));
      texts.set(key, hit);
    }
    return hit;
  };
  return {
    where,
    text,
    async json<T>(file: string) {
      const body = await text(file);
      try {
        return JSON.parse(body) as T;
      } catch (error) {
        throw new SiteError(`${where}/${sitePath(file)} is not JSON (${(error as Error).message})`);
      }
    },
  };
}

/** A build folder: reads only files whose real path is inside it. */
export function localSite(dir: string): Site {
  let root: string;
  try {
    root = realpathSync(dir);
  } catch {
    throw new SiteError(`no build folder at ${dir}: run \`npm run build\` first, or pass --site <folder or URL>`);
  }
  return cached(root, async (file) => {
    const full = path.join(root, file);
    let real: string;
    try {
      real = await fs.realpath(full);
    } catch {
      throw new SiteError(`${file} is not in the build at ${root}`);
    }
    if (path.relative(root, real).startsWith('..') || path.isAbsolute(path.relative(root, real))) throw new SiteError(`${file} leads outside the build at ${root}`);
    const stat = await fs.stat(real);
    if (!stat.isFile()) throw new SiteError(`${file} is not a file in the build at ${root}`);
    if (stat.size > MAX_SITE_FILE_BYTES) throw new SiteError(`${file} is ${stat.size} bytes, over the ${MAX_SITE_FILE_BYTES}-byte limit for a site file`);
    return fs.readFile(real, 'utf8');
  });
}

/** A deployed site: GET requests to its origin only, redirects refused. */
export function remoteSite(base: string): Site {
  const url = new URL(base);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new SiteError(`--site ${base}: use an http(s) URL or a folder`);
  const root = `${url.origin}${url.pathname.replace(/\/?$/, '/')}`;
  return cached(root.replace(/\/$/, ''), async (file) => {
    const target = new URL(file, root);
    if (target.origin !== url.origin) throw new SiteError(`${file} is not on ${url.origin}`);
    const response = await fetch(target, { redirect: 'error', headers: { accept: 'application/json, text/markdown, text/plain' } }).catch((error: Error) => {
      throw new SiteError(`${target.href}: ${error.message}`);
    });
    if (!response.ok) throw new SiteError(`${target.href}: HTTP ${response.status}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_SITE_FILE_BYTES) throw new SiteError(`${target.href} is ${length} bytes, over the ${MAX_SITE_FILE_BYTES}-byte limit for a site file`);
    const body = await response.text();
    if (body.length > MAX_SITE_FILE_BYTES) throw new SiteError(`${target.href} is over the ${MAX_SITE_FILE_BYTES}-byte limit for a site file`);
    return body;
  });
}

export const openSite = (where: string): Site => (/^https?:\/\//i.test(where) ? remoteSite(where) : localSite(where));

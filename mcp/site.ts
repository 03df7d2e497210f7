/**
 * Where the server reads the site from: a local build folder, or a deployed site's origin. Every
 * read stays inside that folder or on that origin (no redirect elsewhere); nothing else is read.
 */
import { promises as fs, realpathSync } from 'node:fs';
import path from 'node:path';

/** A file of the site larger than this is refused (the largest today, openapi.json, is far smaller). */
export const MAX_SITE_FILE_BYTES = 16 * 1048576;

export class SiteError extends Error {
  /** `missing`: the site has no such file (as opposed to a site that cannot be reached or timed out). */
  constructor(message: string, readonly missing = false) {
    super(message);
  }
}

export interface Site {
  /** What the server reads from, for answers: the site's URL, or "the build" (no local path in answers). */
  where: string;
  /** Where it is, for the server's own log line (a local folder's path). */
  location: string;
  /** What to do when the site has no MCP bundle. */
  advice: string;
  /** A file by its path under the site root (`search/manifest.json`, `api/list-datasets.md`). */
  text(file: string): Promise<string>;
  /** A JSON file, parsed once (callers share the value and never change it). */
  json<T>(file: string): Promise<T>;
}

/** A site path as a relative one without `.`/`..` segments, or an error naming it. */
export function sitePath(file: string): string {
  const clean = file.replace(/^\/+/, '');
  if (!clean || clean.split('/').some((part) => part === '..' || part === '.' || part === '') || /[\\\0?#]/.test(clean)) {
    throw new SiteError(`not a file of the site: ${JSON.stringify(file.slice(0, 60))}`, true);
  }
  return clean;
}

/** One promise per key, forgotten when it fails (a later call tries again). */
function memo<T>(load: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const hits = new Map<string, Promise<T>>();
  return (key) => {
    let hit = hits.get(key);
    if (!hit) {
      hit = load(key);
      hit.catch(() => hits.delete(key));
      hits.set(key, hit);
    }
    return hit;
  };
}

function cached(where: string, location: string, advice: string, load: (file: string) => Promise<string>): Site {
  const texts = memo(load);
  const text = (file: string) => texts(sitePath(file));
  const parsed = memo(async (file) => {
    const body = await text(file);
    try {
      return JSON.parse(body) as unknown;
    } catch (error) {
      throw new SiteError(`${where}/${file} is not JSON (${(error as Error).message})`);
    }
  });
  return { where, location, advice, text, json: <T,>(file: string) => parsed(sitePath(file)) as Promise<T> };
}

/** A build folder: reads only files whose real path is inside it. Answers call it "the build", never by its path. */
export function localSite(dir: string): Site {
  let root: string;
  try {
    root = realpathSync(dir);
  } catch {
    throw new SiteError(`no build folder at ${dir}: run \`npm run build\` first, or pass --site <folder or https URL>`);
  }
  const where = 'the build';
  return cached(where, root, 'build the site with `npm run build`, or pass --site <folder or https URL>', async (file) => {
    let real: string;
    try {
      real = await fs.realpath(path.join(root, file));
    } catch {
      throw new SiteError(`${file} is not in ${where}`, true);
    }
    const rel = path.relative(root, real);
    if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) throw new SiteError(`${file} leads outside ${where}`, true);
    const stat = await fs.stat(real);
    if (!stat.isFile()) throw new SiteError(`${file} is not a file in ${where}`, true);
    if (stat.size > MAX_SITE_FILE_BYTES) throw new SiteError(`${file} is ${stat.size} bytes, over the ${MAX_SITE_FILE_BYTES}-byte limit for a site file`);
    return fs.readFile(real, 'utf8');
  });
}

/** How long one request to a deployed site may take, headers and body. */
export const FETCH_TIMEOUT_MS = 20_000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** A deployed site over https (plain http on loopback only): GET requests to its origin, no redirect, a time-out and a size cap while reading. */
export function remoteSite(base: string, fetchTimeoutMs = FETCH_TIMEOUT_MS): Site {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new SiteError(`--site ${base}: not a URL or a folder`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw new SiteError(`--site ${base}: use an https URL (plain http only on this machine: 127.0.0.1, localhost, [::1]) or a build folder`);
  }
  const root = `${url.origin}${url.pathname.replace(/\/?$/, '/')}`;
  const where = root.replace(/\/$/, '');
  const advice = `check that ${where} is an Emissary docs site built with this version, or pass --site <build folder>`;
  return cached(where, where, advice, async (file) => {
    const target = new URL(file, root);
    if (target.origin !== url.origin) throw new SiteError(`${file} is not on ${url.origin}`);
    const signal = AbortSignal.timeout(fetchTimeoutMs);
    const unreachable = (error: Error) =>
      new SiteError(
        signal.aborted
          ? `${target.href}: timed out (no answer within ${fetchTimeoutMs / 1000} s); check your connection, or read a local build with --site <build folder>`
          : `${target.href}: cannot reach it (${error.message}); check your connection and the URL, or read a local build with --site <build folder>`,
      );
    const response = await fetch(target, { redirect: 'error', signal, headers: { accept: 'application/json, text/markdown, text/plain' } }).catch((error: Error) => {
      throw unreachable(error);
    });
    if (!response.ok) {
      void response.body?.cancel();
      throw new SiteError(`${target.href}: HTTP ${response.status}`, response.status === 404 || response.status === 410);
    }
    const tooBig = () => new SiteError(`${target.href} is over the ${MAX_SITE_FILE_BYTES}-byte limit for a site file`);
    if (Number(response.headers.get('content-length') ?? 0) > MAX_SITE_FILE_BYTES) {
      void response.body?.cancel();
      throw tooBig();
    }
    // Read as it streams, and stop at the cap: a body without a length is never held whole first.
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    try {
      for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
        size += part.value.byteLength;
        if (size > MAX_SITE_FILE_BYTES) throw tooBig();
        chunks.push(part.value);
      }
    } catch (error) {
      void reader?.cancel().catch(() => undefined);
      throw error instanceof SiteError ? error : unreachable(error as Error);
    }
    return Buffer.concat(chunks).toString('utf8');
  });
}

/** A fetch-handler platform's static assets (a Worker's ASSETS binding) as the site: the same reads, no file system, no network. */
export function assetSite(assets: { fetch(request: Request): Promise<Response> }, origin: string): Site {
  return cached(origin, origin, 'deploy the whole build folder, _mcp included', async (file) => {
    const response = await assets.fetch(new Request(`${origin}/${file}`));
    if (!response.ok) throw new SiteError(`${file} is not in the deployed assets (HTTP ${response.status})`, response.status === 404);
    return response.text();
  });
}

export const openSite = (where: string): Site => (/^[a-z][a-z0-9+.-]*:\/\//i.test(where) ? remoteSite(where) : localSite(where));

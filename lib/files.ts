import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Every file below `dir` whose name ends with `suffix` (e.g. '.html'), depth first. */
export async function* filesEndingWith(dir: string, suffix: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesEndingWith(full, suffix);
    else if (entry.name.endsWith(suffix)) yield full;
  }
}

async function isFile(p: string): Promise<boolean> {
  return fs.stat(p).then((s) => s.isFile(), () => false);
}

/** Maps a URL path to a file of a build, or null, as a static host does (scripts/serve-static.ts, plugins/site-meta/link-check). */
export async function resolveFile(dir: string, urlPath: string): Promise<string | null> {
  const clean = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  const base = path.join(dir, clean);
  if (!base.startsWith(path.resolve(dir))) return null;
  for (const candidate of [base, `${base}.html`, path.join(base, 'index.html')]) {
    if (await isFile(candidate)) return candidate;
  }
  return null;
}

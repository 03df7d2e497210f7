/**
 * Which bucket a route's path falls in: shared by the build (./split.ts), which puts each route in
 * its bucket, and the browser (./preload.ts), which loads the bucket of the path it is asked for.
 */

/** The form react-router matches case-insensitively and without trailing slashes (`strict: false`). */
export const normalizePath = (path: string): string => path.toLowerCase().replace(/\/+$/, '') || '/';

/** FNV-1a over the normalized path's UTF-16 code units, to a bucket index in [0, count). */
export function bucketOf(path: string, count: number): number {
  const text = normalizePath(path);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % count;
}

/** Whether `path` can match a child of the route at `base` (react-router's prefix match, case-insensitive). */
export function underBase(path: string, base: string): boolean {
  const p = normalizePath(path);
  const b = normalizePath(base);
  return b === '/' || p === b || p.startsWith(`${b}/`);
}

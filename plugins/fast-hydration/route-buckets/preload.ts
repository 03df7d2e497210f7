/**
 * Docusaurus's preload (@docusaurus/core/lib/client/preload.js), which the client entry, the
 * navigation and <Link> call before a path renders, with one step first: the route buckets
 * (./split.ts) that can hold the path are loaded and their routes put in place, so that matching
 * and rendering see the full route tree, as on the server. Production browser build only
 * (routeBucketReplacements in ../index.ts).
 */
import routes, { buckets } from '@generated/routes';
import { matchRoutes, type RouteConfig } from 'react-router-config';
import { bucketOf, normalizePath, underBase } from './hash';

/** A bucket's load, by list and index; a failed load is forgotten, so that the next call tries again. */
const loading = new Map<string, Promise<void>>();

function loadBuckets(pathname: string): Promise<void>[] {
  // Only the lists with the longest base that holds the path: Docusaurus orders the route tree so
  // that /api/… never reaches the guides' list at /.
  const holding = buckets.map((list, l) => ({ list, l })).filter(({ list }) => underBase(pathname, list.base));
  const longest = Math.max(-1, ...holding.map(({ list }) => list.base.length));
  return holding.flatMap(({ list, l }) => {
    // The list's index page stays in `main` (split.ts): its path needs no bucket.
    if (list.base.length !== longest || normalizePath(pathname) === normalizePath(list.base)) return [];
    const b = bucketOf(pathname, list.load.length);
    const key = `${l}-${b}`;
    let done = loading.get(key);
    if (!done) {
      done = list.load[b]().then(
        // Before the list's own non-page routes (dynamic ones, if any), as Docusaurus orders them.
        (bucket) => void list.routes.unshift(...bucket.default),
        (error: unknown) => {
          loading.delete(key);
          throw error;
        },
      );
      loading.set(key, done);
    }
    return [done];
  });
}

export default function preload(pathname: string): Promise<unknown> {
  const paths = Array.from(new Set([pathname, decodeURI(pathname)]));
  return Promise.all(paths.flatMap(loadBuckets)).then(() =>
    Promise.all(
      paths
        .map((p) => matchRoutes(routes as RouteConfig[], p))
        .flat()
        .map((match) => (match.route.component as { preload?: () => Promise<unknown> } | undefined)?.preload?.()),
    ),
  );
}

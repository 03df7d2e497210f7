/**
 * The sidebar's "is this item active" and "is it visible" checks, with each item's paths collected
 * once. plugin-content-docs (lib/client/docsUtils.js) answers "is this category active" by walking
 * its whole subtree and comparing paths, and a page asks it for every category it draws and again
 * to filter the visible ones: a sidebar of N items costs each page O(N) comparisons, every build
 * O(N²). At 32 times today's API that was about a tenth of the server rendering. Here the paths that
 * make an item active (its own link, and for a category every link below it, normalized as
 * isSamePath normalizes them) are a Set built once per item object; a check is one lookup. Same
 * answers as upstream (tests/unit/sidebar-activity.test.ts runs both on one sidebar).
 */
import { useMemo } from 'react';
import type { PropSidebarItem } from '@docusaurus/plugin-content-docs';

/** As theme-common's isSamePath (lib/utils/routesUtils.js) normalizes both paths before comparing them. */
const normalize = (pathname: string | undefined): string | undefined => (!pathname || pathname.endsWith('/') ? pathname : `${pathname}/`)?.toLowerCase();

const pathsByItem = new WeakMap<PropSidebarItem, ReadonlySet<string>>();
const NONE: ReadonlySet<string> = new Set();

/** The normalized paths on which `item` is active: its link, and for a category every link below it. */
export function activePaths(item: PropSidebarItem): ReadonlySet<string> {
  if (item.type !== 'link' && item.type !== 'category') return NONE;
  let paths = pathsByItem.get(item);
  if (!paths) {
    const own = new Set<string>();
    if (item.href !== undefined) own.add(normalize(item.href)!);
    if (item.type === 'category') for (const child of item.items) for (const p of activePaths(child)) own.add(p);
    paths = own;
    pathsByItem.set(item, paths);
  }
  return paths;
}

export function isActiveSidebarItem(item: PropSidebarItem, activePath: string): boolean {
  const normalized = normalize(activePath);
  return normalized !== undefined && activePaths(item).has(normalized);
}

/** Upstream's rule, on the indexed check: an item shows if it is active, links somewhere listed, or holds something that shows. */
export function isVisibleSidebarItem(item: PropSidebarItem, activePath: string): boolean {
  switch (item.type) {
    case 'category':
      return (
        isActiveSidebarItem(item, activePath) ||
        (typeof item.href !== 'undefined' && !item.linkUnlisted) ||
        item.items.some((subItem) => isVisibleSidebarItem(subItem, activePath))
      );
    case 'link':
      // An unlisted item remains visible if it is active.
      return !item.unlisted || isActiveSidebarItem(item, activePath);
    default:
      return true;
  }
}

export function useVisibleSidebarItems(items: readonly PropSidebarItem[], activePath: string): PropSidebarItem[] {
  return useMemo(() => items.filter((item) => isVisibleSidebarItem(item, activePath)), [items, activePath]);
}

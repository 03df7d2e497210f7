/**
 * Sidebars that do not grow with the API in every page's data. A docs version's metadata, which
 * every page of the version loads, carries its whole sidebars: at ×32 API size, 338 categories and
 * 1,731 links (19 KB gzip). Most of that is never drawn: a collapsed category renders no children
 * (theme-classic's lazy Collapsible), and only the categories around the current page start open.
 *
 * For the production browser build, ./split.ts writes a lean copy of the metadata (`leanSidebar`):
 * a category that starts collapsed keeps only the children that decide how it is drawn while closed
 * (its first visible child and the child that gives its link: `stubItems`). Each page's own chunk
 * carries the items of the closed categories around it (`chainParts`), keyed by their position in
 * the sidebar (./split.ts wraps the page's content module), and ./sidebar-store.ts puts them back
 * before the page renders: ./preload.ts loads a page's chunks before it is drawn. So the
 * browser draws every page as the server did, from much less data. The whole sidebars load when the
 * reader reaches for the sidebar (../theme/DocVersionRoot), before a closed category opens.
 */
import { normalizePath } from './hash';

/** What this file relies on in a sidebar item of the version metadata (plugin-content-docs' PropSidebarItem). */
export interface SidebarItem {
  type: string;
  href?: string;
  label?: string;
  items?: SidebarItem[];
  collapsible?: boolean;
  collapsed?: boolean;
  unlisted?: boolean;
  linkUnlisted?: boolean;
  [key: string]: unknown;
}

export type Sidebars = Record<string, SidebarItem[]>;

/** The position of an item in its sidebar: indices from the top, joined by dots ("0.3.1"). */
export const positionKey = (prefix: string, index: number): string => (prefix ? `${prefix}.${index}` : String(index));

const isCategory = (item: SidebarItem): item is SidebarItem & { items: SidebarItem[] } => item.type === 'category' && Array.isArray(item.items);

/** A category whose children are drawn on every page: it cannot collapse, or it starts open. */
export const alwaysOpen = (item: SidebarItem): boolean => item.collapsible === false || item.collapsed === false;

/** plugin-content-docs' isVisibleSidebarItem, on a page that is not in the item (no active path). */
function visible(item: SidebarItem): boolean {
  if (isCategory(item)) return (item.href !== undefined && !item.linkUnlisted) || item.items.some(visible);
  if (item.type === 'link') return !item.unlisted;
  return true;
}

/** plugin-content-docs' findFirstSidebarItemLink: where a category without a page of its own links to. */
function firstLink(item: SidebarItem): string | undefined {
  if (item.type === 'link') return item.unlisted ? undefined : item.href;
  if (!isCategory(item)) return undefined;
  if (item.href && !item.linkUnlisted) return item.href;
  for (const child of item.items) {
    const link = firstLink(child);
    if (link) return link;
  }
  return undefined;
}

/**
 * A closed category's stand-in children: the first visible child (so the theme draws it as a
 * category, not as an empty one) and the first child with a link (the category's link in the
 * server-rendered HTML, for readers without JavaScript), each as its own stand-in.
 */
export function stubItems(items: SidebarItem[]): SidebarItem[] {
  const keep = new Set<number>();
  const firstVisible = items.findIndex(visible);
  if (firstVisible >= 0) keep.add(firstVisible);
  const linking = items.findIndex((item) => firstLink(item) !== undefined);
  if (linking >= 0) keep.add(linking);
  return [...keep].sort((a, b) => a - b).map((i) => stub(items[i]));
}

/** A stand-in: a category with its own stand-ins; a link with what a closed category reads of it (a label, should it show while the whole sidebar loads). */
const stub = (item: SidebarItem): SidebarItem =>
  isCategory(item) ? { ...item, items: stubItems(item.items) } : item.type === 'link' ? { type: 'link', href: item.href, label: item.label } : item;

/** Items as every page draws them: open categories keep their children (lean), closed ones their stand-ins. */
export function leanItems(items: SidebarItem[]): SidebarItem[] {
  return items.map((item) => (!isCategory(item) ? item : alwaysOpen(item) ? { ...item, items: leanItems(item.items) } : stub(item)));
}

/** The version metadata's sidebars, lean. */
export function leanSidebars(sidebars: Sidebars): Sidebars {
  return Object.fromEntries(Object.entries(sidebars).map(([name, items]) => [name, leanItems(items)]));
}

/** The same page, as react-router matches paths (./hash.ts). */
const samePath = (a: string | undefined, b: string): boolean => a !== undefined && normalizePath(a) === normalizePath(b);

/**
 * The categories around the page at `pagePath`, by position: each closed one that holds the page,
 * with its items as that page draws them (open ones are drawn from the lean sidebar already). A
 * category's own page (a generated index) shows its children as cards, each counting its children:
 * that category gets its children with all their items, lean.
 */
export function chainParts(items: SidebarItem[], pagePath: string): Record<string, SidebarItem[]> {
  const parts: Record<string, SidebarItem[]> = {};
  const holds = (item: SidebarItem): boolean =>
    item.type === 'link' ? samePath(item.href, pagePath) : isCategory(item) && (samePath(item.href, pagePath) || item.items.some(holds));
  const walk = (list: SidebarItem[], prefix: string) =>
    list.forEach((item, index) => {
      if (!isCategory(item) || !holds(item)) return;
      const key = positionKey(prefix, index);
      if (samePath(item.href, pagePath)) parts[key] = item.items.map((child) => (isCategory(child) ? { ...child, items: leanItems(child.items) } : child));
      else if (!alwaysOpen(item)) parts[key] = leanItems(item.items);
      walk(item.items, key);
    });
  walk(items, '');
  return parts;
}

const itemCount = (items: SidebarItem[]): number => items.reduce((n, item) => n + 1 + (item.items ? itemCount(item.items) : 0), 0);

/**
 * Whether `added` replaces the part `known` for the same position: a category's own page carries
 * its children with their items, its other pages carry them lean; the fuller one serves both.
 */
export const replacesPart = (known: SidebarItem[] | undefined, added: SidebarItem[]): boolean => !known || itemCount(added) > itemCount(known);

/**
 * A lean sidebar with the parts known so far put back: a category whose position has a part gets
 * those items, an open one keeps its own; the rest stay as they are. Used in the browser
 * (./sidebar-store.ts); pure, so that the build's tests can check it draws what the server drew.
 */
export function resolveItems(items: SidebarItem[], parts: ReadonlyMap<string, SidebarItem[]>, prefix = ''): SidebarItem[] {
  return items.map((item, index) => {
    if (!isCategory(item)) return item;
    const key = positionKey(prefix, index);
    const part = parts.get(key);
    if (part) return { ...item, items: resolveItems(part, parts, key) };
    return alwaysOpen(item) ? { ...item, items: resolveItems(item.items, parts, key) } : item;
  });
}

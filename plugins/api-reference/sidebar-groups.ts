/** Long sidebar lists in collapsed groups (plugins/api-reference/sidebars.ts). */
export type Item = { type: string; label?: string; id?: string; items?: Item[]; collapsed?: boolean };

/**
 * Most entries one sidebar level shows. Every page renders its sidebar's expanded path, so a longer
 * list would be repeated in every page's HTML and output would grow faster than pages. Large enough
 * that Emissary's 19 schemas stay one "Schemas" list: groups named "A – B" by their ends mean
 * nothing to a reader and appear in breadcrumbs, share cards and the /api index ("2 items").
 */
export const SIDEBAR_GROUP_SIZE = 24;

export const labelOf = (item: Item): string => item.label ?? item.id?.split('/').pop() ?? '';

/** The groups made here, as opposed to the categories they group. */
const made = new WeakSet<Item>();

/** The first or last entry of a group of groups, to name the group by its ends. */
const end = (item: Item, at: 0 | -1): Item => (made.has(item) ? end(item.items!.at(at)!, at) : item);

/**
 * `items` as they are when there are at most SIDEBAR_GROUP_SIZE of them; otherwise in consecutive
 * collapsed groups named after their first and last entries, grouped again until a level fits.
 */
export function groupItems(items: Item[]): Item[] {
  if (items.length <= SIDEBAR_GROUP_SIZE) return items;
  const count = Math.ceil(items.length / SIDEBAR_GROUP_SIZE);
  const groups: Item[] = [];
  for (let g = 0; g < count; g++) {
    const part = items.slice(Math.round((g * items.length) / count), Math.round(((g + 1) * items.length) / count));
    const group: Item = { type: 'category', label: `${labelOf(end(part[0], 0))} – ${labelOf(end(part.at(-1)!, -1))}`, collapsed: true, items: part };
    made.add(group);
    groups.push(group);
  }
  return groupItems(groups);
}

/**
 * The browser's side of lean sidebars (./sidebars.ts). A page's chunk adds the parts of the
 * sidebars around it as it loads (before the page renders: ./preload.ts awaits it), and the
 * lean route modules register how to load a version's whole sidebars. ../theme/DocVersionRoot
 * reads the version metadata through `resolveVersion`. Where nothing was added (the server build,
 * `start`), versions pass through unchanged.
 */
import { replacesPart, resolveItems, type SidebarItem, type Sidebars } from './sidebars';

interface VersionMetadata {
  pluginId: string;
  version: string;
  docsSidebars: Sidebars;
}

/** `${pluginId}/${version}`: the key of one docs version's sidebars. */
export const versionKey = (pluginId: string, version: string): string => `${pluginId}/${version}`;

type Parts = Map<string, SidebarItem[]>;
/** Version key → sidebar name → position → items. */
const parts = new Map<string, Map<string, Parts>>();
/** Version key → how to load the version's whole metadata, and the sidebars once loaded. */
const loaders = new Map<string, () => Promise<{ default: { version: VersionMetadata } }>>();
const whole = new Map<string, Sidebars>();
const loading = new Map<string, Promise<void>>();

let revision = 0;
const listeners = new Set<() => void>();
const changed = () => {
  revision++;
  listeners.forEach((listener) => listener());
};

/** Called by a page's chunk (or a route bucket): the parts of `version`'s sidebars around its pages. */
export function addSidebarParts(version: string, added: Record<string, Record<string, SidebarItem[]>>): void {
  const bySidebar = parts.get(version) ?? new Map<string, Parts>();
  parts.set(version, bySidebar);
  for (const [sidebar, positions] of Object.entries(added)) {
    const known = bySidebar.get(sidebar) ?? new Map<string, SidebarItem[]>();
    bySidebar.set(sidebar, known);
    for (const [key, items] of Object.entries(positions)) if (replacesPart(known.get(key), items)) known.set(key, items);
  }
  changed();
}

/** Called by the lean route module: how to load `version`'s whole metadata (a chunk of its own). */
export function registerWholeSidebars(version: string, load: () => Promise<{ default: { version: VersionMetadata } }>): void {
  loaders.set(version, load);
}

/** Whether the version's sidebars are lean here (the production browser build), so that loading them whole means something. */
export const isLean = (version: string): boolean => loaders.has(version) && !whole.has(version);

/** Loads a version's whole sidebars once; a failed load is forgotten, so that the next call tries again. */
export function loadWholeSidebars(version: string): Promise<void> {
  const load = loaders.get(version);
  if (!load || whole.has(version)) return Promise.resolve();
  let done = loading.get(version);
  if (!done) {
    done = load().then(
      (module) => {
        whole.set(version, module.default.version.docsSidebars);
        changed();
      },
      (error: unknown) => {
        loading.delete(version);
        throw error;
      },
    );
    loading.set(version, done);
  }
  return done;
}

export const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const getRevision = (): number => revision;

const resolved = new WeakMap<object, { revision: number; value: unknown }>();

/** The version metadata with its sidebars as complete as what has loaded: whole, or lean with the parts put back. */
export function resolveVersion<V extends VersionMetadata>(version: V): V {
  const key = versionKey(version.pluginId, version.version);
  if (!loaders.has(key) && !parts.has(key)) return version;
  const cached = resolved.get(version);
  if (cached?.revision === revision) return cached.value as V;
  const bySidebar = parts.get(key);
  const docsSidebars =
    whole.get(key) ??
    Object.fromEntries(Object.entries(version.docsSidebars).map(([name, items]) => [name, resolveItems(items, bySidebar?.get(name) ?? new Map())]));
  const value = { ...version, docsSidebars };
  resolved.set(version, { revision, value });
  return value;
}

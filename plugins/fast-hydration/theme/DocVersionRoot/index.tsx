/**
 * theme-classic's DocVersionRoot, given the version metadata with its sidebars put back together
 * (../../route-buckets/sidebar-store.ts). In the production browser build a long list's metadata
 * is lean (../../route-buckets/sidebars.ts): the pages around the current one come with its route
 * bucket, and the whole sidebars load on the reader's first reach for them (pointer, touch or focus
 * in the sidebar or on the mobile menu button), so that a closed category opens complete.
 */
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import DocVersionRoot from '@theme-init/DocVersionRoot';
import { getRevision, isLean, loadWholeSidebars, resolveVersion, subscribe, versionKey } from '../../route-buckets/sidebar-store';

interface Version {
  pluginId: string;
  version: string;
  docsSidebars: Record<string, never[]>;
}

/** Where a reader reaches for the sidebar: the docs sidebar, the mobile menu and its button. */
export const SIDEBAR_INTENT = '.theme-doc-sidebar-container, .navbar-sidebar, .navbar__toggle';
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin'] as const;

export default function DocVersionRootWithSidebars(props: { version: Version } & Record<string, unknown>): ReactNode {
  useSyncExternalStore(subscribe, getRevision, getRevision);
  const key = versionKey(props.version.pluginId, props.version.version);
  useEffect(() => {
    if (!isLean(key)) return undefined;
    const onIntent = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest(SIDEBAR_INTENT)) return;
      stop();
      loadWholeSidebars(key).catch(() => INTENT_EVENTS.forEach((type) => document.addEventListener(type, onIntent, { passive: true })));
    };
    const stop = () => INTENT_EVENTS.forEach((type) => document.removeEventListener(type, onIntent));
    INTENT_EVENTS.forEach((type) => document.addEventListener(type, onIntent, { passive: true }));
    return stop;
  }, [key]);
  return <DocVersionRoot {...props} version={resolveVersion(props.version)} />;
}

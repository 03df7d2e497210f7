// Loads the search plugin's bar on first use (pointer, focus, Ctrl/Cmd+K) so its code is not in every page's startup JavaScript.
import React, { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import { translate } from '@docusaurus/Translate';
import type SearchBarType from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar';
// The plugin's own stylesheet and shortcut helpers: the stand-in looks and answers exactly as the bar.
import styles from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css';
import { getKeymapHints, matchesKeymap, parseKeymap } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/keymap';
import { isMacPlatform } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/platform';
import { searchBarShortcutKeymap } from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGenerated';

type Props = ComponentProps<typeof SearchBarType>;

const INPUT = '.navbar__search-input';

let loaded: Promise<ComponentType<Props>> | null = null;
/** The plugin's bar (with our focus guard, ./Loaded), fetched once per page load. */
function loadSearchBar(): Promise<ComponentType<Props>> {
  loaded ??= import('./Loaded').then((m) => m.default as ComponentType<Props>);
  return loaded;
}

/** The bar as the plugin renders it before its index loads; server-rendered, so nothing shifts. */
function StandIn({ onWanted, inputRef }: { onWanted: () => void; inputRef: React.RefObject<HTMLInputElement | null> }): ReactNode {
  const isBrowser = useIsBrowser();
  useEffect(() => {
    const keymap = parseKeymap(searchBarShortcutKeymap);
    const onKey = (event: KeyboardEvent) => {
      if (!matchesKeymap(event, keymap)) return;
      event.preventDefault();
      inputRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [inputRef]);
  const label = translate({ id: 'theme.SearchBar.label', message: 'Search', description: 'The ARIA label and placeholder for search button' });
  return (
    <div className={clsx('navbar__search', styles.searchBarContainer)} dir="ltr">
      <svg aria-hidden="true" className={styles.searchIcon} focusable="false" viewBox="0 0 16 16">
        <path
          fill="currentColor"
          d="M6.02945 10.20327a4.17382 4.17382 0 1 1 4.17382-4.17382 4.15609 4.15609 0 0 1-4.17382 4.17382Zm9.69195 4.2199-4.8225-4.82338A5.88021 5.88021 0 0 0 12.058 6.02856 6.00467 6.00467 0 1 0 9.59979 10.8989l4.82338 4.82338a.89729.89729 0 0 0 1.29912 0 .89749.89749 0 0 0-.00087-1.29909Z"
        />
      </svg>
      <input
        ref={inputRef}
        placeholder={label}
        aria-label={label}
        className={`navbar__search-input ${styles.searchInput}`}
        onFocus={onWanted}
        onPointerEnter={onWanted}
        onTouchStart={onWanted}
      />
      {isBrowser && (
        <div className={styles.searchHintContainer}>
          {getKeymapHints(searchBarShortcutKeymap, isMacPlatform()).map((hint: string) => (
            <kbd key={hint} className={styles.searchHint}>
              {hint}
            </kbd>
          ))}
        </div>
      )}
    </div>
  );
}

export default function SearchBar(props: Props): ReactNode {
  const [Bar, setBar] = useState<ComponentType<Props> | null>(null);
  const standIn = useRef<HTMLInputElement>(null);
  // What the reader did in the stand-in, carried over to the plugin's input when it mounts.
  const carried = useRef<{ value: string; focused: boolean } | null>(null);

  const want = useCallback(() => {
    loadSearchBar().then(
      (Loaded) => {
        const input = standIn.current;
        carried.current = { value: input?.value ?? '', focused: !!input && document.activeElement === input };
        setBar(() => Loaded);
      },
      () => {
        // Offline or a stale deployment: forget the failed load so the next gesture retries.
        loaded = null;
      },
    );
  }, []);

  // Before the plugin's own effects run (they read the input's value and focus on mount).
  useLayoutEffect(() => {
    const state = carried.current;
    if (!Bar || !state) return;
    carried.current = null;
    const input = document.querySelector<HTMLInputElement>(INPUT);
    if (!input) return;
    if (state.value) input.value = state.value;
    if (state.focused) input.focus();
  }, [Bar]);

  return Bar ? <Bar {...props} /> : <StandIn onWanted={want} inputRef={standIn} />;
}

// The navbar's search box: server-rendered, so nothing shifts; its results (./Results) and the index load on first use.
import React, { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type { PopupState, ResultsProps } from './Results';
import styles from './styles.module.css';

export const LISTBOX_ID = 'search-results';

let loading: Promise<ComponentType<ResultsProps>> | null = null;
/** The results popup's code, fetched once per page load; a failed load (offline) is tried again on the next gesture. */
function loadResults(): Promise<ComponentType<ResultsProps>> {
  loading ??= import('./Results').then(
    (m) => m.default,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export default function SearchBar(): ReactNode {
  const input = useRef<HTMLInputElement>(null);
  const [Results, setResults] = useState<ComponentType<ResultsProps> | null>(null);
  const [popup, setPopup] = useState<PopupState>({ expanded: false });
  const isBrowser = useIsBrowser();
  const searchPage = useBaseUrl('/search');
  const want = useCallback(() => {
    loadResults().then((loaded) => setResults(() => loaded), () => undefined);
  }, []);
  useEffect(() => {
    // Ctrl/Cmd+K from anywhere on the page.
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const mac = isBrowser && /mac|iphone|ipad/i.test(navigator.platform);
  return (
    // Without JavaScript, Enter opens the search page with the query.
    <form role="search" action={searchPage} method="get" className={clsx('navbar__search', styles.box)}>
      <input
        ref={input}
        type="text"
        name="q"
        role="combobox"
        aria-label="Search"
        placeholder="Search"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={popup.expanded}
        aria-controls={popup.expanded ? LISTBOX_ID : undefined}
        aria-activedescendant={popup.active}
        className={clsx('navbar__search-input', styles.input)}
        onFocus={want}
        onPointerEnter={want}
        onTouchStart={want}
      />
      {isBrowser && (
        <span className={styles.hint} aria-hidden="true">
          <kbd>{mac ? '⌘' : 'Ctrl'}</kbd>
          <kbd>K</kbd>
        </span>
      )}
      {/* A form needs a way to submit it other than Enter (WCAG 3.2.2, H32): shown when it has focus. */}
      <button type="submit" className={clsx('button button--primary button--sm', styles.submit)}>
        Search
      </button>
      {Results && <Results input={input} listboxId={LISTBOX_ID} onState={setPopup} />}
    </form>
  );
}

// The results popup of the navbar box (loaded on first use): results grouped by page, keyboard and pointer handling.
import React, { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import clsx from 'clsx';
import { useHistory } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import { search, warm, type Found, type SearchHit } from '../../../../lib/search/engine';
import Excerpt from './Excerpt';
import styles from './styles.module.css';

export interface PopupState {
  expanded: boolean;
  /** id of the active option (aria-activedescendant). */
  active?: string;
}

export interface ResultsProps {
  input: RefObject<HTMLInputElement | null>;
  listboxId: string;
  onState: (state: PopupState) => void;
}

interface Option {
  id: string;
  url: string;
}

export default function Results({ input, listboxId, onState }: ResultsProps): ReactNode {
  const base = useBaseUrl('/');
  const searchPage = useBaseUrl('/search');
  const history = useHistory();
  // What was typed before this code arrived is carried over.
  const [query, setQuery] = useState(() => input.current?.value ?? '');
  const [open, setOpen] = useState(() => document.activeElement === input.current);
  const [shown, setShown] = useState<({ query: string } & Found) | null>(null);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);

  const options = useMemo<Option[]>(() => {
    if (!shown) return [];
    // Nothing matched: the closest titles are the options.
    if (!shown.hits.length) return shown.closest.map((c, i) => ({ id: `${listboxId}-closest-${i}`, url: c.url }));
    const all = { id: `${listboxId}-all`, url: `${searchPage}?q=${encodeURIComponent(shown.query.trim())}` };
    return [...shown.hits.flatMap((h, i) => [{ id: `${listboxId}-${i}`, url: h.url }, ...h.sections.map((s, j) => ({ id: `${listboxId}-${i}-${j}`, url: s.url }))]), all];
  }, [shown, listboxId, searchPage]);
  const visible = open && !!query.trim() && shown !== null;
  const expanded = visible && options.length > 0;

  useEffect(() => warm(base), [base]);

  useEffect(() => {
    const id = ++latest.current;
    if (!query.trim()) {
      setShown(null);
      return;
    }
    // The previous results stay until this query's arrive; a slower, older answer is dropped.
    search(base, query).then(
      (found) => id === latest.current && (setShown({ query, ...found }), setActive(-1)),
      () => id === latest.current && setShown({ query, hits: [], closest: [] }),
    );
  }, [query, base]);

  useEffect(() => onState({ expanded, active: expanded && active >= 0 ? options[active]?.id : undefined }), [expanded, active, options, onState]);

  useEffect(() => {
    if (active >= 0) document.getElementById(options[active]?.id ?? '')?.scrollIntoView({ block: 'nearest' });
  }, [active, options]);

  const go = (url: string) => {
    setOpen(false);
    input.current?.blur();
    history.push(url);
  };

  // The latest handler, for the listeners attached once to the server-rendered input.
  const onKey = useRef<(e: KeyboardEvent) => void>(() => undefined);
  onKey.current = (event: KeyboardEvent) => {
    const n = options.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (!n) return;
        setActive((a) => (event.key === 'ArrowDown' ? (a + 1) % n : a <= 0 ? n - 1 : a - 1));
        return;
      case 'Enter':
        // With no result list, the form opens the search page.
        if (!expanded) return;
        event.preventDefault();
        go(options[Math.max(active, 0)].url);
        return;
      case 'Escape':
        event.preventDefault();
        if (expanded) setOpen(false);
        else if (input.current) {
          input.current.value = '';
          setQuery('');
        }
        return;
    }
  };

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const onInput = () => {
      setQuery(el.value);
      setOpen(true);
    };
    const onFocus = () => setOpen(true);
    const onBlur = () => setOpen(false);
    const onKeyDown = (e: KeyboardEvent) => onKey.current(e);
    el.addEventListener('input', onInput);
    el.addEventListener('focus', onFocus);
    el.addEventListener('blur', onBlur);
    el.addEventListener('keydown', onKeyDown);
    return () => {
      el.removeEventListener('input', onInput);
      el.removeEventListener('focus', onFocus);
      el.removeEventListener('blur', onBlur);
      el.removeEventListener('keydown', onKeyDown);
    };
  }, [input]);

  if (!visible) return null;
  let index = 0;
  // An option's name is all it shows (title or heading, then its excerpt), as WCAG 2.5.3 asks.
  const option = (o: Option, className: string, name: ReactNode, excerpt: SearchHit['excerpt']) => {
    const i = index++;
    return (
      <div
        key={o.id}
        id={o.id}
        role="option"
        aria-selected={i === active}
        data-href={o.url}
        className={clsx(styles.option, className, i === active && styles.active)}
        // Keep focus in the box: the click navigates.
        onMouseDown={(e) => e.preventDefault()}
        onMouseMove={() => i !== active && setActive(i)}
        onClick={() => go(o.url)}
      >
        <span data-search-name>{name}</span>
        <Excerpt parts={excerpt} lines={2} />
      </div>
    );
  };
  return (
    // Focusable (not tabbable), as axe asks of a region that scrolls: arrows move through it from the box.
    <div className={styles.popup} tabIndex={-1}>
      {!shown.hits.length && <p className={styles.empty}>No page matches “{shown.query.trim()}”.{shown.closest.length ? ' Closest titles:' : ''}</p>}
      {!shown.hits.length && shown.closest.length > 0 && (
        <div role="listbox" id={listboxId} aria-label="Closest titles" className={styles.listbox}>
          {shown.closest.map((c) => option(options[index], styles.page, <span className={styles.title}>{c.title}</span>, []))}
        </div>
      )}
      {shown.hits.length > 0 && (
        <div role="listbox" id={listboxId} aria-label="Search results" className={styles.listbox}>
          {shown.hits.map((hit, i) => (
            <div key={hit.url} role="group" aria-labelledby={`${listboxId}-${i}-title`} className={styles.group}>
              {option(
                options[index],
                styles.page,
                <>
                  <span id={`${listboxId}-${i}-title`} className={styles.title}>
                    {hit.title}
                  </span>
                  <span className={styles.label}>{hit.label}</span>
                </>,
                hit.excerpt,
              )}
              {hit.sections.map((s) => option(options[index], styles.section, s.heading, s.excerpt))}
            </div>
          ))}
          {option(options[index], styles.all, `See all results for “${shown.query.trim()}”`, [])}
        </div>
      )}
      <p role="status" className={styles.status}>
        {shown.hits.length ? `${shown.hits.length} pages found` : `No results${shown.closest.length ? `; ${shown.closest.length} closest titles` : ''}`}
      </p>
    </div>
  );
}

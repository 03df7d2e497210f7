// A result's excerpt: the section's text around the query's words, the matched words in <mark>. Text nodes only, never HTML.
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import type { ExcerptPart } from '../../../../lib/search/matcher';
import styles from './Excerpt.module.css';

/** `lines`: at most this many lines shown (the navbar's popup), the rest cut with an ellipsis. */
export default function Excerpt({ parts, lines }: { parts: ExcerptPart[]; lines?: 2 }): ReactNode {
  if (!parts.length) return null;
  return (
    <span data-search-excerpt className={clsx(styles.excerpt, lines && styles.twoLines)}>
      {parts.map(([text, matched], i) => (matched ? <mark key={i}>{text}</mark> : <React.Fragment key={i}>{text}</React.Fragment>))}
    </span>
  );
}

// The /search page: the navbar box's results for ?q=, all of them, as plain links (where Enter goes without a result list).
import React, { useEffect, useState, type ReactNode } from 'react';
import Layout from '@theme/Layout';
import { useLocation } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type { Found } from '../../../../lib/search/engine';
import Excerpt from '../SearchBar/Excerpt';

/** `description`: the page's meta description, naming the product (plugins/search). */
export default function SearchPage({ description }: { description: string }): ReactNode {
  const base = useBaseUrl('/');
  const query = new URLSearchParams(useLocation().search).get('q')?.trim() ?? '';
  const [found, setFound] = useState<Found | null>(null);
  useEffect(() => {
    setFound(null);
    if (!query) return;
    let current = true;
    import('../../../../lib/search/engine')
      .then((engine) => engine.search(base, query, 50))
      .then(
        (result) => current && setFound(result),
        () => current && setFound({ hits: [], closest: [] }),
      );
    return () => {
      current = false;
    };
  }, [base, query]);
  return (
    <Layout title="Search" description={description}>
      <main className="container margin-vert--lg">
        <h1>Search the documentation</h1>
        <form role="search" aria-label="Search the documentation" method="get" className="margin-bottom--lg">
          <div style={{ display: 'flex', gap: '0.5rem' }}>
            <input type="search" name="q" aria-label="Search the documentation" defaultValue={query} className="navbar__search-input" style={{ flex: 1 }} />
            <button type="submit" className="button button--primary">
              Search
            </button>
          </div>
        </form>
        {query && found && (
          <>
            <p role="status">{found.hits.length ? `${found.hits.length} pages for “${query}”` : `No page matches “${query}”.${found.closest.length ? ' Closest titles:' : ''}`}</p>
            {found.closest.length > 0 && (
              <ul>
                {found.closest.map((c) => (
                  <li key={c.url}>
                    <a href={c.url}>{c.title}</a>
                  </li>
                ))}
              </ul>
            )}
            <ol>
              {found.hits.map((hit) => (
                <li key={hit.url} className="margin-bottom--md">
                  <a href={hit.url}>{hit.title}</a> <code>{hit.label}</code>
                  <Excerpt parts={hit.excerpt} />
                  {hit.sections.length > 0 && (
                    <ul>
                      {hit.sections.map((s) => (
                        <li key={s.url}>
                          <a href={s.url}>{s.heading}</a>
                          <Excerpt parts={s.excerpt} />
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
          </>
        )}
      </main>
    </Layout>
  );
}

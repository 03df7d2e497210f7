// The not-found page: what happened, a search (a plain form to /search: it works without
// JavaScript and loads nothing; the navbar box above offers results as you type) and the main sections.
import type { ReactNode } from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { leftOut } from '@site/src/components/leftOut';
import Heading from '@theme/Heading';
import type { Props } from '@theme/NotFound/Content';

// `page`: the Emissary-only page kind a section belongs to, left out with it (SITE_CONFIG `pages`).
const SECTIONS = [
  { to: '/', label: 'Start your first fine-tuning project', page: 'guides' },
  { to: '/fine-tuning/quickstart', label: 'Quickstart', page: 'guides' },
  { to: '/fine-tuning/datasets', label: 'Fine-tuning guides', page: 'guides' },
  { to: '/api', label: 'API reference' },
  { to: '/errors', label: 'Errors', page: 'errors' },
  { to: '/changelog', label: 'API changelog', page: 'changelog' },
];

export default function NotFoundContent({ className }: Props): ReactNode {
  const searchPage = useBaseUrl('/search');
  const hidden = leftOut(useDocusaurusContext().siteConfig);
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            Page not found
          </Heading>
          <p>No page lives at this address. It may have moved, or the link may have a typo.</p>
          <form role="search" action={searchPage} method="get" className="margin-bottom--lg">
            <label htmlFor="not-found-search">Search the docs</label>
            <div style={{ display: 'flex', gap: '0.5rem', marginTop: '0.25rem' }}>
              <input id="not-found-search" className="navbar__search-input" style={{ flex: 1 }} type="search" name="q" autoComplete="off" />
              <button type="submit" className="button button--primary">
                Search
              </button>
            </div>
          </form>
          <Heading as="h2">Main sections</Heading>
          <ul>
            {SECTIONS.filter((s) => !s.page || !hidden.includes(s.page)).map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  );
}

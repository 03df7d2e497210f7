// Every API release and its changes, server-rendered from the build's diff of openapi/history (../../history.ts).
import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import changelog from '@generated/changelog/default/changelog.json';
import type { Release } from '../../../../lib/changelog/history';
import styles from './styles.module.css';

export function Classification({ breaking }: { breaking: boolean }): ReactNode {
  return <span className={breaking ? styles.breaking : styles.compatible}>{breaking ? 'Breaking' : 'Non-breaking'}</span>;
}

export default function ApiChangelog(): ReactNode {
  const releases = changelog as Release[];
  return (
    <>
      {releases.map((release) => (
        <section key={release.version} aria-labelledby={release.version}>
          {/* Heading: a permalink, and an anchor Docusaurus's link checker knows. */}
          <Heading as="h2" id={release.version}>
            {release.version} <small className={styles.date}>released {release.date}</small>
          </Heading>
          <p>{release.summary}</p>
          {release.groups.length === 0 && <p>The first version this site documents: nothing to compare it with.</p>}
          {release.groups.map((group) => (
            <div key={group.anchor} className={styles.group}>
              <Heading as="h3" id={group.anchor}>
                {group.page ? <Link to={group.page}>{group.owner.title}</Link> : group.owner.title}{' '}
                {group.owner.kind === 'operation' ? (
                  <code>{`${group.owner.method.toUpperCase()} ${group.owner.path}`}</code>
                ) : (
                  <span className={styles.kind}>schema</span>
                )}
              </Heading>
              <ul>
                {group.changes.map((change) => (
                  <li key={change.id}>
                    <Classification breaking={change.breaking} /> <span dangerouslySetInnerHTML={{ __html: change.text }} />
                  </li>
                ))}
              </ul>
              {group.note && (
                <div className={styles.note}>
                  <p className={styles.noteTitle}>How to migrate</p>
                  <div dangerouslySetInnerHTML={{ __html: group.note }} />
                </div>
              )}
            </div>
          ))}
        </section>
      ))}
    </>
  );
}

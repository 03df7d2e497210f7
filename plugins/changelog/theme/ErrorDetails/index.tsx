// One error status of the catalogue on /errors: its body schema, example and operations, from the OpenAPI document (../../errors.ts).
import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import errors from '@generated/changelog/default/errors.json';
import type { Highlights } from '../../../../lib/code/context';
import type { ErrorEntry } from '../../../../lib/changelog/errors';
import styles from './styles.module.css';

/** The examples highlighted at build time (../../index.ts), loaded only for a block the browser renders itself. */
const highlights = () => import('@generated/changelog/default/errors-highlights.json') as Promise<{ default: Highlights }>;

export default function ErrorDetails({ status }: { status: string }): ReactNode {
  const entry = (errors as ErrorEntry[]).find((e) => e.status === status);
  // The build checks docs/errors.mdx against the document; this guards a stale dev server.
  if (!entry) throw new Error(`<ErrorDetails status="${status}" />: no operation declares this status`);
  return (
    <>
      {entry.description && <div dangerouslySetInnerHTML={{ __html: entry.description }} />}
      {entry.schemaName ? (
        <p>
          Body: {entry.schemaRoute ? <Link to={entry.schemaRoute}>{entry.schemaName}</Link> : entry.schemaName}, JSON.
        </p>
      ) : (
        <p>The document describes no body for it.</p>
      )}
      {entry.fields.length > 0 && (
        <table className={styles.fields}>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">Required</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {entry.fields.map((f) => (
              <tr key={f.name}>
                <td>
                  <code>{f.name}</code>
                </td>
                <td data-label="Type">{f.type}</td>
                <td data-label="Required">{f.required ? 'yes' : 'no'}</td>
                <td dangerouslySetInnerHTML={{ __html: f.description }} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {entry.example !== undefined && (
        <CodeBlock language="json" title={`Illustrative ${status} body`} highlights={highlights}>
          {JSON.stringify(entry.example, null, 2)}
        </CodeBlock>
      )}
      <details>
        <summary>
          Operations that declare {status === 'default' ? 'it' : status} ({entry.operations.length})
        </summary>
        <ul>
          {entry.operations.map((op) => (
            <li key={op.route}>
              <Link to={op.route}>{op.title}</Link> <code>{`${op.method.toUpperCase()} ${op.path}`}</code>
              {op.noBody && ' (no documented body)'}
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

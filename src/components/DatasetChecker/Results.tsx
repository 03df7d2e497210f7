/** What the checker found: the layout it used, a summary of the file, and every problem with its line and fix. */
import React, { type ReactNode } from 'react';
import type { Report } from './check';
import styles from './styles.module.css';
import { number, plural, verdict } from './verdict';

export { verdict };

/** Rows of the problem table; the rest are counted, so a broken huge file cannot freeze the page. */
export const MAX_SHOWN = 200;

const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(bytes < 104858 ? 2 : 1)} MB`;

export default function Results({ report, source }: { report: Report; source: string }): ReactNode {
  const { summary, layout } = report;
  const shown = report.problems.slice(0, MAX_SHOWN);
  const hidden = report.errors + report.warnings - shown.length;
  const limitShare = Math.round((summary.bytes / summary.limitBytes) * 100);
  return (
    <div className={styles.results}>
      <p>
        <strong>{source}</strong>: {verdict(report)}
      </p>
      {layout && (
        <p>
          Checked as <strong>{layout.title}</strong> (<code>{layout.task_type}</code>)
          {report.inferred ? ', the layout that fits the file best; choose the task above to check exactly that layout.' : ', the task you chose.'}
          {report.alsoFits.length > 0 && ` The file also fits: ${report.alsoFits.join(', ')}.`}
        </p>
      )}
      <dl className={styles.summary}>
        <dt>Size</dt>
        <dd>
          {megabytes(summary.bytes)}, {limitShare}% of the API's {summary.limitBytes / 1048576} MB upload limit
        </dd>
        <dt>Rows</dt>
        <dd>{number(summary.rows)}</dd>
        {summary.columns.length > 0 && (
          <>
            <dt>{report.format === 'csv' ? 'Columns' : 'Keys'}</dt>
            <dd>{summary.columns.map((c) => (report.format === 'csv' ? c.name : `${c.name} (${plural(c.rows, 'row')})`)).join(', ')}</dd>
          </>
        )}
        {summary.labels && (
          <>
            <dt>Labels</dt>
            <dd>{summary.labels.length ? summary.labels.map((l) => `${l.label}: ${plural(l.rows, 'row')}`).join(', ') : 'none found'}</dd>
          </>
        )}
        {summary.longest.length > 0 && (
          <>
            <dt>Longest rows</dt>
            <dd>{summary.longest.map((r) => `line ${r.line} (${plural(r.chars, 'character')})`).join(', ')}</dd>
          </>
        )}
        {summary.rows > 0 && (
          <>
            <dt>Tokens</dt>
            <dd>
              about {number(summary.tokens)}: an estimate, the characters of text divided by 4. The real count depends on the model's tokenizer.
            </dd>
          </>
        )}
      </dl>
      {shown.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.problems}>
            <caption>{hidden > 0 ? `Problems: the first ${number(shown.length)}; ${number(hidden)} more are not listed` : 'Problems'}</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Severity</th>
                <th scope="col">Problem</th>
                <th scope="col">How to fix</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((p, i) => (
                <tr key={i} data-line={p.line} data-kind={p.kind}>
                  <td>{p.line}</td>
                  <td>{p.severity}</td>
                  <td>{p.message}</td>
                  <td>{report.hints[p.kind]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hidden > 0 && (
        <p>
          All problems by kind:{' '}
          {Object.entries(report.byKind)
            .map(([kind, count]) => `${kind} ${number(count)}`)
            .join(', ')}
          . Fix the listed ones and check again, or run the Python checker for the full list.
        </p>
      )}
    </div>
  );
}

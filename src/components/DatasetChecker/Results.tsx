/** What the checker found: the layout it used, a summary of the file, and every problem with its line and fix. */
import React, { type ReactNode } from 'react';
import type { Report } from '../../../lib/dataset-check/check';
import { TOKENIZERS, modelNamed, templateOf, type BaseModel } from '../../../lib/dataset-check/models';
import { RULES } from '../../../lib/dataset-check/rules';
import { useCounting, type Counting } from './store';
import styles from './styles.module.css';
import tokenStyles from './tokens.module.css';
import { number, plural, verdict } from '../../../lib/dataset-check/verdict';

export { verdict };

/** Rows of the problem table; the rest are counted, so a broken huge file cannot freeze the page. */
export const MAX_SHOWN = 200;

/** A size in the unit that suits it: 4.5 KB, not 0.00 MB. */
export function size(bytes: number): string {
  if (bytes < 1024) return plural(bytes, 'byte');
  if (bytes < 1048576) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1048576).toFixed(1)} MB`;
}

/** Problem text with its `names` shown as code, not as backticks. */
export function withCode(text: string): ReactNode[] {
  return text.split(/`([^`]+)`/).map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part));
}

type TokenState = Counting['tokens'];

/** `source` is said by the page's status line, not repeated here. */
export default function Results({ report }: { report: Report; source?: string }): ReactNode {
  const { model: name, epochs, tokens } = useCounting();
  const model = modelNamed(name);
  const { summary, layout } = report;
  // Rows over the model's window are warnings, known once the tokens are counted.
  const counted = tokens && tokens !== 'counting' && 'tokens' in tokens ? tokens.tokens : null;
  const overWindow = model?.context && counted ? counted.over.map((r) => ({ line: r.line, severity: 'warning' as const, kind: 'over-context', message: overMessage(r.tokens, model) })) : [];
  const overCount = overWindow.length ? counted!.overCount : 0;
  const shown = [...overWindow, ...report.problems.slice(0, MAX_SHOWN - overWindow.length)];
  const hidden = report.errors + report.warnings + overCount - shown.length;
  const hints: Record<string, string> = { ...report.hints, ...(overCount && { 'over-context': RULES.problems['over-context'] }) };
  const share = (summary.bytes / summary.limitBytes) * 100;
  const limitShare = share > 0 && share < 1 ? 'under 1' : String(Math.round(share));
  return (
    <div className={styles.results}>
      {layout && (
        <p>
          Checked as <strong>{layout.title}</strong> (<code>{layout.task_type}</code>)
          {report.inferred ? ', the layout that fits the file best; choose the task above to check exactly that layout.' : ', the task you chose.'}
          {report.alsoFits.length > 0 && ` The file also fits: ${report.alsoFits.join(', ')}.`}
        </p>
      )}
      {overCount > 0 && (
        <p data-over-warning>
          <strong>Warning:</strong> {plural(overCount, 'row')} {overCount === 1 ? 'does' : 'do'} not fit the context window of {model!.name}. {RULES.problems['over-context']}
        </p>
      )}
      <dl className={styles.summary}>
        <dt>Size</dt>
        <dd>
          {size(summary.bytes)}, {limitShare}% of the API's {summary.limitBytes / 1048576} MB upload limit
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
        {summary.rows > 0 && <TokenSummary report={report} model={model} epochs={epochs} tokens={tokens} />}
      </dl>
      {shown.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Problems found, by line">
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
                  <td>{withCode(p.message)}</td>
                  <td>{withCode(hints[p.kind] ?? '')}</td>
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

/** A row over the window: its tokens with the template's, against the window. */
function overMessage(tokens: number, model: BaseModel): string {
  const template = templateOf(model);
  const counted = template ? `${plural(tokens, 'token')} with the ${template.what} (${template.source})` : plural(tokens, 'token');
  return `${counted}, more than the ${plural(model.context ?? 0, 'token')} context window of ${model.name}`;
}

const lines = (rows: Array<{ line: number; tokens: number }>) => rows.map((r) => `line ${r.line} (${plural(r.tokens, 'token')})`).join(', ');

/** Tokens per row, the total times the epochs, and the rows over the model's window, counted with its own tokenizer when this page has it. */
function TokenSummary({ report, model, epochs, tokens }: { report: Report; model?: BaseModel; epochs: number; tokens: TokenState }): ReactNode {
  const { summary } = report;
  const counted = tokens && tokens !== 'counting' && 'tokens' in tokens ? tokens.tokens : null;
  const tokenizer = model?.tokenizer ? TOKENIZERS[model.tokenizer] : null;
  const total = counted ? counted.total : summary.tokens;
  const about = counted ? '' : 'about ';
  const estimate = 'an estimate: the characters of text divided by 4';
  let how: ReactNode;
  if (!model || !tokenizer) how = `${estimate}. This page has no tokenizer for ${model?.name ?? 'this model'}${model?.note ? ` (${model.note})` : ''}.`;
  else if (tokens === 'counting') how = `counting with the ${tokenizer} tokenizer…`;
  else if (!counted) how = `${estimate}: the count with the ${tokenizer} tokenizer stopped (${tokens && 'failed' in tokens ? tokens.failed : 'no result'}).`;
  else how = `counted with the ${tokenizer} tokenizer of ${model.name}: the text of each value the model reads. The rows over the window below also count ${templateOf(model) ? `the tokens of its documented prompt format (${templateOf(model)!.what})` : 'no template tokens: its model card documents no prompt format'}; which format the platform applies is not documented.`;
  return (
    <>
      <dt>Tokens</dt>
      <dd aria-live="polite" data-tokens={counted ? counted.total : undefined} data-counting={tokens === 'counting' ? 'true' : undefined}>
        {tokens === 'counting' ? how : <>{about}{number(total)}: {how}</>}
      </dd>
      <dt>Training tokens</dt>
      <dd data-training-tokens={counted ? counted.total * epochs : undefined}>
        {about}
        {number(total)} × {plural(epochs, 'epoch')} = {about}
        {number(total * epochs)}. <span className={tokenStyles.note}>Price and duration: not documented (the API and the dashboard publish no rate per token).</span>
      </dd>
      <dt>Longest rows</dt>
      <dd data-longest>{counted ? lines(counted.longest) : summary.longest.map((r) => `line ${r.line} (${plural(r.chars, 'character')})`).join(', ')}</dd>
      {model && (
        <>
          <dt>Context window</dt>
          <dd data-over={counted ? counted.overCount : undefined}>
            {model.context === null ? (
              `not documented for ${model.name}.`
            ) : (
              <>
                {plural(model.context, 'token')} for {model.name}, from{' '}
                <a href={model.source ?? undefined} rel="noopener noreferrer">
                  its model card
                </a>
                {model.note ? ` (${model.note})` : ''}.{' '}
                {counted &&
                  (counted.overCount
                    ? `${plural(counted.overCount, 'row')} ${counted.overCount === 1 ? 'is' : 'are'} longer: ${lines(counted.over)}${counted.overCount > counted.over.length ? ', …' : ''}, listed as warnings.`
                    : 'No row is longer.')}
              </>
            )}
          </dd>
        </>
      )}
    </>
  );
}

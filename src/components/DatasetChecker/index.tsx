/**
 * The in-page dataset checker of /fine-tuning/datasets. The server renders a pointer to the Python
 * checker (what a reader without JavaScript uses); the browser swaps in a small form, and the checking
 * code (./client, ./worker) loads on the reader's first move towards the form. Nothing leaves the browser.
 */
import React, { useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { TASKS } from './tasks';
import type { Report } from '../../../lib/dataset-check/check';
import type { Checker } from './client';
import styles from './styles.module.css';

type Engine = Checker & Pick<typeof import('./client'), 'Results' | 'verdict' | 'ModelOptions'>;
type Done = { report: Report; source: string; ms: number };

let loading: Promise<Engine> | null = null;
/** Loads the checker once per page: its code and the worker it starts. */
function loadEngine(): Promise<Engine> {
  loading ??= import('./client').then(async ({ startChecker, ...parts }) => Object.assign(await startChecker(), parts));
  return loading;
}

export default function DatasetChecker(): ReactNode {
  const [browser, setBrowser] = useState(false);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [task, setTask] = useState('');
  const [dashboard, setDashboard] = useState(false);
  const [pasted, setPasted] = useState('');
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [done, setDone] = useState<Done | null>(null);
  const job = useRef(0);
  const id = useId();
  useEffect(() => setBrowser(true), []);

  if (!browser) {
    return (
      <p className={styles.fallback}>
        The checker in this page runs in your browser and needs JavaScript. Without it, use the <a href="#python-checker">Python checker</a> below: it
        applies the same rules on your machine.
      </p>
    );
  }

  const enhance = () => {
    loadEngine().then(setEngine, () => setStatus('The checker could not start in this browser. Use the Python checker below.'));
  };

  const run = async (file: File | { name: string; bytes: Uint8Array }, source: string) => {
    const mine = ++job.current;
    setStatus(`Checking ${source}…`);
    setDone(null);
    const slow = setTimeout(() => job.current === mine && setProgress(0), 150);
    try {
      const checker = await loadEngine();
      setEngine(checker);
      const result = await checker.check({ file, task: task || undefined, dashboard }, (f) => job.current === mine && setProgress(f));
      if (job.current !== mine) return;
      setDone({ ...result, source });
      setStatus(`Checked ${source}. ${checker.verdict(result.report)}`);
    } catch (error) {
      if (job.current === mine) setStatus(`The check stopped: ${error instanceof Error ? error.message : String(error)}. Use the Python checker below.`);
    } finally {
      clearTimeout(slow);
      if (job.current === mine) setProgress(null);
    }
  };

  const checkPasted = () => {
    const text = pasted.trim() ? pasted : '';
    if (!text) return setStatus('Paste some rows first.');
    const format = text.trimStart().startsWith('{') ? 'jsonl' : 'csv';
    const source = `the pasted rows (read as ${format === 'jsonl' ? 'JSON Lines, as they start with {' : 'CSV, as they do not start with {'})`;
    run({ name: `pasted.${format}`, bytes: new TextEncoder().encode(text) }, source);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) run(file, file.name);
  };

  return (
    <form
      className={styles.checker}
      aria-label="Check a dataset file in this page"
      data-ready={engine ? 'true' : undefined}
      onFocusCapture={enhance}
      onPointerDown={enhance}
      onDragEnter={enhance}
      onSubmit={(event) => {
        event.preventDefault();
        checkPasted();
      }}
    >
      <div
        className={dragging ? `${styles.drop} ${styles.dragging}` : styles.drop}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          id={`${id}-file`}
          className={styles.fileInput}
          type="file"
          accept=".jsonl,.csv"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) run(file, file.name);
            event.currentTarget.value = '';
          }}
        />
        <label htmlFor={`${id}-file`} className={`button button--primary button--sm ${styles.fileButton}`}>
          Choose a file
        </label>{' '}
        or drop a <code>.jsonl</code> or <code>.csv</code> file here. It stays in your browser: nothing is uploaded.
      </div>
      <div className={styles.options}>
        <label>
          Task type{' '}
          <select value={task} onChange={(event) => setTask(event.target.value)}>
            <option value="">infer it from the file</option>
            {TASKS.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        {engine && <engine.ModelOptions />}
        <label>
          <input type="checkbox" checked={dashboard} onChange={(event) => setDashboard(event.target.checked)} /> the file goes through the
          dashboard (the API's upload limit does not apply)
        </label>
      </div>
      <label htmlFor={`${id}-paste`} className={styles.pasteLabel}>
        Or paste rows (JSON Lines, or CSV with its header)
      </label>
      <textarea id={`${id}-paste`} className={styles.paste} rows={4} spellCheck={false} value={pasted} onChange={(event) => setPasted(event.target.value)} />
      <button type="submit" className="button button--primary button--sm">
        Check the pasted rows
      </button>
      {progress !== null && <progress className={styles.progress} max={1} value={progress} aria-label="Checking the file" />}
      <p role="status" className={styles.status}>
        {status}
      </p>
      {engine && done && <engine.Results report={done.report} source={done.source} />}
      {done && <p className={styles.timing} data-ms={Math.round(done.ms)}>Checked in {(done.ms / 1000).toFixed(2)} s, in this browser.</p>}
    </form>
  );
}

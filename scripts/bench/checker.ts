/**
 * `BENCH_ONLY=checker`: how long the dataset checker of /fine-tuning/datasets takes on a 5 MB file
 * (the API's upload limit), and how long the page's main thread goes without a frame meanwhile.
 *
 * The build is served with gzip and the site's own headers; Chromium (playwright-core, Debian's
 * binary) opens the page, focuses the file input (the checker's code and worker load then), and
 * chooses the same 5 MB JSON Lines file once to warm up and then `runs` times. Each run reads the
 * time the page itself shows (`data-ms`: from the file's arrival to the verdict, measured in the page)
 * and the longest gap between two animation frames while it ran. The worker does the parsing, so the
 * gap stays near one frame on an idle machine; a busy machine stretches both figures, so each is
 * reported as median and best.
 *
 * A figure with a budget, not a test: nothing here fails a run. The e2e test checks what a reader sees
 * (the verdict, the share of the limit, the worker); how fast is measured only here.
 */
import { linkSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { serve } from '../serve-static';
import { CHROME_PATH } from './lighthouse';

export const CHECKER_ROUTE = '/fine-tuning/datasets';
/** The budget: a file at the API's limit is checked within a second, with no frame gap over half a second. */
export const CHECKER_BUDGET = { ms: 1000, gapMs: 500 };

export interface CheckerBench {
  fileBytes: number;
  rows: number;
  runs: number;
  checkMs: { median: number; best: number; worst: number };
  gapMs: { median: number; best: number; worst: number };
  budget: { ms: number; gapMs: number; met: boolean };
}

/** JSON Lines rows of a review-rating dataset up to just under 5 MiB, the size the e2e test once timed. */
export function fiveMegabyteFile(): { text: string; rows: number } {
  const lines: string[] = [];
  for (let size = 0, i = 0; size < 5 * 1048576 - 2048; i++) {
    lines.push(`${JSON.stringify({ prompt: `Review ${i}: arrived on time and works as described, although the manual is thin.`, completion: i % 5 })}\n`);
    size += lines[i].length;
  }
  return { text: lines.join(''), rows: lines.length };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const spread = (values: number[]) => ({ median: Math.round(median(values)), best: Math.round(Math.min(...values)), worst: Math.round(Math.max(...values)) });

async function checkOnce(page: Page, file: string): Promise<{ ms: number; gap: number }> {
  const form = page.getByRole('form', { name: 'Check a dataset file in this page' });
  await page.evaluate(() => {
    const w = window as unknown as { benchGap: number; benchLast: number };
    w.benchGap = 0;
    w.benchLast = performance.now();
  });
  await form.locator('input[type=file]').setInputFiles(file);
  await form.getByRole('status').filter({ hasText: `Checked ${path.basename(file)}` }).waitFor({ timeout: 120_000 });
  const ms = Number(await form.locator('[data-ms]').getAttribute('data-ms'));
  const gap = await page.evaluate(() => (window as unknown as { benchGap: number }).benchGap);
  return { ms, gap };
}

export async function benchChecker(buildDir: string, runs: number, log: (line: string) => void): Promise<CheckerBench> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-checker-'));
  const { text, rows } = fiveMegabyteFile();
  const file = path.join(scratch, 'five-mb.jsonl');
  writeFileSync(file, text);
  // One name per run (the same bytes): each run waits for a verdict naming its own file.
  const named = (run: number) => {
    const copy = path.join(scratch, `five-mb-${run}.jsonl`);
    linkSync(file, copy);
    return copy;
  };
  const server = await serve({ dir: buildDir, port: 0, gzip: true });
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}${CHECKER_ROUTE}`);
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    const form = page.getByRole('form', { name: 'Check a dataset file in this page' });
    await form.locator('input[type=file]').focus();
    await form.and(page.locator('[data-ready="true"]')).waitFor();
    // The rows' completions are ratings: checked as a regression dataset, as a reader of that task would.
    await form.getByLabel('Task type').selectOption('regression');
    // The longest gap between animation frames since the run's start, kept by the page itself.
    // A string, not a function: tsx names inner functions with a helper the page does not have.
    await page.evaluate(`(() => {
      const tick = (now) => {
        window.benchGap = Math.max(window.benchGap ?? 0, now - window.benchLast);
        window.benchLast = now;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    })()`);
    log('checker: warm-up run');
    await checkOnce(page, named(0));
    const times: number[] = [];
    const gaps: number[] = [];
    for (let run = 1; run <= runs; run++) {
      const { ms, gap } = await checkOnce(page, named(run));
      times.push(ms);
      gaps.push(gap);
      log(`checker: run ${run}/${runs}: ${ms} ms, longest frame gap ${gap.toFixed(0)} ms`);
    }
    const checkMs = spread(times);
    const gapMs = spread(gaps);
    return {
      fileBytes: Buffer.byteLength(text),
      rows,
      runs,
      checkMs,
      gapMs,
      budget: { ...CHECKER_BUDGET, met: checkMs.median <= CHECKER_BUDGET.ms && gapMs.median <= CHECKER_BUDGET.gapMs },
    };
  } finally {
    await browser.close();
    server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

export function checkerReport(r: CheckerBench, buildDir: string, loadAverage: number[]): string {
  const verdict = (value: number, budget: number) => (value <= budget ? 'met' : '**missed**');
  return [
    `### Dataset checker: a 5 MB file (${buildDir})`,
    '',
    `${(r.fileBytes / 1048576).toFixed(2)} MiB of JSON Lines (${r.rows.toLocaleString('en-US')} rows) chosen in ${CHECKER_ROUTE}, Chromium, ${r.runs} runs after one warm-up; load average at start ${loadAverage.map((l) => l.toFixed(1)).join(' ')}. The time is the page's own (\`data-ms\`); the gap is the longest between two animation frames during a run.`,
    '',
    '| figure | median | best | worst | budget |',
    '| --- | ---: | ---: | ---: | --- |',
    `| checked in, ms | ${r.checkMs.median} | ${r.checkMs.best} | ${r.checkMs.worst} | ≤ ${r.budget.ms} (${verdict(r.checkMs.median, r.budget.ms)}) |`,
    `| longest frame gap, ms | ${r.gapMs.median} | ${r.gapMs.best} | ${r.gapMs.worst} | ≤ ${r.budget.gapMs} (${verdict(r.gapMs.median, r.budget.gapMs)}) |`,
  ].join('\n');
}

/**
 * "Download as notebook": every page that offers scripts links /scripts/<page>.ipynb, and that
 * notebook, as the build serves it, runs top to bottom against the Prism mock in Jupyter (Debian's
 * jupyter-nbconvert, python3-nbclient and python3-ipykernel). A failure names the page, the cell
 * (its number and first line) and the error. Its code cells are the page's own Python blocks.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_DIR, routeFile } from '../support/build';
import { inChain, pageBlocks, routeOf, scriptPages } from './support/blocks';
import { startMock, type Mock } from './support/mock';
import { runProgram, scriptEnv } from './support/run';
import { SAMPLE_DATA_TAG } from '../../plugins/guide-scripts/notebook';

interface NotebookCell {
  cell_type: string;
  metadata?: { tags?: string[] };
  source: string[] | string;
  outputs?: { output_type: string; ename?: string; evalue?: string; traceback?: string[] }[];
}
const sourceOf = (cell: NotebookCell) => (Array.isArray(cell.source) ? cell.source.join('') : cell.source);

const PAGES = scriptPages();
let mock: Mock;
before(async () => {
  if (!existsSync(BUILD_DIR)) throw new Error(`${BUILD_DIR} is missing: run \`npm run build\` first`);
  const probe = spawnSync('jupyter-nbconvert', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    throw new Error('jupyter-nbconvert is missing: apt-get install jupyter-nbconvert python3-nbclient python3-ipykernel');
  }
  // The notebook runs in Jupyter's python3 kernel, whose interpreter need not be the PATH's python3
  // (Debian's kernel is /usr/bin/python3 even under pyenv): it needs requests too, or every notebook
  // stops at its helpers' cell.
  const kernel = spawnSync(
    'python3',
    ['-c', "from jupyter_client.kernelspec import KernelSpecManager as M; print(M().get_kernel_spec('python3').argv[0])"],
    { encoding: 'utf8', env: { ...process.env, PATH: `/usr/bin:${process.env.PATH ?? ''}` } },
  );
  const interpreter = kernel.status === 0 && kernel.stdout.trim() ? kernel.stdout.trim() : '/usr/bin/python3';
  const requests = spawnSync(interpreter, ['-c', 'import requests'], { encoding: 'utf8' });
  if (requests.status !== 0) {
    throw new Error(`Jupyter's python3 kernel (${interpreter}) cannot import requests: apt-get install python3-requests`);
  }
  mock = await startMock();
});
after(async () => {
  await mock?.stop();
});

test('there are pages with notebooks', () => assert.ok(PAGES.length >= 5, `only ${PAGES.length} pages`));

for (const page of PAGES) {
  const url = `/scripts/${page}.ipynb`;

  test(`${routeOf(page)}: links ${url}, whose code cells are the page's Python blocks`, () => {
    const html = readFileSync(routeFile(routeOf(page)), 'utf8');
    const href = url.replace(/[.]/g, '\\.');
    assert.match(html, new RegExp(`<a href=("?)${href}\\1 download(="")?>Download as notebook</a>`), `${routeOf(page)} has no "Download as notebook" link`);
    const notebook = JSON.parse(readFileSync(path.join(BUILD_DIR, url), 'utf8')) as { cells: NotebookCell[] };
    // Cells that write a file the page shows are tagged; the others are the page's blocks.
    const code = notebook.cells
      .filter((c) => c.cell_type === 'code' && !c.metadata?.tags?.includes(SAMPLE_DATA_TAG))
      .map(sourceOf)
      .map((s) => s.replace(/\n$/, ''));
    const shown = pageBlocks(html)
      .filter((b) => b.language === 'python' && inChain(b))
      .map((b) => b.text);
    assert.deepEqual(code, shown, `${url}: code cells differ from the page's blocks`);
    assert.ok(notebook.cells.some((c) => c.cell_type === 'markdown' && /\w{4,}/.test(sourceOf(c))), `${url} has no prose`);
  });

  test(`${routeOf(page)}: ${url} runs top to bottom in Jupyter`, async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'emissary-notebook-'));
    try {
      const run = await runProgram(
        'jupyter-nbconvert',
        ['--to', 'notebook', '--execute', '--allow-errors', '--ExecutePreprocessor.timeout=120', '--output-dir', work, '--output', 'ran', path.join(BUILD_DIR, url)],
        {
          cwd: work,
          env: scriptEnv({ EMISSARY_BASE_URL: mock.baseUrl, EMISSARY_API_KEY: 'test', EMISSARY_POLL_INTERVAL: '0.1', EMISSARY_POLL_DEADLINE: '20', EMISSARY_MODEL: 'plain-errors-test' }),
          timeoutMs: 300_000,
        },
      );
      assert.equal(run.code, 0, `${url}: jupyter-nbconvert exited with ${run.code ?? run.signal}\n${run.stderr.slice(-4000)}`);
      const ran = JSON.parse(readFileSync(path.join(work, 'ran.ipynb'), 'utf8')) as { cells: NotebookCell[] };
      const failed = ran.cells.findIndex((c) => c.outputs?.some((o) => o.output_type === 'error'));
      if (failed !== -1) {
        const cell = ran.cells[failed];
        const error = cell.outputs!.find((o) => o.output_type === 'error')!;
        const stream = cell.outputs!.filter((o) => o.output_type === 'stream').map((o) => (o as { text?: string[] | string }).text).flat().join('');
        assert.fail(
          `${routeOf(page)}: cell ${failed + 1} of ${url} failed (${error.ename}: ${error.evalue})\n` +
            `--- cell ---\n${sourceOf(cell).slice(0, 1500)}\n--- output ---\n${stream.slice(-3000)}`,
        );
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
}

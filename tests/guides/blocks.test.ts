/**
 * The code blocks of every guide page that offers scripts, taken from the built HTML as a reader
 * copies them (support/blocks.ts), run as the page tells the reader to:
 * - the helpers and every block titled "Continues from the helpers and the … blocks above", joined
 *   in page order, run against the Prism mock as one script, once for Python and once for shell,
 *   in a folder holding the files the page shows under a file-name title;
 * - every other Python block runs when copied alone, unless its title says what it continues from
 *   (a block that needs a package this machine lacks, such as PyMuPDF, is reported and left out).
 * Shell blocks without a title are commands for a terminal (install, export a key, run the
 * downloaded script); scripts.test.ts runs the downloads themselves.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_DIR, routeFile } from '../support/build';
import { CONTINUES, FILE_TITLE, HELPERS_SUMMARY, inChain, pageBlocks, routeOf, scriptPages, type PageBlock } from './support/blocks';
import { startMock, type Mock } from './support/mock';
import { pickPython, runGuide, runProgram, scriptEnv } from './support/run';

const LANGUAGES = [
  { language: 'python', ext: 'py', name: 'Python' },
  { language: 'bash', ext: 'sh', name: 'shell' },
] as const;

const ROUTES = scriptPages().map(routeOf);
let mock: Mock;
before(async () => {
  if (!existsSync(BUILD_DIR)) throw new Error(`${BUILD_DIR} is missing: run \`npm run build\` first`);
  mock = await startMock();
});
after(async () => {
  await mock?.stop();
});

const blocksOf = (route: string) => pageBlocks(readFileSync(routeFile(route), 'utf8'));
const describeBlock = (b: PageBlock) => `block ${b.index + 1} (${b.language}${b.title ? `, "${b.title}"` : ''}): ${b.text.split('\n')[0]}`;
/** The files a reader saves from the page: blocks titled with a file name. */
const shownFiles = (blocks: PageBlock[]) =>
  Object.fromEntries(blocks.filter((b) => b.title && FILE_TITLE.test(b.title)).map((b) => [b.title!, `${b.text}\n`]));

test('there are guide pages with scripts', () => {
  assert.ok(ROUTES.length >= 5, `only ${ROUTES.length} pages with <ScriptDownloads page=...> of their own`);
});

for (const route of ROUTES) {
  for (const { language, ext, name } of LANGUAGES) {
    test(`${route}: the ${name} blocks, joined in page order, run as one script`, async () => {
      const blocks = blocksOf(route);
      const chain = blocks.filter((b) => b.language === language && inChain(b));
      assert.ok(
        chain.some((b) => HELPERS_SUMMARY.test(b.details ?? '')) && chain.some((b) => CONTINUES.test(b.title ?? '')),
        `${route}: expected the ${name} helpers (in "Show the helpers") and blocks that continue from them; found:\n` +
          blocks.filter((b) => b.language === language).map(describeBlock).join('\n'),
      );
      const run = await runGuide(ext, `${chain.map((b) => b.text).join('\n\n')}\n`, {
        label: `${route}: the ${name} blocks (${chain.map((b) => b.index + 1).join(', ')}) joined`,
        baseUrl: mock.baseUrl,
        files: shownFiles(blocks),
        log: mock.log,
      });
      assert.ok(!run.failure, run.failure);
    });
  }

  test(`${route}: every other Python block runs when copied alone`, async (t) => {
    const blocks = blocksOf(route).filter((b) => b.language === 'python' && !HELPERS_SUMMARY.test(b.details ?? '') && !/^Continues from /.test(b.title ?? ''));
    const python = pickPython();
    const failures: string[] = [];
    for (const block of blocks) {
      const work = mkdtempSync(path.join(os.tmpdir(), 'emissary-block-'));
      try {
        const r = await runProgram(python, ['-'], { cwd: work, env: scriptEnv({}), timeoutMs: 30_000, input: block.text });
        const missing = r.stderr.match(/ModuleNotFoundError: No module named '([^']+)'/)?.[1];
        if (missing && !['requests'].includes(missing)) t.diagnostic(`${describeBlock(block)}: not run, needs the package "${missing}"`);
        else if (r.code !== 0) failures.push(`${route} ${describeBlock(block)}\nexit ${r.code}\n${r.stderr.slice(-2000)}`);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }
    assert.deepEqual(failures, [], failures.join('\n\n'));
  });
}

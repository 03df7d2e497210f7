/**
 * The assembler and the page-side helpers of plugins/guide-scripts, on a scratch scripts folder:
 * markers are replaced or stripped, regions come out dedented, sample data survives the trip into
 * a script byte for byte, and bad input fails naming the file and the line.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assembleText, resolveRef, listScripts } from '../../lib/guide-scripts/assemble';
import { downloadsToMarkdown, fillScriptBlocks } from '../../lib/guide-scripts/mdx';
import remarkGuideScripts from '../../plugins/guide-scripts/remark';
import { buildNotebook } from '../../plugins/guide-scripts/notebook';
import { pickPython } from './support/run';

let root = '';
const TRICKY = 'line "one" \\n with a backslash\n"""triple""" and \'\'\' quotes\n$HOME `tick` EOF\n';

before(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'guide-assemble-'));
  for (const dir of ['_shared', 'data', 'guides', 'tools']) mkdirSync(path.join(root, dir));
  writeFileSync(path.join(root, '_shared/helpers.py'), '#!/usr/bin/env python3\n# [start:h]\nHELPERS = 1\n# [end:h]\n');
  writeFileSync(path.join(root, '_shared/helpers.sh'), 'HELPERS=1\n');
  writeFileSync(path.join(root, 'data/tricky.txt'), TRICKY);
  writeFileSync(
    path.join(root, 'guides/demo.py'),
    [
      '#!/usr/bin/env python3',
      '# @include helpers',
      'def main():',
      '    # [start:outer]',
      '    x = HELPERS',
      '    # [start:inner]',
      '    if x:',
      '        # @embed data/tricky.txt',
      '    # [end:inner]',
      '    # [end:outer]',
      'main()',
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(root, 'guides/demo.sh'), '# @include helpers\n# [start:go]\n  # @embed data/tricky.txt\n# [end:go]\n');
  writeFileSync(path.join(root, 'tools/check.py'), 'print(1)\n');
});
after(() => rmSync(root, { recursive: true, force: true }));

const file = (rel: string) => path.join(root, rel);
const assemble = (rel: string) => assembleText(readFileSync(file(rel), 'utf8'), file(rel), root);

test('markers are replaced or stripped; helpers lose their shebang and their own regions', () => {
  const { text, regions } = assemble('guides/demo.py');
  assert.doesNotMatch(text, /@include|@embed|\[start:|\[end:/);
  assert.equal(text.match(/^#!/gm)?.length, 1, 'one shebang, the script\'s own');
  assert.match(text, /^HELPERS = 1$/m);
  assert.deepEqual([...regions.keys()].sort(), ['inner', 'outer']);
  assert.match(regions.get('outer')!, /^x = HELPERS\nif x:\n {4}# Sample data/);
  assert.match(regions.get('inner')!, /^if x:/, 'a region is dedented to its own first level');
});

test('embedded data is written byte for byte, in Python and in shell', () => {
  const python = pickPython();
  for (const [rel, cmd] of [
    ['guides/demo.py', python],
    ['guides/demo.sh', 'bash'],
  ] as const) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'guide-embed-'));
    const script = path.join(dir, 'script');
    writeFileSync(script, assemble(rel).text);
    const run = spawnSync(cmd, [script], { cwd: dir, encoding: 'utf8' });
    assert.equal(run.status, 0, `${rel}: ${run.stderr}`);
    assert.equal(readFileSync(path.join(dir, 'tricky.txt'), 'utf8'), TRICKY, rel);
    rmSync(dir, { recursive: true, force: true });
  }
});

test('bad input fails naming the file and the line', () => {
  const cases: Array<[string, RegExp]> = [
    ['# @inclde helpers\n', /bad\.py:1: unknown marker/],
    ['x = 1\n# [start:a]\n', /bad\.py:2: region "a" is never closed/],
    ['# [end:a]\n', /bad\.py:1: \[end:a\] without a matching \[start:a\]/],
    ['# [start:a]\n# [start:b]\n# [end:a]\n', /bad\.py:3: \[end:a\] closes region "b" opened on line 2/],
    ['# [start:a]\n# [end:a]\n# [start:a]\n# [end:a]\n', /bad\.py:3: region "a" is defined twice/],
    ['\n# @embed data/missing.csv\n', /bad\.py:2: no such file: .*data\/missing\.csv/],
    ['# @embed ../secret\n', /bad\.py:1: @embed takes a file under data\//],
    ['# @include other\n', /bad\.py:1: unknown include "other"/],
  ];
  for (const [source, message] of cases) {
    assert.throws(() => assembleText(source, file('guides/bad.py'), root), message, JSON.stringify(source));
  }
});

test('references: regions, whole scripts, data as is; a missing region lists the ones there are', () => {
  assert.equal(resolveRef('data/tricky.txt', root), TRICKY.replace(/\n$/, ''));
  assert.match(resolveRef('_shared/helpers.py', root), /^HELPERS = 1$/m);
  assert.throws(() => resolveRef('guides/demo.py#nope', root), /has no region "nope" \(regions: (inner, outer|outer, inner)\)/);
  assert.throws(() => resolveRef('guides/none.py#x', root), /no such file docs\/_scripts\/guides\/none\.py/);
  assert.throws(() => resolveRef('../etc/passwd', root), /must be a path inside docs\/_scripts/);
  assert.deepEqual(
    listScripts(root).map((s) => [s.page, s.language, s.tool]),
    [
      ['guides/demo', 'py', false],
      ['guides/demo', 'sh', false],
      ['tools/check', 'py', true],
    ],
  );
});

test('page source: script blocks are filled (and must be empty), download links become Markdown', () => {
  const page = ['# T', '', '```python title="x" script="guides/demo.py#inner"', '```', '', '<ScriptDownloads page="guides/demo" />', ''].join('\n');
  const filled = fillScriptBlocks(page, 'docs/t.mdx', root);
  assert.match(filled, /```python title="x"\nif x:\n/);
  assert.doesNotMatch(filled, /script=/);
  assert.throws(
    () => fillScriptBlocks('```python script="guides/demo.py#inner"\nprint(1)\n```\n', 'docs/t.mdx', root),
    /docs\/t\.mdx:1: the code block with script="guides\/demo\.py#inner" must be empty/,
  );
  assert.equal(
    downloadsToMarkdown('<ScriptDownloads page="guides/demo" />', '/', root),
    '[Download the Python script](/scripts/guides/demo.py) · [Download the shell script](/scripts/guides/demo.sh) · [Download as notebook](/scripts/guides/demo.ipynb)',
  );
});

test('remark plugin: fills blocks, tells ScriptDownloads which scripts exist, fails naming page and reference', () => {
  const transform = remarkGuideScripts({ root });
  const vfile = { path: '/site/docs/guides/demo.mdx', cwd: '/site' };
  const code = { type: 'code', lang: 'python', meta: 'script="guides/demo.py#inner" title="t"', value: '', position: { start: { line: 7 } } };
  const tool = { type: 'mdxJsxFlowElement', name: 'ScriptDownloads', attributes: [{ type: 'mdxJsxAttribute', name: 'page', value: 'tools/check' }] };
  transform({ type: 'root', children: [code, tool] }, vfile);
  assert.match(String(code.value), /^if x:/);
  assert.equal(code.meta, 'title="t"');
  assert.deepEqual(tool.attributes.at(-1), { type: 'mdxJsxAttribute', name: 'languages', value: 'py' });

  const missing = { type: 'code', lang: 'bash', meta: 'script="guides/demo.sh#nope"', value: '', position: { start: { line: 3 } } };
  assert.throws(() => transform({ type: 'root', children: [missing] }, vfile), /docs\/guides\/demo\.mdx:3: script="guides\/demo\.sh#nope": .*no region "nope"/);
  const noScripts = { type: 'mdxJsxFlowElement', name: 'ScriptDownloads', attributes: [{ type: 'mdxJsxAttribute', name: 'page', value: 'guides/other' }] };
  assert.throws(() => transform({ type: 'root', children: [noScripts] }, vfile), /<ScriptDownloads>: no script docs\/_scripts\/guides\/other\.py/);
});

test('notebook: the page\'s Python blocks as cells, data as a cell that writes it, prose between, shell tabs left out', () => {
  const mdx = path.join(root, 'demo.mdx');
  writeFileSync(
    mdx,
    [
      '---',
      'title: Demo page',
      'description: What the demo does.',
      '---',
      "import Tabs from '@site/lib/ui/Tabs';",
      '',
      'Intro with a [link](/api/x).',
      '',
      '```text script="data/tricky.txt"',
      '```',
      '',
      '<Tabs groupId="api-language">',
      '<TabItem value="python" label="Python">',
      '',
      '```python script="guides/demo.py#inner"',
      '```',
      '',
      '</TabItem>',
      '<TabItem value="curl" label="curl">',
      '',
      'Shell only prose.',
      '',
      '```bash script="guides/demo.sh#go"',
      '```',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      'Closing words.',
      '',
    ].join('\n'),
  );
  const notebook = buildNotebook('guides/demo', mdx, 'https://docs.example/', root) as { cells: { cell_type: string; source: string[]; metadata: object }[] };
  const cells = notebook.cells.map((c) => [c.cell_type, c.source.join('')]);
  assert.deepEqual(cells.map(([type]) => type), ['markdown', 'code', 'code', 'markdown']);
  assert.match(cells[0][1], /^# Demo page\n\n> What the demo does\.\n\nIntro with a \[link\]\(https:\/\/docs\.example\/api\/x\)\.\n$/);
  assert.equal(cells[2][1], `${resolveRef('guides/demo.py#inner', root)}\n`);
  assert.doesNotMatch(JSON.stringify(cells), /Shell only prose|HELPERS=1/);
  assert.equal(cells[3][1], 'Closing words.\n');
  assert.deepEqual(notebook.cells[1].metadata, { tags: ['sample-data'] });
  // The data cell, run, writes the file byte for byte.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'guide-notebook-'));
  const run = spawnSync(pickPython(), ['-c', cells[1][1]], { cwd: dir, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(readFileSync(path.join(dir, 'tricky.txt'), 'utf8'), TRICKY);
  rmSync(dir, { recursive: true, force: true });
});

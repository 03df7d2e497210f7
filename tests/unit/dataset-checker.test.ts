/**
 * The dataset checkers on the good and bad sample files: the Python one (docs/_scripts/tools/check_dataset.py,
 * assembled with its rules embedded) run with python3, and the in-page one (src/components/DatasetChecker)
 * run in Node, which must report the same lines, severities and kinds. And the Datasets page's layout
 * table held to the rules file.
 */
import { describe, it, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assembleScript, SCRIPTS_ROOT } from '../../lib/guide-scripts/assemble';
import { checkDataset } from '../../lib/dataset-check/check';
import { BAD, SAMPLES } from '../support/dataset-samples';

const RULES = JSON.parse(readFileSync(path.join(SCRIPTS_ROOT, 'data/dataset-rules.json'), 'utf8')) as {
  limits: { api_upload_bytes: number };
  layouts: { id: string; title: string; task_type: string; format: string; keys: string[] }[];
};
const PAGE = path.resolve(__dirname, '../../docs/fine-tuning/datasets.mdx');

let work = '';
let checker = '';

function check(file: string, args: string[] = []): { status: number | null; out: string } {
  const run = spawnSync('python3', [checker, file, ...args], { cwd: work, encoding: 'utf8' });
  assert.equal(run.error, undefined, `python3 could not run: ${String(run.error)}`);
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

/** What the Python checker found: the layout it used, then `line severity kind` per problem, sorted. */
function pythonFindings(out: string): string[] {
  const layout = out.match(/checking as (.*) \([a-z-]+\)$/m)?.[1] ?? 'no layout';
  const found = [...out.matchAll(/:(\d+): (error|warning): .* \[([a-z0-9-]+)\]$/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
  return [layout, ...found.sort()];
}

/** The same findings from the in-page checker, given the same file and arguments. */
function pageFindings(file: string, args: string[] = []): string[] {
  const task = args.includes('--task') ? args[args.indexOf('--task') + 1] : undefined;
  const report = checkDataset(path.basename(file), readFileSync(file), { task, dashboard: args.includes('--dashboard'), maxListed: Infinity });
  return [report.layout?.title ?? 'no layout', ...report.problems.map((p) => `${p.line} ${p.severity} ${p.kind}`).sort()];
}

/** Runs both checkers on `file` and fails unless they agree; returns the Python run. */
function checkBoth(file: string, args: string[] = []): { status: number | null; out: string } {
  const run = check(file, args);
  assert.deepEqual(pageFindings(file, args), pythonFindings(run.out), `${path.basename(file)} ${args.join(' ')}: the page and the Python checker differ\n${run.out}`);
  return run;
}

function errorLines(out: string): number[] {
  return [...new Set([...out.matchAll(/:(\d+): error:/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
}

before(() => {
  work = mkdtempSync(path.join(tmpdir(), 'dataset-checker-'));
  checker = path.join(work, 'check_dataset.py');
  writeFileSync(checker, assembleScript(path.join(SCRIPTS_ROOT, 'tools/check_dataset.py')).text);
});
after(() => rmSync(work, { recursive: true, force: true }));

describe('good samples pass, with and without --task', () => {
  for (const name of readdirSync(path.join(SAMPLES, 'good'))) {
    it(name, () => {
      const file = path.join(SAMPLES, 'good', name);
      const plain = checkBoth(file);
      assert.equal(plain.status, 0, `${name} without --task:\n${plain.out}`);
      const inferred = plain.out.match(/checking as .* \(([a-z-]+)\)/)?.[1];
      assert.ok(inferred, `${name}: the checker must say which layout it used:\n${plain.out}`);
    });
  }
});

describe('bad samples fail, naming every bad line', () => {
  it('has a case for every bad sample and a sample for every case', () => {
    assert.deepEqual(readdirSync(path.join(SAMPLES, 'bad')).sort(), Object.keys(BAD).sort());
  });
  for (const [name, expected] of Object.entries(BAD)) {
    it(name, () => {
      const { status, out } = checkBoth(path.join(SAMPLES, 'bad', name), expected.task ? ['--task', expected.task] : []);
      assert.equal(status, 1, `${name} must exit 1:\n${out}`);
      assert.deepEqual(errorLines(out), expected.lines, `${name}: lines with errors:\n${out}`);
      if (expected.says) assert.match(out, expected.says, `${name}:\n${out}`);
    });
  }
});

test('every good sample of a task passes when that task is given', () => {
  const byTask: Record<string, string[]> = {
    'meeting-times.jsonl': ['text-generation'],
    'lamp-chat.jsonl': ['text-generation'],
    'ticket-replies.csv': ['text-generation'],
    'parcel-labels.csv': ['classification'],
    'parcel-labels-llm.csv': ['classification'],
    'parcel-labels.jsonl': ['classification'],
    'parcel-damaged.jsonl': ['classification'],
    'parcel-damaged-test.jsonl': ['classification'],
    'password-pairs.csv': ['embedding'],
    'review-ratings.jsonl': ['regression'],
  };
  assert.deepEqual(Object.keys(byTask).sort(), readdirSync(path.join(SAMPLES, 'good')).sort());
  for (const [name, tasks] of Object.entries(byTask)) {
    for (const task of tasks) {
      const { status, out } = checkBoth(path.join(SAMPLES, 'good', name), ['--task', task]);
      assert.equal(status, 0, `${name} --task ${task}:\n${out}`);
    }
  }
  const wrong = check(path.join(SAMPLES, 'good', 'meeting-times.jsonl'), ['--task', 'regression']);
  assert.equal(wrong.status, 1, `text completions are not regression data:\n${wrong.out}`);
});

test('a file over the API upload limit fails unless it goes through the dashboard', () => {
  const big = path.join(work, 'big.jsonl');
  const line = `${JSON.stringify({ prompt: 'x'.repeat(1000), completion: 'y' })}\n`;
  writeFileSync(big, line.repeat(Math.ceil(RULES.limits.api_upload_bytes / line.length) + 1));
  const api = checkBoth(big);
  assert.equal(api.status, 1, api.out.slice(-500));
  assert.match(api.out, /:1: error: .*5 MB/);
  assert.equal(checkBoth(big, ['--dashboard']).status, 0);
});

/** Edge files: each with the line/kind the page must report; both checkers must agree on all of them. */
const EDGE: Record<string, { bytes: Buffer; args?: string[]; expect: string[] }> = {
  'empty.jsonl': { bytes: Buffer.alloc(0), expect: ['1 error empty-file'] },
  'empty.csv': { bytes: Buffer.alloc(0), expect: ['1 error empty-file'] },
  'bom-crlf.jsonl': { bytes: Buffer.from('\ufeff{"prompt": "a", "completion": "b"}\r\n{"prompt": "c", "completion": "d"}\r\n'), expect: [] },
  'bom-crlf.csv': { bytes: Buffer.from('\ufeffinput,expected_output\r\n"a, b",c\r\n"multi\r\nline",d\r\ne,\r\n'), expect: ['5 error empty-value'] },
  'cr-only.csv': { bytes: Buffer.from('text1,text2,score\ra,b,0.5\r\rc,d,1_000\re,f,inf\rg,h, .5 \ri,j,1e-1'), expect: ['3 error empty-line', '4 error wrong-type', '5 error wrong-type'] },
  'binary.jsonl': { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), expect: ['1 error binary'] },
  'latin1.jsonl': { bytes: Buffer.concat([Buffer.from('{"prompt": "a", "completion": "b"}\n{"prompt": "Caf'), Buffer.from([0xe9]), Buffer.from('", "completion": "c"}\n')]), expect: ['2 error not-utf8'] },
  'cut-utf8.csv': { bytes: Buffer.concat([Buffer.from('input,expected_output\na,b\nc,d'), Buffer.from([0xe2, 0x82])]), expect: ['3 error not-utf8'] },
  'quirks.jsonl': {
    bytes: Buffer.from('{"prompt": "a", "completion": "b", "note": 1}\n{"prompt": "a", "completion": NaN}\n{"completion": "b", "prompt": "a", "note": 1}\n[1]\n  \n'),
    expect: ['1 warning extra-field', '2 error invalid-json', '3 warning duplicate-row', '3 warning extra-field', '4 error invalid-json', '5 error empty-line'],
  },
  'quotes.csv': { bytes: Buffer.from('input,expected_output\na,"b"c\n"x""y",z\n"open,cell\n'), expect: ['4 error inconsistent-columns'] },
  'huge-cell.csv': { bytes: Buffer.from(`input,expected_output\na,b\n"${'x'.repeat(140000)}",c\nd,e\n`), expect: ['3 error invalid-csv'] },
  'all-quoted.jsonl': { bytes: Buffer.from('{"prompt": "a", "completion": "4.0"}\n{"prompt": "b", "completion": " 2 "}\n'), expect: ['1 warning quoted-number'] },
};

describe('edge files: the page and the Python checker agree', () => {
  for (const [name, { bytes, args, expect }] of Object.entries(EDGE)) {
    it(name, () => {
      const file = path.join(work, name);
      writeFileSync(file, bytes);
      checkBoth(file, args);
      assert.deepEqual(pageFindings(file, args).slice(1), expect, name);
    });
  }
});

test('a missing file or an unknown task stops with status 2', () => {
  assert.equal(check(path.join(work, 'nope.jsonl')).status, 2);
  assert.equal(check(path.join(SAMPLES, 'good', 'meeting-times.jsonl'), ['--task', 'summaries']).status, 2);
});

test('the Datasets page: its layout table is the rules file, its limit is the rules limit', () => {
  const page = readFileSync(PAGE, 'utf8');
  const section = page.split(/^## Layouts by task/m)[1]?.split(/^#{2,3} /m)[0] ?? '';
  const rows = section
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|[-| ]+\|$/.test(l))
    .slice(1)
    .map((l) => l.split('|').slice(1, -1).map((cell) => cell.trim()));
  assert.ok(rows.length > 0, 'datasets.mdx has no table under "## Layouts by task"');
  const tableLayouts = rows.map(([, task, format, keys]) => ({
    task_type: task.match(/`([a-z-]+)`/)?.[1],
    format: format.toLowerCase().includes('csv') ? 'csv' : 'jsonl',
    keys: [...keys.matchAll(/`([a-z_0-9]+)`/g)].map((m) => m[1]),
  }));
  const fromRules = RULES.layouts.map(({ task_type, format, keys }) => ({ task_type, format, keys }));
  assert.deepEqual(tableLayouts, fromRules, 'the table rows must be the rules layouts, in order');
  const mb = RULES.limits.api_upload_bytes / 1048576;
  assert.match(page, new RegExp(`\\b${mb} MB\\b`), `the page must state the ${mb} MB API limit`);
  assert.doesNotMatch(page, /\b(?!5\b)\d+ MB\b/, 'the page names another upload size');
});

describe('the Python checker\'s token counts', () => {
  const rows = (file: string) =>
    readFileSync(file, 'utf8').trim().split('\n').map((line) => Object.values(JSON.parse(line) as Record<string, string>));

  it('without a tokenizer library: an estimate, said to be one, times the epochs, with the window and its source', () => {
    const file = path.join(SAMPLES, 'good', 'meeting-times.jsonl');
    const run = check(file, ['--epochs', '2']);
    assert.equal(run.status, 0, run.out);
    const total = rows(file).reduce((sum, texts) => sum + texts.reduce((n, text) => n + Math.round(text.length / 4), 0), 0);
    assert.match(run.out, /^Tokens: an estimate, the characters of text divided by 4/m);
    assert.ok(run.out.includes(`${total} tokens in 3 rows; x 2 epochs = ${total * 2} training tokens`), run.out);
    assert.match(run.out, /Price and duration: not documented/);
    assert.match(run.out, /Context window of Llama-3\.2-3B-Instruct: 131072 tokens, from https:\/\/huggingface\.co\/meta-llama\/Llama-3\.2-3B-Instruct/);
  });

  it('warns on the rows longer than the chosen model\'s window', () => {
    const file = path.join(work, 'long.jsonl');
    writeFileSync(file, `${JSON.stringify({ prompt: 'word '.repeat(220), completion: 'ok' })}\n${JSON.stringify({ prompt: 'short', completion: 'ok' })}\n`);
    const run = check(file, ['--model', 'All-MiniLM-L6-V2-Embedding-Model']);
    assert.match(run.out, /:1: warning: \d+ tokens, more than the 256-token context window of All-MiniLM-L6-V2-Embedding-Model \[over-context\]/);
    assert.doesNotMatch(run.out, /:2: warning/);
  });

  it('with the tokenizers library importable, counts with it (a stand-in module that counts words)', () => {
    const stub = path.join(work, 'stub', 'tokenizers');
    mkdirSync(stub, { recursive: true });
    writeFileSync(
      path.join(stub, '__init__.py'),
      'class Tokenizer:\n    @staticmethod\n    def from_file(path):\n        return Tokenizer()\n    def encode(self, text, add_special_tokens=True):\n        return type("E", (), {"ids": text.split()})()\n',
    );
    const file = path.join(SAMPLES, 'good', 'meeting-times.jsonl');
    const run = spawnSync('python3', [checker, file, '--tokenizer', 'tokenizer.json'], { cwd: work, encoding: 'utf8', env: { ...process.env, PYTHONPATH: path.dirname(stub) } });
    const words = rows(file).reduce((sum, texts) => sum + texts.reduce((n, text) => n + text.split(/\s+/).filter(Boolean).length, 0), 0);
    assert.match(run.stdout, /^Tokens: counted with the tokenizers library with tokenizer\.json/m);
    assert.ok(run.stdout.includes(`${words} tokens in 3 rows; x 3 epochs = ${words * 3} training tokens`), run.stdout);
  });
});

test('the Python checker names the documented prompt format it adds to each row, with its source', () => {
  const file = path.join(work, 'long-row.jsonl');
  writeFileSync(file, `${JSON.stringify({ prompt: Array(300).fill('hello').join(' '), completion: 'How are you?' })}\n`);
  const bert = check(file, ['--model', 'Bert-Classification-Model']);
  assert.match(bert.out, /\[CLS\] before the text and \[SEP\] after it\), from https:\/\/huggingface\.co\/google-bert\/bert-base-uncased/);
});

/**
 * Both dataset checkers count what the model sees: each text of an embedding pair against the window
 * alone, a classifier's input without its label, and Mistral Instruct's [INST] / [/INST], <s> and </s>
 * as its model card writes them. Each expected number is counted another way: by hand (one WordPiece
 * per repeated word), with the real tokenizer over the whole formatted text, or by a stand-in tokenizer.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assembleScript, SCRIPTS_ROOT } from '../../lib/guide-scripts/assemble';
import { checkDataset } from '../../lib/dataset-check/check';
import { modelNamed, templateOf } from '../../lib/dataset-check/models';
import { countRows, loadCounter, loadEncoder, type CountedRow } from '../../lib/dataset-check/tokenize';

/** `n` words that are one WordPiece each, and one word each for the stand-in tokenizer. */
const words = (n: number) => Array(n).fill('word').join(' ');
const csv = (header: string, ...rows: string[][]) => Buffer.from([header, ...rows.map((r) => r.map((c) => `"${c}"`).join(','))].join('\n') + '\n');

/** The in-page checker's rows over the window of `model`, with the tokens it counted for each. */
async function pageOver(name: string, bytes: Buffer, modelName: string, context?: number, task?: string) {
  const texts: CountedRow[] = [];
  const report = checkDataset(name, bytes, { texts, task });
  assert.ok(report.layout, `${name}: no layout`);
  const model = modelNamed(modelName)!;
  const result = await countRows(texts, await loadCounter(model.tokenizer!), context ?? model.context, undefined, templateOf(model));
  return result!.over;
}

describe('the in-page checker', () => {
  it('holds each text of an embedding pair to the window alone, and leaves the score out', async () => {
    // All-MiniLM-L6-v2 reads 256 word pieces; 200 + 200 fit as two texts, 300 does not.
    const fits = csv('text1,text2,score', [words(200), words(200), '0.5']);
    assert.deepEqual(await pageOver('pairs.csv', fits, 'All-MiniLM-L6-V2-Embedding-Model'), []);
    const long = csv('text1,text2,score', [words(200), words(300), '0.5']);
    assert.deepEqual(await pageOver('pairs.csv', long, 'All-MiniLM-L6-V2-Embedding-Model'), [{ line: 2, tokens: 300 }]);
  });

  it('counts a BERT classifier\'s input with [CLS] and [SEP], not its label', async () => {
    // 510 word pieces + [CLS] + [SEP] = 512, BERT's window; the label is the output.
    const fits = csv('input,expected_output', [words(510), 'billing question']);
    assert.deepEqual(await pageOver('labels.csv', fits, 'Bert-Classification-Model', undefined, 'classification'), []);
    const over = csv('input,expected_output', [words(511), 'billing']);
    assert.deepEqual(await pageOver('labels.csv', over, 'Bert-Classification-Model', undefined, 'classification'), [{ line: 2, tokens: 513 }]);
  });

  it('adds Mistral Instruct\'s format as its model card writes it, within a token of the whole text counted', async () => {
    const encode = await loadEncoder('mistral');
    const rows = [
      { prompt: 'How are you today?', completion: 'Fine, thanks.' },
      { prompt: 'Summarise: the disk is full and the backup failed.', completion: 'Backup failed: no disk space.' },
    ];
    const bytes = Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    // A window of 0 lists every row with its count.
    const over = await pageOver('mistral.jsonl', bytes, 'Mistral-7B-Instruct-v0.2', 0);
    rows.forEach((row, i) => {
      // <s>[INST] prompt [/INST]completion</s>: the formatted text, plus <s> and </s>.
      const whole = encode(`[INST] ${row.prompt} [/INST]${row.completion}`).length + 2;
      const counted = over[i].tokens;
      assert.ok(Math.abs(counted - whole) <= 1, `row ${i + 1}: counted ${counted}, the whole formatted text has ${whole}`);
    });
  });
});

describe('the Python checker (a stand-in tokenizer that counts words)', () => {
  let work = '';
  let checker = '';
  before(() => {
    work = mkdtempSync(path.join(tmpdir(), 'dataset-counts-'));
    checker = path.join(work, 'check_dataset.py');
    writeFileSync(checker, assembleScript(path.join(SCRIPTS_ROOT, 'tools/check_dataset.py')).text);
    mkdirSync(path.join(work, 'stub', 'tokenizers'), { recursive: true });
    writeFileSync(
      path.join(work, 'stub', 'tokenizers', '__init__.py'),
      'class Tokenizer:\n    @staticmethod\n    def from_file(path):\n        return Tokenizer()\n    def encode(self, text, add_special_tokens=True):\n        return type("E", (), {"ids": text.split()})()\n',
    );
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  /** The checker's over-context warnings for `file` with `model`, as `line: tokens`. */
  function over(name: string, bytes: Buffer, model: string, task?: string): string[] {
    writeFileSync(path.join(work, name), bytes);
    const run = spawnSync('python3', [checker, name, '--model', model, '--tokenizer', 'tokenizer.json', ...(task ? ['--task', task] : [])], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, PYTHONPATH: path.join(work, 'stub') },
    });
    assert.match(run.stdout, /^Tokens: counted with the tokenizers library/m, run.stdout + run.stderr);
    return [...run.stdout.matchAll(/:(\d+): warning: (\d+) tokens.*\[over-context\]$/gm)].map((m) => `${m[1]}: ${m[2]}`);
  }

  it('holds each text of an embedding pair to the window alone', () => {
    assert.deepEqual(over('pairs.csv', csv('text1,text2,score', [words(200), words(200), '0.5']), 'All-MiniLM-L6-V2-Embedding-Model'), []);
    assert.deepEqual(over('pairs.csv', csv('text1,text2,score', [words(200), words(300), '0.5']), 'All-MiniLM-L6-V2-Embedding-Model'), ['2: 300']);
  });

  it('counts a BERT classifier\'s input with [CLS] and [SEP], not its label', () => {
    const labels = (n: number, label: string) => csv('input,expected_output', [words(n), label]);
    assert.deepEqual(over('labels.csv', labels(510, 'billing question'), 'Bert-Classification-Model', 'classification'), []);
    assert.deepEqual(over('labels.csv', labels(511, 'billing'), 'Bert-Classification-Model', 'classification'), ['2: 513']);
  });

  it('adds Mistral Instruct\'s <s>, [INST], [/INST] and </s> to a row (1 + 3 + 4 + 1 tokens)', () => {
    // 32 760 + 5 words and 9 template tokens: 32 774, over the 32 768-token window.
    const row = JSON.stringify({ prompt: words(32760), completion: words(5) });
    assert.deepEqual(over('mistral.jsonl', Buffer.from(`${row}\n`), 'Mistral-7B-Instruct-v0.2'), ['1: 32774']);
  });
});

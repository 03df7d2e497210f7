/**
 * The PDF guide's shell script uploads data/manuals_train.jsonl and data/manuals_test.jsonl as they
 * are, while its Python script makes them from data/manuals_text.jsonl with the steps the page shows.
 * The two must be the same rows, and the steps must keep every document (a writer that reopens its
 * file per document would keep only the last one).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveRef, SCRIPTS_ROOT } from '../../lib/guide-scripts/assemble';

const REGIONS = ['load', 'clean', 'sentences', 'sentence-pairs', 'paragraph-chunks', 'split'];

function runSteps(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-guide-'));
  copyFileSync(path.join(SCRIPTS_ROOT, 'data/manuals_text.jsonl'), path.join(dir, 'manuals_text.jsonl'));
  const program = [
    'import json, os, random, re, unicodedata',
    ...REGIONS.map((region) => resolveRef(`guides/finetuning-pdf-docs.py#${region}`)),
    'write_sentence_pairs(load_documents("manuals_text.jsonl"), out_path="train.jsonl")',
    'train_documents, test_documents = split_documents(load_documents("manuals_text.jsonl"))',
    'write_sentence_pairs(train_documents, out_path="manuals_train.jsonl")',
    'write_sentence_pairs(test_documents, out_path="manuals_test.jsonl")',
    '[check_rows(name) for name in ("manuals_train.jsonl", "manuals_test.jsonl")]',
    'write_paragraph_chunks(load_documents("manuals_text.jsonl"), lambda t: len(t.split()), out_path="chunks.jsonl", max_tokens=40)',
  ].join('\n\n');
  execFileSync('python3', ['-c', program], { cwd: dir, encoding: 'utf8' });
  return dir;
}

const read = (file: string) => readFileSync(file, 'utf8');

test('the shipped train and test rows are what the page steps make from the sample text', () => {
  const dir = runSteps();
  for (const name of ['manuals_train.jsonl', 'manuals_test.jsonl']) {
    assert.equal(
      read(path.join(SCRIPTS_ROOT, 'data', name)),
      read(path.join(dir, name)),
      `docs/_scripts/data/${name} differs from what the steps make: regenerate it`,
    );
  }
});

test('no sentence of the test file occurs in the training file (the split is by document)', () => {
  const dir = runSteps();
  const sentences = (file: string) =>
    new Set(read(path.join(dir, file)).trim().split('\n').flatMap((line) => {
      const row = JSON.parse(line) as { prompt: string; completion: string };
      return [row.prompt, row.completion];
    }));
  const train = sentences('manuals_train.jsonl');
  const shared = [...sentences('manuals_test.jsonl')].filter((s) => train.has(s));
  assert.deepEqual(shared, [], 'test sentences that the model also trains on');
});

test('the JSONL writers keep rows from every document of the folder', () => {
  const dir = runSteps();
  const text = read(path.join(SCRIPTS_ROOT, 'data/manuals_text.jsonl'));
  const documents = text.trim().split('\n').length;
  assert.ok(documents >= 2, 'the sample needs at least two documents to test this');
  for (const file of ['train.jsonl', 'chunks.jsonl']) {
    const rows = read(path.join(dir, file)).trim().split('\n').map((line) => JSON.parse(line));
    assert.ok(rows.some((row) => /pump|impeller/i.test(row.prompt + row.completion)), `${file}: no row from the first document`);
    assert.ok(rows.some((row) => /valve|gland/i.test(row.prompt + row.completion)), `${file}: no row from the second document`);
  }
});

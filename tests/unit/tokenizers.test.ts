/**
 * The in-page checker's token counts (lib/dataset-check/tokenize.ts, the module its worker
 * imports) against token ids published for fixed strings by other projects' tests and documentation of
 * each tokenizer, and the base-model list against the tokenizers and sources it names.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { countRows, loadCounter, loadEncoder, textsOf } from '../../lib/dataset-check/tokenize';
import { MODELS, TOKENIZERS, DEFAULT_MODEL, templateOf, type TokenizerId } from '../../lib/dataset-check/models';

/** Ids without the begin-of-text or [CLS]/[SEP] tokens, as the Llama, Mistral and BERT tokenizers give them. */
const KNOWN: Record<TokenizerId, Array<[string, number[]]>> = {
  llama3: [
    ['Hello world', [9906, 1917]],
    ['This is a test', [2028, 374, 264, 1296]],
  ],
  llama2: [
    ['Hello world', [15043, 3186]],
    ['Hello world!', [15043, 3186, 29991]],
    ['How are you?', [1128, 526, 366, 29973]],
  ],
  mistral: [['This is a test', [851, 349, 264, 1369]]],
  wordpiece: [
    ['Hello world', [7592, 2088]],
    ['How are you?', [2129, 2024, 2017, 1029]],
    ['I am fine', [1045, 2572, 2986]],
  ],
};

describe('each tokenizer gives the published ids of fixed strings', () => {
  for (const [id, cases] of Object.entries(KNOWN) as Array<[TokenizerId, Array<[string, number[]]>]>) {
    it(id, async () => {
      const encode = await loadEncoder(id);
      const count = await loadCounter(id);
      for (const [text, ids] of cases) {
        assert.deepEqual(encode(text), ids, `${id}: ${JSON.stringify(text)}`);
        assert.equal(count(text), ids.length, `${id}: count of ${JSON.stringify(text)}`);
      }
      assert.equal(count(''), 0, `${id}: an empty value has no tokens`);
    });
  }
});

it('the four vocabularies differ: the same text gets four different id sequences', async () => {
  const text = 'This is a test';
  const seen = new Set<string>();
  for (const id of Object.keys(KNOWN) as TokenizerId[]) seen.add(String((await loadEncoder(id))(text)));
  assert.equal(seen.size, 4);
});

it('countRows adds each row\'s values, lists the longest rows and the rows over the window', async () => {
  const count = await loadCounter('llama2');
  const rows: Array<[number, string[]]> = [
    [1, textsOf({ prompt: 'Hello world', completion: 'How are you?' })],
    [2, textsOf({ messages: [{ role: 'user', content: 'Hello world!' }] })],
    [4, textsOf({ prompt: 'Hello world', completion: 'Hello world' })],
  ];
  const result = await countRows(rows, count, 4);
  // user = 1 token (▁user, 1404).
  assert.deepEqual(result, {
    total: 2 + 4 + (1 + 3) + 2 + 2,
    rows: 3,
    longest: [
      { line: 1, tokens: 6 },
      { line: 2, tokens: 4 },
      { line: 4, tokens: 4 },
    ],
    over: [{ line: 1, tokens: 6 }],
    overCount: 1,
  });
});

describe('base models', () => {
  it('each names a tokenizer this page has (or none), a window and its model card', () => {
    assert.ok(MODELS.some((m) => m.name === DEFAULT_MODEL), 'the default is one of the models');
    for (const model of MODELS) {
      if (model.tokenizer) assert.ok(model.tokenizer in TOKENIZERS, `${model.name}: unknown tokenizer ${model.tokenizer}`);
      if (model.context !== null) {
        assert.ok(Number.isInteger(model.context) && model.context > 0, `${model.name}: context`);
        assert.match(model.source ?? '', /^https:\/\/huggingface\.co\/[\w.-]+\/[\w.-]+$/, `${model.name}: a window needs its model card`);
      }
    }
    assert.deepEqual(new Set(MODELS.map((m) => m.tokenizer).filter(Boolean)), new Set(Object.keys(KNOWN)), 'every tokenizer is used and tested');
  });
});

it('a row over the window counts the tokens of the model\'s documented prompt format (Llama 3 Instruct: 1 + 5 per message)', async () => {
  const count = await loadCounter('llama3');
  const llama3 = MODELS.find((m) => m.name === 'Llama-3.2-3B-Instruct')!;
  const template = templateOf(llama3)!;
  assert.match(template.source, /^https:\/\/www\.llama\.com\//, 'the format comes from a public page');
  // "Hello world" + "This is a test": 2 + 4 text tokens; the template adds 1 + 5 × 2 = 11.
  const rows: Array<[number, string[], number]> = [[1, ['Hello world', 'This is a test'], 2]];
  assert.equal((await countRows(rows, count, 16))!.overCount, 0, '6 + 11 = 17 tokens would not fit 16, but without the template 6 do');
  const withTemplate = (await countRows(rows, count, 16, undefined, template))!;
  assert.deepEqual(withTemplate.over, [{ line: 1, tokens: 17 }]);
  assert.equal(withTemplate.total, 6, 'totals count the text only');
  assert.equal((await countRows(rows, count, 17, undefined, template))!.overCount, 0);
  // Every template a model names exists and names its source.
  for (const model of MODELS) if (model.template) assert.ok(templateOf(model)?.source.startsWith('https://'), `${model.name}: template ${model.template}`);
});

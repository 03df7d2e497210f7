/** How search writes words (plugins/search/normalize.ts), the same in the index and the query: stems, compounds, units, synonyms, questions. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { alternatives, normalize, rawWords, stem, termsOf } from '../../lib/search/normalize';
import { excerpt, matchFactor, queryTerms } from '../../lib/search/matcher';
import { buildIndex, errorFields } from '../../plugins/search/build-index';
import { extractPage } from '../../plugins/search/extract';
import { parseOpenApi } from '../../lib/openapi/spec';

const texts = (query: string) => queryTerms(query).map((t) => t.text);

test('plurals and word forms are one stem; identifiers and numbers stay whole', () => {
  for (const group of [['tune', 'tunes', 'tuned', 'tuning'], ['embed', 'embeds', 'embedded', 'embedding', 'embeddings'], ['retry', 'retries'], ['model', 'models'], ['train', 'training', 'trained'], ['call', 'calling', 'called']]) {
    assert.equal(new Set(group.map(stem)).size, 1, group.join(' '));
  }
  assert.equal(stem('status'), 'status');
  assert.equal(stem('process'), 'process');
  assert.deepEqual(termsOf('object_not_found v1'), ['object_not_found', 'object', 'found', 'v1']);
});

test('compounds and numbers with units are one term, written alike by every spelling', () => {
  for (const spellings of [['finetune', 'fine-tune', 'fine tune', 'fine tuning', 'finetuning', 'Fine-Tuned'], ['dataset', 'data set', 'datasets'], ['api key', 'API-Key', 'apikey']]) {
    const written = spellings.map((s) => JSON.stringify(termsOf(s)));
    assert.equal(new Set(written).size, 1, `${spellings.join(' | ')}: ${written.join(' | ')}`);
  }
  for (const size of ['5 MB', '5MB', '5 megabytes', '5 mb']) assert.deepEqual(termsOf(size), ['5mb', 'mb'], size);
  assert.deepEqual(termsOf('at most 5 MB per file'), ['most', '5mb', 'mb', 'fil']);
  assert.deepEqual(termsOf('timeouts of 30 seconds'), ['timeout', '30s', 's']);
});

test('questions keep their content words; a language asked for is a bonus for sections with its code', () => {
  assert.deepEqual(texts('how do I know when my deployment is ready'), ['know', 'deployment', 'readi']);
  const terms = queryTerms('how to call my fine-tuned model from python');
  assert.deepEqual(terms.filter((t) => !t.optional).map((t) => t.text), ['call', 'finetun', 'model']);
  assert.deepEqual(terms.filter((t) => t.optional).map((t) => t.text), ['python', '=python']);
  // "python" alone is what the reader looks for.
  assert.deepEqual(queryTerms('python').map((t) => [t.text, t.optional]), [['python', false]]);
});

test('synonyms from synonyms.json: a word for another word, a phrase for a phrase', () => {
  assert.deepEqual(alternatives(termsOf('pagination')), [['offset']]);
  assert.deepEqual(alternatives(termsOf('base models context length')), [[], [], [], ['window']]);
  const [pagination] = queryTerms('pagination ');
  assert.equal(matchFactor(pagination, 'offset'), 0.8);
  assert.equal(matchFactor(pagination, 'pagination'), 1);
});

test('one typo in a word of five letters or more, against the word or a form of its stem', () => {
  const typed = (word: string) => queryTerms(`${word} `)[0];
  assert.equal(matchFactor(typed('trainnig'), 'train'), 0.45);
  assert.equal(matchFactor(typed('deploymnet'), 'deployment'), 0.45);
  assert.equal(matchFactor(typed('hyperparamters'), 'hyperparameter'), 0.45);
  assert.equal(matchFactor(typed('jop'), 'job'), 0);
  // The word being typed: its stem's prefix, and the stem of a longer word.
  assert.equal(matchFactor(queryTerms('trainin')[0], 'train'), 0.6);
  assert.equal(matchFactor(queryTerms('retry')[0], 'retriev'), 0, 'a stem is not a prefix of another word');
  assert.deepEqual(normalize(rawWords('fine tun')).map((t) => t.text), ['finetun']);
});

test('an error code is indexed on its own section of /errors, weighted as an operationId', () => {
  const doc = parseOpenApi(readFileSync('openapi/emissary.yaml', 'utf8'));
  const errors = errorFields(doc);
  assert.deepEqual(errors.sectionFields!.map((f) => [f.anchor, f.words]), [['404', ['object_not_found']]]);
  const page = extractPage(
    `<article><div class="theme-doc-markdown"><h1>Errors</h1><h2 id="400">400</h2><p>Bad request.</p><h2 id="404">404</h2><p>Not found.</p>
    <div class="theme-code-block language-python"><pre>import x</pre></div></div></article>`,
    'errors.html',
  )!;
  assert.deepEqual(page.sections.map((s) => s.code), [undefined, undefined, ['python']]);
  const built = buildIndex([{ url: '/errors', label: 'Guide', fields: [], ...page, sectionFields: errors.sectionFields }]);
  const shard = JSON.parse(built.files.get(built.manifest.shards.ob)!) as Record<string, number[]>;
  assert.deepEqual(shard.object_not_found, [0, 2, (16 << 1) | 0]);
  assert.ok(JSON.parse(built.files.get(built.manifest.shards['=p'])!)['=python']);
  assert.throws(() => buildIndex([{ url: '/errors', title: 'Errors', label: 'Guide', fields: [], sections: page.sections.slice(0, 2), sectionFields: errors.sectionFields }]), /no section #404/);
});

test('an excerpt marks both words of a compound or a number with its unit', () => {
  const marked = (text: string, query: string) => excerpt(text, queryTerms(query)).filter(([, m]) => m).map(([t]) => t);
  assert.deepEqual(marked('Send the X-API-Key header.', 'api key'), ['API', 'Key']);
  assert.deepEqual(marked('Files of at most 5 MB.', '5MB'), ['5', 'MB']);
  assert.deepEqual(marked('Fine-tuning a model.', 'finetuning'), ['Fine', 'tuning']);
});

/** The search index builder and matcher (plugins/search): what ranks first, typos, paths, and the page text it reads. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { apiFields, buildIndex, type IndexPage } from '../../plugins/search/build-index';
import { extractPage } from '../../plugins/search/extract';
import { BLOCK_SIZE, excerpt, oneEditApart, queryTerms, rank, shardKeys, type PageInfo, type Shard } from '../../lib/search/matcher';
import { searchIndex } from '../../lib/search/engine';
import { entryRef, jsonPointer, listOperations, parseOpenApi } from '../../lib/openapi/spec';

const doc = parseOpenApi(readFileSync('openapi/emissary.yaml', 'utf8'));
// The generated pages' routes, as lib/openapi/generated.ts reads them from a build (this test runs before one).
const pages = new Map([
  ...listOperations(doc).map((e): [string, string] => [entryRef(doc, e), e.route]),
  ...Object.keys(doc.components?.schemas ?? {}).map((name): [string, string] => [jsonPointer('components', 'schemas', name), `/api/schemas/${name.toLowerCase()}`]),
]);
const api = apiFields(doc, pages);

const guide = (url: string, title: string, sections: Array<[string, string, string]>, intro = ''): IndexPage => ({
  url,
  title,
  label: 'Guide',
  fields: [],
  sections: [{ anchor: '', heading: '', text: intro }, ...sections.map(([anchor, heading, text]) => ({ anchor, heading, text }))],
});

/** Every operation of the real document as a page (its summary as title, its description as text), plus a few guides. */
const PAGES: IndexPage[] = [
  ...listOperations(doc).map(({ operation, route }) => ({
    url: route,
    title: operation.summary ?? '',
    ...api.get(route)!,
    sections: [{ anchor: '', heading: '', text: operation.description ?? '' }],
  })),
  guide('/guides/grpo', 'GRPO Training Jobs', [
    ['how-grpo-works', 'How GRPO works', 'GRPO trains a model with reward functions.'],
    ['grpo-parameters', 'GRPO parameters', 'Set the learning rate and the number of generations.'],
  ]),
  guide('/fine-tuning/parameters', 'Fine-Tuning Parameters', [
    ['learning-rate', 'Learning rate', 'The learning rate sets how far each step moves the weights.'],
    ['grpo-hyperparameters', 'Hyperparameters for GRPO jobs', 'GRPO jobs take more keys.'],
  ]),
  guide('/guides/embeddings', 'Embeddings', [['request', 'Request embeddings', 'Send text, get vectors.']], 'Embeddings turn text into vectors.'),
  guide('/fine-tuning/datasets', 'Datasets', [['split', 'Train and test split', 'The train_test_split_ratio field sets the share of test rows.']]),
  guide(
    '/fine-tuning/deployment',
    'Deployment Guide',
    [
      ['deploy-a-checkpoint', 'Deploy a fine-tuned checkpoint', 'Serve the checkpoint of a training job.'],
      ['with-the-api', 'With the API', 'Create deployment takes the job and the checkpoint.'],
      ['deploy-a-base-model', 'Deploy a base model', 'You can deploy a base model as it is.'],
      ['with-the-api-1', 'With the API', 'Deploy the model with its name and checkpoint 0.'],
    ],
    'Deploy a model and call it.',
  ),
];

const built = buildIndex(PAGES);
const pageInfo: PageInfo[] = built.manifest.blocks.flatMap((b) => JSON.parse(built.files.get(b)!) as PageInfo[]);

/** URLs of the ranked pages, as the browser would get them: only the shards of the query's terms. */
function find(query: string): string[] {
  const terms = queryTerms(query);
  const shards = new Map<string, Shard>();
  for (const key of shardKeys(terms)) {
    const file = built.manifest.shards[key];
    if (file) shards.set(key, JSON.parse(built.files.get(file)!) as Shard);
  }
  return rank(terms, shards, built.manifest).pages.map((r) => pageInfo[r.page][0]);
}

const first = (query: string, url: string) => assert.equal(find(query)[0], url, `"${query}" → ${find(query).slice(0, 5).join(', ')}`);
const within = (query: string, url: string, n: number) => {
  const found = find(query);
  const at = found.indexOf(url);
  assert.ok(at >= 0 && at < n, `"${query}": ${url} at ${at + 1}, expected in the first ${n}: ${found.slice(0, n + 2).join(', ')}`);
};

test('an operation\u2019s name, operationId, path or parameter name puts its page first', () => {
  first('Create SFT training job', '/api/create-training-job');
  first('create sft training job', '/api/create-training-job');
  first('createGrpoTrainingJob', '/api/create-grpo-training-job');
  first('createTrainingJob', '/api/create-training-job');
  first('Create GRPO training job', '/api/create-grpo-training-job');
  first('/v1/projects/{project_id}/training-jobs/grpo', '/api/create-grpo-training-job');
  first('POST /v1/training-jobs/grpo', '/api/create-grpo-training-job');
  assert.ok(['/api/create-training-job', '/api/list-training-jobs'].includes(find('/v1/training-jobs')[0]), find('/v1/training-jobs').join());
  assert.ok(['/api/create-training-job', '/api/create-grpo-training-job'].includes(find('train_test_split_ratio')[0]));
});

test('everyday words find the operation: another form of a word, and the verb of a "Create <noun>" title', () => {
  // "deploy" is the verb of "Create deployment": it beats the guide's "Deploy a base model" and "Create Deployment on Inference Engine".
  first('deploy model', '/api/create-deployment');
  first('deploy', '/api/create-deployment');
  first('delete project', '/api/delete-project-by-id');
  first('list checkpoints', '/api/list-checkpoints');
  first('list checkpoint', '/api/list-checkpoints');
});

test('GRPO finds the GRPO operation and the GRPO guide in the first three', () => {
  within('GRPO', '/api/create-grpo-training-job', 3);
  within('GRPO', '/guides/grpo', 3);
});

test('a guide\u2019s section heading wins over words scattered on API pages', () => {
  first('learning rate', '/fine-tuning/parameters');
});

test('a one-letter typo in a word of five letters or more still finds the page', () => {
  within('embedings', '/guides/embeddings', 3);
  within('trainnig job', '/api/create-training-job', 5);
  within('Craete SFT training job', '/api/create-training-job', 1);
  // A short word gets no typo tolerance: "jop" is not "job".
  assert.deepEqual(find('jop'), []);
});

test('the word being typed matches by prefix, earlier words whole', () => {
  within('GRP', '/guides/grpo', 3);
  within('embed', '/guides/embeddings', 3);
  assert.deepEqual(find('grp '), [], 'a finished word is not a prefix');
});

test('every word of a short query must match; below that floor nothing matches, and the closest titles are offered', () => {
  assert.ok(find('GRPO learning').length > 0);
  for (const url of find('GRPO learning')) assert.ok(find('GRPO').includes(url) && find('learning').includes(url), url);
  const ranked = (query: string) => {
    const terms = queryTerms(query);
    return rank(terms, new Map<string, Shard>(shardKeys(terms).filter((k) => built.manifest.shards[k]).map((k) => [k, JSON.parse(built.files.get(built.manifest.shards[k])!) as Shard])), built.manifest);
  };
  // No page has every word: nothing matched, and the pages whose titles have one of them are the closest.
  assert.deepEqual(find('embeddings zebra'), []);
  assert.deepEqual(ranked('embeddings zebra').closest.map((p) => pageInfo[p][0]).sort(), ['/api/get-embeddings-from-deployment', '/guides/embeddings']);
  assert.deepEqual(ranked('zebra giraffe').closest, []);
  // A longer question needs most of its content words, not all: "many" and "words" are not on the page.
  within('how do I turn text into vectors with embeddings and many words', '/guides/embeddings', 2);
  const top = ranked('learning rate').pages[0];
  const [, , , sections] = pageInfo[top.page];
  assert.equal(sections[top.sections[0].section][0], 'learning-rate');
});

test('oneEditApart: insertion, deletion, substitution, swap; not two edits', () => {
  assert.ok(oneEditApart('embedings', 'embeddings'));
  assert.ok(oneEditApart('trainnig', 'training'));
  assert.ok(oneEditApart('datasat', 'dataset'));
  assert.ok(oneEditApart('datasets', 'dataset'));
  assert.ok(!oneEditApart('trainign', 'trianing'));
  assert.ok(!oneEditApart('deploy', 'deplyment'));
});

test('queryTerms: paths give their literal segments and how they end; stop words go', () => {
  assert.deepEqual(
    queryTerms('/v1/projects/:project_id/training-jobs').map((t) => t.text),
    ['v1', 'projects', 'training-jobs', '$training-jobs', '${}/training-jobs'],
  );
  assert.deepEqual(queryTerms('how to create a job').map((t) => t.text), ['creat', 'job']);
});

test('pages are split into blocks and every shard holds only terms of its key', () => {
  assert.equal(built.manifest.blocks.length, Math.ceil(PAGES.length / BLOCK_SIZE));
  for (const [key, file] of Object.entries(built.manifest.shards)) {
    for (const term of Object.keys(JSON.parse(built.files.get(file)!) as Shard)) assert.equal(term.slice(0, 2), key);
  }
});

test('extractPage reads the title and h2/h3 sections, without code, samples or anchors', () => {
  const html = `<html><body><nav>Sidebar words</nav><article><div class="theme-doc-markdown markdown">
    <h1>Datasets</h1><p>Upload a <code>jsonl</code> file.</p>
    <h2 id="split" class="anchor">Train and test split<a class="hash-link" href="#split">#</a></h2>
    <p>Set train_test_split_ratio.</p><pre><code>curl secret-sample</code></pre>
    <div class="openapi-right-panel__container">Response sample text</div>
    <h3>No id, no section</h3><p>Still the split section.</p>
  </div></article></body></html>`;
  const page = extractPage(html, 'x.html')!;
  assert.equal(page.title, 'Datasets');
  assert.deepEqual(page.sections.map((s) => [s.anchor, s.heading]), [['', ''], ['split', 'Train and test split']]);
  assert.match(page.sections[0].text, /Upload a jsonl file\./);
  assert.match(page.sections[1].text, /train_test_split_ratio.*No id, no section.*Still the split section/);
  assert.doesNotMatch(JSON.stringify(page), /secret-sample|Response sample|Sidebar|#/);
  assert.equal(extractPage('<html><body><article><p>no docs content</p></article></body></html>', 'y.html'), null);
  assert.throws(() => extractPage('<article><div class="theme-doc-markdown"><p>x</p></div></article>', 'z.html'), /z\.html/);
});

/** The engine's results over the built files, as the browser gets them. */
const hits = async (query: string) => (await searchIndex(<T,>(file: string) => Promise.resolve(JSON.parse(built.files.get(file) ?? JSON.stringify(built.manifest)) as T), query)).hits;
const marked = (parts: Array<[string, boolean]>) => parts.filter(([, m]) => m).map(([t]) => t);

test('a result carries one excerpt, of its best match, with the matched words marked; its other sections are named', async () => {
  for (const hit of await hits('deploy api')) assert.ok([hit.excerpt, ...hit.sections.map((s) => s.excerpt)].filter((e) => e.length).length <= 1, hit.url);
  const [hit] = await hits('learning rate');
  assert.equal(hit.url, '/fine-tuning/parameters');
  const section = hit.sections.find((s) => s.url.endsWith('#learning-rate'))!;
  assert.equal(section.excerpt.map(([t]) => t).join(''), 'The learning rate sets how far each step moves the weights.');
  assert.deepEqual(marked(section.excerpt), ['learning', 'rate']);
  // The page's top matched too: its own excerpt.
  const [embeddings] = await hits('embeddings');
  assert.ok(embeddings.excerpt.length > 0 && marked(embeddings.excerpt).every((w) => /^embeddings?$/i.test(w)), JSON.stringify(embeddings.excerpt));
});

test('one label per section in a result: repeated headings are told apart, never listed twice', async () => {
  const deployment = (await hits('deploy api')).find((h) => h.url === '/fine-tuning/deployment')!;
  const labels = deployment.sections.map((s) => s.heading);
  assert.equal(new Set(labels).size, labels.length, labels.join(' | '));
  const html = `<article><div class="theme-doc-markdown"><h1>Guide</h1>
    <h2 id="a">Step 1</h2><h3 id="api">With the API</h3><p>One.</p>
    <h2 id="b">Step 2</h2><h3 id="api-1">With the API</h3><p>Two.</p><h3 id="c">Only once</h3>
    <div class="openapi-schema__list-item"><strong class="openapi-schema__property">name</strong><span class="openapi-schema__name">string</span><span class="openapi-schema__required">required</span></div>
  </div></article>`;
  const page = extractPage(html, 'g.html')!;
  assert.deepEqual(page.sections.map((s) => s.heading), ['', 'Step 1', 'Step 1 › With the API', 'Step 2', 'Step 2 › With the API', 'Only once']);
  // The parts of a schema row are words of their own, not "namestringrequired".
  assert.match(page.sections[5].text, /name string required/);
});

test('excerpt: a window around the first match, cut at words, text pieces only', () => {
  const text = `${'Filler words come first here. '.repeat(10)}Then the learning_rate field sets the step size of the optimizer, and more text follows after it.`;
  const parts = excerpt(text, queryTerms('learning rate'), 80);
  const joined = parts.map(([t]) => t).join('');
  assert.match(joined, /^… .*learning_rate field/);
  assert.ok(joined.length <= 80 + 4, joined);
  assert.deepEqual(marked(parts), ['learning_rate']);
  // The start when nothing matches; markup stays text.
  assert.deepEqual(excerpt('<b>bold</b> text', queryTerms('zebra')), [['<b>bold</b> text', false]]);
  assert.deepEqual(marked(excerpt('Deploy it: deployments and deployed models.', queryTerms('deployment'))), ['Deploy', 'deployments', 'deployed']);
});

/**
 * The search battery over the built index (build/search, what ships): what readers and agents type,
 * each with the pages that answer it, and queries the docs do not cover, which must find nothing.
 * Prints the hit rate in the top 1 and the top 5 (the README gives it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { searchIndex } from '../../lib/search/engine';
import { BUILD_DIR } from '../support/build';

/** A query and the pages that answer it (any one of them, in the first `within`, default 5); none: nothing may match. */
type Case = [query: string, expected: string[], within?: number];

const LIMITS = '/fine-tuning/limits';
const PARAMETERS = '/fine-tuning/parameters';
const TRAINING_JOB = ['/api/create-training-job', '/api/list-training-jobs'];
const CLASSIFICATION = ['/guides/classification', '/guides/emissary-classification', '/api/get-classification-from-deployment'];

export const BATTERY: Record<string, Case[]> = {
  everyday: [
    ['learning rate', [PARAMETERS], 1],
    ['upload a dataset', ['/api/create-dataset', '/fine-tuning/datasets']],
    ['deploy a model', ['/fine-tuning/deployment', '/api/create-deployment']],
    ['GRPO', ['/guides/grpo', '/api/create-grpo-training-job'], 1],
    ['embeddings', ['/guides/embeddings', '/api/get-embeddings-from-deployment'], 1],
    ['retry', [LIMITS]],
    ['delete a project', ['/api/delete-project-by-id'], 1],
    ['cancel training', ['/api/cancel-training-job-by-id']],
    ['list checkpoints', ['/api/list-checkpoints'], 1],
    ['chat completions', ['/api/get-chat-completions'], 1],
    ['connect claude code', ['/ai-agents']],
    ['evaluation metrics', ['/fine-tuning/testing']],
    ['openai sdk', ['/fine-tuning/openai-sdk'], 1],
    ['inference engine', ['/api/create-engine', '/api/list-engines', '/api/get-engine']],
    ['classification', CLASSIFICATION],
  ],
  spellings: [
    ['finetune', ['/', '/fine-tuning/quickstart', PARAMETERS]],
    ['finetuning parameters', [PARAMETERS], 1],
    ['fine tuning pdf', ['/guides/finetuning-pdf-docs'], 1],
    ['hyper parameters', [PARAMETERS]],
    ['data set format', ['/fine-tuning/datasets']],
    ['check points', ['/api/list-checkpoints', '/fine-tuning/testing']],
    ['embedings', ['/guides/embeddings']],
    ['trainnig job', TRAINING_JOB],
    ['deploymnet', ['/fine-tuning/deployment', '/api/create-deployment']],
    ['clasification', CLASSIFICATION],
    ['hyperparamters', [PARAMETERS]],
  ],
  numbers: [
    ['5 MB', [LIMITS]],
    ['5MB', [LIMITS]],
    ['5 megabytes', [LIMITS]],
    ['upload limit 5 mb', [LIMITS], 1],
  ],
  codes: [
    ['object_not_found', ['/errors']],
    ['404', ['/errors']],
    ['train_test_split_ratio', ['/api/create-training-job', '/api/create-grpo-training-job'], 1],
    ['createGrpoTrainingJob', ['/api/create-grpo-training-job'], 1],
    ['/v1/training-jobs', TRAINING_JOB, 1],
    ['pre-trained', ['/api/create-training-job', '/api/create-grpo-training-job', PARAMETERS]],
  ],
  synonyms: [
    ['pagination', [LIMITS]],
    ['api key', ['/api/emissary-api']],
    ['context length', ['/fine-tuning/training-input', '/fine-tuning/datasets']],
    ['base models context length', [PARAMETERS, '/api/list-base-models']],
  ],
  questions: [
    ['how do I upload a file bigger than 5 MB', [LIMITS, '/api/create-dataset']],
    ['how to call my fine-tuned model from python', ['/fine-tuning/openai-sdk', '/fine-tuning/quickstart', '/fine-tuning/deployment']],
    ['what happens when a row is longer than the context window of the model', ['/fine-tuning/training-input']],
    ['why does my training job fail with a 400 error', ['/errors']],
    ['which base models can I fine-tune', [PARAMETERS]],
    ['how do I know when my deployment is ready to use', ['/fine-tuning/deployment']],
  ],
  nothing: [
    ['SOC 2 compliance', []],
    ['kubernetes helm chart', []],
    ['pricing per seat', []],
    ['single sign-on saml', []],
    ['data residency region', []],
    ['terraform provider', []],
    ['mobile app push notifications', []],
    ['stripe invoice', []],
    ['graphql subscriptions', []],
    ['blockchain wallet', []],
  ],
};

const read = async <T,>(file: string): Promise<T> => JSON.parse(await fs.readFile(path.join(BUILD_DIR, 'search', file), 'utf8')) as T;

/** Where each case's first expected page is among the distinct pages found (1-based; 0: not found), or for `nothing`, 0 when nothing matched. */
async function place([query, expected]: Case): Promise<{ at: number; found: string[] }> {
  const found = (await searchIndex(read, query, 5)).hits.map((h) => h.url);
  if (!expected.length) return { at: found.length ? -1 : 0, found };
  return { at: found.findIndex((url) => expected.includes(url)) + 1, found };
}

test('the search battery: each query finds its page where expected, and queries the docs do not cover find nothing', async () => {
  const cases = Object.values(BATTERY).flat();
  assert.ok(cases.length >= 40 && BATTERY.nothing.length >= 10);
  let top1 = 0;
  let top5 = 0;
  const misses: string[] = [];
  for (const c of cases) {
    const { at, found } = await place(c);
    const [query, expected, within = 5] = c;
    const hit = expected.length ? at > 0 && at <= within : at === 0;
    if (expected.length ? at === 1 : at === 0) top1++;
    if (expected.length ? at > 0 : at === 0) top5++;
    if (!hit) misses.push(`"${query}" → ${found.join(', ') || 'nothing'} (expected ${expected.join(' or ') || 'nothing'}${expected.length ? ` within ${within}` : ''})`);
  }
  console.log(`search battery: ${cases.length} queries, top 1 ${top1} (${Math.round((100 * top1) / cases.length)}%), top 5 ${top5} (${Math.round((100 * top5) / cases.length)}%)`);
  assert.deepEqual(misses, []);
});

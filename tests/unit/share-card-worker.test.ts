/**
 * Share cards render on a worker thread during the build (plugins/share-cards/render-pool.ts): the
 * worker loads the TypeScript renderer itself (also when loadFreshModule hands back the module's
 * namespace, as Docusaurus 4's does), its cards are byte for byte those of renderCard, and a failed
 * render rejects with the worker's error instead of hanging the build.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { renderCard, type CardText } from '../../plugins/share-cards/card';
import { startRenderPool } from '../../plugins/share-cards/render-pool';

const card = (n: number): CardText => ({ title: `List datasets, page ${n}`, section: 'API reference · Datasets', site: 'Emissary Docs', address: `docs.withemissary.com/api/list-datasets-${n}` });

test('the worker renders the same cards as renderCard, several at a time', async () => {
  const pool = startRenderPool();
  try {
    const texts = [1, 2, 3].map(card);
    const fromWorker = await Promise.all(texts.map((t) => pool.render(t)));
    for (const [i, text] of texts.entries()) assert.deepEqual(fromWorker[i], await renderCard(text));
    assert.notDeepEqual(fromWorker[0], fromWorker[1]);
  } finally {
    await pool.close();
  }
});

test('a card the worker cannot render rejects, naming the error', async () => {
  const pool = startRenderPool();
  try {
    // No text: satori cannot lay out undefined children.
    await assert.rejects(pool.render({ title: undefined, section: undefined } as unknown as CardText), /share-cards: rendering a card failed/);
    // The worker keeps serving after one failure.
    assert.ok((await pool.render(card(4))).length > 1000);
  } finally {
    await pool.close();
  }
});

/** Preloaded in a worker: @docusaurus/utils whose loadFreshModule resolves to the module's namespace (jiti 2, Docusaurus 4). */
const NAMESPACE_LOADER = `const Module = require('node:module');
const load = Module.prototype.require;
Module.prototype.require = function (id) {
  const mod = load.apply(this, arguments);
  return id === '@docusaurus/utils' ? { ...mod, loadFreshModule: async (file) => ({ default: await mod.loadFreshModule(file) }) } : mod;
};
`;

test('the worker starts whatever loadFreshModule resolves to (3.10: the default export; Docusaurus 4: the namespace)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'share-cards-'));
  writeFileSync(path.join(dir, 'namespace.cjs'), NAMESPACE_LOADER);
  const worker = new Worker(path.join(__dirname, '../../plugins/share-cards/worker.cjs'), { execArgv: ['--require', path.join(dir, 'namespace.cjs')] });
  try {
    assert.equal(await new Promise((resolve, reject) => (worker.once('message', resolve), worker.once('error', reject))), 'ready');
  } finally {
    await worker.terminate();
    rmSync(dir, { recursive: true, force: true });
  }
});

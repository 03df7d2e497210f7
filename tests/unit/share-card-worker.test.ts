/**
 * Share cards render on a worker thread during the build (plugins/share-cards/render-pool.ts): the
 * worker loads the TypeScript renderer itself, its cards are byte for byte those of renderCard, and a
 * failed render rejects with the worker's error instead of hanging the build.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
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

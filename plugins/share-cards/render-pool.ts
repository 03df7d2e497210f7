/**
 * Renders share cards on worker threads (./render-worker.ts), so that the build's main thread stays
 * free for the other plugins' postBuild work. Each worker does the JavaScript part of a card (layout,
 * palette) while libuv's thread pool draws and deflates. Two workers, even on two cores: with one,
 * the worker was the bottleneck of a ×32 build's postBuild while the main thread sat idle a third of
 * the time.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CardText } from './card';
import type { RenderReply } from './render-worker';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'worker.cjs');

export interface RenderPool {
  render(text: CardText): Promise<Buffer>;
  close(): Promise<void>;
}

export const WORKERS = 2;

/** One worker and the cards it was asked for. */
function startWorker(): RenderPool & { pending(): number } {
  const worker = new Worker(WORKER);
  const pending = new Map<number, { resolve: (png: Buffer) => void; reject: (error: Error) => void }>();
  let next = 0;
  let failure: Error | null = null;
  const failAll = (error: Error) => {
    failure = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on('message', (reply: RenderReply | 'ready') => {
    if (reply === 'ready') return;
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if ('error' in reply) waiting?.reject(new Error(`share-cards: rendering a card failed: ${reply.error}`));
    else waiting?.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
  });
  worker.on('error', (error) => failAll(new Error(`share-cards: the render worker failed: ${error.stack ?? error.message}`)));
  worker.on('exit', (code) => {
    if (pending.size) failAll(new Error(`share-cards: the render worker exited (code ${code}) with ${pending.size} cards unrendered`));
  });
  return {
    render(text) {
      if (failure) return Promise.reject(failure);
      const id = next++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, text });
      });
    },
    async close() {
      await worker.terminate();
    },
    pending: () => pending.size,
  };
}

/** `size` workers; each card goes to the one with the fewest cards waiting. */
export function startRenderPool(size = WORKERS): RenderPool {
  const workers = Array.from({ length: size }, startWorker);
  return {
    render: (text) => workers.reduce((a, b) => (b.pending() < a.pending() ? b : a)).render(text),
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}

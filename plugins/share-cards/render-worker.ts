/**
 * The share-card renderer in a worker thread (./render-pool.ts starts it through ./worker.cjs).
 * Layout (satori) and PNG rows are JavaScript: off the main thread they no longer queue behind the
 * other plugins' postBuild work. Requests are served as they come, so one card's layout runs while
 * earlier cards are drawn and deflated on libuv's thread pool. It serves as soon as it is loaded.
 */
import { parentPort } from 'node:worker_threads';
import { renderCard, type CardText } from './card';

export interface RenderRequest {
  id: number;
  text: CardText;
}

export type RenderReply = { id: number; png: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('share-cards: render-worker.ts runs in a worker thread only');
port.on('message', ({ id, text }: RenderRequest) => {
  renderCard(text).then(
    (png) => {
      // A copy of its own, so that its memory can move to the main thread instead of being copied again.
      const bytes = new Uint8Array(png);
      port.postMessage({ id, png: bytes } satisfies RenderReply, [bytes.buffer]);
    },
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies RenderReply),
  );
});
port.postMessage('ready');

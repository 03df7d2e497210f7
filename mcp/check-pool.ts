/**
 * check_dataset off the request path on Node: a few worker threads run the checks (checkDatasetTool,
 * reading files from the data folder), so the event loop keeps answering other calls, a ping
 * included, while the largest accepted checks run. At most QUEUE_CAP checks wait for a worker; one
 * more is refused with a tool error saying the server is busy. The workers (cli.ts starts them:
 * the server's own file when bundled) run `serveChecks`; they start on the first check.
 */
import os from 'node:os';
import { parentPort, type Worker } from 'node:worker_threads';
import { SiteError } from './site';
import { ToolError, type Answer, type Docs } from './answers';
import { checkDatasetTool } from './datasets';

export type CheckInput = Parameters<typeof checkDatasetTool>[1];

/** Checks waiting for a worker, at most (each holds its rows: up to 8 MB of message). */
export const QUEUE_CAP = 16;
/** What a worker's message to the pool carries. */
type Reply = { id: number; answer?: Answer; error?: string; tool?: boolean };

export interface CheckPool {
  run(input: CheckInput): Promise<Answer>;
  close(): Promise<void>;
}

/** A pool of `size` workers (default: one core fewer than the machine has, one at least, four at most). */
export function checkPool(start: () => Worker, size = Math.min(4, Math.max(1, os.availableParallelism() - 1))): CheckPool {
  const idle: Worker[] = [];
  const all: Worker[] = [];
  const queue: Array<() => void> = [];
  const pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void; worker: Worker }>();
  let next = 0;
  const release = (worker: Worker) => {
    const waiting = queue.shift();
    idle.push(worker);
    waiting?.();
  };
  const spawn = () => {
    const worker = start();
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const call = pending.get(reply.id);
      if (!call) return;
      pending.delete(reply.id);
      if (reply.answer) call.resolve(reply.answer);
      else call.reject(reply.tool ? new ToolError(reply.error) : new Error(reply.error));
      release(worker);
    });
    worker.on('error', (error) => {
      // A worker that dies fails its call; a new one takes its place.
      for (const [id, call] of pending) if (call.worker === worker) (pending.delete(id), call.reject(error));
      all.splice(all.indexOf(worker), 1);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      release(spawn());
    });
    all.push(worker);
    return worker;
  };
  const take = async (): Promise<Worker> => {
    if (!idle.length && all.length < size) return spawn();
    if (idle.length) return idle.pop()!;
    if (queue.length >= QUEUE_CAP) throw new ToolError(`the server is busy: ${size} dataset checks are running and ${queue.length} are waiting. Try again in a few seconds.`);
    await new Promise<void>((resolve) => queue.push(resolve));
    return idle.pop()!;
  };
  return {
    async run(input) {
      const worker = await take();
      const id = next++;
      return new Promise<Answer>((resolve, reject) => {
        pending.set(id, { resolve, reject, worker });
        worker.postMessage({ id, input });
      });
    },
    async close() {
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}

/** A worker's side: checks on the data folder the pool names, answered one at a time. */
export function serveChecks(dataDir: string | undefined) {
  const docs = { dataDir } as Docs;
  parentPort!.on('message', async ({ id, input }: { id: number; input: CheckInput }) => {
    try {
      parentPort!.postMessage({ id, answer: await checkDatasetTool(docs, input) } satisfies Reply);
    } catch (error) {
      const tool = error instanceof ToolError || error instanceof SiteError;
      parentPort!.postMessage({ id, error: tool ? error.message : String((error as Error).stack), tool } satisfies Reply);
    }
  });
}

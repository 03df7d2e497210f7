/** The checker's enhancement, loaded on the reader's first move towards the form: starts the worker, shows results. */
import type { Report } from './check';
import type { CheckRequest, WorkerMessage } from './protocol';

export { default as Results, verdict } from './Results';

export interface Checker {
  check(request: Omit<CheckRequest, 'id'>, progress: (fraction: number) => void): Promise<{ report: Report; ms: number }>;
}

export function startChecker(): Promise<Checker> {
  const worker = new Worker(new URL('./worker.ts', import.meta.url));
  const waiting = new Map<number, { progress: (f: number) => void; resolve: (r: { report: Report; ms: number }) => void; reject: (e: Error) => void }>();
  let next = 0;
  return new Promise((ready, failed) => {
    worker.onerror = (event) => {
      const error = new Error(event.message || 'the checker stopped');
      failed(error);
      for (const job of waiting.values()) job.reject(error);
      waiting.clear();
    };
    worker.onmessage = ({ data }: MessageEvent<WorkerMessage>) => {
      if (data.type === 'ready') return ready({ check });
      const job = waiting.get(data.id);
      if (!job) return;
      if (data.type === 'progress') return job.progress(data.fraction);
      waiting.delete(data.id);
      if (data.type === 'done') job.resolve({ report: data.report, ms: data.ms });
      else job.reject(new Error(data.message));
    };
  });

  function check(request: Omit<CheckRequest, 'id'>, progress: (fraction: number) => void) {
    const id = ++next;
    return new Promise<{ report: Report; ms: number }>((resolve, reject) => {
      waiting.set(id, { progress, resolve, reject });
      const transfer = request.file instanceof File ? [] : [request.file.bytes.buffer as ArrayBuffer];
      worker.postMessage({ ...request, id } satisfies CheckRequest, transfer);
    });
  }
}

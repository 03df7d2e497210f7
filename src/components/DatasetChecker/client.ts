/** The checker's enhancement, loaded on the reader's first move towards the form: starts the worker, shows results. */
import type { Report } from '../../../lib/dataset-check/check';
import { modelNamed } from '../../../lib/dataset-check/models';
import { actions, current, update, type Tokens } from './store';
import type { CheckRequest, WorkerMessage } from './protocol';

export { default as Results, verdict } from './Results';
export { default as ModelOptions } from './ModelOptions';

export interface Checker {
  check(request: Omit<CheckRequest, 'id' | 'model'>, progress: (fraction: number) => void): Promise<{ report: Report; ms: number }>;
}

interface Job {
  progress: (f: number) => void;
  resolve: (r: { report: Report; ms: number }) => void;
  reject: (e: Error) => void;
}

export function startChecker(): Promise<Checker> {
  const worker = new Worker(new URL('./worker.ts', import.meta.url));
  const waiting = new Map<number, Job>();
  let next = 0;
  /** Token counts are shown for the newest check or recount only. */
  const counted = (id: number, tokens: Tokens) => id === next && update({ tokens });
  actions.recount = (model) => {
    const id = ++next;
    update({ model, tokens: modelNamed(model)?.tokenizer ? 'counting' : null });
    worker.postMessage({ recount: true, id, model });
  };
  return new Promise((ready, failed) => {
    worker.onerror = (event) => {
      const error = new Error(event.message || 'the checker stopped');
      failed(error);
      for (const job of waiting.values()) job.reject(error);
      waiting.clear();
    };
    worker.onmessage = ({ data }: MessageEvent<WorkerMessage>) => {
      if (data.type === 'ready') return ready({ check });
      if (data.type === 'tokens') return counted(data.id, { tokens: data.tokens, ms: data.ms });
      if (data.type === 'tokens-failed') return counted(data.id, { failed: data.message });
      const job = waiting.get(data.id);
      if (!job) return;
      if (data.type === 'progress') return job.progress(data.fraction);
      waiting.delete(data.id);
      if (data.type === 'done') {
        if (data.counting && data.id === next) update({ tokens: 'counting' });
        job.resolve({ report: data.report, ms: data.ms });
      } else job.reject(new Error(data.message));
    };
  });

  function check(request: Omit<CheckRequest, 'id' | 'model'>, progress: Job['progress']) {
    const id = ++next;
    update({ tokens: null });
    return new Promise<{ report: Report; ms: number }>((resolve, reject) => {
      waiting.set(id, { progress, resolve, reject });
      const transfer = request.file instanceof File ? [] : [request.file.bytes.buffer as ArrayBuffer];
      worker.postMessage({ ...request, id, model: current().model } satisfies CheckRequest, transfer);
    });
  }
}

/** The checker's enhancement, loaded on the reader's first move towards the form: starts the worker, shows results. */
import type { Report } from './check';
import type { TokenCount } from './tokenize';
import type { CheckRequest, WorkerMessage } from './protocol';

export { default as Results, verdict } from './Results';
export { default as ModelOptions } from './ModelOptions';
export { DEFAULT_MODEL, modelNamed } from './models';

export type Tokens = { tokens: TokenCount; ms: number } | { failed: string };

export interface Checker {
  /** Resolves with the check; `counting` says whether `tokens` will be called with the token counts. */
  check(
    request: Omit<CheckRequest, 'id'>,
    progress: (fraction: number) => void,
    tokens: (result: Tokens) => void,
  ): Promise<{ report: Report; ms: number; counting: boolean }>;
}

interface Job {
  progress: (f: number) => void;
  tokens: (result: Tokens) => void;
  resolve: (r: { report: Report; ms: number; counting: boolean }) => void;
  reject: (e: Error) => void;
}

export function startChecker(): Promise<Checker> {
  const worker = new Worker(new URL('./worker.ts', import.meta.url));
  const waiting = new Map<number, Job>();
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
      if (data.type === 'done') {
        if (!data.counting) waiting.delete(data.id);
        return job.resolve({ report: data.report, ms: data.ms, counting: data.counting });
      }
      waiting.delete(data.id);
      if (data.type === 'tokens') job.tokens({ tokens: data.tokens, ms: data.ms });
      else if (data.type === 'tokens-failed') job.tokens({ failed: data.message });
      else job.reject(new Error(data.message));
    };
  });

  function check(request: Omit<CheckRequest, 'id'>, progress: Job['progress'], tokens: Job['tokens']) {
    const id = ++next;
    return new Promise<{ report: Report; ms: number; counting: boolean }>((resolve, reject) => {
      waiting.set(id, { progress, tokens, resolve, reject });
      // Copied, not transferred: a change of model checks the same pasted rows again.
      worker.postMessage({ ...request, id } satisfies CheckRequest);
    });
  }
}

/// <reference lib="webworker" />
/** Checks a dataset off the main thread, so a big file never freezes the page. Makes no request. */
import { checkDataset, MAX_CHECK_BYTES } from './check';
import type { CheckRequest, WorkerMessage } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerMessage) => scope.postMessage(message);

scope.onmessage = ({ data }: MessageEvent<CheckRequest>) => {
  const started = performance.now();
  const { id, file, task, dashboard } = data;
  try {
    const isFile = file instanceof File;
    // A file over the cap is refused from its size alone: it is never read into memory.
    const bytes = !isFile ? file.bytes : file.size > MAX_CHECK_BYTES ? new Uint8Array(0) : new Uint8Array(new FileReaderSync().readAsArrayBuffer(file));
    let last = 0;
    const report = checkDataset(file.name, bytes, {
      task,
      dashboard,
      size: isFile ? file.size : bytes.length,
      progress: (fraction) => {
        if (fraction - last < 0.05 && fraction < 1) return;
        last = fraction;
        post({ type: 'progress', id, fraction });
      },
    });
    post({ type: 'done', id, report, ms: performance.now() - started });
  } catch (error) {
    post({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
  }
};

post({ type: 'ready' });

/// <reference lib="webworker" />
/**
 * Checks a dataset off the main thread, so a big file never freezes the page, then counts its tokens with
 * the chosen base model's tokenizer, loaded (from this site) only then. Makes no other request.
 */
import { checkDataset, MAX_CHECK_BYTES } from './check';
import { modelNamed } from './models';
import { countRows, loadCounter } from './tokenize';
import type { CheckRequest, WorkerMessage } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerMessage) => scope.postMessage(message);
/** The newest request: an older one still counting stops at its next pause. */
let latest = 0;
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));

scope.onmessage = async ({ data }: MessageEvent<CheckRequest>) => {
  const started = performance.now();
  const { id, file, task, dashboard } = data;
  latest = id;
  const model = modelNamed(data.model);
  const texts: Array<[number, string[]]> = [];
  try {
    const isFile = file instanceof File;
    // A file over the cap is refused from its size alone: it is never read into memory.
    const bytes = !isFile ? file.bytes : file.size > MAX_CHECK_BYTES ? new Uint8Array(0) : new Uint8Array(new FileReaderSync().readAsArrayBuffer(file));
    let last = 0;
    const report = checkDataset(file.name, bytes, {
      task,
      dashboard,
      size: isFile ? file.size : bytes.length,
      texts: model?.tokenizer ? texts : undefined,
      progress: (fraction) => {
        if (fraction - last < 0.05 && fraction < 1) return;
        last = fraction;
        post({ type: 'progress', id, fraction });
      },
    });
    const counting = Boolean(model?.tokenizer && texts.length);
    post({ type: 'done', id, report, ms: performance.now() - started, counting });
    if (!counting || !model?.tokenizer) return;
    const counted = performance.now();
    const count = await loadCounter(model.tokenizer);
    const tokens = await countRows(texts, count, model.context, async () => {
      await breathe();
      return latest === id;
    });
    post(tokens ? { type: 'tokens', id, tokens, ms: performance.now() - counted } : { type: 'tokens-failed', id, message: 'a newer check replaced this one' });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    post(texts.length ? { type: 'tokens-failed', id, message } : { type: 'failed', id, message });
  }
};

post({ type: 'ready' });

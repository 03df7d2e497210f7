/// <reference lib="webworker" />
/**
 * Checks a dataset off the main thread, so a big file never freezes the page, then counts its tokens with
 * the chosen base model's tokenizer, loaded (from this site) only then. Makes no other request.
 */
import { checkDataset, MAX_CHECK_BYTES } from '../../../lib/dataset-check/check';
import { modelNamed, templateOf } from '../../../lib/dataset-check/models';
import { countRows, loadCounter, type CountedRow } from '../../../lib/dataset-check/tokenize';
import type { CheckRequest, RecountRequest, WorkerMessage } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerMessage) => scope.postMessage(message);
/** The newest request: an older one still counting stops at its next pause. */
let latest = 0;
const GRACE_MS = 400;
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The rows of the last check, kept for a recount with another model. */
let lastTexts: CountedRow[] = [];

async function countTokens(id: number, name: string | undefined, texts: CountedRow[]): Promise<void> {
  const model = modelNamed(name);
  if (!model?.tokenizer || !texts.length) return;
  try {
    // A grace period first: a reader who checks again at once (a fixed file, another task) does not
    // wait behind a tokenizer loading or counting rows nobody will look at.
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
    if (latest !== id) return void post({ type: 'tokens-failed', id, message: 'a newer check replaced this one' });
    const started = performance.now();
    const count = await loadCounter(model.tokenizer);
    const tokens = await countRows(texts, count, model.context, async () => {
      await breathe();
      return latest === id;
    }, templateOf(model));
    post(tokens ? { type: 'tokens', id, tokens, ms: performance.now() - started } : { type: 'tokens-failed', id, message: 'a newer check replaced this one' });
  } catch (error) {
    post({ type: 'tokens-failed', id, message: error instanceof Error ? error.message : String(error) });
  }
}

scope.onmessage = ({ data }: MessageEvent<CheckRequest | RecountRequest>) => {
  latest = data.id;
  if ('recount' in data) return void countTokens(data.id, data.model, lastTexts);
  const started = performance.now();
  const { id, file, task, dashboard } = data;
  const texts: CountedRow[] = [];
  try {
    const isFile = file instanceof File;
    // A file over the cap is refused from its size alone: it is never read into memory.
    const bytes = !isFile ? file.bytes : file.size > MAX_CHECK_BYTES ? new Uint8Array(0) : new Uint8Array(new FileReaderSync().readAsArrayBuffer(file));
    let last = 0;
    const report = checkDataset(file.name, bytes, {
      task,
      dashboard,
      size: isFile ? file.size : bytes.length,
      texts,
      progress: (fraction) => {
        if (fraction - last < 0.05 && fraction < 1) return;
        last = fraction;
        post({ type: 'progress', id, fraction });
      },
    });
    lastTexts = texts;
    const counting = Boolean(modelNamed(data.model)?.tokenizer && texts.length);
    post({ type: 'done', id, report, ms: performance.now() - started, counting });
    void countTokens(id, data.model, texts);
  } catch (error) {
    post({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
  }
};

post({ type: 'ready' });

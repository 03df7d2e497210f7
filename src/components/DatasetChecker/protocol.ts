/** Messages between the page and the checker's worker. */
import type { Report } from '../../../lib/dataset-check/check';
import type { TokenCount } from '../../../lib/dataset-check/tokenize';

export interface CheckRequest {
  id: number;
  /** A chosen or dropped file (structured-cloned, not copied), or pasted rows as bytes. */
  file: File | { name: string; bytes: Uint8Array };
  task?: string;
  dashboard: boolean;
  /** The base model whose tokenizer counts the rows' tokens, after the check. */
  model?: string;
}

/** Count the last checked file's rows again, with another model's tokenizer. */
export interface RecountRequest {
  recount: true;
  id: number;
  model: string;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'progress'; id: number; fraction: number }
  /** `counting`: token counts follow in a `tokens` or `tokens-failed` message. */
  | { type: 'done'; id: number; report: Report; ms: number; counting: boolean }
  | { type: 'tokens'; id: number; tokens: TokenCount; ms: number }
  | { type: 'tokens-failed'; id: number; message: string }
  | { type: 'failed'; id: number; message: string };

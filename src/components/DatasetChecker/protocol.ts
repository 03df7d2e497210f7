/** Messages between the page and the checker's worker. */
import type { Report } from './check';

export interface CheckRequest {
  id: number;
  /** A chosen or dropped file (structured-cloned, not copied), or pasted rows as bytes. */
  file: File | { name: string; bytes: Uint8Array };
  task?: string;
  dashboard: boolean;
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'progress'; id: number; fraction: number }
  | { type: 'done'; id: number; report: Report; ms: number }
  | { type: 'failed'; id: number; message: string };

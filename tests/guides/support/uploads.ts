/**
 * The upload-readiness rule of /fine-tuning/datasets: train only on a dataset you have read back
 * with `is_uploaded: true`. Given the calls of one run through the mock, lists every training job
 * the run created on a dataset it had not seen uploaded since it last uploaded that dataset.
 */
import type { Call } from './mock';

const UPLOAD = /^\/v1\/projects\/[^/]+\/datasets$/;
const READ_ONE = /^\/v1\/projects\/[^/]+\/datasets\/([^/]+)$/;
const TRAIN = /^\/v1\/projects\/[^/]+\/training-jobs(\/grpo)?$/;

type Row = { id?: unknown; is_uploaded?: unknown };
const rows = (body: unknown): Row[] => (Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : []) as Row[];

export function trainsBeforeUpload(calls: Call[]): string[] {
  /** Dataset ID → whether the run has seen it uploaded since its last upload. */
  const seen = new Map<string, boolean>();
  const problems: string[] = [];
  for (const call of calls) {
    if (call.status < 200 || call.status >= 300) continue;
    if (call.method === 'POST' && UPLOAD.test(call.path)) {
      for (const row of rows(call.response)) if (typeof row.id === 'string') seen.set(row.id, false);
    } else if (call.method === 'GET' && (READ_ONE.test(call.path) || UPLOAD.test(call.path))) {
      for (const row of rows(call.response)) if (typeof row.id === 'string' && row.is_uploaded === true) seen.set(row.id, true);
    } else if (call.method === 'POST' && TRAIN.test(call.path)) {
      const body = (call.request ?? {}) as Record<string, unknown>;
      for (const field of ['train_dataset_id', 'test_dataset_id']) {
        const id = body[field];
        if (typeof id === 'string' && seen.get(id) !== true) {
          problems.push(`POST ${call.path} sends ${field} ${id} before the run read it back with is_uploaded: true (GET …/datasets/${id})`);
        }
      }
    }
  }
  return problems;
}

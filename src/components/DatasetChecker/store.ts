/**
 * The token-count side of the checker: the chosen base model, the epochs and the counts, kept here
 * (loaded with the checker) rather than in the page's component, so the page carries no code for them.
 */
import { useSyncExternalStore } from 'react';
import type { TokenCount } from '../../../lib/dataset-check/tokenize';
import { DEFAULT_MODEL } from '../../../lib/dataset-check/models';

export type Tokens = { tokens: TokenCount; ms: number } | { failed: string };
export interface Counting {
  model: string;
  epochs: number;
  tokens: Tokens | 'counting' | null;
}

let state: Counting = { model: DEFAULT_MODEL, epochs: 3, tokens: null };
const listeners = new Set<() => void>();

export function update(patch: Partial<Counting>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const current = (): Counting => state;

export function useCounting(): Counting {
  return useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    current,
    current,
  );
}

/** Counts the last checked file again with another model's tokenizer; set by the checker when it starts. */
export const actions = { recount: (model: string): void => void update({ model }) };

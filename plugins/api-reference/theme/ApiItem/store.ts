// Replaces the theme's Redux store: our API pages keep only the reader's media-type and schema-variant choices, so Redux Toolkit, immer and react-redux stay out of the bundle.
import { createContext } from 'react';
import accept, { type AcceptState } from '../ApiExplorer/Accept/slice';
import contentType, { type ContentTypeState } from '../ApiExplorer/ContentType/slice';
import schemaSelection, { type SchemaSelectionState } from '../ApiExplorer/SchemaSelection/slice';

/** A Redux-style action: the theme's components dispatch the same shapes. */
export interface Action<P = unknown> {
  type: string;
  payload?: P;
}

export interface RootState {
  accept: AcceptState;
  contentType: ContentTypeState;
  schemaSelection: SchemaSelectionState;
  /** Read by the theme's MethodEndpoint for a chosen server; these pages never choose one. */
  server: { value?: { url: string; variables?: Record<string, { default?: string }> } };
}

export interface ApiStore {
  getState(): RootState;
  dispatch(action: Action): Action;
  subscribe(listener: () => void): () => void;
}

function reduce(state: RootState | undefined, action: Action): RootState {
  return {
    accept: accept(state?.accept, action),
    contentType: contentType(state?.contentType, action),
    schemaSelection: schemaSelection(state?.schemaSelection, action),
    server: state?.server ?? {},
  };
}

export function createApiStore(): ApiStore {
  let state = reduce(undefined, { type: '@@init' });
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      state = reduce(state, action);
      for (const listener of [...listeners]) listener();
      return action;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const ApiStoreContext = createContext<ApiStore | null>(null);

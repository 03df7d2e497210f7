// Replaces the theme's Redux Toolkit slice with a plain reducer of the same actions, so the toolkit stays out of the API pages' bundle.
import type { Action } from '../../ApiItem/store';

export interface SchemaSelectionState {
  /** Schema path → index of the oneOf/anyOf variant the reader picked. */
  selections: Record<string, number>;
}

const SET = 'schemaSelection/setSchemaSelection';
const CLEAR = 'schemaSelection/clearSchemaSelections';

export const setSchemaSelection = (payload: { path: string; index: number }): Action<{ path: string; index: number }> => ({ type: SET, payload });
export const clearSchemaSelections = (): Action => ({ type: CLEAR });

export default function schemaSelection(state: SchemaSelectionState = { selections: {} }, action: Action): SchemaSelectionState {
  if (action.type === SET) {
    const { path, index } = action.payload as { path: string; index: number };
    return { selections: { ...state.selections, [path]: index } };
  }
  if (action.type === CLEAR) return { selections: {} };
  return state;
}

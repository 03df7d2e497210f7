// Replaces the theme's Redux Toolkit slice with a plain reducer of the same actions, so the toolkit stays out of the API pages' bundle.
import type { Action } from '../../ApiItem/store';

/** A media type the reader picked, shared by every tab of its kind on the page. */
export interface ValueState {
  value?: string;
}

/** A slice that holds one value its one action sets: Accept's, and ContentType's of the same shape. */
export function valueSlice(type: string) {
  return {
    set: (value: string): Action<string> => ({ type, payload: value }),
    reducer: (state: ValueState = {}, action: Action): ValueState => (action.type === type ? { ...state, value: action.payload as string } : state),
  };
}

/** The response media type: every response tab. */
export type AcceptState = ValueState;

const slice = valueSlice('accept/setAccept');
export const setAccept = slice.set;
export default slice.reducer;

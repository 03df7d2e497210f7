// Replaces the theme's Redux Toolkit slice with a plain reducer of the same actions, so the toolkit stays out of the API pages' bundle.
import type { Action } from '../../ApiItem/store';

export interface AcceptState {
  /** The response media type the reader picked, shared by every response tab on the page. */
  value?: string;
}

const SET = 'accept/setAccept';

export const setAccept = (value: string): Action<string> => ({ type: SET, payload: value });

export default function accept(state: AcceptState = {}, action: Action): AcceptState {
  return action.type === SET ? { ...state, value: action.payload as string } : state;
}

// Replaces the theme's Redux Toolkit slice with a plain reducer of the same actions, so the toolkit stays out of the API pages' bundle.
import type { Action } from '../../ApiItem/store';

export interface ContentTypeState {
  /** The request media type the reader picked, shared by every request-body tab on the page. */
  value?: string;
}

const SET = 'contentType/setContentType';

export const setContentType = (value: string): Action<string> => ({ type: SET, payload: value });

export default function contentType(state: ContentTypeState = {}, action: Action): ContentTypeState {
  return action.type === SET ? { ...state, value: action.payload as string } : state;
}

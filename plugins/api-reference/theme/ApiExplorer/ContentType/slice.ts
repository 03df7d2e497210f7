// Replaces the theme's Redux Toolkit slice with a plain reducer of the same actions, so the toolkit stays out of the API pages' bundle.
import { valueSlice, type ValueState } from '../Accept/slice';

/** The request media type: every request-body tab. */
export type ContentTypeState = ValueState;

const slice = valueSlice('contentType/setContentType');
export const setContentType = slice.set;
export default slice.reducer;

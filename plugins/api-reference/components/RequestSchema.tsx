// An operation's request body (./Body), as the generated page names it.
export { RequestBody as default } from './Body';

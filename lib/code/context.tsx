/**
 * Where a code block finds its build-time highlighting when nobody hands it the loader: code a
 * component computes as it renders (the API pages' samples and examples, /errors, the MCP client
 * configurations). The page or component provides a loader of its highlights file (highlighted
 * lines by ./key.ts), which theme/CodeBlock calls only for a block it renders itself: hydration keeps
 * the server's lines, so no visit downloads the file at load.
 */
import { createContext } from 'react';
import type { HighlightsFile } from './lines';

/** Highlighted lines by block (./lines.ts): by index (a page's fenced blocks, ./remark.ts) or by ./key.ts. */
export type Highlights = HighlightsFile;
/** A lazy import of a highlights file (a JSON module). */
export type HighlightsLoader = () => Promise<{ default: Highlights }>;

export const HighlightsContext = createContext<HighlightsLoader | undefined>(undefined);

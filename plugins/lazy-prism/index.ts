/**
 * Keeps Prism out of the browser's startup bundle. Every code block is highlighted on the server,
 * and src/theme/CodeBlock/Content keeps that HTML while the page hydrates, so a first visit needs
 * no highlighter at all; Prism's grammars cost a long task at startup on every page (they walk the
 * whole grammar tree as each one registers). For the browser build only:
 * - theme-classic's client module `prism-include-languages` (which imports prism-react-renderer and
 *   registers the extra grammars at startup) is replaced by an empty module;
 * - `src/theme/CodeBlock/Content/Highlighted.tsx` (the theme's highlighting Content) is replaced by
 *   `Highlighted.browser.tsx`, which loads it, with the grammars, on first use (client-side
 *   navigation, content mounted later).
 * The server build keeps both as they are, so the static HTML is highlighted as before.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { browserModuleReplacements } from '../shared/replace-module';

export const CLIENT_MODULE = /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/;
export const HIGHLIGHTED = /[\\/]src[\\/]theme[\\/]CodeBlock[\\/]Content[\\/]Highlighted\.tsx$/;

export const EMPTY_MODULE = path.join(__dirname, 'empty.js');
export const HIGHLIGHTED_BROWSER = path.resolve(__dirname, '../../src/theme/CodeBlock/Content/Highlighted.browser.tsx');

export default function lazyPrism(): Plugin {
  return browserModuleReplacements('lazy-prism', [
    { test: CLIENT_MODULE, target: EMPTY_MODULE },
    { test: HIGHLIGHTED, target: HIGHLIGHTED_BROWSER },
  ]);
}

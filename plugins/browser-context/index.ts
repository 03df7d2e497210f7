/**
 * Docusaurus marks the app as "in the browser" (useIsBrowser) right after hydration with an
 * ordinary state update at the root, which React renders in one uninterrupted task: on a long
 * page every consumer re-renders (code block buttons mount, tabs measure) and React walks the
 * whole tree to find them — 100–250 ms on a slow phone. In the browser build this gives App.js a
 * provider that makes the same update as a transition, which React renders in slices between
 * which the page stays responsive (src/client/BrowserContextProvider.tsx). useIsBrowser keeps
 * reading Docusaurus's own context.
 */
import path from 'node:path';
import type { Plugin } from '@docusaurus/types';
import { browserModuleReplacements } from '../shared/replace-module';

// App.js's own import, matched as written (before resolution): the replacement imports the
// original module by its package path, which must still resolve to the original.
export const BROWSER_CONTEXT_REQUEST = /^\.\/browserContext(\.js)?$/;
export const APP = /[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]App\.js$/;

export const PROVIDER = path.resolve(__dirname, '../../src/client/BrowserContextProvider.tsx');

export default function browserContext(): Plugin {
  return browserModuleReplacements('browser-context', [{ test: BROWSER_CONTEXT_REQUEST, target: PROVIDER, issuer: APP }]);
}

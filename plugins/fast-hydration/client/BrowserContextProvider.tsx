/**
 * Docusaurus's BrowserContextProvider (@docusaurus/core/lib/client/browserContext.js) with one
 * change: the update that flips useIsBrowser() to true after hydration is a transition, so React
 * renders it in interruptible slices instead of one long task (REPLACEMENTS in ../index.ts).
 */
import React, { startTransition, useEffect, useState, type ReactNode } from 'react';
// The original module: its Context is the one useIsBrowser reads.
import { Context } from '@docusaurus/core/lib/client/browserContext';

export { Context };

export function BrowserContextProvider({ children }: { children: ReactNode }): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => {
    startTransition(() => setIsBrowser(true));
  }, []);
  return <Context.Provider value={isBrowser}>{children}</Context.Provider>;
}

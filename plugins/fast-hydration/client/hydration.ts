/**
 * Whether React is still hydrating the server-rendered page: true in the browser until the first
 * route has committed. Docusaurus's useIsBrowser() turns true later, in a follow-up render
 * (a transition here, ./BrowserContextProvider.tsx), so components that must tell "hydrating" from
 * "mounted later" (../theme/CodeBlock/Content) read this instead.
 */
let hydrated = false;

export function isHydrating(): boolean {
  return typeof window !== 'undefined' && !hydrated;
}

/** Docusaurus calls this from a layout effect when a route has committed, the first one included. */
export function onRouteDidUpdate(): void {
  hydrated = true;
}

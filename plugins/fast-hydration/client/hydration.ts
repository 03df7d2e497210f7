/**
 * Whether React is still hydrating the server-rendered page: true in the browser until the first
 * route has committed. Docusaurus's useIsBrowser() turns true later, in a follow-up render
 * (in an effect after mount), so components that must tell "hydrating" from
 * "mounted later" (../theme/CodeBlock/Content) read this instead.
 *
 * `docusaurus start` serves no server HTML: its client entry renders into an empty root instead of
 * hydrating (HYDRATE_CLIENT_ENTRY, which Docusaurus defines for its browser builds: true for `build`,
 * false for `start`). There nothing is ever hydrating, and a code block that kept "the server's HTML"
 * would keep nothing (an empty <pre>, whose missing <code> crashed the word-wrap hook).
 */
// Read in the browser only (the server bundle has no such definition).
let hydrated = typeof window === 'undefined' || !process.env.HYDRATE_CLIENT_ENTRY;

export function isHydrating(): boolean {
  return !hydrated;
}

/** Docusaurus calls this from a layout effect when a route has committed, the first one included. */
export function onRouteDidUpdate(): void {
  hydrated = true;
}

/**
 * Docusaurus's <Link> prefetches the code of every internal page whose link scrolls into view
 * (window.docusaurus.prefetch): on an API page, dozens of sidebar and text links. That cost ~300 ms
 * of main-thread work on a slow phone while the page hydrated, 50–150 KB of other pages' code on
 * every first visit, and, deferred until the reader's first action, it competed with what the
 * reader asked for (a cold search answered ~90 ms later). So pages are fetched on intent only:
 * pointing at or touching a link still preloads its page at once (window.docusaurus.preload,
 * unchanged), which is what makes the click fast.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

interface DocusaurusGlobal {
  prefetch: (routePath: string) => unknown;
  preload: (routePath: string) => unknown;
}

function onIntentOnly(original: DocusaurusGlobal): DocusaurusGlobal {
  return Object.freeze({ ...original, prefetch: (): boolean => false });
}

if (ExecutionEnvironment.canUseDOM) {
  // Docusaurus's client entry sets window.docusaurus right after the client modules have run.
  const scope = window as unknown as { docusaurus?: DocusaurusGlobal };
  let current = scope.docusaurus && onIntentOnly(scope.docusaurus);
  // Upstream internals: swaps Docusaurus's client global for a copy (UPGRADING.md, "Pages load on intent only").
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (value: DocusaurusGlobal) => {
      current = onIntentOnly(value);
    },
  });
}

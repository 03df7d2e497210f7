/**
 * Docusaurus's docs theme finds the active docs plugin with String.prototype.localeCompare while
 * the page hydrates (breadcrumbs, navbar items). The first localeCompare call in a page loads the
 * ICU collator: ~10 ms, four times that on a slow phone, inside a hydration task. This makes that
 * first call in a task of its own, right after the startup bundle has run and while the page's own
 * chunks are still downloading.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

if (ExecutionEnvironment.canUseDOM) {
  window.setTimeout(() => {
    // On a value the minifier cannot see through: it drops `'a'.localeCompare('b')` as free of side
    // effects, which left an empty timeout in the build (tests/e2e/patches.spec.ts caught it).
    document.documentElement.lang.localeCompare('en');
  }, 0);
}

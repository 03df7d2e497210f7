/**
 * The theme's highlighting Content, as the server renders it. The browser build replaces this file
 * with Highlighted.browser.tsx (REPLACEMENTS in ../../../index.ts), which loads the same component on first use.
 */
export { default } from '@theme-init/CodeBlock/Content';

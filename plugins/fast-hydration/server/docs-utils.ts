/**
 * plugin-content-docs' client docsUtils with the sidebar checks of ./sidebar-activity.ts, which
 * answer the same without walking a category's subtree on every call. Served in place of
 * `./docsUtils` to that package's lib/client/index.js, in the server build only
 * (SERVER_REPLACEMENTS in ../index.ts): the pages' HTML is unchanged, only rendered faster.
 */
// Upstream internals: a file under plugin-content-docs' lib/, not exported (UPGRADING.md, "The sidebar checks are indexed on the server").
export * from '@docusaurus/plugin-content-docs/lib/client/docsUtils.js';
export { isActiveSidebarItem, isVisibleSidebarItem, useVisibleSidebarItems } from './sidebar-activity';

/**
 * The generated API pages as the other rooms see them: where they live, what the changelog adds to
 * them, and what plugins/api-reference publishes about them as its content (routes and samples by
 * OpenAPI node), which other plugins read in postBuild instead of its output files.
 */
import type { CodeSample } from './samples';

/** The docs-plugin instance that serves the generated pages under /api. */
export const API_DOCS_PLUGIN_ID = 'api';
/**
 * Generated pages (gitignored), outside docs/, named no longer than docs/api was (each page's path is in
 * the browser's route table). One path segment, equal to the docs instance's
 * path: for a nested folder the generator would prefix every sidebar id with its last segments.
 */
export const API_OUTPUT_DIR = 'api-docs';

/**
 * What another plugin adds to each generated page: lib/changelog's latest-release notes and
 * links from error responses to /errors. The config hands it over to plugins/api-reference.
 */
export interface PageAdditions {
  /** The page's Markdown with the latest release's note about this operation (operationId) or schema (name). */
  withNote(markdown: string, kind: 'operation' | 'schema', name: string | undefined): string;
  /** The responses (HTML descriptions) with a link from each error to what to do about it. */
  withErrorLinks<T extends Record<string, { description?: string }> | undefined>(responses: T): T;
}

/** plugins/api-reference's content (its loadContent result): the generated pages, read once per build. */
export interface ApiReferenceContent {
  /** `#/components/schemas/Name` (or an operation's pointer) → its page's route under `/api`. */
  routes: Map<string, string>;
  /** An operation's pointer → the code samples its page shows (the MCP server hands out these same bytes). */
  samples: Map<string, CodeSample[]>;
}

/** A plugin's published content, from postBuild's `plugins`; fails naming the plugin when it published none. */
export function contentOf<T>(plugins: ReadonlyArray<{ name: string; content?: unknown }>, name: string): T {
  const found = plugins.find((p) => p.name === name)?.content;
  if (!found) throw new Error(`the ${name} plugin published no content: is it listed in docusaurus.config.ts?`);
  return found as T;
}

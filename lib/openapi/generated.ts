/**
 * Routes of the pages the OpenAPI plugin generated, read from its output (`api-docs/`): each page's
 * front matter names its OpenAPI node (`openapi_ref`) and its `id`, so no slug rule is copied here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

interface GeneratedPage {
  file: string;
  /** The OpenAPI node the page shows, e.g. `#/components/schemas/Name`. */
  ref: string;
  route: string;
}

function generatedPages(siteDir: string): GeneratedPage[] {
  const root = path.join(siteDir, API_OUTPUT_DIR);
  const pages: GeneratedPage[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.mdx')) {
        const head = readFileSync(file, 'utf8').split('\n---', 1)[0];
        const id = /^id: (.+)$/m.exec(head)?.[1];
        const ref = /^openapi_ref: (".*")$/m.exec(head)?.[1];
        if (id && ref) pages.push({ file, ref: JSON.parse(ref) as string, route: `/api/${path.posix.join(path.relative(root, dir).split(path.sep).join('/'), id)}` });
      }
    }
  };
  walk(root);
  return pages;
}

/** `#/components/schemas/Name` (or an operation's pointer) → its page's route under `/api`. */
export function generatedRoutes(siteDir: string): Map<string, string> {
  return new Map(generatedPages(siteDir).map((p) => [p.ref, p.route]));
}

/**
 * An operation's pointer → the code samples its page shows, as the page's module exports them
 * (./page.mustache): the docs MCP server hands out these same bytes (plugins/mcp).
 */
export function generatedSamples(siteDir: string): Map<string, CodeSample[]> {
  const out = new Map<string, CodeSample[]>();
  for (const page of generatedPages(siteDir)) {
    const exported = /^export const codeSamples = (.*);$/m.exec(readFileSync(page.file, 'utf8'))?.[1];
    if (exported) out.set(page.ref, JSON.parse(exported) as CodeSample[]);
  }
  return out;
}

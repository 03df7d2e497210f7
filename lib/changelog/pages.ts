/**
 * What the changelog and the error catalogue add to the generated API pages and their Markdown
 * twins: the "Changed <version>" note of the latest release, and a link from every error response
 * to its section on /errors.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { badgeMarkdown, latestChange, loadChangelog, type ChangeBadge, type Release } from './history';
import type { ChangeOwner } from './diff';
import { errorHref } from './errors';
import { withErrorResponseLinks } from '../openapi/spec';
import type { PageAdditions } from '../openapi/generated';

const SITE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
let loaded: Release[] | undefined;

/** The latest release's badge for an operation (operationId) or a schema (name or page slug) of the recorded API. */
export function siteChangeBadge(kind: ChangeOwner['kind'], name: string | undefined): ChangeBadge | undefined {
  loaded ??= loadChangelog(SITE_DIR);
  return name ? latestChange(loaded, kind, name) : undefined;
}

/** The page's Markdown/MDX with the latest release's note about it (from latestChange) near the top. */
export function withChangeNote(markdown: string, badge: ChangeBadge | undefined): string {
  if (!badge) return markdown;
  // Generated MDX: after the method and path of an operation, or the title of a schema.
  for (const marker of ['</MethodEndpoint>', '</Heading>']) {
    const at = markdown.indexOf(marker);
    if (at >= 0) return `${markdown.slice(0, at + marker.length)}\n\n${badgeMarkdown(badge)}\n${markdown.slice(at + marker.length)}`;
  }
  // A twin: after the endpoint line of an operation (its first line in backticks), else after the title.
  const lines = markdown.split('\n');
  const at = lines.findIndex((l, i) => i < 4 && l.startsWith('`')) + 1 || 1;
  return [...lines.slice(0, at), '', badgeMarkdown(badge), ...lines.slice(at)].join('\n');
}

/** Error responses whose (HTML) description ends with a link to their section on /errors. */
export function withErrorLinks<T extends Record<string, { description?: string }> | undefined>(responses: T): T {
  return withErrorResponseLinks(responses, (status, label) => ({ href: errorHref(status), text: `Causes of ${label} errors, what to do and whether to retry` }));
}

/** What the generated API pages get from the changelog (the config passes it to plugins/api-reference). */
export const apiPageAdditions: PageAdditions = {
  withNote: (markdown, kind, name) => withChangeNote(markdown, siteChangeBadge(kind, name)),
  withErrorLinks,
};

/**
 * The Markdown twins of the API pages. Each generated page names the node of the document it
 * shows (front matter `openapi_ref`, written by plugins/api-reference), so routes come from the
 * generator's output, never from a copy of its slug rules; a page without a twin fails the build.
 */
import { normalizedDocument } from '../../lib/openapi/document';
import type { ApiSpec, SiteIdentity } from '../../lib/site';
import { entryRef, jsonPointer, listOperations, listWebhooks, type OpenApiDocument } from '../../lib/openapi/spec';
import { infoMarkdown, operationMarkdown, schemaMarkdown } from './api-markdown';
import type { DocMeta, Twin } from './index';
import { firstSentence } from '../../lib/markdown';
import { latestChange, type Release } from '../../lib/changelog/history';
import { withChangeNote } from '../../lib/changelog/pages';

/** `releases`: the API's history (plugins/changelog); a page changed in the latest release carries its note. */
/** The generated pages by the OpenAPI node their front matter names (`openapi_ref`). */
export const pagesByRef = (pages: DocMeta[]) =>
  new Map(pages.filter((p) => typeof p.frontMatter?.openapi_ref === 'string').map((p) => [p.frontMatter!.openapi_ref as string, p]));

/** `site`: the error links the API pages carry; `spec`: the document (another's gets its provider links rewritten, as on its pages). */
export function apiTwinsFromPages(pages: DocMeta[], releases: Release[], site: SiteIdentity, spec: ApiSpec): Twin[] {
  // The document as the generator read it, titles as the pages show them: one line of plain text (lib/openapi/normalize.ts).
  const { doc } = normalizedDocument(spec.file, !spec.recorded);
  const byRef = pagesByRef(pages);
  const used = new Set<DocMeta>();
  const page = (ref: string, what: string) => {
    const found = byRef.get(ref);
    if (!found) throw new Error(`llms-txt: the OpenAPI plugin generated no page for ${what} (${ref})`);
    used.add(found);
    return found;
  };
  const schemas = Object.entries(doc.components?.schemas ?? {});
  const routes = new Map(schemas.map(([name]) => [name, page(jsonPointer('components', 'schemas', name), `the schema ${name}`).permalink]));
  const twins: Twin[] = [];
  const info = pages.find((p) => p.source.endsWith('.info.mdx'));
  if (info) {
    used.add(info);
    twins.push({ route: info.permalink, title: doc.info.title, summary: firstSentence(doc.info.description ?? ''), markdown: infoMarkdown(doc), section: 'api' });
  }
  const operations = [...listOperations(doc), ...listWebhooks(doc)];
  for (const entry of operations) {
    const ref = entryRef(doc, entry);
    const request = entry.event === undefined ? `\`${entry.method.toUpperCase()} ${entry.path}\`.` : `Webhook \`${entry.event}\`.`;
    twins.push({
      route: page(ref, `${entry.method.toUpperCase()} ${entry.path}`).permalink,
      title: entry.operation.summary ?? entry.operation.operationId ?? entry.path,
      summary: [request, firstSentence(entry.operation.description ?? '')].filter(Boolean).join(' '),
      markdown: withChangeNote(operationMarkdown(doc, entry, routes, site), entry.operation.operationId ? latestChange(releases, 'operation', entry.operation.operationId) : undefined),
      section: 'api',
    });
  }
  for (const [name, schema] of schemas) {
    twins.push({ route: routes.get(name)!, title: name, summary: firstSentence(schema.description ?? ''), markdown: withChangeNote(schemaMarkdown(doc, routes, name, schema), latestChange(releases, 'schema', name)), section: 'schemas' });
  }
  const missing = pages.filter((p) => !used.has(p)).map((p) => p.permalink);
  if (missing.length) throw new Error(`llms-txt: no Markdown twin for the API pages ${missing.join(', ')}`);
  return twins;
}

/** The Markdown twins of /changelog and /errors: their components replaced by the same content in Markdown. */
import type { OpenApiDocument } from '../openapi/spec';
import { errorCatalogue, errorMarkdown } from './errors';
import { CHANGELOG_ROUTE, type Release } from './history';

export function changelogMarkdown(releases: Release[]): string {
  const out: string[] = [];
  for (const r of releases) {
    out.push(`## ${r.version} (released ${r.date})`, '', r.summary, '');
    if (r.groups.length === 0) out.push('The first version this site documents: nothing to compare it with.', '');
    for (const g of r.groups) {
      const what = g.owner.kind === 'operation' ? `\`${g.owner.method.toUpperCase()} ${g.owner.path}\`` : 'schema';
      out.push(`### ${g.page ? `[${g.owner.title}](${g.page})` : g.owner.title} ${what}`, '', `Anchor: ${CHANGELOG_ROUTE}#${g.anchor}`, '');
      for (const c of g.changes) out.push(`- ${c.breaking ? '**Breaking:**' : 'Non-breaking:'} ${c.text}`);
      out.push('');
      if (g.note) out.push('How to migrate:', '', g.note, '');
    }
  }
  return out.join('\n');
}

/** The page source with `<ApiChangelog />` and `<ErrorDetails status="…" />` as Markdown, and `<head>` dropped. */
export function referenceBlocksToMarkdown(source: string, releases: Release[], doc: OpenApiDocument, routes: Map<string, string> | undefined): string {
  const errors = errorCatalogue(doc, routes);
  return source
    .replace(/\]\(pathname:\/\//g, '](')
    .replace(/^<head>[\s\S]*?^<\/head>\s*$/m, '')
    .replace(/^<ApiChangelog\s*\/>\s*$/m, () => changelogMarkdown(releases))
    .replace(/^<ErrorDetails\s+status="([^"]+)"\s*\/>\s*$/gm, (_, status: string) => {
      const entry = errors.find((e) => e.status === status);
      if (!entry) throw new Error(`<ErrorDetails status="${status}" />: no operation declares this status`);
      return errorMarkdown(entry);
    });
}

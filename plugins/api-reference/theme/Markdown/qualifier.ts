/**
 * The one Markdown string the page does not get as HTML: the qualifier line the OpenAPI theme's
 * components build from a schema's constraints in the browser ("**Possible values:** `>= 0`",
 * "[`queued`, `running`]"). Its shape is fixed: a bold label, then text and code spans.
 * tests/unit/api-descriptions.test.ts holds this to the build-time Markdown pipeline for every
 * schema of the document; any other string fails the build here, naming it.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** Text between the code spans: words, brackets, commas; no Markdown syntax. */
const PLAIN = /^[\w\s[\],.:;()-]*$/;

export function qualifierHtml(line: string): string {
  const match = /^\*\*([^*`]+)\*\* (.*)$/s.exec(line);
  const parts = match?.[2].split(/`([^`\n]*)`/);
  if (!match || !parts || parts.some((part, i) => i % 2 === 0 && !PLAIN.test(part))) {
    throw new Error(`Markdown that was not rendered at build time reached the API page: ${JSON.stringify(line)}`);
  }
  const body = parts.map((part, i) => (i % 2 ? `<code>${escape(part)}</code>` : escape(part))).join('');
  return `<p><strong>${escape(match[1])}</strong> ${body}</p>`;
}

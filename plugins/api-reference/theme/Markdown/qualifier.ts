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

/**
 * The line's code spans, as the theme writes them: a span opens after a space or "[" and closes
 * before the end, "," , "]" or " and ", so a backtick inside a value (a pattern such as SendGrid's
 * `^[a-z\`]+$`) stays part of it; the text between spans as it is. Undefined where a span does not close.
 */
function split(body: string): string[] | undefined {
  const parts: string[] = [];
  let text = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== '`' || (i > 0 && !/[\s[]/.test(body[i - 1]))) continue;
    let j = i + 1;
    while (j < body.length && !(body[j] === '`' && (j === body.length - 1 || /^(,|]| and )/.test(body.slice(j + 1, j + 6))))) j++;
    if (j >= body.length) return undefined;
    parts.push(body.slice(text, i), body.slice(i + 1, j));
    text = i = j + 1;
    i--;
  }
  parts.push(body.slice(text));
  return parts;
}

export function qualifierHtml(line: string): string {
  const match = /^\*\*([^*`]+)\*\* (.*)$/s.exec(line);
  const parts = match && split(match[2]);
  if (!match || !parts || parts.some((part, i) => i % 2 === 0 && !PLAIN.test(part))) {
    throw new Error(`Markdown that was not rendered at build time reached the API page: ${JSON.stringify(line)}`);
  }
  const body = parts.map((part, i) => (i % 2 ? `<code>${escape(part)}</code>` : escape(part))).join('');
  return `<p><strong>${escape(match[1])}</strong> ${body}</p>`;
}

/** A change's one-line Markdown (text and code spans only) as HTML, without a Markdown parser. */
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function changeHtml(markdown: string): string {
  return markdown
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') && part.endsWith('`') && part.length > 1 ? `<code>${escape(part.slice(1, -1))}</code>` : escape(part)))
    .join('');
}

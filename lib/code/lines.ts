/**
 * The form highlighted code travels in, from the build (./highlight.ts) to the code block
 * (theme/CodeBlock), and the HTML both make of it: one `<span class="token-line">` per line ending
 * in its newline (so the text, selected or read, is the code), each token a
 * `<span class="token <types>">`, plain text bare, a marked line with theme-classic's class.
 *
 * A highlights file holds a table of token types and the blocks' lines: each line a list of parts,
 * a string of text or the index of the type of the string after it; a line marked to stand out
 * starts with -1. Measured on this site's pages, that is a quarter less gzip than the HTML and a
 * third of its size unpacked, for the few hundred bytes of this decoder.
 */
export type Line = ReadonlyArray<string | number>;
export type Lines = readonly Line[];

export interface HighlightsFile {
  /** Token types, as Prism names them ("keyword", "string builtin"…), by index. */
  readonly types: readonly string[];
  /** The blocks' lines: by index (a page's fenced blocks) or by ./key.ts (code computed as a page renders). */
  readonly blocks: readonly Lines[] | Readonly<Record<string, Lines>>;
}

/** Starts a marked line. */
export const MARKED = -1;

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function linesToHtml(lines: Lines, types: readonly string[]): string {
  return lines
    .map((line, i) => {
      let className = 'token-line';
      let type: string | undefined;
      let html = '';
      for (const part of line) {
        if (part === MARKED) className += ' theme-code-block-highlighted-line';
        else if (typeof part === 'number') type = types[part];
        else {
          html += type ? `<span class="token ${type}">${escapeHtml(part)}</span>` : escapeHtml(part);
          type = undefined;
        }
      }
      return `<span class="${className}">${html}${i < lines.length - 1 ? '\n' : ''}</span>`;
    })
    .join('');
}

/** Code as plain lines, in the same markup. */
export const plainHtml = (code: string): string => linesToHtml(code.split('\n').map((line) => [line]), []);

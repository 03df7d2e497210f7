/**
 * Code highlighted at build time: Prism (prism-react-renderer's build, with the grammars below)
 * runs in Node, in the MDX pipeline (./remark.ts) and in the API page generator, and the result is
 * HTML: one `<span class="token-line">` per line, tokens as `<span class="token <types>">`, plain
 * text bare. The
 * colours are CSS (./theme-css.ts), so no page downloads a highlighter and the colour mode switches
 * by CSS alone. theme/CodeBlock renders the HTML as it is.
 */
import { createRequire } from 'node:module';
import { Prism } from 'prism-react-renderer';
import { codeKey } from './key';

/** Grammars beyond prism-react-renderer's own set: shell in the guides, Ruby, Java and PowerShell in the API samples. */
export const EXTRA_LANGUAGES = ['bash', 'java', 'ruby', 'powershell'];

type PrismToken = string | { type: string; alias?: string | string[]; content: PrismToken | PrismToken[] };

let loaded = false;
function prism(): typeof Prism {
  if (!loaded) {
    // The grammar files extend the global Prism, as theme-classic's grammar loader has them do.
    const scope = globalThis as { Prism?: unknown };
    const before = scope.Prism;
    scope.Prism = Prism;
    const require = createRequire(__filename);
    for (const language of EXTRA_LANGUAGES) require(`prismjs/components/prism-${language}`);
    scope.Prism = before;
    loaded = true;
  }
  return Prism;
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Leaf {
  types: string[];
  content: string;
}

/** Prism's token tree as lines of leaves, each with the types of every token around it (as prism-react-renderer's normalizeTokens). */
function toLines(tokens: PrismToken[]): Leaf[][] {
  const lines: Leaf[][] = [[]];
  const walk = (list: PrismToken[], types: string[]) => {
    for (const token of list) {
      if (typeof token === 'string') {
        const parts = token.split('\n');
        parts.forEach((part, i) => {
          if (i > 0) lines.push([]);
          if (part) lines.at(-1)!.push({ types: types.length ? types : ['plain'], content: part });
        });
        continue;
      }
      const alias = token.alias === undefined ? [] : Array.isArray(token.alias) ? token.alias : [token.alias];
      const inner = [...types, token.type, ...alias];
      walk(Array.isArray(token.content) ? token.content : [token.content], inner);
    }
  };
  walk(tokens, []);
  return lines;
}

/**
 * The inner HTML of the `<code>` that shows `code`: each line a `<span class="token-line">` ending
 * in its newline (so the text, selected or read, is the code), the lines in `highlightedLines`
 * (0-based) marked as theme-classic marks them.
 */
export function highlightToHtml(code: string, language: string, highlightedLines: ReadonlySet<number> = new Set()): string {
  const grammar = prism().languages[language.toLowerCase()];
  const tokens: PrismToken[] = grammar ? (Prism.tokenize(code, grammar) as PrismToken[]) : [code];
  const lines = toLines(tokens);
  return lines
    .map((leaves, i) => {
      // Plain text stays a bare text node: the <pre>'s own colour is the plain one, and most of a block's plain text is spaces.
      const inner = leaves.map((l) => (l.types[0] === 'plain' ? escapeHtml(l.content) : `<span class="token ${l.types.join(' ')}">${escapeHtml(l.content)}</span>`)).join('');
      const cls = highlightedLines.has(i) ? 'token-line theme-code-block-highlighted-line' : 'token-line';
      return `<span class="${cls}">${inner}${i < lines.length - 1 ? '\n' : ''}</span>`;
    })
    .join('');
}

/**
 * Highlights for code a component computes as it renders, for plugins/code-blocks/context.tsx: the
 * highlighted HTML of each block by its key (./key.ts). A trailing newline is not part of the code
 * (theme/CodeBlock drops it).
 */
export function highlightsOf(blocks: Iterable<{ language: string; code: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { language, code } of blocks) {
    const trimmed = code.replace(/\n$/, '');
    out[codeKey(language, trimmed)] ??= highlightToHtml(trimmed, language);
  }
  return out;
}

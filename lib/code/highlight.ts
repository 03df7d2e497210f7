/**
 * Code highlighted at build time: Prism (prism-react-renderer's build, with the grammars below)
 * runs in Node, in the MDX pipeline (./remark.ts), in the API page generator and in the plugins
 * whose components show computed code. The result is the compact form of ./lines.ts, which the code
 * block turns into HTML; the colours are CSS (./theme-css.ts), so no page downloads a highlighter
 * and the colour mode switches by CSS alone.
 */
import { createRequire } from 'node:module';
import { Prism } from 'prism-react-renderer';
import { codeKey } from './key';
import { linesToHtml, MARKED, type HighlightsFile, type Line } from './lines';

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

/** The token types of one highlights file, each with its index. */
export class TypeTable {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  of(type: string): number {
    let i = this.index.get(type);
    if (i === undefined) {
      i = this.list.push(type) - 1;
      this.index.set(type, i);
    }
    return i;
  }
}

/**
 * `code` highlighted as ./lines.ts carries it: the lines in `marked` (0-based) marked as theme-classic
 * marks them, the token types indexed in `types`. A language Prism does not know comes plain.
 */
export function highlightToLines(code: string, language: string, marked: ReadonlySet<number>, types: TypeTable): Line[] {
  const grammar = prism().languages[language.toLowerCase()];
  const tokens: PrismToken[] = grammar ? (Prism.tokenize(code, grammar) as PrismToken[]) : [code];
  return toLines(tokens).map((leaves, i) => {
    const line: Array<string | number> = marked.has(i) ? [MARKED] : [];
    for (const { types: leafTypes, content } of leaves) {
      const plain = leafTypes[0] === 'plain';
      // Plain text stays bare, and one string with the plain text next to it.
      const previous = line.at(-2);
      if (plain && typeof line.at(-1) === 'string' && (typeof previous !== 'number' || previous === MARKED)) line[line.length - 1] += content;
      else if (plain) line.push(content);
      else line.push(types.of(leafTypes.join(' ')), content);
    }
    return line;
  });
}

/** The inner HTML of the `<code>` that shows `code` highlighted (./lines.ts). */
export function highlightToHtml(code: string, language: string, marked: ReadonlySet<number> = new Set()): string {
  const types = new TypeTable();
  return linesToHtml(highlightToLines(code, language, marked, types), types.list);
}

/**
 * The highlights file of code a component computes as it renders (./context.tsx): each block's
 * lines by its key (./key.ts). A trailing newline is not part of the code (theme/CodeBlock drops it).
 */
export function highlightsOf(blocks: Iterable<{ language: string; code: string }>): HighlightsFile {
  const types = new TypeTable();
  const out: Record<string, Line[]> = {};
  for (const { language, code } of blocks) {
    const trimmed = code.replace(/\n$/, '');
    out[codeKey(language, trimmed)] ??= highlightToLines(trimmed, language, new Set(), types);
  }
  return { types: types.list, blocks: out };
}

/**
 * What a fenced code block's info string and magic comments ask for, read at build time: its title
 * (`title="…"`), the lines to highlight (`{1,3-5}` after the language, or `highlight-next-line`,
 * `highlight-start` / `highlight-end` comments, which are removed from the code), as Docusaurus's
 * own code blocks read them.
 */
const MAGIC = /^\s*(?:\/\/|#|--|;|%|\/\*|<!--|\{\/\*)\s*(highlight-next-line|highlight-start|highlight-end)\s*(?:\*\/\}|\*\/|-->)?\s*$/;

export interface CodeMeta {
  title?: string;
  /** The code without its magic comments. */
  code: string;
  /** 0-based lines of `code` to highlight. */
  highlighted: Set<number>;
}

export function titleOf(meta: string | null | undefined): string | undefined {
  const match = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta ?? '');
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

export function readCodeMeta(raw: string, meta: string | null | undefined, where: string): CodeMeta {
  const highlighted = new Set<number>();
  const range = /\{([\d,\s-]+)\}/.exec(meta ?? '');
  const lines = raw.split('\n');
  if (range) {
    for (const part of range[1]!.split(',').map((p) => p.trim()).filter(Boolean)) {
      const [from, to = from] = part.split('-').map(Number);
      if (!from || !to || to < from || to > lines.length) throw new Error(`${where}: the line range {${range[1]}} does not fit the block's ${lines.length} lines`);
      for (let n = from; n <= to; n++) highlighted.add(n - 1);
    }
    return { title: titleOf(meta), code: raw, highlighted };
  }
  const kept: string[] = [];
  let next = false;
  let open = false;
  for (const line of lines) {
    const magic = MAGIC.exec(line)?.[1];
    if (magic === 'highlight-next-line') next = true;
    else if (magic === 'highlight-start') open = true;
    else if (magic === 'highlight-end') open = false;
    else {
      if (next || open) highlighted.add(kept.length);
      next = false;
      kept.push(line);
    }
  }
  if (open) throw new Error(`${where}: highlight-start without highlight-end`);
  return { title: titleOf(meta), code: kept.join('\n'), highlighted };
}

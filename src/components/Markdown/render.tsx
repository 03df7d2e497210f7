/**
 * A small CommonMark renderer for the short Markdown strings the OpenAPI theme renders in the
 * browser: field, parameter and response descriptions and the theme's own qualifier lines
 * ("**Possible values:** `>= 0`"). It covers paragraphs, bullet and ordered lists (nested, tight or
 * loose), fenced code, code spans, emphasis, strong, strikethrough, links, autolinks, hard breaks,
 * backslash escapes and character references. Anything else (tables, headings, raw HTML) comes out
 * as plain text: tests/unit/markdown.test.ts checks, for every such string in the OpenAPI document,
 * that the output equals the theme's react-markdown + remark-gfm rendering, so a description that
 * needs more fails there, naming the field.
 */
import React, { type ReactNode } from 'react';

export interface MarkdownComponents {
  /** Renders a link; `href` is the destination as written (after unescaping). */
  link: (props: { href: string; title?: string; children: ReactNode }) => ReactNode;
  /** Renders a fenced code block; `code` ends with a newline, as in CommonMark. */
  codeBlock: (props: { language?: string; code: string }) => ReactNode;
}

// The protocols react-markdown's default URL transform keeps; any other becomes an empty href.
const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/** Keeps relative URLs and safe protocols, as react-markdown does; anything else becomes ''. */
export function safeUrl(href: string): string {
  const colon = href.indexOf(':');
  const question = href.indexOf('?');
  const hash = href.indexOf('#');
  const slash = href.indexOf('/');
  if (
    colon < 0 ||
    (slash > -1 && colon > slash) ||
    (question > -1 && colon > question) ||
    (hash > -1 && colon > hash) ||
    SAFE_PROTOCOL.test(href.slice(0, colon))
  )
    return href;
  return '';
}

export const defaultComponents: MarkdownComponents = {
  link: ({ href, title, children }) => (
    <a href={href} title={title}>
      {children}
    </a>
  ),
  codeBlock: ({ language, code }) => (
    <pre>
      <code className={language ? `language-${language}` : undefined}>{code}</code>
    </pre>
  ),
};

// ---------------------------------------------------------------------------------------------
// Blocks

type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; language?: string; code: string }
  | { kind: 'list'; ordered: boolean; start: number; loose: boolean; items: Block[][] };

const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])( {1,4}(?=\S)|[ \t]*$)/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

const isBlank = (line: string) => /^[ \t]*$/.test(line);

/** The width of a line's leading indentation, tabs to the next multiple of 4. */
function indentOf(line: string): number {
  let width = 0;
  for (const ch of line) {
    if (ch === ' ') width += 1;
    else if (ch === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/** `line` without its first `n` columns of indentation. */
function dedent(line: string, n: number): string {
  let width = 0;
  let i = 0;
  while (i < line.length && width < n) {
    const ch = line[i];
    if (ch === ' ') width += 1;
    else if (ch === '\t') width += 4 - (width % 4);
    else break;
    i += 1;
  }
  return ' '.repeat(Math.max(0, width - n)) + line.slice(i);
}

interface Marker {
  ordered: boolean;
  /** `-`, `*`, `+`, `.` or `)`: items of one list share it. */
  delimiter: string;
  start: number;
  /** Column where the item's content starts. */
  contentIndent: number;
  /** The rest of the line after the marker. */
  rest: string;
}

function listMarker(line: string): Marker | null {
  if (THEMATIC_BREAK.test(line)) return null;
  const m = LIST_ITEM.exec(line);
  if (!m) return null;
  const [whole, indent, marker, spacing] = m;
  const ordered = /\d/.test(marker[0]);
  const blankStart = spacing.trim() === '' && line.slice(whole.length).trim() === '';
  // An item that starts blank has its content one column after the marker.
  const contentIndent = indent.length + marker.length + (blankStart ? 1 : spacing.length);
  return {
    ordered,
    delimiter: ordered ? marker[marker.length - 1] : marker,
    start: ordered ? Number(marker.slice(0, -1)) : 1,
    contentIndent,
    rest: blankStart ? '' : line.slice(whole.length),
  };
}

/** Whether `line` ends a paragraph: a blank line, a fence, or a list that may interrupt one. */
function interruptsParagraph(line: string): boolean {
  if (isBlank(line) || FENCE.test(line) || THEMATIC_BREAK.test(line)) return true;
  const marker = listMarker(line);
  return marker !== null && marker.rest !== '' && (!marker.ordered || marker.start === 1);
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (isBlank(line)) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence && !(fence[1][0] === '`' && line.slice(line.indexOf(fence[1]) + fence[1].length).includes('`'))) {
      const indent = indentOf(line);
      const closing = new RegExp(`^ {0,3}${fence[1][0] === '`' ? '`' : '~'}{${fence[1].length},}[ \\t]*$`);
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !closing.test(lines[i])) {
        body.push(dedent(lines[i], indent));
        i += 1;
      }
      i += 1; // the closing fence (or the end of the text)
      blocks.push({ kind: 'code', language: fence[2] || undefined, code: body.map((l) => `${l}\n`).join('') });
      continue;
    }
    const marker = listMarker(line);
    if (marker) {
      const list = parseList(lines, i, marker);
      blocks.push(list.block);
      i = list.next;
      continue;
    }
    // A paragraph: up to a blank line or a block that interrupts it; later lines may be lazy.
    const text: string[] = [line];
    i += 1;
    while (i < lines.length && !interruptsParagraph(lines[i])) {
      text.push(lines[i]);
      i += 1;
    }
    blocks.push({ kind: 'paragraph', text: text.map((l) => l.replace(/^[ \t]+/, '')).join('\n').replace(/[ \t]+$/, '') });
  }
  return blocks;
}

function parseList(lines: string[], from: number, first: Marker): { block: Block; next: number } {
  const items: Block[][] = [];
  let loose = false;
  let i = from;
  let marker: Marker | null = first;
  while (marker && marker.ordered === first.ordered && marker.delimiter === first.delimiter) {
    const body: string[] = [marker.rest];
    const indent = marker.contentIndent;
    i += 1;
    let sawBlank = false;
    let endedWithBlank = false;
    while (i < lines.length) {
      const line = lines[i];
      if (isBlank(line)) {
        body.push('');
        sawBlank = true;
        i += 1;
        continue;
      }
      if (indentOf(line) >= indent) {
        if (sawBlank) endedWithBlank = true;
        body.push(dedent(line, indent));
        sawBlank = false;
        i += 1;
        continue;
      }
      // A lazy continuation line of the item's last paragraph.
      const lastIsText = body.length > 0 && !isBlank(body[body.length - 1]);
      if (!sawBlank && lastIsText && !interruptsParagraph(line) && !listMarker(line)) {
        body.push(line);
        i += 1;
        continue;
      }
      break;
    }
    // Blank lines that follow the item belong between items, not inside it.
    let trailingBlank = false;
    while (body.length > 1 && isBlank(body[body.length - 1])) {
      body.pop();
      trailingBlank = true;
    }
    const blocks = parseBlocks(body);
    // A blank line between two of the item's own blocks makes the list loose.
    if (endedWithBlank && blocks.length > 1) loose = true;
    items.push(blocks);
    const next = i < lines.length ? listMarker(lines[i]) : null;
    if (next && trailingBlank && next.ordered === first.ordered && next.delimiter === first.delimiter) loose = true;
    marker = next && indentOf(lines[i]) < first.contentIndent ? next : null;
    if (!marker) break;
  }
  return { block: { kind: 'list', ordered: first.ordered, start: first.start, loose, items }, next: i };
}

// ---------------------------------------------------------------------------------------------
// Inlines

type Inline =
  | string
  | { kind: 'code'; text: string }
  | { kind: 'em' | 'strong' | 'del'; children: Inline[] }
  | { kind: 'link'; href: string; title?: string; children: Inline[] }
  | { kind: 'br' };

/** A run of `*`, `_` or `~` while emphasis is being resolved. */
interface Delimiter {
  kind: 'delim';
  char: '*' | '_' | '~';
  count: number;
  original: number;
  canOpen: boolean;
  canClose: boolean;
}

type Token = Inline | Delimiter;

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const isWhitespace = (ch: string) => ch === '' || /\s/u.test(ch);
const isPunctuation = (ch: string) => ch !== '' && /[\p{P}\p{S}]/u.test(ch);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  larr: '←',
  rarr: '→',
  times: '×',
  le: '≤',
  ge: '≥',
};

function decodeEntity(source: string, at: number): { text: string; end: number } | null {
  const m = /^&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/.exec(source.slice(at));
  if (!m) return null;
  let text: string | undefined;
  if (m[1] || m[2]) {
    const code = m[1] ? Number(m[1]) : parseInt(m[2], 16);
    text = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
  } else {
    text = NAMED_ENTITIES[m[3]];
  }
  return text === undefined ? null : { text, end: at + m[0].length };
}

/** Unescapes backslash escapes and character references, as in link destinations and titles. */
function unescape(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && ASCII_PUNCTUATION.test(text[i + 1] ?? '')) {
      out += text[i + 1];
      i += 1;
    } else if (ch === '&') {
      const entity = decodeEntity(text, i);
      if (entity) {
        out += entity.text;
        i = entity.end - 1;
      } else out += ch;
    } else out += ch;
  }
  return out;
}

/** The end of the code span opened by the backtick run at `at`, or -1. */
function codeSpanEnd(source: string, at: number, run: number): number {
  let i = at + run;
  while (i < source.length) {
    const next = source.indexOf('`', i);
    if (next < 0) return -1;
    let n = 0;
    while (source[next + n] === '`') n += 1;
    if (n === run) return next;
    i = next + n;
  }
  return -1;
}

/** Index of the `]` closing the bracket at `open`, skipping code spans and escapes; -1 if none. */
function closingBracket(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') i += 1;
    else if (ch === '`') {
      let run = 0;
      while (source[i + run] === '`') run += 1;
      const end = codeSpanEnd(source, i, run);
      i = end < 0 ? i + run - 1 : end + run - 1;
    } else if (ch === '[') depth += 1;
    else if (ch === ']') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Parses `(destination "title")` at `at`; null when it is not an inline link tail. */
function linkTail(source: string, at: number): { href: string; title?: string; end: number } | null {
  if (source[at] !== '(') return null;
  let i = at + 1;
  const skipSpace = () => {
    while (i < source.length && /[ \t\n]/.test(source[i])) i += 1;
  };
  skipSpace();
  let href = '';
  if (source[i] === '<') {
    const close = source.indexOf('>', i);
    if (close < 0 || source.slice(i + 1, close).includes('\n')) return null;
    href = source.slice(i + 1, close);
    i = close + 1;
  } else {
    let depth = 0;
    const start = i;
    while (i < source.length) {
      const ch = source[i];
      if (ch === '\\' && ASCII_PUNCTUATION.test(source[i + 1] ?? '')) {
        i += 2;
        continue;
      }
      if (/[\s\x00-\x1f]/.test(ch)) break;
      if (ch === '(') depth += 1;
      if (ch === ')') {
        if (depth === 0) break;
        depth -= 1;
      }
      i += 1;
    }
    href = source.slice(start, i);
  }
  const beforeTitle = i;
  skipSpace();
  let title: string | undefined;
  const quote = source[i];
  if (i > beforeTitle && (quote === '"' || quote === "'" || quote === '(')) {
    const close = quote === '(' ? ')' : quote;
    let j = i + 1;
    while (j < source.length && source[j] !== close) j += source[j] === '\\' ? 2 : 1;
    if (j >= source.length) return null;
    title = unescape(source.slice(i + 1, j));
    i = j + 1;
    skipSpace();
  }
  if (source[i] !== ')') return null;
  return { href: encodeDestination(unescape(href)), title, end: i + 1 };
}

/** Percent-encodes what a URL may not hold as written, as micromark does. */
function encodeDestination(href: string): string {
  return href.replace(/[^A-Za-z0-9!#$&'()*+,\-./:;=?@_~%]/g, (ch) => encodeURIComponent(ch)).replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
}

// GFM literal autolinks: http(s):// and www. URLs in running text.
const LITERAL_URL = /^(?:https?:\/\/|www\.)[^\s<]*/i;

/** The length of a literal URL at `at` after GFM trims trailing punctuation; 0 if none. */
function literalUrlLength(source: string, at: number): number {
  const before = at > 0 ? source[at - 1] : '';
  if (before && !/[\s*_~(]/.test(before)) return 0;
  const m = LITERAL_URL.exec(source.slice(at));
  if (!m) return 0;
  let url = m[0];
  for (;;) {
    const last = url[url.length - 1];
    if (/[?!.,:*_~'"]/.test(last)) url = url.slice(0, -1);
    else if (last === ')' && (url.match(/\)/g) ?? []).length > (url.match(/\(/g) ?? []).length) url = url.slice(0, -1);
    else if (last === ';' && /&[A-Za-z0-9]+;$/.test(url)) url = url.replace(/&[A-Za-z0-9]+;$/, '');
    else break;
  }
  // A valid domain: dot-separated labels, at least one dot, no underscore in the last two labels.
  const domain = url.replace(/^https?:\/\//i, '').split(/[/?#:]/)[0];
  const labels = domain.split('.');
  if (labels.length < 2 || labels.some((l) => !/^[\w-]+$/.test(l)) || labels.slice(-2).some((l) => l.includes('_'))) return 0;
  return url.length;
}

function parseInlines(source: string): Inline[] {
  const tokens: Token[] = [];
  let text = '';
  const flush = () => {
    if (text) tokens.push(text);
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === '\\') {
      const next = source[i + 1] ?? '';
      if (next === '\n') {
        flush();
        tokens.push({ kind: 'br' });
        i += 2;
        while (source[i] === ' ' || source[i] === '\t') i += 1;
        continue;
      }
      if (ASCII_PUNCTUATION.test(next)) {
        text += next;
        i += 2;
        continue;
      }
      text += ch;
      i += 1;
      continue;
    }
    if (ch === '`') {
      let run = 0;
      while (source[i + run] === '`') run += 1;
      const end = codeSpanEnd(source, i, run);
      if (end < 0) {
        text += '`'.repeat(run);
        i += run;
        continue;
      }
      let code = source.slice(i + run, end).replace(/\n/g, ' ');
      if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
      flush();
      tokens.push({ kind: 'code', text: code });
      i = end + run;
      continue;
    }
    if (ch === '[') {
      const close = closingBracket(source, i);
      const tail = close >= 0 ? linkTail(source, close + 1) : null;
      if (tail) {
        flush();
        tokens.push({ kind: 'link', href: tail.href, title: tail.title, children: parseInlines(source.slice(i + 1, close)) });
        i = tail.end;
        continue;
      }
      text += ch;
      i += 1;
      continue;
    }
    if (ch === '<') {
      const auto = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>/.exec(source.slice(i));
      if (auto) {
        flush();
        const target = auto[1];
        const href = target.includes(':') ? encodeDestination(target) : `mailto:${encodeDestination(target)}`;
        tokens.push({ kind: 'link', href, children: [target] });
        i += auto[0].length;
        continue;
      }
      text += ch;
      i += 1;
      continue;
    }
    if (ch === '&') {
      const entity = decodeEntity(source, i);
      if (entity) {
        text += entity.text;
        i = entity.end;
        continue;
      }
    }
    if (ch === 'h' || ch === 'H' || ch === 'w' || ch === 'W') {
      const length = literalUrlLength(source, i);
      if (length) {
        const url = source.slice(i, i + length);
        flush();
        tokens.push({ kind: 'link', href: encodeDestination(/^www\./i.test(url) ? `http://${url}` : url), children: [url] });
        i += length;
        continue;
      }
    }
    if (ch === '*' || ch === '_' || ch === '~') {
      let run = 0;
      while (source[i + run] === ch) run += 1;
      const before = i > 0 ? source[i - 1] : '';
      const after = source[i + run] ?? '';
      const left = !isWhitespace(after) && (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before));
      const right = !isWhitespace(before) && (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after));
      let canOpen = left;
      let canClose = right;
      if (ch === '_') {
        canOpen = left && (!right || isPunctuation(before));
        canClose = right && (!left || isPunctuation(after));
      }
      if (ch === '~' && run > 2) {
        canOpen = false;
        canClose = false;
      }
      flush();
      tokens.push({ kind: 'delim', char: ch, count: run, original: run, canOpen, canClose });
      i += run;
      continue;
    }
    if (ch === '\n') {
      // Two or more trailing spaces make a hard break; otherwise a soft one stays a newline.
      const hard = / {2,}$/.test(text);
      text = text.replace(/[ \t]+$/, '');
      if (hard) {
        flush();
        tokens.push({ kind: 'br' });
      } else text += '\n';
      i += 1;
      while (source[i] === ' ' || source[i] === '\t') i += 1;
      continue;
    }
    text += ch;
    i += 1;
  }
  flush();
  resolveEmphasis(tokens);
  return mergeText(tokens.map((t) => (typeof t !== 'string' && t.kind === 'delim' ? t.char.repeat(t.count) : t)));
}

/** CommonMark's "process emphasis", plus GFM strikethrough (`~` or `~~`, opener and closer equal). */
function resolveEmphasis(tokens: Token[]): void {
  for (let c = 0; c < tokens.length; c++) {
    const closer = tokens[c];
    if (typeof closer === 'string' || closer.kind !== 'delim' || !closer.canClose) continue;
    let o = c - 1;
    for (; o >= 0; o--) {
      const opener = tokens[o];
      if (typeof opener === 'string' || opener.kind !== 'delim' || opener.char !== closer.char || !opener.canOpen) continue;
      if (closer.char === '~') {
        if (opener.count === closer.count) break;
        continue;
      }
      const oddMatch =
        (opener.canClose || closer.canOpen) &&
        (opener.original + closer.original) % 3 === 0 &&
        !(opener.original % 3 === 0 && closer.original % 3 === 0);
      if (!oddMatch) break;
    }
    if (o < 0) continue;
    const opener = tokens[o] as Delimiter;
    const use = closer.char === '~' ? closer.count : closer.count >= 2 && opener.count >= 2 ? 2 : 1;
    const kind = closer.char === '~' ? 'del' : use === 2 ? 'strong' : 'em';
    const inner = tokens
      .slice(o + 1, c)
      .map((t) => (typeof t !== 'string' && t.kind === 'delim' ? t.char.repeat(t.count) : t)) as Inline[];
    opener.count -= use;
    closer.count -= use;
    const node: Inline = { kind, children: mergeText(inner) };
    const replacement: Token[] = [];
    if (opener.count > 0) replacement.push(opener);
    replacement.push(node);
    if (closer.count > 0) replacement.push(closer);
    tokens.splice(o, c - o + 1, ...replacement);
    // Re-examine the closer (it may close more) from its new position.
    c = o + (opener.count > 0 ? 1 : 0) + (closer.count > 0 ? 1 : 0) - 1;
  }
}

function mergeText(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const n of nodes) {
    const last = out[out.length - 1];
    if (typeof n === 'string' && typeof last === 'string') out[out.length - 1] = last + n;
    else if (n !== '') out.push(n);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rendering

function renderInlines(nodes: Inline[], components: MarkdownComponents): ReactNode[] {
  return nodes.map((n, k) => {
    if (typeof n === 'string') return n;
    switch (n.kind) {
      case 'code':
        return <code key={k}>{n.text}</code>;
      case 'em':
        return <em key={k}>{renderInlines(n.children, components)}</em>;
      case 'strong':
        return <strong key={k}>{renderInlines(n.children, components)}</strong>;
      case 'del':
        return <del key={k}>{renderInlines(n.children, components)}</del>;
      case 'br':
        // react-markdown follows each hard break with a newline; keep the text identical.
        return <React.Fragment key={k}>
            <br />
            {'\n'}
          </React.Fragment>;
      case 'link':
        return (
          <React.Fragment key={k}>
            {components.link({ href: safeUrl(n.href), title: n.title, children: renderInlines(n.children, components) })}
          </React.Fragment>
        );
    }
  });
}

function renderBlocks(blocks: Block[], components: MarkdownComponents, tight = false): ReactNode[] {
  return blocks.map((b, k) => {
    switch (b.kind) {
      case 'paragraph': {
        const inlines = renderInlines(parseInlines(b.text), components);
        return tight ? <React.Fragment key={k}>{inlines}</React.Fragment> : <p key={k}>{inlines}</p>;
      }
      case 'code':
        return <React.Fragment key={k}>{components.codeBlock({ language: b.language, code: b.code })}</React.Fragment>;
      case 'list': {
        const items = b.items.map((item, j) => <li key={j}>{renderBlocks(item, components, !b.loose)}</li>);
        if (!b.ordered) return <ul key={k}>{items}</ul>;
        return (
          <ol key={k} start={b.start === 1 ? undefined : b.start}>
            {items}
          </ol>
        );
      }
    }
  });
}

/** Renders a Markdown string to React nodes (no wrapper element). */
export function renderMarkdown(source: string, components: MarkdownComponents = defaultComponents): ReactNode[] {
  const lines = source.replace(/\r\n?/g, '\n').replace(/\0/g, '\ufffd').split('\n');
  return renderBlocks(parseBlocks(lines), components);
}

/**
 * MDX → plain Markdown, for the guides' Markdown twins (plugins/llms-txt), the notebooks
 * (plugins/guide-scripts) and the MCP bundle (plugins/mcp): shared code, not a plugin, so that none
 * of them imports another. Line-based and fence-aware: nothing inside
 * a code block is touched, so code that shows MDX syntax (imports, tabs, admonitions) stays as is.
 */
import { parse } from 'yaml';

const ADMONITION_LABELS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
  important: 'Important',
};

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits a source file into its parsed front matter and its body. */
export function splitFrontMatter(source: string): { frontMatter: Record<string, unknown>; body: string } {
  const m = source.match(FRONT_MATTER);
  if (!m) return { frontMatter: {}, body: source };
  const parsed: unknown = parse(m[1]);
  const frontMatter = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  return { frontMatter, body: source.slice(m[0].length) };
}

function attr(tag: string, name: string): string | undefined {
  const m = tag.match(new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|\\{["'\`]([^"'\`]*)["'\`]\\})`));
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

function imgToMarkdown(tag: string): string {
  const src = attr(tag, 'src');
  if (!src) return '';
  return `![${attr(tag, 'alt') ?? ''}](${src})`;
}

/** Converts the body of an MDX (or Markdown) page to plain Markdown. Front matter, if present, is dropped. */
export function mdxToMarkdown(source: string): string {
  const lines = splitFrontMatter(source).body.split(/\r?\n/);
  const out: string[] = [];
  let fence: { char: string; length: number } | null = null;
  let quoteDepth = 0;
  const admonitions: number[] = []; // colon count of each open admonition

  const push = (line: string) => {
    const prefix = '> '.repeat(quoteDepth);
    const blank = line.trim() === '';
    // Outside code, collapse runs of blank lines to one.
    if (blank && !fence && (out.length === 0 || out[out.length - 1].replace(/>/g, '').trim() === '')) return;
    out.push(blank ? prefix.trimEnd() : `${prefix}${line}`);
  };

  for (const line of lines) {
    if (fence) {
      push(line);
      const close = line.match(/^\s*(`{3,}|~{3,})\s*$/);
      if (close && close[1][0] === fence.char && close[1].length >= fence.length) fence = null;
      continue;
    }
    const open = line.match(/^\s*(`{3,}|~{3,})/);
    if (open) {
      fence = { char: open[1][0], length: open[1].length };
      push(line);
      continue;
    }
    // MDX module syntax: import/export statements at the top level.
    if (/^import\s+(?:[\w*{}\s,]+\s+from\s+)?['"][^'"]+['"];?\s*$/.test(line)) continue;
    if (/^export\s+(?:const|let|var|function|default)\b/.test(line)) continue;
    // A page's <head> (its robots meta) is for the HTML page only.
    if (/^<head>.*<\/head>\s*$/.test(line)) continue;
    // Tabs: the wrapper goes, each tab becomes a heading with its label.
    if (/^\s*<\/?Tabs\b[^>]*>\s*$/.test(line) || /^\s*<\/TabItem>\s*$/.test(line)) continue;
    const tab = line.match(/^\s*<TabItem\b([^>]*)>\s*$/);
    if (tab) {
      const label = attr(tab[0], 'label') ?? attr(tab[0], 'value') ?? 'Tab';
      push('');
      push(`#### ${label}`);
      push('');
      continue;
    }
    // Admonitions become block quotes that start with their bold label.
    const adm = line.match(/^\s*(:{3,})([a-z]+)(?:\[([^\]]*)\])?\s*(.*)$/);
    if (adm && ADMONITION_LABELS[adm[2]]) {
      const label = ADMONITION_LABELS[adm[2]];
      const title = adm[3] ?? (adm[4] || undefined);
      push('');
      admonitions.push(adm[1].length);
      quoteDepth++;
      if (title) {
        push(`**${label}: ${title}**`);
        push(''); // the title stays a paragraph of its own
      } else {
        push(`**${label}:**`);
      }
      continue;
    }
    if (admonitions.length > 0 && /^\s*:{3,}\s*$/.test(line)) {
      admonitions.pop();
      quoteDepth--;
      push('');
      continue;
    }
    let text = line
      .replace(/<!--.*?-->/g, '')
      .replace(/\{\/\*.*?\*\/\}/g, '')
      .replace(/<img\s[^>]*?\/?>/g, imgToMarkdown);
    // Explicit heading ids: `## Title {#id}` → `## Title`.
    text = text.replace(/^(\s*#{1,6}\s.*?)\s*\{#[^}\s]+\}\s*$/, '$1');
    if (text.trim() === '' && line.trim() !== '') continue; // the line held only a comment
    push(text);
  }
  while (out.length > 0 && out[out.length - 1].replace(/>/g, '').trim() === '') out.pop();
  while (out.length > 0 && out[0].trim() === '') out.shift();
  return `${out.join('\n')}\n`;
}

export interface DocPage {
  title: string;
  description?: string;
}

/**
 * The Markdown twin of a guide: `# title`, the description as a block quote, then the converted
 * body. A leading H1 in the body is dropped, since the title already stands first.
 */
export function docToMarkdown(source: string, page?: Partial<DocPage>): string {
  const { frontMatter, body } = splitFrontMatter(source);
  let markdown = mdxToMarkdown(body);
  const h1 = markdown.match(/^# (.+)\n/);
  const title = page?.title ?? (typeof frontMatter.title === 'string' ? frontMatter.title : undefined) ?? h1?.[1] ?? 'Untitled';
  if (h1) markdown = markdown.slice(h1[0].length).replace(/^\s*\n/, '');
  const description = page?.description ?? (typeof frontMatter.description === 'string' ? frontMatter.description : undefined);
  const head = [`# ${title}`, ''];
  if (description) head.push(`> ${oneLine(description)}`, '');
  return `${head.join('\n')}\n${markdown}`;
}

/** Collapses whitespace (newlines included) to single spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Markdown links → their text, for one-line summaries. */
export function stripLinks(text: string): string {
  return text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
}

/** The first sentence of a (Markdown) text, on one line and without links. */
export function firstSentence(text: string): string {
  const flat = oneLine(stripLinks(text.split(/\n\s*\n/)[0] ?? ''));
  const m = flat.match(/^(.+?[.!?])(?=\s+[A-Z`*[(]|$)/);
  return m ? m[1] : flat;
}

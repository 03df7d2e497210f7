/** What search reads of a built page: its title and, per h2/h3 with an id, the heading and its text. */
import { parseFragment } from 'parse5';

/** Code samples and example payloads would triple the index; their fields are indexed from the spec. */
export const IGNORED_CLASSES = ['openapi-right-panel__container', 'openapi-tabs__code-container', 'hash-link'];
const IGNORED_TAGS = new Set(['pre', 'script', 'style', 'template', 'button', 'svg']);

export interface PageSection {
  anchor: string;
  heading: string;
  text: string;
  /** Languages of its code blocks (their `language-…` class), when it has any. */
  code?: string[];
}

export interface ExtractedPage {
  title: string;
  /** Section 0 is the top of the page (anchor ''), before the first heading. */
  sections: PageSection[];
}

interface Node {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
}

const attr = (node: Node, name: string) => node.attrs?.find((a) => a.name === name)?.value;
const hasClass = (node: Node, cls: string) => (attr(node, 'class') ?? '').split(/\s+/).includes(cls);

function find(node: Node, test: (n: Node) => boolean): Node | undefined {
  if (test(node)) return node;
  for (const child of node.childNodes ?? []) {
    const hit = find(child, test);
    if (hit) return hit;
  }
  return undefined;
}

function textOf(node: Node): string {
  if (node.nodeName === '#text') return node.value ?? '';
  if (node.tagName && (IGNORED_TAGS.has(node.tagName) || IGNORED_CLASSES.some((c) => hasClass(node, c)))) return '';
  const inner = (node.childNodes ?? []).map(textOf).join(spaced(node) ? ' ' : '');
  return spaced(node) ? ` ${inner} ` : inner;
}

const BLOCK = /^(p|li|td|th|div|tr|dt|dd|summary|h\d)$/;
/** Where words part: block elements, and the parts of an API schema row (name, type, "required" are sibling spans). */
const spaced = (node: Node) => !!node.tagName && (BLOCK.test(node.tagName) || /(^|\s)openapi-schema__/.test(attr(node, 'class') ?? ''));

const clean = (text: string) => text.replace(/\u200b/g, '').replace(/\s+/g, ' ').trim();

/** The title and sections of a docs page, or null when the page has no docs content (`.theme-doc-markdown`). */
export function extractPage(html: string, file: string): ExtractedPage | null {
  // Only the article: the sidebar and navbar, most of a page's HTML at large API sizes, are not searched.
  const start = html.indexOf('<article');
  const end = html.lastIndexOf('</article>');
  if (start < 0 || end < start) return null;
  // Code blocks are ignored below, and they are most of an API page's article (each token a <span>):
  // cut them before parsing, which then takes a tenth of the time. React escapes '<' in text and
  // attributes, and a <pre> holds no <pre>, so the first </pre> after a <pre> closes it.
  const article = html.slice(start, end + '</article>'.length).replace(/<pre\b[\s\S]*?<\/pre>/g, '');
  const root = parseFragment(article) as unknown as Node;
  const content = find(root, (n) => hasClass(n, 'theme-doc-markdown'));
  if (!content) return null;
  const h1 = find(content, (n) => n.tagName === 'h1');
  if (!h1) throw new Error(`${file}: a docs page without an <h1>; search needs its title`);
  const title = clean(textOf(h1));
  const sections: PageSection[] = [{ anchor: '', heading: '', text: '' }];
  const parts: string[][] = [[]];
  /** The h2 each h3 is under (its label when the heading repeats on the page). */
  const parents: Array<string | undefined> = [undefined];
  let h2 = '';
  const walk = (node: Node) => {
    if (node === h1) return;
    if (node.tagName && (IGNORED_TAGS.has(node.tagName) || IGNORED_CLASSES.some((c) => hasClass(node, c)))) return;
    const language = node.tagName === 'div' && /(?:^|\s)language-([a-z0-9]+)(?:\s|$)/.exec(attr(node, 'class') ?? '')?.[1];
    if (language) {
      const section = sections[sections.length - 1];
      if (!section.code?.includes(language)) (section.code ??= []).push(language);
    }
    const id = attr(node, 'id');
    if ((node.tagName === 'h2' || node.tagName === 'h3') && id) {
      const heading = clean(textOf(node));
      if (node.tagName === 'h2') h2 = heading;
      sections.push({ anchor: id, heading, text: '' });
      parents.push(node.tagName === 'h3' && h2 ? h2 : undefined);
      parts.push([]);
      return;
    }
    if (node.nodeName === '#text') parts[parts.length - 1].push(node.value ?? '');
    const block = spaced(node);
    if (block) parts[parts.length - 1].push(' ');
    for (const child of node.childNodes ?? []) walk(child);
    if (block) parts[parts.length - 1].push(' ');
  };
  walk(content);
  sections.forEach((s, i) => (s.text = clean(parts[i].join(''))));
  // One label per section: an h3 whose heading repeats on the page ("With the API" under each step) is named with its h2.
  const count = new Map<string, number>();
  for (const s of sections) count.set(s.heading, (count.get(s.heading) ?? 0) + 1);
  sections.forEach((s, i) => {
    if (i > 0 && count.get(s.heading)! > 1 && parents[i]) s.heading = `${parents[i]} › ${s.heading}`;
  });
  return { title, sections };
}

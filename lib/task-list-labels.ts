/**
 * A rehype step of the guides' Markdown: each task-list checkbox (GFM's `- [ ]`) gets its item's
 * text as its label, at build time. remark-gfm renders `<li class="task-list-item"><input
 * type="checkbox" disabled> text</li>`, an unlabelled form control (axe "label"). The checkbox and
 * the inline content after it go into one `<label>`; a nested list or other block stays outside it.
 */
import type { Element, ElementContent, Root } from 'hast';
import { visit } from 'unist-util-visit';

const BLOCK = new Set(['ul', 'ol', 'p', 'div', 'pre', 'table', 'blockquote']);

const isElement = (node: ElementContent, tag?: string): node is Element => node.type === 'element' && (!tag || node.tagName === tag);
const classes = (node: Element): string[] => {
  const value = node.properties?.className;
  return Array.isArray(value) ? value.map(String) : value == null ? [] : String(value).split(/\s+/);
};
const isCheckbox = (node: ElementContent | undefined): node is Element => !!node && isElement(node, 'input') && node.properties?.type === 'checkbox';
/** A block child: an element from BLOCK, or an MDX element that is not inline text. */
const isBlock = (node: ElementContent): boolean => (isElement(node) && BLOCK.has(node.tagName)) || (node as { type: string }).type === 'mdxJsxFlowElement';

/** Wraps the checkbox and what follows it up to the first block in a `<label>`, in every task-list item. */
export function labelTaskItems(tree: Root): number {
  let labelled = 0;
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'li' || !classes(node).includes('task-list-item')) return;
    // remark-gfm puts the checkbox first, in a loose list inside the item's first paragraph.
    const host = isCheckbox(node.children.find((c) => c.type !== 'text' || c.value.trim())) ? node : node.children.find((c): c is Element => isElement(c, 'p') && isCheckbox(c.children[0]));
    if (!host) return;
    const start = host.children.findIndex((c) => isCheckbox(c));
    const end = host.children.findIndex((c, i) => i > start && isBlock(c));
    const inline = host.children.slice(start, end < 0 ? undefined : end);
    const label: Element = { type: 'element', tagName: 'label', properties: {}, children: inline };
    host.children.splice(start, inline.length, label);
    labelled++;
  });
  return labelled;
}

export default function rehypeTaskListLabels() {
  return (tree: Root): void => {
    labelTaskItems(tree);
  };
}

/**
 * lib/task-list-labels.ts on the HTML tree remark-gfm makes of task lists: each checkbox
 * ends up inside a <label> with its item's inline text, and a nested list stays outside the label.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import type { Element, Root, RootContent } from 'hast';
import { labelTaskItems } from '../../lib/task-list-labels';

function tree(markdown: string): Root {
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype);
  return processor.runSync(processor.parse(markdown)) as Root;
}

const elements = (node: Root | Element, tag: string): Element[] =>
  node.children.flatMap((child: RootContent) => (child.type === 'element' ? [...(child.tagName === tag ? [child] : []), ...elements(child, tag)] : []));
const text = (node: Element | RootContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(text).join('') : '';

test('a tight task list: each checkbox is labelled by its item, a nested list stays outside the label', () => {
  const root = tree('- [ ] Run `npm test`.\n- [x] Add a **title**.\n  - a note under it\n- not a task\n');
  assert.equal(labelTaskItems(root), 2);
  const labels = elements(root, 'label');
  assert.deepEqual(labels.map((l) => text(l).trim()), ['Run npm test.', 'Add a title.']);
  for (const label of labels) assert.equal(elements(label, 'input').length, 1, 'the checkbox is inside its label');
  assert.equal(elements(labels[1], 'ul').length, 0, 'the nested list is not inside the label');
  const items = elements(root, 'li');
  assert.equal(elements(items[items.length - 1], 'label').length, 0, 'an item without a checkbox gets no label');
});

test('a loose task list (items in paragraphs): the label goes inside the paragraph', () => {
  const root = tree('- [ ] First step.\n\n- [ ] Second step.\n');
  assert.equal(labelTaskItems(root), 2);
  for (const p of elements(root, 'p')) {
    assert.equal(p.children.filter((c) => c.type === 'element' && c.tagName === 'label').length, 1);
  }
});

test('without the step, the checkboxes have no label (what the step is for)', () => {
  const root = tree('- [ ] Run `npm test`.\n');
  assert.equal(elements(root, 'label').length, 0);
  assert.equal(elements(root, 'input').length, 1);
});

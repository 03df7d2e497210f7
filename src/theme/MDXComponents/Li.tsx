// Wraps task-list items so each checkbox gets its item's text as label (GFM renders unlabelled checkboxes, axe "label").
import React, { isValidElement, type ComponentProps, type ReactNode } from 'react';
import Li from '@theme-original/MDXComponents/Li';
import Ul from '@theme/MDXComponents/Ul';

type Props = ComponentProps<typeof Li>;

const BLOCK_TAGS = new Set(['ul', 'ol', 'p', 'div', 'pre', 'table', 'blockquote']);
const isBlock = (node: ReactNode) => isValidElement(node) && (node.type === Ul || (typeof node.type === 'string' && BLOCK_TAGS.has(node.type)));

export default function LiWrapper(props: Props): ReactNode {
  const children = React.Children.toArray(props.children);
  const first = children[0];
  const isTask =
    /\btask-list-item\b/.test(props.className ?? '') &&
    isValidElement<{ type?: string }>(first) &&
    first.type === 'input' &&
    first.props.type === 'checkbox';
  if (!isTask) return <Li {...props} />;
  // The label holds the checkbox and the phrasing content after it; a nested list stays outside.
  const end = children.findIndex(isBlock);
  const inline = end < 0 ? children : children.slice(0, end);
  const rest = end < 0 ? [] : children.slice(end);
  return (
    <Li {...props}>
      <label>{inline}</label>
      {rest}
    </Li>
  );
}

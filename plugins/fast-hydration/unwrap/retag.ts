import React, { Fragment, isValidElement, type ReactNode } from 'react';

/**
 * Renders what a theme component returned with one HTML element swapped for another, keeping its
 * props and children: for markup whose nesting is invalid (a <div> inside <code>)
 * and that no wrapper can reach otherwise. Looks at the top element and, for a fragment,
 * at its direct children; anything else is returned unchanged.
 */
export function retag(node: ReactNode, from: string, to: string, matches: (props: Record<string, unknown>) => boolean = () => true): ReactNode {
  if (!isValidElement<Record<string, unknown>>(node)) return node;
  if (node.type === Fragment) {
    const children = React.Children.map(node.props.children as ReactNode, (child) => retag(child, from, to, matches));
    return React.createElement(Fragment, { key: node.key }, children);
  }
  if (node.type !== from || !matches(node.props)) return node;
  return React.createElement(to, { ...node.props, key: node.key });
}

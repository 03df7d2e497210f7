// A Markdown table inside a scrolling region the keyboard can reach (WCAG 2.1.1): a wide table
// scrolls in its wrapper, which takes focus and is named after the table's columns.
import { Children, isValidElement, type ComponentProps, type ReactNode } from 'react';

/** The text of a React subtree (the header cells of an MDX table are plain elements). */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (!isValidElement<{ children?: ReactNode }>(node)) return '';
  return Children.toArray(node.props.children).map(textOf).join('');
}

/** "Table: Field, Type, Description", from the cells of the first header row. */
function tableLabel(children: ReactNode): string {
  const head = Children.toArray(children).find((c) => isValidElement(c) && c.type === 'thead');
  const row = isValidElement<{ children?: ReactNode }>(head) ? Children.toArray(head.props.children)[0] : undefined;
  const cells = isValidElement<{ children?: ReactNode }>(row) ? Children.toArray(row.props.children).map(textOf).map((t) => t.trim()).filter(Boolean) : [];
  return cells.length ? `Table: ${cells.join(', ')}` : 'Table';
}

export default function Table(props: ComponentProps<'table'>): ReactNode {
  return (
    <div className="table-scroll" role="region" tabIndex={0} aria-label={tableLabel(props.children)}>
      <table {...props} />
    </div>
  );
}

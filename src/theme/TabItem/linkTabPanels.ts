import { Children, cloneElement, isValidElement, type ReactNode } from 'react';

/** The id of the tab for `value` in the tab group `group` (a React useId: unique on the page, the same on server and client). */
function tabId(group: string, value: string): string {
  return `${group}tab-${String(value).replace(/\s+/g, '-')}`;
}

interface TabsProps {
  children?: ReactNode;
  values?: { value: string; attributes?: Record<string, unknown> }[];
}

/**
 * Gives every tab of a group an id through its TabItem's `attributes` (which the tab list spreads
 * onto the tab), so that ../TabItem labels its panel with it. Groups given as `values` get theirs there.
 */
export function linkTabPanels<P extends object>(original: P, group: string): P {
  const props = original as P & TabsProps;
  const withId = (value: string, attributes?: Record<string, unknown>) => ({ ...attributes, id: tabId(group, value) });
  const children = Children.toArray(props.children).map((child) => {
    if (!isValidElement<{ value?: string; attributes?: Record<string, unknown> }>(child) || child.props.value === undefined) return child;
    return cloneElement(child, { attributes: withId(child.props.value, child.props.attributes) });
  });
  const values = props.values?.map((v) => ({ ...v, attributes: withId(v.value, v.attributes) }));
  return { ...props, children, ...(values ? { values } : {}) };
}

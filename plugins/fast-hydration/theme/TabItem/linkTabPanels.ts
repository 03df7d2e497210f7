import { Children, cloneElement, isValidElement, type ReactNode } from 'react';

/** The id of the tab for `value` in the tab group `group` (a React useId: unique on the page, the same on server and client). */
function tabId(group: string, value: string): string {
  return `${group}tab-${String(value).replace(/\s+/g, '-')}`;
}

interface TabsProps {
  children?: ReactNode;
  lazy?: boolean;
  values?: { value: string; attributes?: Record<string, unknown> }[];
}

/**
 * Gives every tab of a group an id and `aria-controls` naming its panel, through its TabItem's
 * `attributes` (which the tab list spreads onto the tab); ./index.tsx gives the panel that id and
 * labels it with the tab's. Groups given as `values` get theirs there. (The Nu HTML Checker accepts
 * a selected tab whose panel is tied to it: by aria-controls where every panel is rendered, by
 * aria-labelledby alone where only the selected one is.)
 */
export function linkTabPanels<P extends object>(original: P, group: string): P {
  const props = original as P & TabsProps;
  // A lazy group renders only the selected panel: its tabs name no panel, the panel names its tab.
  const controls = (value: string) => (props.lazy ? {} : { 'aria-controls': `${tabId(group, value)}-panel` });
  const withId = (value: string, attributes?: Record<string, unknown>) => ({ ...attributes, id: tabId(group, value), ...controls(value) });
  const children = Children.toArray(props.children).map((child) => {
    if (!isValidElement<{ value?: string; attributes?: Record<string, unknown> }>(child) || child.props.value === undefined) return child;
    return cloneElement(child, { attributes: withId(child.props.value, child.props.attributes) });
  });
  const values = props.values?.map((v) => ({ ...v, attributes: withId(v.value, v.attributes) }));
  return { ...props, children, ...(values ? { values } : {}) };
}

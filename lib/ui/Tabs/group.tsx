/**
 * One tab group's state, shared by the guides' Tabs (./index.tsx) and the API page's five kinds
 * (plugins/api-reference/components/Tabs.tsx): which tab is selected, the ids that tie each tab to
 * its panel, and the tab list's keyboard. Groups with one `groupId` share the reader's choice
 * through localStorage (`docusaurus.tab.<groupId>`, Docusaurus's key), so every such group on the
 * page follows it. The server renders the default tab; the stored one is applied after hydration,
 * in place: nothing remounts.
 */
import React, { createContext, createElement, isValidElement, useCallback, useContext, useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { useStorageSlot } from '@docusaurus/theme-common';
import useIsomorphicLayoutEffect from '@docusaurus/useIsomorphicLayoutEffect';
import TabItem from './TabItem';

export interface TabItemProps {
  children?: ReactNode;
  className?: string;
  value: string;
  label?: ReactNode;
  default?: boolean;
}

export interface TabGroupProps {
  children?: ReactNode;
  /** Groups with the same id share the reader's choice, on the page and across visits. */
  groupId?: string;
  defaultValue?: string;
  /** Only the selected panel is rendered. */
  lazy?: boolean;
  /** A value chosen elsewhere on the page: selected here too when this group has it. */
  chosen?: string;
  /** Called with the chosen tab's value and index. */
  onChange?: (value: string, index: number) => void;
}

interface Group {
  selectedValue: string;
  lazy: boolean;
  /** The id of the tab of `value`; its panel's is this plus `-panel`. */
  tabId: (value: string) => string;
}

const GroupContext = createContext<Group | null>(null);

/** The group a TabItem is in. */
export function useTabGroupOf(value: string): { selected: boolean; lazy: boolean; tabId: string; panelId: string } {
  const group = useContext(GroupContext);
  if (!group) throw new Error(`<TabItem value="${value}"> outside a <Tabs> group`);
  const tabId = group.tabId(value);
  return { selected: group.selectedValue === value, lazy: group.lazy, tabId, panelId: `${tabId}-panel` };
}

/**
 * The group's items, each rendered by our TabItem: an item is any element with a `value`, and one
 * that is not our TabItem is rendered as one with its props. Whitespace between items is dropped;
 * anything else fails, naming it.
 */
export function tabItems(children: ReactNode): ReactElement<TabItemProps>[] {
  const items = React.Children.toArray(children).flatMap((child) => {
    if (typeof child === 'string' && !child.trim()) return [];
    if (!isValidElement<TabItemProps>(child) || typeof child.props.value !== 'string') throw new Error(`<Tabs>: every child must be a <TabItem value="…">, found ${String(isValidElement(child) ? child.type : child)}`);
    return [child.type === TabItem ? child : createElement(TabItem, { ...child.props, key: child.key ?? child.props.value })];
  });
  const values = items.map((item) => item.props.value);
  const twice = values.filter((value, index) => values.indexOf(value) !== index);
  if (twice.length) throw new Error(`<Tabs>: the value "${twice[0]}" is given to two tabs`);
  return items;
}

/** The state of a group of `items`, and the props of its tab list's tabs. */
export function useTabGroup(items: ReactElement<TabItemProps>[], { groupId, defaultValue, lazy = false, chosen, onChange }: TabGroupProps) {
  const values = items.map((item) => item.props.value);
  const has = (value: string | null | undefined): value is string => value != null && values.includes(value);
  if (defaultValue !== undefined && !has(defaultValue)) throw new Error(`<Tabs>: defaultValue "${defaultValue}" is none of ${values.join(', ')}`);
  const [selectedValue, setSelected] = useState(() => defaultValue ?? items.find((item) => item.props.default)?.props.value ?? values[0]);
  const [stored, slot] = useStorageSlot(groupId ? `docusaurus.tab.${groupId}` : null);
  // The stored choice (null on the server and while hydrating), and a choice made in another group.
  useIsomorphicLayoutEffect(() => {
    if (has(stored)) setSelected(stored);
  }, [stored]);
  useIsomorphicLayoutEffect(() => {
    if (has(chosen)) setSelected(chosen);
  }, [chosen]);

  const base = useId();
  const tabId = useCallback((value: string) => `${base}tab-${value.replace(/\s+/g, '-')}`, [base]);
  const group: Group = { selectedValue, lazy, tabId };

  // The chosen tab stays where it is on screen while the groups above it change height.
  const kept = useRef<{ tab: HTMLElement; top: number } | null>(null);
  useIsomorphicLayoutEffect(() => {
    const was = kept.current;
    kept.current = null;
    if (was) queueMicrotask(() => window.scrollBy(0, was.tab.getBoundingClientRect().top - was.top));
  });

  const tabs: (HTMLElement | null)[] = [];
  const select = (value: string, tab: HTMLElement) => {
    if (value === selectedValue) return;
    kept.current = { tab, top: tab.getBoundingClientRect().top };
    setSelected(value);
    slot.set(value);
    onChange?.(value, values.indexOf(value));
  };
  const tabProps = (value: string) => ({
    role: 'tab' as const,
    id: tabId(value),
    // A lazy group renders the selected panel only: the other tabs name none.
    'aria-controls': lazy && value !== selectedValue ? undefined : `${tabId(value)}-panel`,
    'aria-selected': value === selectedValue,
    tabIndex: value === selectedValue ? 0 : -1,
    ref: (tab: HTMLElement | null) => {
      tabs[values.indexOf(value)] = tab;
    },
    onClick: (event: { currentTarget: HTMLElement }) => select(value, event.currentTarget),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const at = values.indexOf(value);
      const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: values.length - 1 }[event.key];
      if (event.key === 'Enter' || event.key === ' ') select(value, event.currentTarget);
      else if (to !== undefined) tabs[(to + values.length) % values.length]?.focus();
      else return;
      event.preventDefault();
    },
  });
  return { selectedValue, group, tabProps, select };
}

/** Gives the group's TabItems their state. */
export function TabGroupProvider({ group, children }: { group: Group; children: ReactNode }): ReactNode {
  return <GroupContext.Provider value={group}>{children}</GroupContext.Provider>;
}

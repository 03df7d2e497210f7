/**
 * The guides' tab groups (`<Tabs groupId="…">` around `<TabItem value label>`), drawn as
 * theme-classic draws them (its `tabs` classes). Every panel is in the server HTML, the selected
 * one shown; after hydration the reader's stored choice is applied in place (./group.tsx).
 */
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { ThemeClassNames } from '@docusaurus/theme-common';
import { TabGroupProvider, tabItems, useTabGroup, type TabGroupProps } from './group';
import styles from './styles.module.css';

export default function Tabs({ className, ...props }: TabGroupProps & { className?: string }): ReactNode {
  const items = tabItems(props.children);
  const { selectedValue, group, tabProps } = useTabGroup(items, props);
  return (
    <div className={clsx(ThemeClassNames.tabs.container, 'tabs-container', styles.tabList)}>
      <ul role="tablist" aria-orientation="horizontal" className={clsx('tabs', className)}>
        {items.map(({ props: { value, label } }) => (
          <li key={value} {...tabProps(value)} className={clsx('tabs__item', styles.tab, { 'tabs__item--active': value === selectedValue })}>
            {label ?? value}
          </li>
        ))}
      </ul>
      <TabGroupProvider group={group}>
        <div className="margin-top--md">{items}</div>
      </TabGroupProvider>
    </div>
  );
}

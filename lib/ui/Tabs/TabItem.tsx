/** A tab's panel: rendered on the server for every tab (but in lazy groups), shown for the selected one, tied to its tab by id. */
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { useTabGroupOf, type TabItemProps } from './group';
import styles from './styles.module.css';

export default function TabItem({ children, className, value }: TabItemProps): ReactNode {
  const { selected, lazy, tabId, panelId } = useTabGroupOf(value);
  if (lazy && !selected) return null;
  return (
    <div role="tabpanel" id={panelId} aria-labelledby={tabId} className={clsx(styles.tabItem, className)} hidden={!selected}>
      {children}
    </div>
  );
}

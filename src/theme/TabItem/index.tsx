// The OpenAPI theme's TabItem (which replaces theme-classic's), with the panel labelled by its tab:
// `aria-labelledby` names the id that linkTabPanels gives the tab (an ARIA tab panel belongs to
// one tab; the Nu HTML Checker fails a selected tab without one).
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { useTabs } from '@theme/utils/tabsUtils';
import styles from 'docusaurus-theme-openapi-docs/lib/theme/TabItem/styles.module.css';

interface Props {
  children?: ReactNode;
  className?: string;
  value: string;
  attributes?: { id?: string };
}

export default function TabItem({ children, className, value, attributes }: Props): ReactNode {
  const { selectedValue, lazy } = useTabs();
  const isSelected = value === selectedValue;
  if (!isSelected && lazy) return null;
  return (
    <div role="tabpanel" aria-labelledby={attributes?.id} className={clsx(styles.tabItem, className)} hidden={!isSelected}>
      {children}
    </div>
  );
}

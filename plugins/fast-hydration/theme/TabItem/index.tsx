// The OpenAPI theme's TabItem (which replaces theme-classic's), with the panel tied to its tab: the
// panel has the id the tab's `aria-controls` names and is labelled by the tab's id (both given by
// linkTabPanels; the Nu HTML Checker fails a selected tab without its panel). A copy of the theme's
// lib/theme/TabItem/index.js, recorded in ../../upstream.json (UPGRADING.md, "Tabs stay mounted through hydration").
import type { ReactNode } from 'react';
import clsx from 'clsx';
import { useTabs } from '@theme/utils/tabsUtils';
import styles from './styles.module.css';

interface Props {
  children?: ReactNode;
  className?: string;
  value: string;
  attributes?: { id?: string; 'aria-controls'?: string };
}

export default function TabItem({ children, className, value, attributes }: Props): ReactNode {
  const { selectedValue, lazy } = useTabs();
  const isSelected = value === selectedValue;
  if (!isSelected && lazy) return null;
  return (
    <div role="tabpanel" id={attributes?.['aria-controls']} aria-labelledby={attributes?.id} className={clsx(styles.tabItem, className)} hidden={!isSelected}>
      {children}
    </div>
  );
}

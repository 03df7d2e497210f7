/**
 * The API page's tab groups: status codes, media types, schema variants, discriminator values
 * and callbacks. One component draws all five, written after the OpenAPI theme 5.2's ApiTabs,
 * MimeTabs, SchemaTabs, DiscriminatorTabs and OperationTabs (lib/theme/<name>/index.js) with their
 * class names (../styles.css styles them), on the guides' tab state and TabItem (lib/ui/Tabs): every
 * group stays mounted through hydration and every tab names its panel, so the server HTML is what
 * the reader keeps.
 */
import React, { cloneElement, useEffect, useRef, useState, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import { translate } from '@docusaurus/Translate';
import { TabGroupProvider, tabItems, useTabGroup, type TabGroupProps, type TabItemProps } from '@site/lib/ui/Tabs/group';

type Variant = 'api' | 'mime' | 'schema' | 'discriminator' | 'operation';

export interface TabsProps extends TabGroupProps {
  className?: string;
  block?: boolean;
  /** Status codes only: the heading above the tabs and its id. */
  label?: string;
  id?: string;
}

/** Where each variant's class names differ. */
const LOOK: Record<Variant, { outer: string; list: string; item: string; labelSpan?: string; onFocus?: boolean }> = {
  api: { outer: 'openapi-tabs__container', list: 'openapi-tabs__response-list-container', item: 'openapi-tabs__response-code-item' },
  mime: { outer: 'tabs-container', list: 'openapi-tabs__mime-list-container', item: 'openapi-tabs__mime-item', onFocus: true },
  schema: { outer: 'openapi-tabs__schema-container', list: 'openapi-tabs__schema-list-container', item: 'openapi-tabs__schema-item', labelSpan: 'openapi-tabs__schema-label' },
  discriminator: { outer: 'openapi-tabs__container', list: 'openapi-tabs__discriminator-list-container', item: 'openapi-tabs__discriminator-item', labelSpan: 'openapi-tabs__discriminator-tab-label' },
  operation: { outer: 'tabs-container', list: 'openapi-tabs__operation-list-container', item: 'openapi-tabs__operation-item', onFocus: true },
};

/** A status code's colour: errors red, successes green, the rest blue. */
function statusClass(value: string): string {
  const code = parseInt(value, 10);
  return code >= 400 ? 'danger' : code >= 200 && code < 300 ? 'success' : 'info';
}

function TabList({ variant, className, block, label, id, items, selectedValue, tabProps, select }: TabsProps & { variant: Variant; items: ReactElement<TabItemProps>[] } & Pick<ReturnType<typeof useTabGroup>, 'selectedValue' | 'tabProps' | 'select'>) {
  const look = LOOK[variant];
  const listRef = useRef<HTMLUListElement>(null);
  const [arrows, setArrows] = useState(false);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return undefined;
    const observer = new ResizeObserver(() => requestAnimationFrame(() => setArrows(list.clientWidth < list.scrollWidth)));
    observer.observe(list);
    return () => observer.disconnect();
  }, []);
  const scroll = (by: number) => (event: MouseEvent) => {
    event.preventDefault();
    if (listRef.current) listRef.current.scrollLeft += by;
  };
  const list = (
    <>
      {arrows && <button type="button" className="openapi-tabs__arrow left" onClick={scroll(-90)} />}
      <ul ref={listRef} role="tablist" aria-orientation="horizontal" className={clsx(look.list, 'tabs', { 'tabs--block': block }, className)}>
        {items.map(({ props: { value, label: tabLabel } }) => (
          <li
            key={value}
            {...tabProps(value)}
            onFocus={look.onFocus ? (event) => select(value, event.currentTarget) : undefined}
            className={clsx('tabs__item', look.item, variant === 'api' && statusClass(value), { active: selectedValue === value })}
          >
            {look.labelSpan ? <span className={look.labelSpan}>{tabLabel ?? value}</span> : (tabLabel ?? value)}
          </li>
        ))}
      </ul>
      {arrows && <button type="button" className="openapi-tabs__arrow right" onClick={scroll(90)} />}
    </>
  );
  switch (variant) {
    case 'api':
      return (
        <div className="openapi-tabs__response-header-section">
          <Heading as="h2" id={id ?? 'responses'} className="openapi-tabs__heading openapi-tabs__response-header">
            {label ?? translate({ id: 'theme.openapi.tabs.responses.label', message: 'Responses' })}
          </Heading>
          <div className="openapi-tabs__response-container">{list}</div>
        </div>
      );
    case 'schema':
      return (
        <div className="openapi-tabs__schema-tabs-container" style={{ marginBottom: '1rem' }}>
          {list}
        </div>
      );
    case 'discriminator':
      return (
        <div className="openapi-tabs__discriminator-top-section">
          <div className="openapi-tabs__discriminator-container">{list}</div>
        </div>
      );
    default:
      return (
        <div className="tabs__container">
          <div className={variant === 'mime' ? 'openapi-tabs__mime-container' : 'openapi-tabs__operation-container'}>{list}</div>
        </div>
      );
  }
}

function Group({ variant, ...props }: TabsProps & { variant: Variant }): ReactNode {
  const items = tabItems(props.children);
  const tabs = useTabGroup(items, props);
  const { selectedValue, group } = tabs;
  let content: ReactNode;
  if (props.lazy) {
    const selected = items.find((item) => item.props.value === selectedValue);
    content = selected ? cloneElement(selected, { className: 'margin-top--md' }) : null;
  } else {
    content = <div className="margin-top--md">{items}</div>;
  }
  return (
    <TabGroupProvider group={group}>
      <div className={LOOK[variant].outer}>
        <TabList {...props} variant={variant} items={items} {...tabs} />
        {content}
      </div>
    </TabGroupProvider>
  );
}

/** A group of `variant` from TabItem children; nothing when none is left (an empty oneOf). */
function tabs(variant: Variant) {
  function Tabs({ children, ...props }: TabsProps): ReactNode {
    const given = React.Children.toArray(children).filter(Boolean);
    if (given.length === 0) return null;
    return (
      <Group variant={variant} {...props}>
        {given}
      </Group>
    );
  }
  Tabs.displayName = `Tabs(${variant})`;
  return Tabs;
}

export const ApiTabs = tabs('api');
export const MimeTabs = tabs('mime');
export const SchemaTabs = tabs('schema');
export const DiscriminatorTabs = tabs('discriminator');
export const OperationTabs = tabs('operation');

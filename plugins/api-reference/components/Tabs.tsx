/**
 * The API page's tab groups: status codes, media types, schema variants, discriminator values
 * and callbacks. One component draws all five with the OpenAPI theme's class names (its
 * stylesheet styles them) and the theme's TabItem inside (it reads the group from the theme's
 * tab context, `@theme/utils/tabsUtils`).
 * Unlike the theme's groups, these stay mounted through hydration (no remount keyed on "is
 * browser"; the layout effect of useTabsContextValue still restores a stored tab), and every tab
 * names its panel (linkTabPanels), so the server HTML is what the reader keeps.
 */
import React, { cloneElement, isValidElement, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import { translate } from '@docusaurus/Translate';
import { sanitizeTabsChildren, TabsProvider, useTabsContextValue } from '@theme/utils/tabsUtils';
import { useScrollPositionBlocker } from '@theme/utils/scrollUtils';
import { linkTabPanels } from '../../fast-hydration/theme/TabItem/linkTabPanels';

type Variant = 'api' | 'mime' | 'schema' | 'discriminator' | 'operation';

export interface TabsProps {
  children?: ReactNode;
  className?: string;
  lazy?: boolean;
  block?: boolean;
  groupId?: string;
  defaultValue?: string;
  /** Called with the chosen tab's value and index. */
  onChange?: (value: string, index: number) => void;
  /** A value chosen elsewhere on the page (a media type): selected here too when this group has it. */
  chosen?: string;
  /** Status codes only: the heading above the tabs and its id. */
  label?: string;
  id?: string;
}

interface TabValue {
  value: string;
  label?: string;
  attributes?: Record<string, unknown>;
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

function TabList({ variant, className, block, selectedValue, selectValue, tabValues, onChange, label, id }: TabsProps & { variant: Variant; selectedValue: string; selectValue: (v: string) => void; tabValues: readonly TabValue[] }) {
  const look = LOOK[variant];
  const tabRefs: (HTMLLIElement | null)[] = [];
  const { blockElementScrollPositionUntilNextRender } = useScrollPositionBlocker();
  const listRef = useRef<HTMLUListElement>(null);
  const [arrows, setArrows] = useState(false);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return undefined;
    const observer = new ResizeObserver(() => requestAnimationFrame(() => setArrows(list.clientWidth < list.scrollWidth)));
    observer.observe(list);
    return () => observer.disconnect();
  }, []);
  const change = (event: { currentTarget: EventTarget }) => {
    const tab = event.currentTarget as HTMLLIElement;
    const index = tabRefs.indexOf(tab);
    const value = tabValues[index]?.value;
    if (value === undefined || value === selectedValue) return;
    blockElementScrollPositionUntilNextRender(tab);
    selectValue(value);
    onChange?.(value, index);
  };
  const keydown = (event: KeyboardEvent<HTMLLIElement>) => {
    const at = tabRefs.indexOf(event.currentTarget);
    if (event.key === 'Enter') change(event);
    else if (event.key === 'ArrowRight') (tabRefs[at + 1] ?? tabRefs[0])?.focus();
    else if (event.key === 'ArrowLeft') (tabRefs[at - 1] ?? tabRefs[tabRefs.length - 1])?.focus();
  };
  const scroll = (by: number) => (event: MouseEvent) => {
    event.preventDefault();
    if (listRef.current) listRef.current.scrollLeft += by;
  };
  const list = (
    <>
      {arrows && <button type="button" className="openapi-tabs__arrow left" onClick={scroll(-90)} />}
      <ul ref={listRef} role="tablist" aria-orientation="horizontal" className={clsx(look.list, 'tabs', { 'tabs--block': block }, className)}>
        {tabValues.map(({ value, label: tabLabel, attributes }) => (
          <li
            role="tab"
            tabIndex={selectedValue === value ? 0 : -1}
            aria-selected={selectedValue === value}
            key={value}
            ref={(tab) => {
              tabRefs.push(tab);
            }}
            onKeyDown={keydown}
            onClick={change}
            onFocus={look.onFocus ? change : undefined}
            {...attributes}
            className={clsx('tabs__item', look.item, attributes?.className as string | undefined, variant === 'api' && statusClass(value), { active: selectedValue === value })}
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

function Group({ variant, ...given }: TabsProps & { variant: Variant }): ReactNode {
  const props = linkTabPanels(given, useId());
  const tabs = useTabsContextValue(props as Parameters<typeof useTabsContextValue>[0]);
  const { chosen } = props;
  const { selectedValue, selectValue, tabValues } = tabs;
  useEffect(() => {
    if (chosen && chosen !== selectedValue && tabValues.some((t) => t.value === chosen)) selectValue(chosen);
    // Only a new choice elsewhere moves this group.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen]);
  const items = React.Children.toArray(props.children).filter(isValidElement) as ReactElement<{ value: string }>[];
  let content: ReactNode;
  if (props.lazy) {
    const selected = items.find((item) => item.props.value === selectedValue);
    content = selected ? cloneElement(selected as ReactElement<{ className?: string }>, { className: 'margin-top--md' }) : null;
  } else {
    content = <div className="margin-top--md">{props.children}</div>;
  }
  return (
    <TabsProvider value={tabs}>
      <div className={LOOK[variant].outer}>
        <TabList {...props} variant={variant} selectedValue={selectedValue} selectValue={selectValue} tabValues={tabValues} />
        {content}
      </div>
    </TabsProvider>
  );
}

/** A group of `variant` from TabItem children; nothing when none is left (an empty oneOf). */
function tabs(variant: Variant) {
  function Tabs({ children, ...props }: TabsProps): ReactNode {
    const given = React.Children.toArray(children).filter(Boolean);
    if (given.length === 0) return null;
    return (
      <Group variant={variant} {...props}>
        {sanitizeTabsChildren(given)}
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

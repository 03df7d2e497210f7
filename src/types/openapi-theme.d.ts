// Type declarations for the OpenAPI theme modules our API page uses; the theme ships none for them.
declare module '@theme/ApiItem/Layout' {
  import type { ReactNode } from 'react';
  export default function Layout(props: { children: ReactNode }): ReactNode;
}

declare module '@theme/SchemaExpansion' {
  import type { ReactNode } from 'react';
  export function SchemaExpansionProvider(props: { children: ReactNode }): ReactNode;
  export function SchemaDepthProvider(props: { depth: number; children: ReactNode }): ReactNode;
  export function useSchemaDepth(): number;
  export function useSchemaExpansion(): { level: number };
  export default function SchemaExpansionControl(): ReactNode;
}

declare module '@theme/utils/tabsUtils' {
  import type { ReactNode } from 'react';
  export interface TabValue {
    readonly value: string;
    readonly label?: string;
    readonly attributes?: Record<string, unknown>;
    readonly default?: boolean;
  }
  export interface TabsContextValue {
    selectedValue: string;
    selectValue: (value: string) => void;
    tabValues: readonly TabValue[];
    lazy: boolean;
    block: boolean;
  }
  export function useTabs(): TabsContextValue;
  export function useTabsContextValue(props: { children?: ReactNode; lazy?: boolean; block?: boolean; defaultValue?: string | null; groupId?: string; queryString?: string | boolean }): TabsContextValue;
  export function TabsProvider(props: { children: ReactNode; value: TabsContextValue }): ReactNode;
  export function sanitizeTabsChildren(children: ReactNode): ReactNode;
}

declare module '@theme/utils/scrollUtils' {
  export function useScrollPositionBlocker(): { blockElementScrollPositionUntilNextRender: (element: HTMLElement) => void };
}

// Type declarations for the OpenAPI theme modules our ApiItem uses; the theme ships none for them.
declare module '@theme/ApiItem/Layout' {
  import type { ReactNode } from 'react';
  export default function Layout(props: { children: ReactNode }): ReactNode;
}

declare module '@theme/SchemaExpansion' {
  import type { ReactNode } from 'react';
  export function SchemaExpansionProvider(props: { children: ReactNode }): ReactNode;
}

declare module '@theme/utils/tabsUtils' {
  export function useTabs(): { selectedValue: string; lazy: boolean };
}

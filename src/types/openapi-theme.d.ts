// Type declarations for the OpenAPI theme modules our ApiItem uses; the theme ships none for them.
declare module '@theme/ApiItem/Layout' {
  import type { ReactNode } from 'react';
  export default function Layout(props: { children: ReactNode }): ReactNode;
}

declare module '@theme/SchemaExpansion' {
  import type { ReactNode } from 'react';
  export function SchemaExpansionProvider(props: { children: ReactNode }): ReactNode;
}

// Originals of the theme components our wrappers extend.
declare module '@theme-original/ParamsItem' {
  import type { ComponentType } from 'react';
  const ParamsItem: ComponentType<Record<string, unknown>>;
  export default ParamsItem;
}

declare module '@theme-original/Schema' {
  import type { ComponentType } from 'react';
  const Schema: ComponentType<Record<string, unknown>>;
  export default Schema;
}

// Served from src/theme/SchemaList (the request and response body wrappers in plugins/fast-hydration import it too).
declare module '@theme/SchemaList' {
  export * from '@site/src/theme/SchemaList';
}

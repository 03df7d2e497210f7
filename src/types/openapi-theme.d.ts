// Type declarations for the OpenAPI theme modules our API page uses; the theme ships none for them.
declare module '@theme/SchemaExpansion' {
  import type { ReactNode } from 'react';
  export function SchemaExpansionProvider(props: { children: ReactNode }): ReactNode;
  export function SchemaDepthProvider(props: { depth: number; children: ReactNode }): ReactNode;
  export function useSchemaDepth(): number;
  export function useSchemaExpansion(): { level: number };
  export default function SchemaExpansionControl(): ReactNode;
}

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

declare module '@theme-original/ParamsDetails' {
  import type { ComponentType } from 'react';
  const ParamsDetails: ComponentType<Record<string, unknown>>;
  export default ParamsDetails;
}

declare module '@theme-original/RequestSchema' {
  import type { ComponentType } from 'react';
  const RequestSchema: ComponentType<Record<string, unknown>>;
  export default RequestSchema;
}

declare module '@theme-original/ResponseSchema' {
  import type { ComponentType } from 'react';
  const ResponseSchema: ComponentType<Record<string, unknown>>;
  export default ResponseSchema;
}

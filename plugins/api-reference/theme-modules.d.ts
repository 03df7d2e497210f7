// The OpenAPI theme's components this plugin's theme wraps: a plugin theme reaches the component it
// shadows as @theme-init (@theme-original would be its own file); the theme ships no types for them.
declare module '@theme-init/ParamsItem' {
  import type { ComponentType } from 'react';
  const ParamsItem: ComponentType<Record<string, unknown>>;
  export default ParamsItem;
}

declare module '@theme-init/Schema' {
  import type { ComponentType } from 'react';
  const Schema: ComponentType<Record<string, unknown>>;
  export default Schema;
}

// The store and hooks this theme serves in place of the OpenAPI theme's.
declare module '@theme/ApiItem/store' {
  export * from '@site/plugins/api-reference/theme/ApiItem/store';
}

declare module '@theme/ApiItem/hooks' {
  export * from '@site/plugins/api-reference/theme/ApiItem/hooks';
}

declare module '@theme-init/ParamsDetails' {
  import type { ComponentType } from 'react';
  const ParamsDetails: ComponentType<Record<string, unknown>>;
  export default ParamsDetails;
}

declare module '@theme-init/RequestSchema' {
  import type { ComponentType } from 'react';
  const RequestSchema: ComponentType<Record<string, unknown>>;
  export default RequestSchema;
}

declare module '@theme-init/ResponseSchema' {
  import type { ComponentType } from 'react';
  const ResponseSchema: ComponentType<Record<string, unknown>>;
  export default ResponseSchema;
}

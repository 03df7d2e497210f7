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

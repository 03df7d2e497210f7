// Types for the upstream modules this plugin imports that ship none, and for the theme modules it serves to others.

declare module '@theme/ApiItem/store' {
  export * from '@site/plugins/fast-hydration/theme/ApiItem/store';
}

declare module '@theme/ApiItem/hooks' {
  export * from '@site/plugins/fast-hydration/theme/ApiItem/hooks';
}

// The OpenAPI theme's components the wrappers in theme/ extend.
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

// The browser build's lean route tree (route-buckets/split.ts) adds the lists that load by bucket.
declare module '@generated/routes' {
  import type { RouteConfig } from 'react-router-config';
  export const buckets: Array<{ base: string; routes: RouteConfig[]; load: Array<() => Promise<{ default: RouteConfig[] }>> }>;
}

declare module '@theme-init/DocVersionRoot' {
  import type { ComponentType } from 'react';
  const DocVersionRoot: ComponentType<Record<string, unknown>>;
  export default DocVersionRoot;
}

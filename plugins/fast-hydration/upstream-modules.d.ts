// Types for the upstream modules this plugin imports that ship none.

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

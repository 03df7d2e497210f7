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

// The search plugin's bar and the client helpers the SearchBar stand-in reuses.
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar' {
  import type { ComponentType } from 'react';
  const SearchBar: ComponentType<Record<string, unknown>>;
  export default SearchBar;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/keymap' {
  export interface ParsedKeymap {
    key: string;
    ctrl: boolean;
    alt: boolean;
    shift: boolean;
    meta: boolean;
  }
  export function parseKeymap(keymap: string): ParsedKeymap;
  export function matchesKeymap(event: KeyboardEvent, keymap: ParsedKeymap): boolean;
  export function getKeymapHints(keymap: string, isMac: boolean): string[];
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/platform' {
  export function isMacPlatform(): boolean;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGenerated' {
  /** The shortcut that focuses the search bar, e.g. "mod+k". */
  export const searchBarShortcutKeymap: string;
}

// The OpenAPI theme's components this plugin's theme wraps: a plugin theme reaches the component it
// shadows as @theme-init (@theme-original would be its own file); the theme ships no types for them.
type OpenApiThemeComponent = import('react').ComponentType<Record<string, unknown>>;

declare module '@theme-init/ParamsItem' { const Component: OpenApiThemeComponent; export default Component; }
declare module '@theme-init/Schema' { const Component: OpenApiThemeComponent; export default Component; }
declare module '@theme-init/ParamsDetails' { const Component: OpenApiThemeComponent; export default Component; }
declare module '@theme-init/RequestSchema' { const Component: OpenApiThemeComponent; export default Component; }
declare module '@theme-init/ResponseSchema' { const Component: OpenApiThemeComponent; export default Component; }

// The store and hooks this theme serves in place of the OpenAPI theme's.
declare module '@theme/ApiItem/store' {
  export * from '@site/plugins/api-reference/theme/ApiItem/store';
}

declare module '@theme/ApiItem/hooks' {
  export * from '@site/plugins/api-reference/theme/ApiItem/hooks';
}

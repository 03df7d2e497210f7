// The OpenAPI theme's modules this plugin's components use as they are; the theme ships no types for them.
type OpenApiThemeComponent = import('react').ComponentType<Record<string, unknown>>;

declare module '@theme/ParamsItem' { const Component: OpenApiThemeComponent; export default Component; }
declare module '@theme/SchemaItem' { const Component: OpenApiThemeComponent; export default Component; }
declare module '@theme/Schema/normalize' {
  export function mergeAllOf(schema: unknown): unknown;
  export function normalizeSchema(schema: unknown): unknown;
  export function foldSiblingsIntoBranches(schema: unknown): unknown;
  export function getDiscriminator(schema: unknown): unknown;
  export function findPropertyDeep(schema: unknown, name: string): unknown;
  export function isCircularMarker(value: unknown): value is string;
}
declare module 'docusaurus-theme-openapi-docs/lib/markdown/schema' {
  export function getSchemaName(schema: unknown, circular?: boolean): string;
  export function getQualifierMessage(schema: unknown): string | undefined;
}

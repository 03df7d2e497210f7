// The data the plugin writes with createData (./index.ts), imported by its theme components.
declare module '@generated/changelog/default/*.json' {
  const data: unknown;
  export default data;
}

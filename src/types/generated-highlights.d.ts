// Code highlighted at build time that plugins/mcp writes with createData (plugins/code-blocks/context.tsx says how it is used).
declare module '@generated/mcp/default/highlights.json' {
  const highlights: Readonly<Record<string, string>>;
  export default highlights;
}

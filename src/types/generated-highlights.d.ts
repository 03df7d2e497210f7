// Code highlighted at build time that plugins/mcp writes with createData (plugins/code-blocks/context.tsx says how it is used).
declare module '@generated/mcp/default/highlights.json' {
  const highlights: import('../../plugins/code-blocks/lines').HighlightsFile;
  export default highlights;
}

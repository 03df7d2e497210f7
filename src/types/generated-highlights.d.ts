// Code highlighted at build time that plugins/mcp writes with createData (lib/code/context.tsx says how it is used).
declare module '@generated/mcp/default/highlights.json' {
  const highlights: import('../../lib/code/lines').HighlightsFile;
  export default highlights;
}

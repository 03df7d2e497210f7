// Starts the docs MCP server (cli.ts) with this clone's TypeScript runner, from any folder:
//   node /path/to/emissary-docs/mcp/run.mjs [--site <build folder or URL>] [--data-dir <folder>] [--http <port>]
// Plain JavaScript, so that a client's configuration needs only `node`. tsx's loader (what
// `node --import tsx` loads) handles both the ES modules and the CommonJS of the TypeScript sources.
await import('tsx');
await import('./cli.ts');

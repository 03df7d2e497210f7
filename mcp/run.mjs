// Starts the docs MCP server (server.ts) with this clone's TypeScript runner, from any folder:
//   node /path/to/emissary-docs/mcp/run.mjs [--site <build folder or URL>] [--data-dir <folder>] [--http <port>]
// Plain JavaScript, so that a client's configuration needs only `node`.
import { register } from 'tsx/esm/api';

register();
await import('./server.ts');

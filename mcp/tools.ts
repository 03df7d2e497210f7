/**
 * The docs server's tools, on the bundle (lib/mcp/format.ts) and the build beside it: what they
 * share (answers.ts), the pages (pages.ts), the API (operations.ts) and the dataset check (datasets.ts).
 */
export * from './answers';
export * from './pages';
export * from './operations';
export * from './datasets';
export { sha256 } from '../lib/mcp/format';

/**
 * What both transports (stdio.ts, http.ts) hold a message to, before the SDK sees it: its size,
 * and the names the SDK would echo in an error ("Tool … not found"), clipped to a short prefix.
 * No Node built-in here: the edge handler (edge.ts) imports it too.
 */

/** The largest message either transport takes (check_dataset's rows, at most 6 MB escaped, fit). */
export const MAX_MESSAGE_BYTES = 8 * 1048576;

/** An input this long is cut to a prefix before the SDK sees it where the SDK would echo it (an unknown tool's name, a resource URI). */
const MAX_NAME = 200;

/**
 * The message with `params.name` and `params.uri` clipped to 60 characters and "..." when longer
 * than MAX_NAME (changed in place); returns the clipped value, if any (2026-07-28 clients repeat
 * it in the Mcp-Name header, which must then say the same: plain ASCII).
 */
export function clipEchoed(message: unknown): string | undefined {
  const params = (message as { params?: Record<string, unknown> } | null)?.params;
  let clipped: string | undefined;
  for (const key of ['name', 'uri'] as const) {
    const value = params?.[key];
    if (typeof value === 'string' && value.length > MAX_NAME) params![key] = clipped = `${value.slice(0, 60).replace(/[^\x20-\x7e]/g, '?')}...`;
  }
  return clipped;
}

/** The answer to a JSON array (a batch): JSON-RPC 2.0 allowed them, MCP since 2025-06-18 does not; both transports refuse them alike. */
export const BATCH_REFUSAL = 'Invalid Request: a JSON array (a batch) is not an MCP message; send one JSON-RPC message at a time';

/**
 * The most characters of rows check_dataset takes on the edge (edge.ts), a bound per call: a Worker
 * has one thread and a CPU budget per request, and a check of this size takes about 10 ms; checks
 * run one at a time (edge.ts), so other calls (a ping) wait for one at most. Larger data: a server of your own (1,000,000).
 */
export const EDGE_MAX_ROWS = 10_000;

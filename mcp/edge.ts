/**
 * The docs MCP server on a fetch-handler platform: a Cloudflare Worker beside the built pages
 * (wrangler.jsonc: the build folder as static assets, this file as the Worker for /mcp and /mcp/*).
 * It takes no file argument and reads no file system: the build's data comes from the assets
 * binding, read once per isolate; each request gets a fresh server on it (http.ts, stateless).
 * check_dataset takes pasted rows only (no data folder). The same handler runs elsewhere:
 * mcp/README.md, "On the edge".
 */
import { mcpHttpHandler, originKey } from './http';
import { EDGE_MAX_ROWS } from './limits';
import { prepare } from './server';
import { assetSite } from './site';
import { checkDatasetTool, openDocs, ToolError } from './tools';

/** Checks waiting their turn in this isolate, at most (as on Node, check-pool.ts). */
const EDGE_QUEUE_CAP = 16;

/**
 * check_dataset on the edge: rows up to EDGE_MAX_ROWS, one check at a time per isolate, each in a
 * task of its own, so a request that arrives meanwhile (a ping) waits for one check at most, not ten.
 */
const boundedCheck = (docs: Awaited<ReturnType<typeof openDocs>>) => {
  let turn: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return async (input: Parameters<typeof checkDatasetTool>[1]) => {
    if (input.rows !== undefined && input.rows.length > EDGE_MAX_ROWS) {
      throw new ToolError(`on this hosted server, check_dataset takes at most ${EDGE_MAX_ROWS.toLocaleString('en')} characters of rows (these are ${input.rows.length.toLocaleString('en')}): check larger data with a server on your machine (npx -y emissary-docs-mcp), which takes 1,000,000, or with the Python checker`);
    }
    if (waiting >= EDGE_QUEUE_CAP) throw new ToolError(`the server is busy: ${waiting} dataset checks are waiting. Try again in a few seconds.`);
    waiting++;
    const mine = turn.then(() => new Promise((resolve) => setTimeout(resolve, 0))).then(() => {
      waiting--;
      return checkDatasetTool(docs, input);
    });
    turn = mine.catch(() => undefined);
    return mine;
  };
};

export interface Env {
  /** The static assets of the build (wrangler.jsonc `assets.binding`). */
  ASSETS: { fetch(request: Request): Promise<Response> };
}

let handler: Promise<(request: Request) => Promise<Response>> | undefined;

/** The handler of an origin's /mcp, built once per isolate from the assets (forgotten if that fails, so a later request tries again). */
function handlerFor(env: Env, origin: string) {
  handler ??= openDocs(assetSite(env.ASSETS, origin), undefined).then((docs) =>
    // The platform routes by host; a browser may call from the docs' own origin only.
    mcpHttpHandler({ ...prepare(docs), check: boundedCheck(docs) }, { base: origin, host: () => true, origin: (value) => originKey(value) === originKey(origin) }),
  );
  handler.catch(() => (handler = undefined));
  return handler;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname !== '/mcp' && !url.pathname.startsWith('/mcp/')) return env.ASSETS.fetch(request);
    return (await handlerFor(env, url.origin))(request);
  },
};

/**
 * The docs MCP server on a fetch-handler platform: a Cloudflare Worker beside the built pages
 * (wrangler.jsonc: the build folder as static assets, this file as the Worker for /mcp and /mcp/*).
 * It takes no file argument and reads no file system: the build's data comes from the assets
 * binding, read once per isolate; each request gets a fresh server on it (http.ts, stateless).
 * check_dataset takes pasted rows only (no data folder). The same handler runs elsewhere:
 * mcp/README.md, "On the edge".
 */
import { mcpHttpHandler, originKey } from './http';
import { prepare } from './server';
import { assetSite } from './site';
import { openDocs } from './tools';

export interface Env {
  /** The static assets of the build (wrangler.jsonc `assets.binding`). */
  ASSETS: { fetch(request: Request): Promise<Response> };
}

let handler: Promise<(request: Request) => Promise<Response>> | undefined;

/** The handler of an origin's /mcp, built once per isolate from the assets (forgotten if that fails, so a later request tries again). */
function handlerFor(env: Env, origin: string) {
  handler ??= openDocs(assetSite(env.ASSETS, origin), undefined).then((docs) =>
    // The platform routes by host; a browser may call from the docs' own origin only.
    mcpHttpHandler(prepare(docs), { base: origin, host: () => true, origin: (value) => originKey(value) === originKey(origin) }),
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

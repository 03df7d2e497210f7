/**
 * The docs server over HTTP as one web-standard handler, `(Request) => Promise<Response>`: what
 * cli.ts serves with Node's http module and edge.ts on a Worker (or Deno, Bun: anything with a
 * fetch handler). Stateless: each POST to /mcp gets a fresh server on the prepared site
 * (createMcpHandler of the SDK), for 2026-07-28 clients and, without a session, 2025-11-25 ones.
 *
 * Before the SDK sees a request: Host and Origin (scheme, host and port) are checked against the
 * allowed ones (DNS rebinding, pages on other sites), a CORS preflight is answered for allowed
 * origins only, the body is read up to MAX_MESSAGE_BYTES (413 past it), a batch is refused as on
 * stdio, and the names the SDK echoes are clipped. Also served: /mcp/server-card and the MCP Catalog.
 * No Node built-in here.
 */
import { createMcpHandler } from '@modelcontextprotocol/server';
import { REPOSITORY_URL } from '../config/navbar';
import { mcpCatalog, serverCard } from '../lib/mcp/clients';
import { BATCH_REFUSAL, clipEchoed, MAX_MESSAGE_BYTES } from './limits';
import { docsServer, log, type Prepared } from './server';

export interface HttpRules {
  /** The origin clients reach the endpoint at (`https://docs-mcp.example.com`); the card advertises `${base}/mcp`. */
  base: string;
  /** Whether a request's Host header is one this server answers. */
  host: (host: string | null) => boolean;
  /** Whether a browser's Origin (scheme://host[:port], as the browser sends it) may call this server. */
  origin: (origin: string) => boolean;
}

const DEFAULT_PORT: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** An origin (or URL) as scheme://host:port, with the scheme's default port written out; undefined when it is not http(s). */
export function originKey(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (!DEFAULT_PORT[url.protocol] || url.username || url.password) return undefined;
    return `${url.protocol}//${url.hostname.toLowerCase()}:${url.port || DEFAULT_PORT[url.protocol]}`;
  } catch {
    return undefined;
  }
}

/**
 * The rules of a self-hosted server: the loopback names with its port (plain http), the
 * --public-url origin, and each --allowed-host (a name the proxy sends; one without a port matches
 * any port; as an Origin, https only: the proxy does TLS). A Host with the default port of the
 * public URL's scheme (`name:443`) is the same as one without it.
 */
export function selfHostedRules(port: number, publicUrl: string | undefined, allowedHosts: string[]): HttpRules {
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].map((h) => `${h}:${port}`);
  const exact = new Set([...loopback, ...allowedHosts.filter((h) => /:\d+$/.test(h))]);
  const anyPort = new Set(allowedHosts.filter((h) => !/:\d+$/.test(h)));
  const origins = new Set(loopback.map((h) => originKey(`http://${h}`)!));
  if (publicUrl) {
    const url = new URL(publicUrl);
    exact.add(`${url.hostname}:${url.port || DEFAULT_PORT[url.protocol]}`);
    origins.add(originKey(publicUrl)!);
  }
  for (const h of allowedHosts) origins.add(originKey(`https://${h}`)!);
  const hostKey = (h: string) => (/:\d+$/.test(h) ? h : `${h}:${publicUrl ? DEFAULT_PORT[new URL(publicUrl).protocol] : '80'}`);
  return {
    base: publicUrl ?? `http://127.0.0.1:${port}`,
    host: (value) => {
      if (!value) return false;
      const h = value.toLowerCase();
      return exact.has(hostKey(h)) || exact.has(h) || anyPort.has(h.replace(/:\d+$/, ''));
    },
    origin: (value) => {
      const key = originKey(value);
      if (!key) return false;
      if (origins.has(key)) return true;
      const host = new URL(key).hostname;
      return key.startsWith('https:') && anyPort.has(host);
    },
  };
}

const rpcError = (code: number, message: string, id: unknown = null) => ({ jsonrpc: '2.0', error: { code, message }, id });

/** The request's body as text, or undefined when it passes `max` bytes (read as it streams, never held whole past the cap). */
async function boundedText(request: Request, max: number): Promise<string | undefined> {
  if (Number(request.headers.get('content-length') ?? 0) > max) return undefined;
  const reader = request.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    size += part.value.byteLength;
    if (size > max) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(part.value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

/** The headers a preflight may ask for: MCP's own and the usual ones (a browser client sends these). */
const ALLOWED_HEADERS = 'content-type, accept, authorization, mcp-protocol-version, mcp-session-id, mcp-method, mcp-name, last-event-id';

/** The web-standard handler of /mcp, /mcp/server-card and /.well-known/mcp/catalog.json on a prepared site. */
export function mcpHttpHandler(prepared: Prepared, rules: HttpRules): (request: Request) => Promise<Response> {
  const { docs } = prepared;
  const sdk = createMcpHandler(() => docsServer(prepared), {
    maxRequestBodySize: MAX_MESSAGE_BYTES,
    onerror: (error) => log(`HTTP: ${error.message}`),
  });
  return async (request) => {
    const origin = request.headers.get('origin');
    const cors: Record<string, string> = origin ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version', vary: 'Origin' } : {};
    const send = (status: number, value: unknown, type = 'application/json', extra: Record<string, string> = {}) =>
      new Response(JSON.stringify(value, null, 2), { status, headers: { 'content-type': type, ...cors, ...extra } });
    const refuse = (what: string) => new Response(JSON.stringify(rpcError(-32000, `Forbidden: ${what}`)), { status: 403, headers: { 'content-type': 'application/json' } });
    try {
      if (!rules.host(request.headers.get('host') ?? new URL(request.url).host)) return refuse('this server does not answer for that Host (start it with --allowed-host or --public-url to add one)');
      if (origin !== null && !rules.origin(origin)) return refuse('requests from that Origin are not allowed');
      const url = new URL(request.url);
      if (request.method === 'OPTIONS') {
        // A browser's preflight (an allowed Origin: the others got 403 above).
        return new Response(null, { status: 204, headers: { ...cors, allow: 'GET, POST, OPTIONS', 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': ALLOWED_HEADERS, 'access-control-max-age': '600' } });
      }
      if (request.method === 'GET' && url.pathname === '/mcp/server-card') return send(200, serverCard(docs.bundle.site, REPOSITORY_URL, `${rules.base}/mcp`), 'application/mcp-server-card+json');
      if (request.method === 'GET' && url.pathname === '/.well-known/mcp/catalog.json') return send(200, mcpCatalog(docs.bundle.site, `${rules.base}/mcp/server-card`));
      if (url.pathname !== '/mcp') return send(404, { error: 'not found: the MCP endpoint is /mcp' });
      if (request.method !== 'POST') return send(405, rpcError(-32000, 'Method not allowed: this server is stateless, POST to /mcp'), 'application/json', { allow: 'POST, OPTIONS' });
      const body = await boundedText(request, MAX_MESSAGE_BYTES);
      if (body === undefined) return send(413, rpcError(-32600, `Invalid Request: the body is over this server's limit of ${MAX_MESSAGE_BYTES} bytes. Send less (check_dataset: save large rows to a file and pass file).`));
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return send(400, rpcError(-32700, 'Parse error: the body is not JSON'));
      }
      if (Array.isArray(parsed)) return send(400, rpcError(-32600, BATCH_REFUSAL));
      if (!parsed || typeof parsed !== 'object') return send(400, rpcError(-32600, 'Invalid Request: not a JSON-RPC 2.0 message'));
      const headers = new Headers(request.headers);
      const clipped = clipEchoed(parsed);
      if (clipped !== undefined && headers.has('mcp-name')) headers.set('mcp-name', clipped);
      // The SDK reads the parsed body given, not the request's (already read).
      const forward = new Request(request.url, { method: 'POST', headers, signal: request.signal });
      const response = await sdk.fetch(forward, { parsedBody: parsed });
      if (!origin) return response;
      const out = new Headers(response.headers);
      for (const [k, v] of Object.entries(cors)) out.set(k, v);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers: out });
    } catch (error) {
      log(`HTTP request failed: ${error instanceof Error ? error.stack : String(error)}`);
      return send(500, rpcError(-32603, 'internal error: the server could not answer; its log has the details'));
    }
  };
}

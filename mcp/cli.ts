/**
 * The docs MCP server as a command: over stdio by default, `--http <port>` serves Streamable HTTP
 * (http.ts) with Node's http module for self-hosting.
 *
 *   node mcp/run.mjs | node build/_mcp/server.mjs | npx emissary-docs-mcp
 *        [--site <build folder or https URL>] [--data-dir <folder>]
 *        [--http <port> [--host <address>] [--public-url <url>] [--allowed-host <name>]…]
 *
 * It makes no request except to the site it reads, and reads no file outside the build folder and
 * the data folder (check_dataset's files: --data-dir, else the current folder; none when it
 * listens beyond loopback without --data-dir).
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { BUNDLE_FILE } from '../lib/mcp/format';
import { checkPool, serveChecks } from './check-pool';
import { mcpHttpHandler, selfHostedRules } from './http';
import { docsServer, log, prepare, type Prepared } from './server';
import { openSite, SiteError } from './site';
import { BoundedStdioTransport } from './stdio';
import { openDocs } from './tools';

/** The deployed site's URL, fixed when the server is bundled (scripts/bundle-mcp.mjs); the npm package reads it by default. */
declare const EMISSARY_DEFAULT_SITE: string | undefined;

/**
 * The site read without --site: the build this file sits in (mcp/../build from the sources,
 * build/_mcp/.. bundled), or, for a bundled server with no build around it (the npm package), the deployed site.
 */
function defaultSite(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  if (typeof EMISSARY_DEFAULT_SITE !== 'string') return path.join(here, '..', 'build');
  const build = path.join(here, '..');
  return existsSync(path.join(build, BUNDLE_FILE)) ? build : EMISSARY_DEFAULT_SITE;
}

export interface Options {
  site: string;
  /** check_dataset's folder as given; undefined: the current folder, or none beyond loopback. */
  dataDir?: string;
  http?: number;
  host: string;
  /** The URL clients reach the HTTP server at (a proxy's), advertised in its card. */
  publicUrl?: string;
  /** More Host names the HTTP server answers (a proxy's), `name` or `name:port`. */
  allowedHosts: string[];
}

const USAGE =
  'Usage: node server.mjs [--site <build folder or https URL>] [--data-dir <folder>] [--http <port> [--host <address>] [--public-url <url>] [--allowed-host <name[:port]>]…]';

/** --public-url as an origin: http(s), no credentials, no path beyond `/`; anything else is a clear error. */
export function publicUrlOf(value: string): string {
  const bad = (why: string, shown = JSON.stringify(value.slice(0, 100))) => new SiteError(`--public-url ${shown}: ${why}; give the origin clients use, such as https://docs-mcp.example.com`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw bad('not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw bad('not http or https');
  // Not repeated in the log: the value holds a secret.
  if (url.username || url.password) throw bad('it carries a user name or password, which the server card would publish; the server takes none', `(${url.protocol}//…@${url.host})`);
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(value)) throw bad('it has a path, query or fragment');
  return url.origin;
}

export function parseArgs(argv: string[]): Options {
  const options: Options = { site: '', host: '127.0.0.1', allowedHosts: [] };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new SiteError(`${argv[i - 1]} needs a value`);
      return v;
    };
    const arg = argv[i];
    if (arg === '--site') options.site = value();
    else if (arg === '--data-dir') options.dataDir = value();
    else if (arg === '--host') options.host = value();
    else if (arg === '--public-url') options.publicUrl = publicUrlOf(value());
    else if (arg === '--allowed-host') {
      const name = value().toLowerCase();
      if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(name)) throw new SiteError(`--allowed-host ${JSON.stringify(name.slice(0, 100))}: give a host name, optionally with :port`);
      options.allowedHosts.push(name);
    } else if (arg === '--http') {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SiteError(`--http ${argv[i]}: not a port`);
      options.http = port;
    } else throw new SiteError(`unknown argument ${JSON.stringify(arg.slice(0, 60))}. ${USAGE}`);
  }
  if (options.http === undefined && (options.publicUrl || options.allowedHosts.length || options.host !== '127.0.0.1')) throw new SiteError(`--host, --public-url and --allowed-host go with --http. ${USAGE}`);
  options.site ||= defaultSite();
  return options;
}

/**
 * A worker for check_dataset (check-pool.ts): bundled, this very file; from the sources, check-pool.ts
 * through tsx's CommonJS hook (its ES module hooks do not reach a worker thread).
 */
function checkWorker(dataDir: string | undefined): Worker {
  const workerData = { role: 'check-dataset', dataDir };
  if (typeof EMISSARY_DEFAULT_SITE === 'string') return new Worker(new URL(import.meta.url), { workerData });
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const pool = fileURLToPath(new URL('./check-pool.ts', import.meta.url));
  const code = `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(pool)}).serveChecks(require('node:worker_threads').workerData.dataDir);`;
  return new Worker(code, { eval: true, workerData });
}

export const isLoopback = (host: string) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host.toLowerCase());

/** Node's request as a web-standard one (its body streamed, aborted when the client goes). */
function webRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) for (const v of [value ?? []].flat()) headers.append(name, v);
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  return new Request(`${origin}${req.url?.startsWith('/') ? req.url : '/'}`, { method: req.method, headers, body, signal, duplex: 'half' } as RequestInit);
}

/** The HTTP server: the handler of http.ts on Node's http module. */
export function serveHttp(prepared: Prepared, options: { port: number; host: string; publicUrl?: string; allowedHosts?: string[] }) {
  let handle: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  let origin = '';
  const http = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const aborted = new AbortController();
    res.on('close', () => aborted.abort());
    try {
      const response = await handle(webRequest(req, origin, aborted.signal));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (!response.body) return void res.end();
      Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).on('error', () => res.destroy()).pipe(res);
    } catch (error) {
      log(`HTTP request failed: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","error":{"code":-32603,"message":"internal error"},"id":null}');
    }
  });
  return new Promise<typeof http>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      const { port } = http.address() as { port: number };
      origin = `http://127.0.0.1:${port}`;
      handle = mcpHttpHandler(prepared, selfHostedRules(port, options.publicUrl, options.allowedHosts ?? []));
      resolve(http);
    });
  });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const wide = options.http !== undefined && !isLoopback(options.host);
  if (wide && !options.publicUrl) {
    throw new SiteError(`--host ${options.host} listens beyond this machine: give --public-url <the URL clients use> (the server card advertises it, and Host and Origin are checked against it)`);
  }
  // Beyond loopback, check_dataset reads files only from a folder named on purpose.
  const dataDir = options.dataDir ?? (wide ? undefined : process.cwd());
  const site = openSite(options.site);
  const docs = await openDocs(site, dataDir);
  const pool = checkPool(() => checkWorker(docs.dataDir));
  const prepared = { ...prepare(docs), check: pool.run };
  const folder = prepared.docs.dataDir ?? 'none: check_dataset takes pasted rows only (listening beyond loopback without --data-dir)';
  if (options.http !== undefined) {
    const http = await serveHttp(prepared, { port: options.http, host: options.host, publicUrl: options.publicUrl, allowedHosts: options.allowedHosts });
    const { port } = http.address() as { port: number };
    // stderr: stdout stays free for the protocol in stdio mode, and scripts read this line.
    const hosts = [...(options.publicUrl ? [new URL(options.publicUrl).host] : []), ...options.allowedHosts];
    const beyond = wide ? `; listening beyond loopback: answers Host ${hosts.join(', ')} and loopback only; put it behind TLS (a reverse proxy)` : '';
    log(`http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/mcp (site: ${site.location}; data folder: ${folder})${beyond}`);
    return;
  }
  serveStdio(() => docsServer(prepared), { transport: new BoundedStdioTransport(), onerror: (error) => log(`stdio: ${error.message}`) });
  log(`on stdio (site: ${site.location}; data folder: ${folder})`);
}

if (isMainThread) {
  main().catch((error: Error) => {
    log(error instanceof SiteError ? error.message : String(error.stack));
    process.exit(1);
  });
} else if ((workerData as { role?: string } | null)?.role === 'check-dataset') serveChecks((workerData as { dataDir?: string }).dataDir);

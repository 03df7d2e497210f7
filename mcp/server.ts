/**
 * The Emissary docs MCP server (issue #29): search, pages, operations, schemas, changes, errors and
 * the dataset checker, read from a build of this site (its MCP bundle, plugins/mcp) or from the
 * deployed site. Over stdio by default; `--http <port>` serves Streamable HTTP for self-hosting.
 *
 *   node mcp/run.mjs [--site <build folder or https URL>] [--data-dir <folder>]
 *                    [--http <port> [--host <address>] [--public-url <url>] [--allowed-host <name>]…]
 *
 * It makes no request except to the site it reads, and reads no file outside the build folder and
 * the data folder (check_dataset's files: --data-dir, else the current folder; none when it
 * listens beyond loopback without --data-dir). What it builds from the site (bundle, page list,
 * resources, the dataset rules' check) is built once per process.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer, type ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ShapeOutput, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { z } from 'zod';
import { REPOSITORY_URL } from '../config/navbar';
import { RULES_FILE } from '../plugins/mcp/bundle';
import { mcpCatalog, SERVER_NAME, SERVER_VERSION, serverCard } from '../plugins/mcp/clients';
import { openSite, SiteError } from './site';
import { BoundedStdioTransport, MAX_MESSAGE_BYTES } from './stdio';
import { listModels, MODEL_NAMES } from './models';
import {
  allPages,
  checkDatasetTool,
  compact,
  getOperation,
  getPage,
  getSchema,
  listChanges,
  listOperations,
  lookupError,
  MAX_ANSWER_CHARS,
  MAX_BUDGET,
  MAX_INPUT,
  MIN_BUDGET,
  openDocs,
  pageResource,
  searchDocs,
  sha256,
  TASKS,
  ToolError,
  type Answer,
  type Docs,
} from './tools';

const REPO = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_SITE = path.join(REPO, 'build');

type Result = { content: Array<{ type: 'text'; text: string }>; isError?: boolean };

const log = (line: string) => console.error(`emissary-docs MCP server: ${line}`);

/** A tool's answer, or its failure as an error result naming what was wrong (the server keeps running). */
async function answer(work: () => Promise<string | Answer> | string | Answer): Promise<Result> {
  try {
    const out = await work();
    return { content: [{ type: 'text', text: typeof out === 'string' ? out : out.text }] };
  } catch (error) {
    if (error instanceof ToolError || error instanceof SiteError) return { content: [{ type: 'text', text: error.message }], isError: true };
    // An unexpected failure: its details (paths, stack) go to the log, not to the caller.
    log(`internal error: ${error instanceof Error ? error.stack : String(error)}`);
    return { content: [{ type: 'text', text: 'internal error: the server could not answer; its log has the details' }], isError: true };
  }
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** A string input with its length limit. */
const text = (max: number, description: string) => z.string().max(max).describe(description);
/** Every tool's budget: how many characters of the answer, from where. */
const BUDGET = {
  max_chars: z.number().int().min(MIN_BUDGET).max(MAX_BUDGET).optional().describe(`Most characters to return (default ${MAX_ANSWER_CHARS}); a longer answer is cut and says how to get the rest`),
  offset: z.number().int().min(0).max(100_000_000).optional().describe('Where to start in the answer: the offset a cut answer gives, to read on'),
};

/** What every server of this process shares, built once: the site, its pages as resources, the dataset rules' check. */
export interface Prepared {
  docs: Docs;
  resources: Array<{ route: string; title: string; uri: string }>;
  rulesMatch: boolean;
}

export function prepare(docs: Docs): Prepared {
  const resources = allPages(docs).map(([route, title]) => ({ route, title, uri: `${docs.bundle.site.url}${route === '/' ? '/index' : route}.md` }));
  const rulesMatch = sha256(readFileSync(path.join(REPO, RULES_FILE))) === docs.bundle.datasetRules.sha256;
  return { docs, resources, rulesMatch };
}

/** An input this long is cut to a prefix before the SDK sees it where the SDK would echo it (an unknown tool's name, a resource URI). */
const MAX_NAME = 200;

/**
 * Connects a server to a transport, clipping the names the SDK echoes in its errors ("Tool … not
 * found", "Resource … not found") to a short prefix, so no answer repeats a long input.
 */
export async function connect(server: McpServer, transport: Transport) {
  await server.connect(transport);
  const handle = transport.onmessage!;
  transport.onmessage = (message, extra) => {
    const params = (message as { params?: Record<string, unknown> }).params;
    for (const key of ['name', 'uri'] as const) {
      const value = params?.[key];
      if (typeof value === 'string' && value.length > MAX_NAME) params![key] = `${value.slice(0, 60)}…`;
    }
    handle(message, extra);
  };
}

/** An MCP server on the prepared site: cheap (closures over `prepared`), one per stdio process or HTTP request. */
export function docsServer({ docs, resources, rulesMatch }: Prepared): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, title: docs.bundle.site.title, version: SERVER_VERSION },
    {
      instructions:
        `Documentation of the Emissary fine-tuning and inference API (${docs.bundle.site.url}). ` +
        'Start with search_docs (its hits carry the text of the matching sections); read a page or one of its sections with get_page; look up API calls with list_operations and get_operation. ' +
        `Answers hold at most ${MAX_ANSWER_CHARS} characters unless you pass max_chars; a cut answer says so and gives the offset to read on.`,
    },
  );
  const languages = docs.bundle.languages.map((l) => l.id) as [string, ...string[]];
  /** A read-only tool: its title, description and input (plus the budget); a thrown error becomes a tool error. */
  const tool = <S extends ZodRawShapeCompat>(name: string, title: string, description: string, shape: S, run: (input: ShapeOutput<S & typeof BUDGET>) => ReturnType<Parameters<typeof answer>[0]>) => {
    const inputSchema = { ...shape, ...BUDGET };
    // The SDK types the callback by a conditional type that a generic shape cannot narrow.
    server.registerTool(name, { title, description, inputSchema, annotations: READ_ONLY }, ((input: ShapeOutput<S & typeof BUDGET>) => answer(() => run(input))) as unknown as ToolCallback<typeof inputSchema>);
  };
  const language = z.enum(languages);

  // Each tool: name, title, description, input, and what it answers.
  tool('search_docs', 'Search the docs', "Search guides and API reference with the site's own ranking. Words or a question of up to 20 words. Returns pages best first, each with the text of its best match around the query's words (up to 420 characters) and its other matching sections named with their URLs; when nothing matches, says so and names the closest titles.", {
    query: text(MAX_INPUT.query, 'Words, an operationId or a path, e.g. "create training job" or "/v1/datasets"'),
    limit: z.number().int().min(1).max(20).optional().describe('Pages to return (default 5)'),
  }, ({ query, limit, max_chars, offset }) => searchDocs(docs, query, limit, { max_chars, offset }));
  tool('get_page', 'Read a page', 'A page as Markdown (its twin), whole or one section, optionally with the code samples of one language only. The page is a URL or path such as /fine-tuning/datasets; the section an anchor (from search_docs URLs) or heading.', {
    page: text(MAX_INPUT.page, 'URL or path of the page, e.g. /fine-tuning/datasets or https://docs.withemissary.com/errors#404'),
    section: text(MAX_INPUT.section, 'Anchor or heading of one section, e.g. "404" or "Common causes"').optional(),
    language: language.optional().describe(`Keep only this language's code samples (${languages.join(', ')}); others are left out`),
  }, ({ page, section, language, max_chars, offset }) => getPage(docs, page, section, language, { max_chars, offset }));
  tool('list_operations', 'List API operations', 'Every operation of the API (method, path, operationId, summary, tags, page URL), optionally filtered by tag and by words.', {
    tag: text(MAX_INPUT.tag, 'Only operations with this tag, e.g. "Datasets"').optional(),
    text: text(MAX_INPUT.text, 'Words every listed operation contains in its id, summary or path').optional(),
  }, ({ tag, text, max_chars, offset }) => listOperations(docs, tag, text, { max_chars, offset }));
  tool('get_operation', 'Describe an API operation', 'One operation as JSON: method, path, parameters, request and response schemas with examples, its code sample in the chosen language (as on its page), and its error statuses with their body and, once, the /errors guidance.', {
    operation: text(MAX_INPUT.operation, 'operationId (e.g. createTrainingJob), "METHOD /path", or the page URL'),
    language: language.optional().describe(`Code sample language (default curl): ${languages.join(', ')}`),
  }, ({ operation, language, max_chars, offset }) => getOperation(docs, operation, language, { max_chars, offset }));
  tool('get_schema', 'Describe a schema', 'A component schema of the API by name: its fields, types, constraints and example; named schemas inside are named, not expanded.', {
    name: text(MAX_INPUT.name, 'Schema name, e.g. TrainingJobDetail (any case)'),
  }, ({ name, max_chars, offset }) => getSchema(docs, name, { max_chars, offset }));
  tool('list_changes', 'List API changes', 'The API changelog: changes of each release after a release or date, breaking ones marked, with migration notes.', {
    since: text(MAX_INPUT.since, 'A release (e.g. 2025-09) or date (YYYY-MM-DD): only later releases').optional(),
    breaking_only: z.boolean().optional().describe('Only breaking changes'),
  }, ({ since, breaking_only, max_chars, offset }) => listChanges(docs, since, breaking_only, { max_chars, offset }));
  tool('lookup_error', 'Explain an API error', "What an error response means: its documented body (for the operation, when given: some declare a status with no body), common causes, what to do and whether a retry helps (from /errors). Give the status, the body, or both.", {
    status: z.union([z.number().int().min(100).max(599), text(MAX_INPUT.status, 'HTTP status')]).optional().describe('HTTP status, e.g. 404'),
    body: text(MAX_INPUT.body, 'The error response body as received, e.g. {"status":404,"error":"..."}').optional(),
    operation: text(MAX_INPUT.operation, 'The call that got the error: operationId, "METHOD /path" or page URL').optional(),
  }, ({ status, body, operation, max_chars, offset }) => lookupError(docs, status, body, operation, { max_chars, offset }));
  const checkDataset =
    'Checks JSON Lines or CSV training data against the documented dataset rules, as the checker on /fine-tuning/datasets does: problems by line with their fix, and a summary. ' +
    `Give rows (pasted text, at most ${MAX_INPUT.rows.toLocaleString('en')} characters) or file (a path inside the server's data folder, at most 20 MB).`;
  tool('check_dataset', 'Check a fine-tuning dataset', checkDataset, {
    rows: text(MAX_INPUT.rows, 'Rows as text: JSON Lines (one object per line) or CSV with its header').optional(),
    file: text(MAX_INPUT.file, 'Path of a .jsonl or .csv file, relative to the data folder').optional(),
    task: z.enum(TASKS as [string, ...string[]]).optional().describe('The task_type to check for; without it the checker picks the layout'),
    dashboard: z.boolean().optional().describe('The file goes through the dashboard, not the API: no API upload size limit'),
    model: z.enum(MODEL_NAMES).optional().describe('A base model (list_models): count each row with its tokenizer and report the rows over its context window, as the page does'),
  }, async (input) => {
    const out = await checkDatasetTool(docs, input);
    return rulesMatch ? out : { ...out, text: `${out.text}\n\nNote: ${docs.site.where} was built with other dataset rules than this server's ${RULES_FILE}; update your clone.` };
  });

  tool('list_models', 'List base models', 'The base models with their context windows, tokenizers and prompt formats, from the public model card of each (the platform documents neither); the catalogue the dataset checker uses.', {
    name: text(MAX_INPUT.name, 'Only the models whose name contains this (any case), e.g. "Llama"').optional(),
  }, ({ name, max_chars, offset }) => compact(listModels(name), '', { max_chars, offset }));

  // Each page, whole: a resource is read on purpose, so it is never cut (a tool's answer is).
  for (const { route, title, uri } of resources) {
    server.registerResource(title, uri, { title, mimeType: 'text/markdown', description: `Markdown of ${docs.bundle.site.url}${route}` }, async () => ({
      contents: [{ uri, mimeType: 'text/markdown', text: await pageResource(docs, route) }],
    }));
  }
  return server;
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
  'Usage: node mcp/run.mjs [--site <build folder or https URL>] [--data-dir <folder>] [--http <port> [--host <address>] [--public-url <url>] [--allowed-host <name[:port]>]…]';

export function parseArgs(argv: string[]): Options {
  const options: Options = { site: DEFAULT_SITE, host: '127.0.0.1', allowedHosts: [] };
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
    else if (arg === '--public-url') {
      const url = value();
      if (!/^https?:\/\/[^/?#]+\/?$/i.test(url)) throw new SiteError(`--public-url ${url}: give the origin clients use, such as https://docs-mcp.example.com`);
      options.publicUrl = url.replace(/\/$/, '');
    } else if (arg === '--allowed-host') {
      const name = value().toLowerCase();
      if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(name)) throw new SiteError(`--allowed-host ${name}: give a host name, optionally with :port`);
      options.allowedHosts.push(name);
    } else if (arg === '--http') {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SiteError(`--http ${argv[i]}: not a port`);
      options.http = port;
    } else throw new SiteError(`unknown argument ${JSON.stringify(arg.slice(0, 60))}. ${USAGE}`);
  }
  if (options.http === undefined && (options.publicUrl || options.allowedHosts.length || options.host !== '127.0.0.1')) throw new SiteError(`--host, --public-url and --allowed-host go with --http. ${USAGE}`);
  return options;
}

export const isLoopback = (host: string) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host.toLowerCase());

/**
 * Which Host (and Origin host) values the HTTP server answers: the loopback names with its port,
 * the --public-url host and each --allowed-host (one without a port matches any port).
 */
export function hostRule(port: number, publicUrl: string | undefined, allowed: string[]): (host: string | undefined) => boolean {
  const exact = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, ...(publicUrl ? [new URL(publicUrl).host] : []), ...allowed.filter((h) => /:\d+$/.test(h))]);
  const anyPort = new Set(allowed.filter((h) => !/:\d+$/.test(h)));
  return (host) => {
    if (!host) return false;
    const h = host.toLowerCase();
    return exact.has(h) || anyPort.has(h.replace(/:\d+$/, ''));
  };
}

/**
 * Streamable HTTP at /mcp (stateless: a light server per request on the prepared site), the server
 * card at /mcp/server-card and the MCP Catalog. Every route first checks Host and Origin (DNS
 * rebinding, browsers on other sites): a foreign one gets 403. The card advertises the configured
 * endpoint (--public-url, else the loopback address), never one built from the request.
 */
export function serveHttp(prepared: Prepared, options: { port: number; host: string; publicUrl?: string; allowedHosts?: string[] }) {
  const { docs } = prepared;
  let allowed: (host: string | undefined) => boolean = () => false;
  let base = '';
  const http = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    const send = (status: number, value: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, ...(origin ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {}) }).end(JSON.stringify(value, null, 2));
    };
    const refuse = (what: string) => {
      res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: `Forbidden: ${what}` }, id: null }));
    };
    try {
      if (!allowed(req.headers.host)) return refuse('this server does not answer for that Host (start it with --allowed-host or --public-url to add one)');
      if (origin !== undefined) {
        let host: string | undefined;
        try {
          host = /^https?:$/.test(new URL(origin).protocol) ? new URL(origin).host : undefined;
        } catch {
          host = undefined;
        }
        if (!allowed(host)) return refuse('requests from that Origin are not allowed');
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'GET' && url.pathname === '/mcp/server-card') {
        return send(200, serverCard(docs.bundle.site.url, REPOSITORY_URL, `${base}/mcp`), 'application/mcp-server-card+json');
      }
      if (req.method === 'GET' && url.pathname === '/.well-known/mcp/catalog.json') return send(200, mcpCatalog(docs.bundle.site.url, `${base}/mcp/server-card`));
      if (url.pathname !== '/mcp') return send(404, { error: 'not found: the MCP endpoint is /mcp' });
      if (req.method !== 'POST') return send(405, { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless, POST to /mcp' }, id: null });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_MESSAGE_BYTES });
      const server = docsServer(prepared);
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await connect(server, transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      log(`HTTP request failed: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) send(500, { jsonrpc: '2.0', error: { code: -32603, message: 'internal error: the server could not answer; its log has the details' }, id: null });
    }
  });
  return new Promise<typeof http>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, options.host, () => {
      const { port } = http.address() as { port: number };
      allowed = hostRule(port, options.publicUrl, options.allowedHosts ?? []);
      base = options.publicUrl ?? `http://127.0.0.1:${port}`;
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
  const prepared = prepare(await openDocs(site, dataDir));
  const folder = prepared.docs.dataDir ?? 'none: check_dataset takes pasted rows only (listening beyond loopback without --data-dir)';
  if (options.http !== undefined) {
    const http = await serveHttp(prepared, { port: options.http, host: options.host, publicUrl: options.publicUrl, allowedHosts: options.allowedHosts });
    const { port } = http.address() as { port: number };
    // stderr: stdout stays free for the protocol in stdio mode, and scripts read this line.
    const hosts = [new URL(options.publicUrl ?? 'http://x').host, ...options.allowedHosts].filter((h) => h !== 'x');
    const beyond = wide ? `; listening beyond loopback: answers Host ${hosts.join(', ')} and loopback only; put it behind TLS (a reverse proxy)` : '';
    log(`http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/mcp (site: ${site.location}; data folder: ${folder})${beyond}`);
    return;
  }
  const server = docsServer(prepared);
  await connect(server, new BoundedStdioTransport());
  log(`on stdio (site: ${site.location}; data folder: ${folder})`);
}

main().catch((error: Error) => {
  log(error instanceof SiteError ? error.message : String(error.stack));
  process.exit(1);
});

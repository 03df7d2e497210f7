/**
 * The Emissary docs MCP server (issue #29): search, pages, operations, schemas, changes, errors and
 * the dataset checker, read from a build of this site (its MCP bundle, plugins/mcp) or from the
 * deployed site. Over stdio by default; `--http <port>` serves Streamable HTTP for self-hosting.
 *
 *   node mcp/run.mjs [--site <build folder or URL>] [--data-dir <folder>] [--http <port> [--host <address>]]
 *
 * It makes no request except to the site it reads, and reads no file outside the build folder and
 * the data folder (check_dataset's files; the current folder unless --data-dir names another).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer, type ToolCallback } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ShapeOutput, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { REPOSITORY_URL } from '../config/navbar';
import { RULES_FILE } from '../plugins/mcp/bundle';
import { mcpCatalog, SERVER_NAME, SERVER_VERSION, serverCard } from '../plugins/mcp/clients';
import { openSite, SiteError } from './site';
import {
  allPages,
  checkDatasetTool,
  getOperation,
  getPage,
  getSchema,
  listChanges,
  listOperations,
  lookupError,
  MAX_ANSWER_CHARS,
  openDocs,
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

/** A tool's answer, or its failure as an error result naming what was wrong (the server keeps running). */
async function answer(work: () => Promise<string | Answer> | string | Answer): Promise<Result> {
  try {
    const out = await work();
    return { content: [{ type: 'text', text: typeof out === 'string' ? out : out.text }] };
  } catch (error) {
    const known = error instanceof ToolError || error instanceof SiteError;
    const message = known ? (error as Error).message : `internal error: ${error instanceof Error ? error.message : String(error)}`;
    return { content: [{ type: 'text', text: message }], isError: true };
  }
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** Builds the MCP server on one opened site. */
export async function docsServer(docs: Docs): Promise<McpServer> {
  const server = new McpServer(
    { name: SERVER_NAME, title: docs.bundle.site.title, version: SERVER_VERSION },
    {
      instructions:
        `Documentation of the Emissary fine-tuning and inference API (${docs.bundle.site.url}). ` +
        'Start with search_docs; read a page or one of its sections with get_page; look up API calls with list_operations and get_operation. ' +
        `Answers are capped at ${MAX_ANSWER_CHARS} characters and say so when cut.`,
    },
  );
  const languages = docs.bundle.languages.map((l) => l.id) as [string, ...string[]];
  const rulesMatch = sha256(readFileSync(path.join(REPO, RULES_FILE))) === docs.bundle.datasetRules.sha256;
  /** A read-only tool: its title, description and input; `run`'s answer is capped, and a thrown error becomes a tool error. */
  const tool = <S extends ZodRawShapeCompat>(name: string, title: string, description: string, inputSchema: S, run: (input: ShapeOutput<S>) => ReturnType<Parameters<typeof answer>[0]>) =>
    // The SDK types the callback by a conditional type that a generic shape cannot narrow.
    server.registerTool(name, { title, description, inputSchema, annotations: READ_ONLY }, ((input: ShapeOutput<S>) => answer(() => run(input))) as unknown as ToolCallback<S>);

  // Each tool: name, title, description, input, and what it answers.
  tool('search_docs', 'Search the docs', "Search guides and API reference with the site's own ranking. Returns pages best first, each with its matching sections and URLs.", {
    query: z.string().describe('Words, an operationId or a path, e.g. "create training job" or "/v1/datasets"'),
    limit: z.number().int().min(1).max(20).optional().describe('Pages to return (default 5)'),
  }, ({ query, limit }) => searchDocs(docs, query, limit));
  tool('get_page', 'Read a page', 'A page as Markdown (its twin), whole or one section. The page is a URL or path such as /fine-tuning/datasets; the section an anchor (from search_docs URLs) or heading.', {
    page: z.string().describe('URL or path of the page, e.g. /fine-tuning/datasets or https://docs.withemissary.com/errors#404'),
    section: z.string().optional().describe('Anchor or heading of one section, e.g. "404" or "Common causes"'),
  }, ({ page, section }) => getPage(docs, page, section));
  tool('list_operations', 'List API operations', 'Every operation of the API (method, path, operationId, summary, tags, page URL), optionally filtered by tag and by words.', {
    tag: z.string().optional().describe('Only operations with this tag, e.g. "Datasets"'),
    text: z.string().optional().describe('Words every listed operation contains in its id, summary or path'),
  }, ({ tag, text }) => listOperations(docs, tag, text));
  tool('get_operation', 'Describe an API operation', 'One operation as JSON: method, path, parameters, request and response schemas with examples, its code sample in the chosen language (as on its page), and each error status with the /errors guidance.', {
    operation: z.string().describe('operationId (e.g. createTrainingJob), "METHOD /path", or the page URL'),
    language: z.enum(languages).optional().describe(`Code sample language (default curl): ${languages.join(', ')}`),
  }, ({ operation, language }) => getOperation(docs, operation, language));
  tool('get_schema', 'Describe a schema', 'A component schema of the API by name: its fields, types, constraints and example; named schemas inside are named, not expanded.', {
    name: z.string().describe('Schema name, e.g. TrainingJobDetail (any case)'),
  }, ({ name }) => getSchema(docs, name));
  tool('list_changes', 'List API changes', 'The API changelog: changes of each release after a release or date, breaking ones marked, with migration notes.', {
    since: z.string().optional().describe('A release (e.g. 2025-09) or date (YYYY-MM-DD): only later releases'),
    breaking_only: z.boolean().optional().describe('Only breaking changes'),
  }, ({ since, breaking_only }) => listChanges(docs, since, breaking_only));
  tool('lookup_error', 'Explain an API error', 'What an error response means: its documented body, common causes, what to do and whether a retry helps (from /errors). Give the status, the body, or both.', {
    status: z.union([z.number().int(), z.string()]).optional().describe('HTTP status, e.g. 404'),
    body: z.string().optional().describe('The error response body as received, e.g. {"status":404,"error":"..."}'),
  }, ({ status, body }) => lookupError(docs, status, body));
  const checkDataset =
    'Checks JSON Lines or CSV training data against the documented dataset rules, as the checker on /fine-tuning/datasets does: problems by line with their fix, and a summary. ' +
    `Give rows (pasted text) or file (a path inside the server's data folder, at most 20 MB).`;
  tool('check_dataset', 'Check a fine-tuning dataset', checkDataset, {
    rows: z.string().optional().describe('Rows as text: JSON Lines (one object per line) or CSV with its header'),
    file: z.string().optional().describe('Path of a .jsonl or .csv file, relative to the data folder'),
    task: z.enum(TASKS as [string, ...string[]]).optional().describe('The task_type to check for; without it the checker picks the layout'),
    dashboard: z.boolean().optional().describe('The file goes through the dashboard, not the API: no API upload size limit'),
  }, async (input) => {
    const out = await checkDatasetTool(docs, input);
    return rulesMatch ? out : { ...out, text: `${out.text}\n\nNote: ${docs.site.where} was built with other dataset rules than this server's ${RULES_FILE}; update your clone.` };
  });

  for (const [route, title] of await allPages(docs)) {
    const uri = `${docs.bundle.site.url}${route === '/' ? '/index' : route}.md`;
    server.registerResource(title, uri, { title, mimeType: 'text/markdown', description: `Markdown of ${docs.bundle.site.url}${route}` }, async () => {
      const page = await getPage(docs, route);
      return { contents: [{ uri, mimeType: 'text/markdown', text: page.text }] };
    });
  }
  return server;
}

interface Options {
  site: string;
  dataDir: string;
  http?: number;
  host: string;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { site: DEFAULT_SITE, dataDir: process.cwd(), host: '127.0.0.1' };
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
    else if (arg === '--http') {
      const port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SiteError(`--http ${argv[i]}: not a port`);
      options.http = port;
    } else throw new SiteError(`unknown argument ${arg}. Usage: node mcp/run.mjs [--site <build folder or URL>] [--data-dir <folder>] [--http <port> [--host <address>]]`);
  }
  return options;
}

/** Streamable HTTP at /mcp (stateless: a server per request), the server card at /mcp/server-card and the MCP Catalog. */
export function serveHttp(docs: Docs, port: number, host: string) {
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(host);
  const http = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const base = `http://${req.headers.host ?? `${host}:${port}`}`;
    const sendJson = (status: number, value: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*' }).end(JSON.stringify(value, null, 2));
    };
    try {
      if (req.method === 'GET' && url.pathname === '/mcp/server-card') {
        return sendJson(200, serverCard(docs.bundle.site.url, REPOSITORY_URL, `${base}/mcp`), 'application/mcp-server-card+json');
      }
      if (req.method === 'GET' && url.pathname === '/.well-known/mcp/catalog.json') return sendJson(200, mcpCatalog(docs.bundle.site.url, `${base}/mcp/server-card`));
      if (url.pathname !== '/mcp') return sendJson(404, { error: 'not found: the MCP endpoint is /mcp' });
      if (req.method !== 'POST') return sendJson(405, { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless, POST to /mcp' }, id: null });
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
        // Bound to loopback, only requests naming a loopback host are served (DNS rebinding).
        ...(loopback ? { enableDnsRebindingProtection: true, allowedHosts: ['127.0.0.1', 'localhost', '[::1]'].map((h) => `${h}:${(http.address() as { port: number }).port}`) } : {}),
      });
      const server = await docsServer(docs);
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      if (!res.headersSent) sendJson(500, { jsonrpc: '2.0', error: { code: -32603, message: (error as Error).message }, id: null });
    }
  });
  return new Promise<typeof http>((resolve) => http.listen(port, host, () => resolve(http)));
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const docs = await openDocs(openSite(options.site), options.dataDir);
  if (options.http !== undefined) {
    const http = await serveHttp(docs, options.http, options.host);
    const { port } = http.address() as { port: number };
    // stderr: stdout stays free for the protocol in stdio mode, and scripts read this line.
    console.error(`emissary-docs MCP server: http://${options.host}:${port}/mcp (site: ${docs.site.where}; data folder: ${docs.dataDir})`);
    return;
  }
  const server = await docsServer(docs);
  await server.connect(new StdioServerTransport());
  console.error(`emissary-docs MCP server on stdio (site: ${docs.site.where}; data folder: ${docs.dataDir})`);
}

main().catch((error: Error) => {
  console.error(`emissary-docs MCP server: ${error instanceof SiteError ? error.message : error.stack}`);
  process.exit(1);
});

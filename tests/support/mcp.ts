/**
 * Starting the docs MCP server for the tests of tests/mcp: from the sources (mcp/run.mjs), bundled
 * (build/_mcp/server.mjs) or on the edge (wrangler dev: workerd, the build's pages and the Worker);
 * over HTTP, or its Inspector CLI client; and an SDK client of either protocol era.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { BUILD_DIR, routeFile } from './build';
import { freePort } from './prism';

export const ROOT = path.resolve(__dirname, '../..');
export const LAUNCHER = path.join(ROOT, 'mcp/run.mjs');
/** The bundled server `npm run build` writes: one file, run by a bare node. */
export const BUNDLED = path.join(BUILD_DIR, '_mcp/server.mjs');

/** The protocol revision a client speaks: 2026-07-28 (modern, no handshake) or 2025-11-25 (legacy, initialize). */
export type Era = 'modern' | 'legacy';
export const REVISION: Record<Era, string> = { modern: '2026-07-28', legacy: '2025-11-25' };

/** An SDK client of that era, connected over stdio (a command) or Streamable HTTP (an /mcp URL); it checks the revision agreed. */
export async function connectClient(era: Era, target: string[] | string, cwd = os.tmpdir()): Promise<Client> {
  const client = new Client({ name: 'docs-test', version: '1.0.0' }, { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } });
  const transport = typeof target === 'string' ? new StreamableHTTPClientTransport(new URL(target)) : new StdioClientTransport({ command: target[0], args: target.slice(1), cwd, stderr: 'pipe' });
  await client.connect(transport);
  const agreed = client.getNegotiatedProtocolVersion();
  if (agreed !== REVISION[era]) throw new Error(`the ${era} client agreed on ${agreed}, not ${REVISION[era]}`);
  return client;
}
export const TOOLS = ['search_docs', 'get_page', 'list_operations', 'get_operation', 'get_schema', 'list_changes', 'lookup_error', 'check_dataset', 'list_models'];

export type CallResult = { content: Array<{ type: string; text?: string }>; isError?: boolean };
export const resultText = (r: CallResult) => r.content.map((c) => c.text ?? '').join('\n');

export interface Running {
  child: ChildProcess;
  port: number;
  /** What the server wrote to stderr so far. */
  log: () => string;
  stop: () => Promise<void>;
}

/** Starts the server over HTTP with these arguments (after --http <port>); resolves once it listens. */
export async function startHttp(args: string[], host = '127.0.0.1', launcher = LAUNCHER): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [launcher, ...args, '--http', String(port), ...(host === '127.0.0.1' ? [] : ['--host', host])], { cwd: os.tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (d) => {
      log += d;
      if (log.includes('/mcp (site:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${log}`)));
  });
  return running(child, port, () => log, 'SIGTERM');
}

/**
 * `wrangler dev` on wrangler.jsonc: workerd serving the build's pages and the MCP Worker on one port,
 * offline (its warnings about `Request.cf`, which it cannot download, are harmless).
 */
export async function startEdge(): Promise<Running> {
  const port = await freePort();
  const wrangler = path.join(path.dirname(require.resolve('wrangler/package.json')), 'bin/wrangler.js');
  const child = spawn(process.execPath, [wrangler, 'dev', '--config', path.join(ROOT, 'wrangler.jsonc'), '--ip', '127.0.0.1', '--port', String(port), '--show-interactive-dev-session=false'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG_PATH: os.tmpdir(), CI: '1' },
  });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`wrangler dev not ready in 120 s: ${log}`)), 120_000);
    const read = (d: Buffer) => {
      log += d;
      if (log.includes('Ready on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`wrangler dev exited with ${code}: ${log}`)));
  });
  return running(child, port, () => log, 'SIGINT');
}

/** A started server: stopping it sends `signal` (wrangler dev ends its workerd on SIGINT) and waits for the exit. */
function running(child: ChildProcess, port: number, log: () => string, signal: NodeJS.Signals): Running {
  return {
    child,
    port,
    log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

/** Runs a server with these arguments to its exit (one that refuses to start): its exit code and stderr. */
export function runToExit(args: string[], timeoutMs = 30_000, launcher = LAUNCHER): Promise<{ code: number | null; log: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [launcher, ...args], { cwd: os.tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    child.stderr!.on('data', (d) => (log += d));
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`still running after ${timeoutMs} ms: ${log}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, log });
    });
  });
}

/**
 * The MCP Inspector's command-line mode (@modelcontextprotocol/inspector-cli; the whole Inspector
 * needs Node 22), an independent client: `target` is a command with its arguments (stdio) or an
 * /mcp URL (Streamable HTTP). Its build/index.js checks for "../package.json" against the current
 * folder but imports it next to itself, so it runs from a folder whose parent holds one: mcp/.
 */
export function inspect(target: string[], ...args: string[]): Promise<string> {
  const cli = path.join(path.dirname(require.resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build/index.js');
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...target, ...args], { cwd: path.join(ROOT, 'mcp'), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (err += d));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`inspector exited with ${code}: ${err}${out}`))));
  });
}

/** The text of a highlighted code block of the built HTML (lines are <br/>, tokens are spans). */
export const codeText = (code: string) =>
  code
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trimEnd();

/** The code blocks of a built page. */
export async function pageCode(route: string): Promise<string[]> {
  const html = await fs.readFile(routeFile(route), 'utf8');
  return [...html.matchAll(/<code[^>]*>([\s\S]*?)<\/code>/g)].map((m) => codeText(m[1]));
}

/**
 * Pings `pinger` one after another while `work` runs, and returns how long each took (ms). A server
 * that runs the work on its event loop answers the first ping only when the work is done, so fewer
 * than three pings fit and the median is long.
 */
export async function pingsDuring(pinger: { ping(): Promise<unknown> }, work: Promise<unknown>): Promise<number[]> {
  let done = false;
  void work.finally(() => (done = true)).catch(() => undefined);
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    await pinger.ping();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await work;
  return times;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A GET with a Host header of our choosing ('' sends none), as a DNS-rebinding page or a stray client would: its status. */
export function rawStatus(port: number, route: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${route} HTTP/1.1\r\n${host ? `Host: ${host}\r\n` : ''}Connection: close\r\n\r\n`);
    });
    let data = '';
    socket.on('data', (d: Buffer) => (data += d));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1])));
    socket.on('error', reject);
  });
}

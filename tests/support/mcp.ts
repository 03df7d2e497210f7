/** Starting the docs MCP server (mcp/run.mjs) for the tests of tests/mcp: over HTTP, or its Inspector CLI client. */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './prism';

export const ROOT = path.resolve(__dirname, '../..');
export const LAUNCHER = path.join(ROOT, 'mcp/run.mjs');
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
export async function startHttp(args: string[], host = '127.0.0.1'): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [LAUNCHER, ...args, '--http', String(port), ...(host === '127.0.0.1' ? [] : ['--host', host])], { cwd: os.tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (d) => {
      log += d;
      if (log.includes('/mcp (site:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${log}`)));
  });
  return {
    child,
    port,
    log: () => log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}

/** Runs a server with these arguments to its exit (one that refuses to start): its exit code and stderr. */
export function runToExit(args: string[], timeoutMs = 30_000): Promise<{ code: number | null; log: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LAUNCHER, ...args], { cwd: os.tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
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

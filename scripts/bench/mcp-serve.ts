/**
 * `BENCH_ONLY=mcp`, part two: the docs MCP server as it ships (issue 52). The bundled server's size
 * and how soon it first answers on stdio (budgets: at most 2 MB, within 0.5 s of start; the sources
 * through tsx beside it), and requests per second and p95 latency of `search_docs` and
 * `get_operation` on Node (build/_mcp/server.mjs --http) and on workerd (wrangler dev: the Worker
 * of build/_mcp/edge.mjs), same machine, same run, same clients (2026-07-28).
 *
 * A figure, not a test: nothing here passes or fails; budgets are reported.
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient, LAUNCHER, startEdge, startHttp, type Running } from '../../tests/support/mcp';

export const MAX_SERVER_BYTES = 2 * 1048576;
export const MAX_FIRST_ANSWER_MS = 500;

export interface Throughput {
  tool: string;
  calls: number;
  rps: number;
  p50Ms: number;
  p95Ms: number;
}

export interface ServeBench {
  serverBytes: number;
  firstAnswerMs: { bundled: number; sources: number };
  node: Throughput[];
  workerd: Throughput[];
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

/** Start to the first line on stdout after an initialize written at once: median of `runs`. */
async function firstAnswer(args: string[], runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })}\n`);
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    times.push(performance.now() - started);
    child.kill();
  }
  return Math.round(pct(times, 50));
}

/** `calls` calls of one tool from `clients` clients at once (each sequential): requests per second and latency. */
async function load(clients: Client[], tool: string, args: Record<string, unknown>, calls: number): Promise<Throughput> {
  await clients[0].callTool({ name: tool, arguments: args }); // warm
  const latencies: number[] = [];
  let left = calls;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (left-- > 0) {
        const t = performance.now();
        await client.callTool({ name: tool, arguments: args });
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { tool, calls, rps: Math.round(calls / seconds), p50Ms: Math.round(pct(latencies, 50)), p95Ms: Math.round(pct(latencies, 95)) };
}

async function throughput(endpoint: string, calls: number): Promise<Throughput[]> {
  const clients = await Promise.all(Array.from({ length: 8 }, () => connectClient('modern', endpoint)));
  try {
    return [
      await load(clients, 'search_docs', { query: 'create training job', limit: 5 }, calls),
      await load(clients, 'get_operation', { operation: 'createTrainingJob', language: 'python' }, calls),
    ];
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
  }
}

export async function benchServe(buildDir: string, calls: number, log: (msg: string) => void): Promise<ServeBench> {
  const bundled = path.join(buildDir, '_mcp/server.mjs');
  const serverBytes = statSync(bundled).size;
  const firstAnswerMs = { bundled: await firstAnswer([bundled, '--site', buildDir], 5), sources: await firstAnswer([LAUNCHER, '--site', buildDir], 3) };
  log(`mcp: server.mjs ${serverBytes} bytes; first answer on stdio ${firstAnswerMs.bundled} ms (sources: ${firstAnswerMs.sources} ms)`);
  const run = async (start: () => Promise<Running>) => {
    const server = await start();
    try {
      return await throughput(`http://127.0.0.1:${server.port}/mcp`, calls);
    } finally {
      await server.stop();
    }
  };
  const node = await run(() => startHttp(['--site', buildDir], '127.0.0.1', bundled));
  const workerd = await run(startEdge);
  return { serverBytes, firstAnswerMs, node, workerd };
}

export function serveReport(r: ServeBench): string {
  const rows = (where: string, ts: Throughput[]) => ts.map((t) => `| ${where} | \`${t.tool}\` | ${t.calls} | ${t.rps} | ${t.p50Ms} | ${t.p95Ms} |`);
  return [
    '### Docs MCP server as it ships: size, start, throughput',
    '',
    '| budget | value | limit | pass |',
    '| --- | ---: | ---: | --- |',
    `| build/_mcp/server.mjs bytes | ${r.serverBytes} | ≤ ${MAX_SERVER_BYTES} | ${r.serverBytes <= MAX_SERVER_BYTES ? 'yes' : 'NO'} |`,
    `| first answer on stdio, ms from start (median of 5) | ${r.firstAnswerMs.bundled} | ≤ ${MAX_FIRST_ANSWER_MS} | ${r.firstAnswerMs.bundled <= MAX_FIRST_ANSWER_MS ? 'yes' : 'NO'} |`,
    '',
    `From the sources through tsx (mcp/run.mjs), for comparison: first answer in ${r.firstAnswerMs.sources} ms.`,
    '',
    'Requests per second and latency, 8 clients of revision 2026-07-28 at once over Streamable HTTP on loopback, the same build:',
    '',
    '| runtime | tool | calls | requests/s | p50 ms | p95 ms |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows('Node (server.mjs --http)', r.node),
    ...rows('workerd (wrangler dev)', r.workerd),
  ].join('\n');
}

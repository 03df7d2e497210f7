/**
 * `BENCH_ONLY=mcp`: what the costliest accepted `search_docs` call costs the docs MCP server (issue 40):
 * the server (mcp/run.mjs over Streamable HTTP on loopback) reads a build, and the SDK's client sends
 * the longest query the schema accepts, made of the words that match the most sections, asking for
 * the most pages. Measured from the server process itself (/proc: CPU time and resident memory), so a
 * busy machine lengthens the wall time but not the CPU figure. Then the same call 8 times at once
 * while a ping waits: how long one client's heaviest calls hold up another's.
 *
 * A figure, not a test: nothing here passes or fails.
 */
import { readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/client';
import { MAX_INPUT, MAX_QUERY_WORDS } from '../../mcp/tools';
import { connectClient, startHttp } from '../../tests/support/mcp';

/** Words found in most sections of this site: each matches widely, so the ranking has the most to do. */
const COMMON = ['training', 'dataset', 'model', 'job', 'deployment', 'project', 'request', 'response', 'checkpoint', 'api', 'the', 'status'];

/** The longest accepted query: the common words, then more of them, cut at the schema's maximum length. */
export const COSTLIEST_QUERY = Array.from({ length: 60 }, (_, i) => COMMON[i % COMMON.length]).join(' ').slice(0, MAX_INPUT.query);

export interface McpBench {
  query: { chars: number; distinctWords: number; wordsUsed: number; limit: number };
  runs: number;
  cpuMs: { median: number; max: number };
  wallMs: { median: number; max: number };
  concurrent: { calls: number; wallMs: number; pingMs: number };
  rssMiB: number;
}

/** CPU time (user + system) of a process so far, in ms, and its resident memory in MiB. */
function usage(pid: number): { cpuMs: number; rssMiB: number } {
  // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses; clock ticks of 10 ms.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m)?.[1] ?? 0);
  return { cpuMs: ticks * 10, rssMiB: rss / 1024 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchMcp(buildDir: string, runs: number, log: (msg: string) => void): Promise<McpBench> {
  const server = await startHttp(['--site', buildDir]);
  const { child } = server;
  const endpoint = `http://127.0.0.1:${server.port}/mcp`;
  const clients: Client[] = [];
  const connect = async () => {
    // A 2025-11-25 client: the ping below is a request of that revision (2026-07-28 has none).
    const client = await connectClient('legacy', endpoint);
    clients.push(client);
    return client;
  };
  try {
    const client = await connect();
    const call = () => client.callTool({ name: 'search_docs', arguments: { query: COSTLIEST_QUERY, limit: 20 } });
    await call(); // Warm: the first call loads the index shards it needs.
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < runs; i++) {
      const before = usage(child.pid!).cpuMs;
      const started = performance.now();
      await call();
      wall.push(performance.now() - started);
      cpu.push(usage(child.pid!).cpuMs - before);
    }
    log(`mcp: search_docs of ${COSTLIEST_QUERY.length} characters, ${runs} runs: CPU ${median(cpu)} ms median`);
    const others = await Promise.all(Array.from({ length: 3 }, connect));
    const started = performance.now();
    const load = Array.from({ length: 8 }, (_, i) => others[i % others.length].callTool({ name: 'search_docs', arguments: { query: COSTLIEST_QUERY, limit: 20 } }));
    const pinged = performance.now();
    await client.ping();
    const pingMs = performance.now() - pinged;
    await Promise.all(load);
    const concurrentMs = performance.now() - started;
    const distinct = new Set(COSTLIEST_QUERY.trim().split(/\s+/)).size;
    return {
      query: { chars: COSTLIEST_QUERY.length, distinctWords: distinct, wordsUsed: Math.min(distinct, MAX_QUERY_WORDS), limit: 20 },
      runs,
      cpuMs: { median: median(cpu), max: Math.max(...cpu) },
      wallMs: { median: Math.round(median(wall)), max: Math.round(Math.max(...wall)) },
      concurrent: { calls: 8, wallMs: Math.round(concurrentMs), pingMs: Math.round(pingMs) },
      rssMiB: Math.round(usage(child.pid!).rssMiB),
    };
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await server.stop();
  }
}

export function mcpReport(r: McpBench, buildDir: string): string {
  return [
    `### Docs MCP server: the costliest accepted search (${buildDir})`,
    '',
    `search_docs with the longest query the schema takes (${r.query.chars} characters, ${r.query.distinctWords} distinct words, of which the server uses ${r.query.wordsUsed}), limit ${r.query.limit}, over Streamable HTTP on loopback; the server's own CPU time from /proc (10 ms ticks), ${r.runs} runs after one warm-up.`,
    '',
    '| figure | value |',
    '| --- | ---: |',
    `| CPU per call, median / max | ${r.cpuMs.median} / ${r.cpuMs.max} ms |`,
    `| wall per call, median / max | ${r.wallMs.median} / ${r.wallMs.max} ms |`,
    `| ${r.concurrent.calls} such calls at once from 3 clients: all answered in | ${r.concurrent.wallMs} ms |`,
    `| a ping from a 4th client meanwhile | ${r.concurrent.pingMs} ms |`,
    `| server resident memory after | ${r.rssMiB} MiB |`,
  ].join('\n');
}

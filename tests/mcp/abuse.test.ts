/**
 * The docs MCP server (mcp/server.ts) under abuse, against the real build: oversized, malformed and
 * hostile messages over raw stdio and HTTP get JSON-RPC or tool errors that echo nothing past a
 * short prefix, and the server keeps answering; a batch is refused alike on both; HTTP checks Host
 * and Origin (scheme included) on every route, answers a CORS preflight for allowed origins only and
 * advertises only its configured endpoint; a bounded concurrent load is answered in full while a
 * ping still gets through, and pings stay quick while ten of the largest checks run. Configuration: config.test.ts.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import os from 'node:os';
import { after, before, describe, test } from 'node:test';
import { BUILD_DIR } from '../support/build';
import { connectClient, LAUNCHER, median, pingsDuring, rawStatus, resultText, startHttp, type CallResult, type Running } from '../support/mcp';
import { MAX_INPUT } from '../../mcp/tools';
import { BATCH_REFUSAL, MAX_MESSAGE_BYTES } from '../../mcp/limits';

/** No answer repeats more than 60 characters of an input: a run this long of the filler means an echo. */
const ECHO = 'q'.repeat(61);
/** The largest query search_docs takes, in distinct words (each one a shard to read). */
const LONGEST_QUERY = Array.from({ length: 60 }, (_, i) => `w${i}x${'abcdefghij'[i % 10]}`).join(' ').slice(0, MAX_INPUT.query);

type Reply = { id: number | string | null; result?: unknown; error?: { code: number; message: string } };

/** The server over raw stdio: lines written as given, replies read by id. */
class RawStdio {
  child: ChildProcessWithoutNullStreams;
  log = '';
  private replies: Reply[] = [];
  private buffer = '';
  private waiters: Array<() => void> = [];

  constructor(args: string[]) {
    this.child = spawn(process.execPath, [LAUNCHER, ...args], { cwd: os.tmpdir() });
    this.child.stderr.on('data', (d) => (this.log += d));
    this.child.stdout.on('data', (d) => {
      this.buffer += d;
      let nl;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        this.replies.push(JSON.parse(this.buffer.slice(0, nl)) as Reply);
        this.buffer = this.buffer.slice(nl + 1);
      }
      for (const w of this.waiters.splice(0)) w();
    });
  }

  write(line: string | Buffer) {
    return new Promise<void>((resolve) => (this.child.stdin.write(line) ? resolve() : this.child.stdin.once('drain', resolve)));
  }

  async reply(match: (r: Reply) => boolean, timeoutMs = 30_000): Promise<Reply> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.replies.find(match);
      if (found) {
        this.replies.splice(this.replies.indexOf(found), 1);
        return found;
      }
      if (this.child.exitCode !== null) throw new Error(`the server exited with ${this.child.exitCode}: ${this.log}`);
      if (Date.now() > deadline) throw new Error(`no reply in ${timeoutMs} ms; log: ${this.log}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  async request(id: number, method: string, params?: unknown) {
    await this.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })}\n`);
    return this.reply((r) => r.id === id);
  }

  async stop() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill();
    await exited;
  }
}

describe('over raw stdio', () => {
  let raw: RawStdio;
  before(async () => {
    raw = new RawStdio(['--site', BUILD_DIR, '--data-dir', os.tmpdir()]);
    const init = await raw.request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'abuse', version: '1' } });
    assert.ok(init.result, JSON.stringify(init));
    await raw.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  });
  after(() => raw.stop());

  test('a line that is not JSON, or not JSON-RPC, gets an error and a log line', async () => {
    await raw.write('{"jsonrpc": "2.0", "id": 5, "method": \n');
    assert.equal((await raw.reply((r) => r.error?.code === -32700)).id, null);
    await raw.write('{"hello": "world", "id": 6}\n');
    assert.deepEqual((await raw.reply((r) => r.id === 6)).error?.code, -32600);
    assert.match(raw.log, /refused a line of \d+ characters on stdin that is not JSON/);
    assert.match(raw.log, /refused a JSON line on stdin that is not a JSON-RPC message/);
    assert.ok((await raw.request(7, 'ping')).result);
  });

  test('a batch (a JSON array) gets the same JSON-RPC error as over HTTP, and a log line', async () => {
    await raw.write(`${JSON.stringify([{ jsonrpc: '2.0', id: 8, method: 'ping' }, { jsonrpc: '2.0', id: 9, method: 'ping' }])}\n`);
    const reply = await raw.reply((r) => r.error?.message === BATCH_REFUSAL);
    assert.deepEqual(reply, { jsonrpc: '2.0', id: null, error: { code: -32600, message: BATCH_REFUSAL } });
    // stderr may come after stdout.
    for (let i = 0; i < 50 && !raw.log.includes('refused a JSON-RPC batch on stdin'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.match(raw.log, /refused a JSON-RPC batch on stdin/);
  });

  test('a message over the limit (9 and 22 MB) gets a JSON-RPC error for its id and a log line, and the server keeps answering', async () => {
    for (const [id, megabytes] of [[10, 9], [11, 22]] as const) {
      // As the SDK's client writes a request: the id last.
      const query = ECHO.repeat(Math.ceil((megabytes * 1048576) / ECHO.length));
      await raw.write(`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"search_docs","arguments":{"query":"${query}"}},"id":${id}}\n`);
      const reply = await raw.reply((r) => r.id === id);
      assert.equal(reply.error?.code, -32600);
      assert.match(reply.error!.message, new RegExp(`over this server's limit of ${MAX_MESSAGE_BYTES} bytes`));
      assert.ok(!JSON.stringify(reply).includes(ECHO));
    }
    assert.match(raw.log, /refused a message of \d+ bytes on stdin \(the limit is \d+\); answered with a JSON-RPC error/);
    assert.ok((await raw.request(12, 'ping')).result, 'the server stopped answering');
    assert.equal(raw.child.exitCode, null);
  });

  test('hostile requests: long names, URIs and arguments are refused without being echoed', async () => {
    const long = ECHO.repeat(20_000);
    const replies = [
      await raw.request(20, 'tools/call', { name: long, arguments: {} }),
      await raw.request(21, 'resources/read', { uri: `https://docs.withemissary.com/${long}.md` }),
      await raw.request(22, 'tools/call', { name: 'search_docs', arguments: { query: long } }),
      await raw.request(23, 'tools/call', { name: 'get_page', arguments: { page: long, section: long } }),
      await raw.request(24, 'tools/call', { name: 'lookup_error', arguments: { body: long } }),
      await raw.request(25, 'tools/call', { name: 'search_docs', arguments: { query: 'x', limit: 1e9, max_chars: -1, offset: -5 } }),
      await raw.request(26, 'tools/call', { name: 'search_docs', arguments: [long] }),
      await raw.request(27, long.slice(0, 5000)),
    ];
    // A CSV header of about 400,000 characters: the checker's message quotes it, the answer at most a prefix of it.
    const header = await raw.request(29, 'tools/call', { name: 'check_dataset', arguments: { rows: `${ECHO.repeat(6500)},b\nx,y\n` } });
    assert.match(resultText(header.result as CallResult), /wrong-header|error/);
    assert.ok(!JSON.stringify(header).includes(ECHO.repeat(4)), JSON.stringify(header).slice(0, 300));
    for (const reply of replies) {
      const out = JSON.stringify(reply);
      assert.ok(reply.error || (reply.result as CallResult).isError, `accepted: ${out.slice(0, 300)}`);
      assert.ok(!out.includes(ECHO), `echoed: ${out.slice(0, 300)}`);
      assert.ok(out.length < 3000, `${out.length} characters: ${out.slice(0, 300)}`);
    }
    assert.ok((await raw.request(28, 'ping')).result);
  });

  test('the largest rows check_dataset takes fit in a message (a million characters, all escaped)', async () => {
    // Worst case: every character written as a \u escape, 6 bytes each.
    const rows = '\u0001'.repeat(MAX_INPUT.rows);
    assert.ok(JSON.stringify(rows).length < MAX_MESSAGE_BYTES - 1000);
    const reply = await raw.request(30, 'tools/call', { name: 'check_dataset', arguments: { rows } });
    const result = reply.result as CallResult;
    assert.ok(result && !resultText(result).startsWith('MCP error'), JSON.stringify(reply).slice(0, 300));
    const over = await raw.request(31, 'tools/call', { name: 'check_dataset', arguments: { rows: `${rows}x` } });
    assert.match(resultText(over.result as CallResult), /Input validation error.*rows/s);
  });
});

describe('over HTTP', () => {
  let server: Running;
  let endpoint: string;
  before(async () => {
    server = await startHttp(['--site', BUILD_DIR]);
    endpoint = `http://127.0.0.1:${server.port}/mcp`;
  });
  after(() => server.stop());

  const post = (headers: Record<string, string>, body: string, url = endpoint) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });
  const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'abuse', version: '1' } } });

  test('a foreign Origin or Host gets 403 on every route; the own origin is served', async () => {
    const routes = ['/mcp', '/mcp/server-card', '/.well-known/mcp/catalog.json', '/nowhere'];
    const base = `http://127.0.0.1:${server.port}`;
    for (const route of routes) {
      // fetch sets Host from the URL; a DNS-rebinding page reaches this port under another name, as here.
      const get = (headers: Record<string, string>) => fetch(`${base}${route}`, { headers });
      assert.equal((await get({ origin: 'http://evil.example' })).status, 403, `${route}: foreign Origin`);
      assert.equal((await get({ origin: 'null' })).status, 403, `${route}: null Origin`);
      assert.equal((await get({ origin: `http://127.0.0.1:${server.port + 1}` })).status, 403, `${route}: another port`);
    }
    assert.equal((await post({ origin: 'http://evil.example' }, INIT)).status, 403);
    assert.equal((await post({ origin: `http://127.0.0.1:${server.port}` }, INIT)).status, 200);
    assert.equal((await post({ origin: `http://localhost:${server.port}` }, INIT)).status, 200);
    assert.equal((await post({}, INIT)).status, 200);
    // Host: node's fetch will not send another, so a raw request.
    for (const route of routes) {
      for (const host of ['evil.example', `evil.example:${server.port}`, '']) {
        const status = await rawStatus(server.port, route, host);
        assert.equal(status, host === '' ? 400 : 403, `${route} with Host "${host}"`);
      }
    }
  });

  test('Origin is compared with its scheme, and a preflight is answered for allowed origins only', async () => {
    const own = `http://127.0.0.1:${server.port}`;
    // The same host and port under another scheme is another origin.
    assert.equal((await post({ origin: `https://127.0.0.1:${server.port}` }, INIT)).status, 403);
    const preflight = (origin: string) => fetch(endpoint, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' } });
    const allowed = await preflight(own);
    assert.equal(allowed.status, 204);
    assert.equal(allowed.headers.get('access-control-allow-origin'), own);
    assert.match(allowed.headers.get('access-control-allow-methods')!, /POST/);
    assert.match(allowed.headers.get('access-control-allow-headers')!, /content-type.*mcp-protocol-version/);
    const foreign = await preflight('https://evil.example');
    assert.equal(foreign.status, 403);
    assert.equal(foreign.headers.get('access-control-allow-origin'), null);
    // The answer to an allowed origin carries the header a browser needs to read it.
    assert.equal((await post({ origin: own }, INIT)).headers.get('access-control-allow-origin'), own);
  });

  test('a batch (a JSON array) gets the same JSON-RPC error as on stdio', async () => {
    const batch = await post({}, JSON.stringify([JSON.parse(INIT), { jsonrpc: '2.0', id: 2, method: 'ping' }]));
    assert.equal(batch.status, 400);
    assert.deepEqual(await batch.json(), { jsonrpc: '2.0', error: { code: -32600, message: BATCH_REFUSAL }, id: null });
  });

  test('a ping is answered within 100 ms while ten of the largest accepted checks run (check_dataset runs in workers)', async () => {
    const [checker, pinger] = await Promise.all([connectClient('modern', endpoint), connectClient('legacy', endpoint)]);
    try {
      const rows = '{"prompt":"Classify this ticket","completion":"billing"}\n'.repeat(18_000).slice(0, MAX_INPUT.rows);
      const checks = Promise.all(Array.from({ length: 10 }, () => checker.callTool({ name: 'check_dataset', arguments: { rows } }) as Promise<CallResult>));
      // On a shared machine one ping may wait for a core: the median of the pings taken while the checks run.
      const times = await pingsDuring(pinger, checks);
      for (const r of await checks) assert.ok(!r.isError && /^The pasted rows: /.test(resultText(r)), resultText(r).slice(0, 300));
      console.log(`pings during ten 1,000,000-character checks: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
      assert.ok(times.length >= 3 && median(times) < 100, `pings took ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
    } finally {
      await Promise.all([checker.close(), pinger.close()]);
    }
  });

  test('the card advertises the configured endpoint, whatever Host the request names', async () => {
    const card = (await (await fetch(`http://localhost:${server.port}/mcp/server-card`)).json()) as { remotes: Array<{ url: string }> };
    assert.equal(card.remotes[0].url, endpoint);
    const catalog = (await (await fetch(`http://localhost:${server.port}/.well-known/mcp/catalog.json`)).json()) as { entries: Array<{ url: string }> };
    assert.equal(catalog.entries[0].url, `${endpoint}/server-card`);
  });

  test('an oversized or malformed body gets a JSON-RPC error, echoing nothing', async () => {
    const big = await post({}, 'q'.repeat(MAX_MESSAGE_BYTES + 1024));
    assert.equal(big.status, 413);
    const bad = await post({}, `{"jsonrpc":"2.0","id":1,"method":"${ECHO.repeat(100)}`);
    assert.equal(bad.status, 400);
    assert.ok(!(await bad.text()).includes(ECHO));
  });

  test('a bounded concurrent load (40 calls, the costliest inputs) is answered in full, and a ping gets through', async () => {
    const started = Date.now();
    const clients = await Promise.all(
      Array.from({ length: 4 }, (_, i) => connectClient(i % 2 ? 'legacy' : 'modern', endpoint)),
    );
    try {
      const rows = '{"prompt":"Classify this ticket","completion":"billing"}\n'.repeat(4000);
      const calls: Array<[string, Record<string, unknown>]> = [
        ['search_docs', { query: LONGEST_QUERY, limit: 20 }],
        ['search_docs', { query: 'dataset upload training job deployment', limit: 20 }],
        ['get_page', { page: '/guides/grpo', max_chars: 100_000 }],
        ['get_operation', { operation: 'createTrainingJob', language: 'python' }],
        ['check_dataset', { rows }],
        ['list_operations', {}],
        ['lookup_error', { status: 400 }],
        ['list_changes', {}],
      ];
      const work = Array.from({ length: 40 }, (_, i) => {
        const [name, args] = calls[i % calls.length];
        return clients[i % clients.length].callTool({ name, arguments: args }) as Promise<CallResult>;
      });
      // ping is a 2025-11-25 request (2026-07-28 has none): the legacy client's.
      const pinged = Date.now();
      await clients[1].ping();
      const ping = Date.now() - pinged;
      const results = await Promise.all(work);
      for (const [i, r] of results.entries()) {
        assert.ok(!r.isError, `${calls[i % calls.length][0]}: ${resultText(r).slice(0, 300)}`);
        const budget = (calls[i % calls.length][1].max_chars as number | undefined) ?? 20_000;
        assert.ok(resultText(r).length <= budget, `${calls[i % calls.length][0]}: ${resultText(r).length} characters`);
      }
      const took = Date.now() - started;
      console.log(`40 concurrent calls in ${took} ms; a ping during them took ${ping} ms`);
      assert.ok(took < 60_000, `${took} ms`);
      assert.ok(ping < 15_000, `a ping waited ${ping} ms`);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });
});

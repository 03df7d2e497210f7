/**
 * The docs MCP server (mcp/server.ts) under abuse, against the real build: oversized, malformed and
 * hostile messages over raw stdio and HTTP get JSON-RPC or tool errors that echo nothing past a
 * short prefix, and the server keeps answering; HTTP checks Host and Origin on every route and
 * advertises only its configured endpoint; beyond loopback it needs --public-url and reads no files
 * without --data-dir; --site takes https only, with a time-out and a streamed size cap; a bounded
 * concurrent load on loopback is answered in full while a ping still gets through.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { createServer } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BUILD_DIR } from '../support/build';
import { freePort } from '../support/prism';
import { connectClient, LAUNCHER, resultText, runToExit, startHttp, type CallResult, type Running } from '../support/mcp';
import { getPage, MAX_INPUT, openDocs } from '../../mcp/tools';
import { BATCH_REFUSAL, MAX_MESSAGE_BYTES } from '../../mcp/limits';
import { MAX_SITE_FILE_BYTES, remoteSite } from '../../mcp/site';

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
      const checks = Array.from({ length: 10 }, () => checker.callTool({ name: 'check_dataset', arguments: { rows } }) as Promise<CallResult>);
      // Let the checks arrive and start first.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await pinger.ping();
        times.push(performance.now() - started);
      }
      const results = await Promise.all(checks);
      for (const r of results) assert.ok(!r.isError && /^The pasted rows: /.test(resultText(r)), resultText(r).slice(0, 300));
      console.log(`pings during ten 1,000,000-character checks: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
      assert.ok(Math.max(...times) < 100, `a ping waited ${Math.max(...times).toFixed(0)} ms`);
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

/** A GET with a Host header of our choosing ('' sends none), as a DNS-rebinding page or a stray client would: its status. */
function rawStatus(port: number, route: string, host: string): Promise<number> {
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

describe('configuration', () => {
  test('--public-url is advertised and --allowed-host answered; other names are not', async () => {
    const server = await startHttp(['--site', BUILD_DIR, '--public-url', 'https://mcp.example.com', '--allowed-host', 'proxy.internal']);
    try {
      assert.equal(await rawStatus(server.port, '/mcp/server-card', 'mcp.example.com'), 200);
      // The default port of the public URL's scheme, written out, is the same host.
      assert.equal(await rawStatus(server.port, '/mcp/server-card', 'mcp.example.com:443'), 200);
      assert.equal(await rawStatus(server.port, '/mcp/server-card', 'mcp.example.com:8443'), 403);
      assert.equal(await rawStatus(server.port, '/mcp/server-card', 'proxy.internal:8080'), 200);
      assert.equal(await rawStatus(server.port, '/mcp/server-card', 'other.internal'), 403);
      const card = (await (await fetch(`http://127.0.0.1:${server.port}/mcp/server-card`, { headers: { origin: 'https://mcp.example.com' } })).json()) as { remotes: Array<{ url: string }> };
      assert.equal(card.remotes[0].url, 'https://mcp.example.com/mcp');
      assert.equal((await fetch(`http://127.0.0.1:${server.port}/mcp/server-card`, { headers: { origin: 'https://evil.example' } })).status, 403);
    } finally {
      await server.stop();
    }
  });

  test('--public-url is validated: a clear error, never a stack trace, and credentials are refused without being repeated', async () => {
    for (const [url, says] of [
      ['https://exa mple.com', /--public-url "https:\/\/exa mple\.com": not a URL/],
      ['ftp://mcp.example.com', /not http or https/],
      ['https://mcp.example.com/mcp?x=1', /it has a path, query or fragment/],
      ['https://admin:s3cret@mcp.example.com', /carries a user name or password, which the server card would publish/],
    ] as const) {
      const run = await runToExit(['--site', BUILD_DIR, '--http', '0', '--public-url', url]);
      assert.equal(run.code, 1, url);
      assert.match(run.log, says);
      assert.doesNotMatch(run.log, /\n\s+at |s3cret/, run.log);
    }
  });

  test('beyond loopback: --public-url is required, and without --data-dir no file is read (and the start says so)', async () => {
    // 127.0.0.2 is this machine, but not a loopback name the server trusts by default: it is treated as beyond loopback.
    const refused = await runToExit(['--site', BUILD_DIR, '--http', '0', '--host', '127.0.0.2']);
    assert.equal(refused.code, 1);
    assert.match(refused.log, /--host 127\.0\.0\.2 listens beyond this machine: give --public-url/);
    const server = await startHttp(['--site', BUILD_DIR, '--public-url', 'https://mcp.example.com', '--allowed-host', '127.0.0.2'], '127.0.0.2');
    try {
      assert.match(server.log(), /data folder: none: check_dataset takes pasted rows only/);
      assert.match(server.log(), /listening beyond loopback: answers Host mcp\.example\.com, 127\.0\.0\.2 and loopback only/);
      const client = await connectClient('modern', `http://127.0.0.2:${server.port}/mcp`);
      try {
        const file = (await client.callTool({ name: 'check_dataset', arguments: { file: 'x.jsonl' } })) as CallResult;
        assert.equal(file.isError, true);
        assert.match(resultText(file), /this server reads no files \(it listens beyond loopback without --data-dir, or runs on the edge\)/);
        const rows = (await client.callTool({ name: 'check_dataset', arguments: { rows: '{"prompt":"a","completion":"b"}\n' } })) as CallResult;
        assert.ok(!rows.isError, resultText(rows));
      } finally {
        await client.close();
      }
    } finally {
      await server.stop();
    }
  });

  test('--site takes https (plain http on loopback only), and offline it advises checking the connection', async () => {
    const http = await runToExit(['--site', 'http://docs.example.com']);
    assert.equal(http.code, 1);
    assert.match(http.log, /use an https URL \(plain http only on this machine/);
    const offline = await runToExit(['--site', `https://127.0.0.1:${await freePort()}`]);
    assert.equal(offline.code, 1);
    assert.match(offline.log, /cannot reach it .*check your connection and the URL, or read a local build with --site <build folder>/);
    assert.doesNotMatch(offline.log, /npm run build/);
  });

  test('--site: a page that times out is reported as timed out, not as a missing page', async () => {
    // A host that serves the build, but never answers for a Markdown twin.
    const host = createServer((req, res) => {
      if (req.url!.endsWith('.md')) return;
      fs.readFile(path.join(BUILD_DIR, decodeURIComponent(req.url!.split('?')[0]))).then(
        (body) => res.writeHead(200).end(body),
        () => res.writeHead(404).end(),
      );
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const docs = await openDocs(remoteSite(`http://127.0.0.1:${(host.address() as { port: number }).port}`, 500), undefined);
      await assert.rejects(getPage(docs, '/errors'), (error: Error) => /timed out \(no answer within 0\.5 s\)/.test(error.message) && !/no page/.test(error.message));
      await assert.rejects(getPage(docs, '/no-such-page'), /timed out/);
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });

  test('--site: a silent host times out, and a body over the cap is refused while it streams', async () => {
    let sent = 0;
    const host = createServer((req, res) => {
      if (req.url === '/silent.json') return; // never answers
      res.writeHead(200, { 'content-type': 'application/json' }); // no length: chunked
      const chunk = Buffer.alloc(1048576, 0x20);
      const push = () => {
        while (sent < 64 * 1048576) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', push);
        }
        res.end();
      };
      push();
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(host.address() as { port: number }).port}`;
    try {
      const site = remoteSite(base, 500);
      const started = Date.now();
      await assert.rejects(site.text('silent.json'), /timed out \(no answer within 0\.5 s\); check your connection/);
      assert.ok(Date.now() - started < 5000);
      await assert.rejects(remoteSite(base, 30_000).text('big.json'), new RegExp(`over the ${MAX_SITE_FILE_BYTES}-byte limit`));
      // The reader stopped: the host did not get to send all 64 MB.
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.ok(sent < 64 * 1048576, `${sent} bytes sent`);
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });
});


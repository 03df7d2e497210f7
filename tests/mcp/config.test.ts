/**
 * The docs MCP server's configuration, against the real build: --public-url is validated and
 * advertised, --allowed-host answered (a Host with the default port too); beyond loopback it needs
 * --public-url and reads no files without --data-dir; --site takes https only, and a site that times
 * out, or sends too much, says so.
 */
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { describe, test } from 'node:test';
import { BUILD_DIR } from '../support/build';
import { freePort } from '../support/prism';
import { connectClient, rawStatus, resultText, runToExit, startHttp, type CallResult } from '../support/mcp';
import { getPage, openDocs } from '../../mcp/tools';
import { MAX_SITE_FILE_BYTES, remoteSite } from '../../mcp/site';

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


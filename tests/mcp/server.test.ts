/**
 * The docs MCP server (mcp/server.ts) driven by the SDK's own client, over stdio and over
 * Streamable HTTP, against the real build: every tool listed with a valid schema, answers on the
 * bundle, and bad input answered with a tool error (the server keeps running, reads nothing outside).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { BUILD_DIR, routeFile } from '../support/build';
import { BAD, SAMPLES } from '../support/dataset-samples';
import { freePort } from '../support/prism';
import { serve } from '../../scripts/serve-static';

const ROOT = path.resolve(__dirname, '../..');
const LAUNCHER = path.join(ROOT, 'mcp/run.mjs');
const TOOLS = ['search_docs', 'get_page', 'list_operations', 'get_operation', 'get_schema', 'list_changes', 'lookup_error', 'check_dataset'];

type CallResult = { content: Array<{ type: string; text?: string }>; isError?: boolean };
const text = (r: CallResult) => r.content.map((c) => c.text ?? '').join('\n');

/** The text of a highlighted code block of the built HTML (lines are <br/>, tokens are spans). */
const codeText = (code: string) =>
  code
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trimEnd();

/** A sample as the built page shows it: the code block in the language's panel. */
async function pageSample(route: string, language: string): Promise<string> {
  const html = await fs.readFile(routeFile(route), 'utf8');
  // The panel (a <div>), not its tab's <label>.
  const panel = html.search(new RegExp(`<div [^>]*data-language=${language}>`));
  assert.ok(panel > 0, `${route}: no ${language} panel in the built page`);
  return codeText(/<code[^>]*>([\s\S]*?)<\/code>/.exec(html.slice(panel))![1]);
}

/** The code blocks of a built page. */
async function pageCode(route: string): Promise<string[]> {
  const html = await fs.readFile(routeFile(route), 'utf8');
  return [...html.matchAll(/<code[^>]*>([\s\S]*?)<\/code>/g)].map((m) => codeText(m[1]));
}

let dataDir: string;
let outside: string;

before(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcp-data-'));
  outside = await fs.mkdtemp(path.join(os.tmpdir(), 'mcp-outside-'));
  await fs.copyFile(path.join(SAMPLES, 'bad', 'broken-lines.jsonl'), path.join(dataDir, 'broken-lines.jsonl'));
  // 50 MB without writing 50 MB: a sparse file has the size the server must refuse from.
  const big = await fs.open(path.join(dataDir, 'big.jsonl'), 'w');
  await big.truncate(50 * 1048576);
  await big.close();
  await fs.writeFile(path.join(outside, 'secret.jsonl'), '{"prompt":"outside","completion":"x"}\n');
  await fs.symlink(path.join(outside, 'secret.jsonl'), path.join(dataDir, 'link.jsonl'));
});

after(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(outside, { recursive: true, force: true });
});

/** The checks both transports must pass. */
function suite(name: string, connect: () => Promise<{ client: Client; stop: () => Promise<void> }>) {
  describe(name, () => {
    let client: Client;
    let stop: () => Promise<void>;
    const call = async (tool: string, args: Record<string, unknown>) => (await client.callTool({ name: tool, arguments: args })) as CallResult;
    const ok = async (tool: string, args: Record<string, unknown>) => {
      const r = await call(tool, args);
      assert.ok(!r.isError, `${tool} ${JSON.stringify(args)} failed: ${text(r)}`);
      return text(r);
    };
    const fails = async (tool: string, args: Record<string, unknown>, says: RegExp) => {
      const r = await call(tool, args);
      assert.equal(r.isError, true, `${tool} ${JSON.stringify(args)} should fail, answered: ${text(r).slice(0, 300)}`);
      assert.match(text(r), says);
    };

    before(async () => ({ client, stop } = await connect()));
    after(async () => stop?.());

    test('lists every tool with a valid JSON Schema for its input', async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort());
      const ajv = new Ajv({ strict: false });
      for (const tool of tools) {
        assert.ok(tool.description && tool.description.length > 20, `${tool.name} has no description`);
        assert.equal(tool.inputSchema.type, 'object', tool.name);
        assert.ok(ajv.validateSchema(tool.inputSchema), `${tool.name}: ${ajv.errorsText(ajv.errors)}`);
        assert.ok(Object.keys(tool.inputSchema.properties ?? {}).length > 0, `${tool.name} documents no input`);
      }
    });

    test('search_docs("create training job") ranks the operation first', async () => {
      const answer = await ok('search_docs', { query: 'create training job' });
      const first = answer.split('\n')[0];
      assert.match(first, /^1\. Create SFT training job \[POST \/v1\/projects\/\{project_id\}\/training-jobs\] https:\/\/\S+\/api\/create-training-job$/);
    });

    test('get_operation carries the curl sample the built page shows, and its errors with guidance', async () => {
      const answer = JSON.parse(await ok('get_operation', { operation: 'createTrainingJob', language: 'curl' }));
      assert.equal(answer.method, 'POST');
      assert.equal(answer.sample.code, await pageSample('/api/create-training-job', 'curl'));
      assert.match(answer.responses['400'].error.guidance, /\/errors#400$/);
      assert.match(answer.responses['400'].error.retry, /^No\./);
      const python = JSON.parse(await ok('get_operation', { operation: 'POST /v1/projects/{project_id}/training-jobs', language: 'python' }));
      assert.equal(python.sample.code, await pageSample('/api/create-training-job', 'python'));
    });

    test('get_page returns a twin whole or one section', async () => {
      const whole = await ok('get_page', { page: '/errors' });
      assert.match(whole, /^Source: https:\/\/\S+\/errors\n\n# Errors/);
      const section = await ok('get_page', { page: '/errors', section: '404' });
      assert.match(section, /^Source: \S+\/errors#404\n\n## 404 Not Found/);
      assert.doesNotMatch(section, /## 401/);
      // A long page is cut at the cap, with a note naming its sections.
      const long = await ok('get_page', { page: 'https://docs.withemissary.com/guides/grpo' });
      assert.ok(long.length <= 20_000, String(long.length));
      assert.match(long, /\[Truncated: 20000 of \d+ characters shown .*Ask get_page for one section .*"Before you start"/);
    });

    test('list_operations, get_schema and lookup_error answer from the bundle', async () => {
      assert.match(await ok('list_operations', { text: 'training job' }), /POST \/v1\/projects\/\{project_id\}\/training-jobs {2}createTrainingJob/);
      const schema = JSON.parse(await ok('get_schema', { name: 'apierrorinvalidinput' }));
      assert.equal(schema.name, 'ApiErrorInvalidInput');
      const error = await ok('lookup_error', { body: '{"status":404,"error":"not found"}' });
      assert.match(error, /^# 404 Not Found\nGuidance: https:\/\/\S+\/errors#404/);
      assert.match(error, /## Retry\?\nNo\./);
      assert.match(await ok('lookup_error', { status: 503 }), /503 is not declared by the API/);
    });

    test('list_changes lists the embeddings rewrite as breaking', async () => {
      const answer = await ok('list_changes', { since: '2025-09' });
      assert.match(answer, /### BREAKING POST \S+ \(getEmbeddingsFromDeployment\)/);
      assert.match(answer, /\*\*Breaking:\*\*/);
      // Since the newest release's date (openapi/history/releases.yaml): nothing after it.
      const newest = (parse(await fs.readFile(path.join(ROOT, 'openapi/history/releases.yaml'), 'utf8')) as Array<{ date: string }>).map((r) => String(r.date)).sort().at(-1)!;
      assert.match(await ok('list_changes', { since: newest }), new RegExp(`No release after ${newest}`));
      assert.doesNotMatch(await ok('list_changes', { since: '2026-03-18' }), /No release after/);
    });

    test('check_dataset names the bad lines of a bad file, and of pasted rows', async () => {
      const answer = await ok('check_dataset', { file: 'broken-lines.jsonl' });
      const lines = [...answer.matchAll(/^- line (\d+): error/gm)].map((m) => Number(m[1]));
      assert.deepEqual(lines, BAD['broken-lines.jsonl'].lines);
      assert.match(answer, BAD['broken-lines.jsonl'].says!);
      const pasted = await ok('check_dataset', { rows: '{"prompt":"a","completion":"b"}\n{"prompt":"a"\n' });
      assert.match(pasted, /^- line 2: error invalid-json/m);
    });

    test('bad input gets a clear tool error, and the server keeps answering', async () => {
      await fails('get_operation', { operation: 'createTrainingJobs2' }, /unknown operation "createTrainingJobs2"/);
      await fails('search_docs', { query: '  ' }, /query is empty/);
      await fails('check_dataset', { file: 'big.jsonl' }, /big\.jsonl is 50\.0 MB; check_dataset reads at most 20 MB/);
      await fails('check_dataset', { file: '../../../../etc/passwd' }, /outside the folder this server may read/);
      await fails('check_dataset', { file: 'link.jsonl' }, /outside the folder this server may read/);
      await fails('check_dataset', { file: path.join(outside, 'secret.jsonl') }, /outside the folder this server may read/);
      await fails('get_page', { page: '/../../../etc/passwd' }, /not a page path|no page/);
      await fails('get_page', { page: 'https://example.com/errors' }, /not a page of/);
      await fails('get_schema', { name: 'NoSuchSchema' }, /unknown schema/);
      await fails('list_changes', { since: 'yesterday' }, /neither a release/);
      assert.match(await ok('search_docs', { query: 'datasets' }), /^1\. /);
    });

    test('pages are resources', async () => {
      const { resources } = await client.listResources();
      const datasets = resources.find((r) => r.uri === 'https://docs.withemissary.com/fine-tuning/datasets.md');
      assert.ok(datasets, 'no resource for /fine-tuning/datasets');
      assert.equal(datasets.mimeType, 'text/markdown');
      const read = await client.readResource({ uri: datasets.uri });
      const body = (read.contents[0] as { text: string }).text;
      const twin = await fs.readFile(path.join(BUILD_DIR, 'fine-tuning/datasets.md'), 'utf8');
      assert.ok(body.startsWith(`Source: https://docs.withemissary.com/fine-tuning/datasets\n\n${twin.slice(0, 2000)}`), body.slice(0, 300));
    });
  });
}

suite('over stdio', async () => {
  const transport = new StdioClientTransport({ command: process.execPath, args: [LAUNCHER, '--site', BUILD_DIR, '--data-dir', dataDir], cwd: os.tmpdir(), stderr: 'pipe' });
  const client = new Client({ name: 'docs-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stop: () => client.close() };
});

// Self-hosted over HTTP, reading the site from its URL (the build served as a host serves it).
suite('over Streamable HTTP, reading the site from its URL', async () => {
  const site = await serve({ dir: BUILD_DIR, port: await freePort() });
  const siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [LAUNCHER, '--site', siteUrl, '--data-dir', dataDir, '--http', String(port)], { cwd: os.tmpdir(), stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (d) => {
      log += d;
      if (log.includes('/mcp (site:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${log}`)));
  });
  const endpoint = `http://127.0.0.1:${port}/mcp`;
  // The card of the self-hosted server names its endpoint; the catalog points to the card.
  const card = (await (await fetch(`${endpoint}/server-card`)).json()) as { remotes: Array<{ type: string; url: string }> };
  assert.deepEqual(card.remotes, [{ type: 'streamable-http', url: endpoint }]);
  const catalog = (await (await fetch(`http://127.0.0.1:${port}/.well-known/mcp/catalog.json`)).json()) as { entries: Array<{ url: string }> };
  assert.equal(catalog.entries[0].url, `${endpoint}/server-card`);
  const client = new Client({ name: 'docs-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
  return {
    client,
    stop: async () => {
      await client.close();
      child.kill();
      await new Promise((resolve) => site.close(resolve));
    },
  };
});

test('the Cursor and VS Code configurations /ai-agents shows start a server a client can use', async () => {
  const blocks = await pageCode('/ai-agents');
  const site = await serve({ dir: BUILD_DIR, port: await freePort() });
  const siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  try {
    for (const key of ['mcpServers', 'servers']) {
      const block = blocks.find((b) => b.startsWith(`{\n  "${key}"`));
      assert.ok(block, `no ${key} configuration on /ai-agents`);
      const { command, args } = (JSON.parse(block) as Record<string, Record<string, { command: string; args: string[] }>>)[key]['emissary-docs'];
      assert.equal(command, 'node');
      // The reader's clone is this one; the published site is the build served here.
      const local = args.map((a) => a.replace('/path/to/emissary-docs', ROOT).replace('https://docs.withemissary.com', siteUrl));
      assert.notDeepEqual(local, args, 'the configuration names no clone folder or site to replace');
      const client = new Client({ name: 'docs-test', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command: process.execPath, args: local, cwd: os.tmpdir(), stderr: 'pipe' }));
      try {
        const answer = (await client.callTool({ name: 'search_docs', arguments: { query: 'dataset checker' } })) as CallResult;
        assert.ok(!answer.isError, text(answer));
      } finally {
        await client.close();
      }
    }
    assert.ok(blocks.some((b) => b.startsWith('claude mcp add emissary-docs -- node /path/to/emissary-docs/mcp/run.mjs --site https://docs.withemissary.com')), 'no Claude Code command');
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
});

/**
 * The MCP Inspector's command-line mode (@modelcontextprotocol/inspector-cli; the whole Inspector
 * needs Node 22). Its build/index.js checks for "../package.json" against the current folder but
 * imports it next to itself, so it runs from a folder whose parent holds one: mcp/.
 */
test('the MCP Inspector CLI lists the tools and calls search_docs', async () => {
  const cli = path.join(path.dirname(require.resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build/index.js');
  const inspect = (...args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [cli, process.execPath, LAUNCHER, '--site', BUILD_DIR, ...args], { cwd: path.join(ROOT, 'mcp'), stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (err += d));
      child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`inspector exited with ${code}: ${err}${out}`))));
    });
  const listed = JSON.parse(await inspect('--method', 'tools/list')) as { tools: Array<{ name: string }> };
  assert.deepEqual(listed.tools.map((t) => t.name).sort(), [...TOOLS].sort());
  const called = JSON.parse(await inspect('--method', 'tools/call', '--tool-name', 'search_docs', '--tool-arg', 'query=create training job')) as CallResult;
  assert.match(text(called), /^1\. Create SFT training job /);
});

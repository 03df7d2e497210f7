/**
 * The docs MCP server with nothing installed (issue 52): the build's build/_mcp/server.mjs is one
 * file of plain JavaScript within its size budget, and build/_mcp is the npm package the /ai-agents
 * configurations start with `npx`. Packed with `npm pack` and installed from the tarball offline into
 * an empty folder, it runs there with no node_modules of its own and answers over stdio.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BUILD_DIR } from '../support/build';
import { freePort } from '../support/prism';
import { BUNDLED, connectClient, pageCode, resultText as text, type CallResult } from '../support/mcp';
import { serve } from '../../scripts/serve-static';
import { packageName } from '../../lib/mcp/clients';

/** Emissary's package: the site's title in kebab case (lib/mcp/clients.ts). */
const PACKAGE_NAME = packageName({ title: 'Emissary Docs' });

/** The budget of the server's code (issue 52): what `npx` fetches and node parses at start. */
const MAX_SERVER_BYTES = 2 * 1048576;

let folder: string;
let tarball: string;

before(async () => {
  folder = await fs.mkdtemp(path.join(os.tmpdir(), 'mcp-package-'));
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', folder], { cwd: path.dirname(BUNDLED), encoding: 'utf8' })) as Array<{ filename: string; files: Array<{ path: string }>; name: string }>;
  tarball = path.join(folder, packed[0].filename);
  assert.equal(packed[0].name, PACKAGE_NAME);
  // The server, and the tokenizers it loads only for check_dataset's `model` (scripts/bundle-mcp.mjs).
  const files = packed[0].files.map((f) => f.path).sort();
  assert.deepEqual(files.filter((f) => !/^chunks\/[\w-]+\.mjs$/.test(f)), ['package.json', 'server.mjs']);
  assert.ok(files.some((f) => f.startsWith('chunks/')), 'the package carries no tokenizer chunk');
  // An empty project folder: the tarball installed offline, as npx installs a package into its cache.
  await fs.writeFile(path.join(folder, 'package.json'), '{"private":true}\n');
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: folder, stdio: 'ignore' });
});

after(() => fs.rm(folder, { recursive: true, force: true }));

test('build/_mcp/server.mjs is plain JavaScript within its budget, and the package carries only it, its lazily loaded chunks and its package.json', async () => {
  const code = await fs.readFile(BUNDLED, 'utf8');
  assert.ok(code.length <= MAX_SERVER_BYTES, `${code.length} bytes, over ${MAX_SERVER_BYTES}`);
  assert.match(code, /^#!\/usr\/bin\/env node\n/);
  // Nothing it imports at run time but Node's own modules and its own chunks.
  const imports = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(imports.filter((i) => !i.startsWith('node:') && !/^\.\/chunks\/[\w-]+\.mjs$/.test(i)))], []);
  const installed = path.join(folder, 'node_modules', PACKAGE_NAME);
  assert.deepEqual((await fs.readdir(installed)).sort(), ['chunks', 'package.json', 'server.mjs']);
});

test('the configurations /ai-agents shows start the packed server with npx, in an empty folder, on a site by its URL', async () => {
  const site = await serve({ dir: BUILD_DIR, port: await freePort() });
  const siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  const blocks = await pageCode('/ai-agents');
  try {
    const commands: Array<{ command: string; args: string[] }> = [];
    for (const key of ['mcpServers', 'servers']) {
      const block = blocks.find((b) => b.startsWith(`{\n  "${key}"`));
      assert.ok(block, `no ${key} configuration on /ai-agents`);
      const { command, args } = (JSON.parse(block) as Record<string, Record<string, { command: string; args: string[] }>>)[key]['emissary-docs'];
      commands.push({ command, args });
    }
    const claude = blocks.find((b) => b.startsWith('claude mcp add emissary-docs -- '));
    assert.ok(claude, 'no Claude Code command');
    const [command, ...args] = claude.slice('claude mcp add emissary-docs -- '.length).split(' ');
    commands.push({ command, args });
    for (const config of commands) {
      assert.deepEqual(config, { command: 'npx', args: ['-y', PACKAGE_NAME, '--site', 'https://docs.withemissary.com'] });
      // npx finds the package installed in this folder (offline: nothing is fetched); the published site is the build served here.
      const client = await connectClient('modern', ['npx', '--offline', ...config.args.map((a) => a.replace('https://docs.withemissary.com', siteUrl))], folder);
      try {
        const answer = (await client.callTool({ name: 'search_docs', arguments: { query: 'dataset checker' } })) as CallResult;
        assert.ok(!answer.isError, text(answer));
        assert.match(text(answer), /^1\. /);
      } finally {
        await client.close();
      }
    }
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
});

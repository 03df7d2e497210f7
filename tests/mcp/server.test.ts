/**
 * The docs MCP server driven by the SDK's own client of each protocol era (2026-07-28, 2025-11-25),
 * from the sources, bundled (build/_mcp/server.mjs) and on the edge (workerd), over stdio and
 * Streamable HTTP, against the real build: one suite for all; every tool listed with a valid schema and bounded
 * inputs, answers on the bundle (search hits with their text, a language filter, budgets that say
 * how to read on, whole page resources), and bad input answered with a tool error that echoes at
 * most a short prefix (the server keeps running, reads nothing outside). Abuse: abuse.test.ts.
 */
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
// The SDK declares its tools' schemas as JSON Schema 2020-12.
import Ajv from 'ajv/dist/2020';
import { parse } from 'yaml';
import type { Client } from '@modelcontextprotocol/client';
import { BUILD_DIR, routeFile } from '../support/build';
import { BAD, SAMPLES } from '../support/dataset-samples';
import { freePort } from '../support/prism';
import { BUNDLED, codeText, connectClient, inspect, median, pingsDuring, LAUNCHER, resultText as text, ROOT, startEdge, startHttp, TOOLS, type CallResult, type Era, type Running } from '../support/mcp';
import { SEARCH_TEXT_CHARS } from '../../mcp/tools';
import { serve } from '../../scripts/serve-static';
import type { McpBundle } from '../../lib/mcp/bundle';
import { EDGE_MAX_ROWS } from '../../mcp/limits';

/** A sample as the built page shows it: the code block in the language's panel. */
async function pageSample(route: string, language: string): Promise<string> {
  const html = await fs.readFile(routeFile(route), 'utf8');
  // The panel (a <div>), not its tab's <label>.
  const panel = html.search(new RegExp(`<div [^>]*data-language=${language}>`));
  assert.ok(panel > 0, `${route}: no ${language} panel in the built page`);
  return codeText(/<code[^>]*>([\s\S]*?)<\/code>/.exec(html.slice(panel))![1]);
}


let dataDir: string;
let outside: string;

before(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mcp-data-'));
  outside = await fs.mkdtemp(path.join(os.tmpdir(), 'mcp-outside-'));
  await fs.copyFile(path.join(SAMPLES, 'bad', 'broken-lines.jsonl'), path.join(dataDir, 'broken-lines.jsonl'));
  // A name that starts with two dots is inside the folder, not above it.
  await fs.copyFile(path.join(SAMPLES, 'bad', 'broken-lines.jsonl'), path.join(dataDir, '..dots.jsonl'));
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

/** The checks every server, transport and era must pass; `files`: whether the server has a data folder (the edge has none). */
function suite(name: string, connect: () => Promise<{ client: Client; stop: () => Promise<void> }>, { files = true } = {}) {
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

    test('lists every tool with a valid JSON Schema, a length limit on every string and a budget', async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort());
      const ajv = new Ajv({ strict: false });
      /** Every string a schema takes, with or without a maxLength (enums are bounded by their values). */
      const strings = (schema: Record<string, unknown>, at: string): Array<[string, unknown]> => {
        if (schema.type === 'string' && !schema.enum) return [[at, schema.maxLength]];
        return ['anyOf', 'oneOf'].flatMap((k) => ((schema[k] as Array<Record<string, unknown>> | undefined) ?? []).flatMap((s, i) => strings(s, `${at}.${k}[${i}]`)));
      };
      for (const tool of tools) {
        assert.ok(tool.description && tool.description.length > 20, `${tool.name} has no description`);
        assert.equal(tool.inputSchema.type, 'object', tool.name);
        assert.ok(ajv.validateSchema(tool.inputSchema), `${tool.name}: ${ajv.errorsText(ajv.errors)}`);
        const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
        assert.ok(Object.keys(properties).length > 2, `${tool.name} documents no input`);
        for (const [name, schema] of Object.entries(properties)) {
          for (const [at, max] of strings(schema, `${tool.name}.${name}`)) assert.ok(typeof max === 'number' && max > 0 && max <= 1_000_000, `${at} has no maxLength`);
        }
        assert.equal(properties.max_chars?.type, 'integer', `${tool.name} takes no max_chars`);
        assert.equal(properties.offset?.type, 'integer', `${tool.name} takes no offset`);
      }
    });

    test('search_docs ranks the operation first, and each hit carries its section text around the match', async () => {
      const answer = await ok('search_docs', { query: 'create training job' });
      const first = answer.split('\n')[0];
      assert.match(first, /^1\. Create SFT training job \[POST \/v1\/projects\/\{project_id\}\/training-jobs\] https:\/\/\S+\/api\/create-training-job$/);
      // "How do I stream responses?" is answered in the hit itself: the deployment page's section says there is no streamed reply.
      const stream = await ok('search_docs', { query: 'stream chat completions responses' });
      assert.match(stream, /^ {3}.*no `stream` field and the reference documents no streamed reply/m);
      // Bounded: one excerpt per page, of at most the search's window (plus the ellipses), and about 4,000 characters in all.
      for (const query of ['dataset', 'how do I upload a file bigger than 5 MB', 'deploy a model', 'training job']) {
        const answer = await ok('search_docs', { query });
        assert.ok(answer.length <= 4_200, `"${query}": ${answer.length} characters`);
        for (const block of answer.split(/\n(?=\d+\. )/).slice(1)) {
          const excerpts = block.split('\n').filter((line) => /^ {3}(?!section "|also: )\S/.test(line)).map((line) => line.slice(3));
          assert.ok(excerpts.join('\n').length <= SEARCH_TEXT_CHARS + 4, `"${query}": ${block.slice(0, 300)}`);
        }
        assert.doesNotMatch(answer, /\]\(\//, 'a link by path in an excerpt');
      }
    });

    test('search_docs says when nothing matched, and names the closest titles', async () => {
      const none = await ok('search_docs', { query: 'SOC 2 compliance' });
      assert.match(none, /^No page matches "SOC 2 compliance"\. The docs may not cover it\./);
      assert.doesNotMatch(none, /^1\. /m);
      const near = await ok('search_docs', { query: 'embeddings zebra' });
      assert.match(near, /^No page matches "embeddings zebra"\. Closest titles:\n- Embeddings: https:\/\/\S+\/(guides\/embeddings|api\/get-embeddings-from-deployment)$/m);
    });

    test('list_models gives each base model of base-models.json with its context window and source; check_dataset flags rows over a model\u2019s window', async () => {
      const catalogue = JSON.parse(await fs.readFile(path.join(ROOT, 'docs/_scripts/data/base-models.json'), 'utf8')) as { models: Array<{ name: string; context: number | null; source: string | null }> };
      const listed = await ok('list_models', {});
      for (const m of catalogue.models) {
        const line = listed.split('\n').find((l) => l.startsWith(`- ${m.name}`))!;
        assert.ok(line, m.name);
        assert.match(line, m.context === null ? /context window not documented/ : new RegExp(`context window ${m.context.toLocaleString('en')} tokens`));
        if (m.source) assert.ok(line.includes(`source ${m.source}`), line);
      }
      assert.equal((await ok('list_models', { name: 'mistral' })).split('\n').filter((l) => l.startsWith('- ')).length, 2);
      const long = `{"prompt": "${'word '.repeat(600).trim()}", "completion": "ok"}`;
      const rows = `{"prompt": "short", "completion": "ok"}\n${long}\n`;
      const over = await ok('check_dataset', { rows, model: 'Bert-Classification-Model' });
      assert.match(over, /Warning: 1 row\(s\) do not fit the 512-token context window of Bert-Classification-Model/);
      assert.match(over, /^- line 2: 60\d tokens$/m);
      assert.match(await ok('check_dataset', { rows, model: 'Llama-3.2-3B-Instruct' }), /Every row fits the 131072-token context window/);
      assert.match(await ok('check_dataset', { rows, model: 'HF_Model' }), /Context window of HF_Model: not documented/);
      await fails('check_dataset', { rows, model: 'gpt-4' }, /Invalid|invalid_enum_value|expected one of/i);
    });

    test('get_operation carries the curl sample the built page shows, its error bodies, and the error guidance once', async () => {
      const answer = JSON.parse(await ok('get_operation', { operation: 'createTrainingJob', language: 'curl' }));
      assert.equal(answer.method, 'POST');
      assert.equal(answer.sample.code, await pageSample('/api/create-training-job', 'curl'));
      assert.match(answer.responses['400'].body, /^ApiErrorInvalidInput/);
      assert.equal(answer.responses['400'].retry, undefined);
      assert.match(answer.errors['400'], /^400 Bad Request\. No\. .*\/errors#400$/);
      assert.match(answer.errors.note, /lookup_error/);
      const python = JSON.parse(await ok('get_operation', { operation: 'POST /v1/projects/{project_id}/training-jobs', language: 'python' }));
      assert.equal(python.sample.code, await pageSample('/api/create-training-job', 'python'));
      // An operation that declares a 400 without a body says so, with its own description.
      const bundle = JSON.parse(await fs.readFile(path.join(BUILD_DIR, '_mcp/bundle.json'), 'utf8')) as McpBundle;
      const [method, route] = bundle.errors.find((e) => e.status === '400')!.noBody[0].split(' ');
      const conflict = JSON.parse(await ok('get_operation', { operation: `${method} ${route}` }));
      assert.match(conflict.responses['400'].body, /^none documented/);
      assert.ok(conflict.responses['400'].description, 'the state-conflict 400 keeps its own description');
    });

    test('get_page returns a twin whole or one section, cut to a budget with the offset to read on', async () => {
      const whole = await ok('get_page', { page: '/errors' });
      assert.match(whole, /^Source: https:\/\/\S+\/errors\n\n# Errors/);
      const section = await ok('get_page', { page: '/errors', section: '404' });
      assert.match(section, /^Source: \S+\/errors#404\n\n## 404 Not Found/);
      assert.doesNotMatch(section, /## 401/);
      // A long page is cut at the default cap, with a note naming the offset and its sections.
      const long = await ok('get_page', { page: 'https://docs.withemissary.com/guides/grpo' });
      assert.ok(long.length <= 20_000, String(long.length));
      assert.match(long, /\[Cut: characters 0–\d+ of \d+ shown \(budget 20000\)\. For the rest, call again with the same arguments and offset: \d+\. Or ask get_page for one section .*"Before you start"/);
      // Read on with the offsets the notes give: the pieces make the whole page.
      const full = `Source: https://docs.withemissary.com/guides/grpo\n\n${await fs.readFile(path.join(BUILD_DIR, 'guides/grpo.md'), 'utf8')}`;
      let joined = '';
      let offset: number | undefined;
      for (let calls = 0; calls < 40; calls++) {
        const piece = await ok('get_page', { page: '/guides/grpo', max_chars: 8000, ...(offset ? { offset } : {}) });
        assert.ok(piece.length <= 8000, String(piece.length));
        const next = /offset: (\d+)\.[^\]]*\]$/.exec(piece);
        joined += piece.replace(/^\[Characters \d+–\d+ of \d+, from offset \d+\]\n/, '').replace(/\n\n\[Cut: [^\]]*\]$/, '');
        if (!next) break;
        offset = Number(next[1]);
      }
      assert.equal(joined, full);
      await fails('get_page', { page: '/errors', offset: 10_000_000 }, /offset 10000000 is past the end of this answer/);
    });

    test('get_page keeps one language of code samples when asked', async () => {
      const all = await ok('get_page', { page: '/fine-tuning/quickstart', section: '1. Create a project' });
      assert.match(all, /#### curl\n\n```bash/);
      const python = await ok('get_page', { page: '/fine-tuning/quickstart', section: 'create-a-project', language: 'python' });
      assert.match(python, /#### Python\n\n```python/);
      assert.doesNotMatch(python, /#### curl|```bash/);
      const curl = await ok('get_page', { page: '/api/create-training-job', section: 'Code samples', language: 'curl' });
      assert.match(curl, /### curl\n\n```bash/);
      assert.doesNotMatch(curl, /### Python|```python/);
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

    test('lookup_error with the operation gives its documented body, or says it has none', async () => {
      const bundle = JSON.parse(await fs.readFile(path.join(BUILD_DIR, '_mcp/bundle.json'), 'utf8')) as McpBundle;
      const bad = bundle.errors.find((e) => e.status === '400')!;
      assert.ok(bad.noBody.length > 0, 'the bundle keeps which operations declare 400 without a body');
      const conflict = bundle.operations.find((o) => `${o.method} ${o.path}` === bad.noBody[0])!;
      const withBody = bundle.operations.find((o) => bad.operations.includes(`${o.method} ${o.path}`) && !bad.noBody.includes(`${o.method} ${o.path}`))!;
      const none = await ok('lookup_error', { status: 400, operation: conflict.operationId, body: '{"status":400,"error":"x"}' });
      assert.match(none, new RegExp(`Body: none documented\\. ${conflict.operationId} \\(${conflict.method} .*\\) declares 400 without a body`));
      assert.doesNotMatch(none, /matches|has the fields of/);
      const body = await ok('lookup_error', { status: '400', operation: withBody.operationId, body: '{"status":400,"error":"x"}' });
      assert.match(body, /^Body: ApiErrorInvalidInput with /m);
      assert.match(body, /Your body has the fields of ApiErrorInvalidInput\./);
      // Without the operation: the shared body, and which operations document none.
      assert.match(await ok('lookup_error', { status: 400 }), new RegExp(`Except: ${bad.noBody.length} operation\\(s\\) declare 400 with no documented body.*Pass operation`));
      await fails('lookup_error', { status: 400, operation: 'noSuchOperation' }, /unknown operation "noSuchOperation"/);
    });

    test('list_changes lists the embeddings rewrite as breaking', async () => {
      const answer = await ok('list_changes', { since: '2025-09' });
      assert.match(answer, /### BREAKING POST \S+ \(getEmbeddingsFromDeployment\)/);
      assert.match(answer, /\*\*Breaking:\*\*/);
      // Since the newest release's date (openapi/history/releases.yaml): nothing after it.
      const newest = (parse(await fs.readFile(path.join(ROOT, 'openapi/history/releases.yaml'), 'utf8')) as Array<{ date: string }>).map((r) => String(r.date)).sort().at(-1)!;
      assert.match(await ok('list_changes', { since: newest }), new RegExp(`No release after "${newest}"`));
      assert.doesNotMatch(await ok('list_changes', { since: '2026-03-18' }), /No release after/);
    });

    test('check_dataset names the bad lines of a bad file, and of pasted rows', async () => {
      if (!files) await fails('check_dataset', { file: 'broken-lines.jsonl' }, /this server reads no files/);
      for (const file of files ? ['broken-lines.jsonl', '..dots.jsonl'] : []) {
        const answer = await ok('check_dataset', { file });
        const lines = [...answer.matchAll(/^- line (\d+): error/gm)].map((m) => Number(m[1]));
        assert.deepEqual(lines, BAD['broken-lines.jsonl'].lines, file);
        assert.match(answer, BAD['broken-lines.jsonl'].says!);
      }
      const pasted = await ok('check_dataset', { rows: '{"prompt":"a","completion":"b"}\n{"prompt":"a"\n' });
      assert.match(pasted, /^- line 2: error invalid-json/m);
      const openai = await ok('check_dataset', { rows: '{"messages":[{"role":"user","content":"a"},{"role":"assistant","content":"b","weight":0}]}\n' });
      assert.match(openai, /^- line 1: warning openai-field: `weight` in `messages\[1\]` is an OpenAI fine-tuning field; .*\/guides\/from-openai/m);
      // 4,900 levels (under 10 KB: the edge's bound) overflowed the stack as 5,000 did: now an error naming the limit.
      const deep = `{"prompt":"a","completion":"b"}\n{"prompt":${'['.repeat(4900)}${']'.repeat(4900)},"completion":"x"}\n`;
      await fails('check_dataset', { rows: deep }, /^line 2 nests JSON deeper than 100 levels, check_dataset's limit/);
    });

    test('bad input gets a clear tool error naming no folder, and the server keeps answering', async () => {
      const errors: string[] = [];
      const refused = async (tool: string, args: Record<string, unknown>, says: RegExp) => {
        await fails(tool, args, says);
        errors.push(text((await call(tool, args)) as CallResult));
      };
      await refused('get_operation', { operation: 'createTrainingJobs2' }, /unknown operation "createTrainingJobs2"/);
      await refused('search_docs', { query: '  ' }, /query is empty/);
      if (files) {
        await refused('check_dataset', { file: 'big.jsonl' }, /"big\.jsonl" is 50\.0 MB; check_dataset reads at most 20 MB/);
        // Outside the folder: one answer, whether something is there or not.
        const outsideSays = /is outside the data folder this server may read/;
        await refused('check_dataset', { file: '../../../../etc/passwd' }, outsideSays);
        await refused('check_dataset', { file: '../../../../no/such/file.jsonl' }, outsideSays);
        await refused('check_dataset', { file: 'link.jsonl' }, outsideSays);
        await refused('check_dataset', { file: path.join(outside, 'secret.jsonl') }, outsideSays);
        await refused('check_dataset', { file: path.join(outside, 'missing.jsonl') }, outsideSays);
        await refused('check_dataset', { file: 'missing.jsonl' }, /no file "missing\.jsonl" in the data folder/);
      }
      await refused('get_page', { page: '/../../../etc/passwd' }, /not a page path|no page/);
      await refused('get_page', { page: 'https://example.com/errors' }, /not a page of/);
      await refused('get_page', { page: '/no/such/page' }, /no page "\/no\/such\/page"/);
      await refused('get_schema', { name: 'NoSuchSchema' }, /unknown schema/);
      await refused('list_changes', { since: 'yesterday' }, /neither a release/);
      await refused('get_page', { page: '/errors', language: 'cobol' }, /cobol|Invalid|invalid/);
      for (const message of errors) {
        for (const folder of [dataDir, ROOT, BUILD_DIR]) assert.ok(!message.includes(folder), `an answer names ${folder}: ${message}`);
      }
      // Long inputs are echoed as a short prefix at most.
      const long = 'x'.repeat(290);
      for (const [tool, args] of [['get_operation', { operation: long }], ['get_schema', { name: long.slice(0, 200) }], ['get_page', { page: `/${long}` }], ['check_dataset', { file: long }], ['list_operations', { tag: long.slice(0, 100) }]] as const) {
        const message = text(await call(tool, args));
        assert.ok(!message.includes('x'.repeat(61)), `${tool} echoes its input: ${message.slice(0, 200)}`);
      }
      assert.match(await ok('search_docs', { query: 'datasets' }), /^1\. /);
    });

    test('pages are resources, served whole', async () => {
      const { resources } = await client.listResources();
      const datasets = resources.find((r) => r.uri === 'https://docs.withemissary.com/fine-tuning/datasets.md');
      assert.ok(datasets, 'no resource for /fine-tuning/datasets');
      assert.equal(datasets.mimeType, 'text/markdown');
      for (const route of ['fine-tuning/datasets', 'guides/grpo']) {
        const read = await client.readResource({ uri: `https://docs.withemissary.com/${route}.md` });
        const body = (read.contents[0] as { text: string }).text;
        const twin = await fs.readFile(path.join(BUILD_DIR, `${route}.md`), 'utf8');
        assert.equal(body, `Source: https://docs.withemissary.com/${route}\n\n${twin}`, route);
      }
      assert.ok((await fs.stat(path.join(BUILD_DIR, 'guides/grpo.md'))).size > 20_000, 'the GRPO guide is longer than a tool answer');
    });
  });
}

for (const [server, launcher, era] of [['the sources', LAUNCHER, 'legacy'], ['the bundled server', BUNDLED, 'modern']] as const) {
  suite(`${server} over stdio, a ${era} client`, async () => {
    const client = await connectClient(era, [process.execPath, launcher, '--site', BUILD_DIR, '--data-dir', dataDir]);
    return { client, stop: () => client.close() };
  });
}

// Self-hosted over HTTP, reading the site from its URL (the build served as a host serves it).
for (const [server, launcher, era] of [['the sources', LAUNCHER, 'modern'], ['the bundled server', BUNDLED, 'legacy']] as const) {
  suite(`${server} over Streamable HTTP reading the site from its URL, a ${era} client`, async () => {
    const site = await serve({ dir: BUILD_DIR, port: await freePort() });
    const siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
    const running = await startHttp(['--site', siteUrl, '--data-dir', dataDir], '127.0.0.1', launcher);
    const endpoint = `http://127.0.0.1:${running.port}/mcp`;
    // The card of the self-hosted server names its endpoint; the catalog points to the card.
    const card = (await (await fetch(`${endpoint}/server-card`)).json()) as { remotes: Array<{ type: string; url: string }> };
    assert.deepEqual(card.remotes, [{ type: 'streamable-http', url: endpoint }]);
    const catalog = (await (await fetch(`http://127.0.0.1:${running.port}/.well-known/mcp/catalog.json`)).json()) as { entries: Array<{ url: string }> };
    assert.equal(catalog.entries[0].url, `${endpoint}/server-card`);
    const client = await connectClient(era, endpoint);
    return {
      client,
      stop: async () => {
        await client.close();
        await running.stop();
        await new Promise((resolve) => site.close(resolve));
      },
    };
  });
}

/** One `wrangler dev` for the edge suites: workerd serving the pages and /mcp from one process. */
let edge: Promise<Running> | undefined;
after(async () => (await edge)?.stop());
for (const era of ['modern', 'legacy'] as Era[]) {
  suite(`the edge handler on workerd (wrangler dev), a ${era} client`, async () => {
    const running = await (edge ??= startEdge());
    const base = `http://127.0.0.1:${running.port}`;
    // The pages come from the same process.
    const page = await fetch(`${base}/ai-agents`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<html/);
    const client = await connectClient(era, `${base}/mcp`);
    return { client, stop: () => client.close() };
  }, { files: false });
}

test('on the edge, ten of the largest checks it takes add less than 100 ms to a ping; larger rows get a clear error', async () => {
  const running = await (edge ??= startEdge());
  const endpoint = `http://127.0.0.1:${running.port}/mcp`;
  const [checker, pinger] = await Promise.all([connectClient('modern', endpoint), connectClient('legacy', endpoint)]);
  try {
    const rows = '{"prompt":"Classify this ticket","completion":"billing"}\n'.repeat(400).slice(0, EDGE_MAX_ROWS);
    const over = (await checker.callTool({ name: 'check_dataset', arguments: { rows: `${rows}{}` } })) as CallResult;
    assert.equal(over.isError, true);
    assert.match(text(over), new RegExp(`on this hosted server, check_dataset takes at most ${EDGE_MAX_ROWS.toLocaleString('en')} characters of rows`));
    // What a ping takes here with no check running: on a loaded machine (npm test runs its stages side by
    // side) workerd answers everything slower; the checks may add at most 100 ms to that.
    const idle = await pingsDuring(pinger, new Promise((resolve) => setTimeout(resolve, 300)));
    const checks = Promise.all(Array.from({ length: 10 }, () => checker.callTool({ name: 'check_dataset', arguments: { rows } }) as Promise<CallResult>));
    const times = await pingsDuring(pinger, checks);
    for (const r of await checks) assert.ok(!r.isError, text(r).slice(0, 300));
    const say = (list: number[]) => list.map((t) => t.toFixed(0)).join(', ');
    console.log(`on the edge, pings during ten ${EDGE_MAX_ROWS}-character checks: ${say(times)} ms (with none running: ${say(idle)} ms)`);
    assert.ok(median(times) < median(idle) + 100, `pings took ${say(times)} ms during the checks, ${say(idle)} ms without`);
  } finally {
    await Promise.all([checker.close(), pinger.close()]);
  }
});

/** The MCP Inspector CLI, an independent client: the tools listed and one call, over stdio and over HTTP. */
test('the MCP Inspector CLI lists the tools and calls search_docs, over stdio (sources and bundled) and over HTTP', async () => {
  const http = await startHttp(['--site', BUILD_DIR], '127.0.0.1', BUNDLED);
  try {
    for (const target of [[process.execPath, LAUNCHER, '--site', BUILD_DIR], [process.execPath, BUNDLED], [`http://127.0.0.1:${http.port}/mcp`]]) {
      const listed = JSON.parse(await inspect(target, '--method', 'tools/list')) as { tools: Array<{ name: string }> };
      assert.deepEqual(listed.tools.map((t) => t.name).sort(), [...TOOLS].sort(), target.join(' '));
      const called = JSON.parse(await inspect(target, '--method', 'tools/call', '--tool-name', 'search_docs', '--tool-arg', 'query=create training job')) as CallResult;
      assert.match(text(called), /^1\. Create SFT training job /, target.join(' '));
    }
  } finally {
    await http.stop();
  }
});

/** Checks over build/: llms.txt, the Markdown twins, llms-full.txt and the Postman collection. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'yaml';
import { ALL_ROUTES, OPERATION_SLUGS, SCHEMA_SLUGS } from '../support/routes';
import { BUILD_DIR, exists, isNoindexPage, routeFile } from '../support/build';
import { filesEndingWith } from '../../lib/files';

const require = createRequire(import.meta.url);
const NO_TWIN = new Set(['/tags', '/tags/test', '/markdown-page']);
const POSTMAN = 'emissary.postman_collection.json';

const twinFile = (route: string) => path.join(BUILD_DIR, route === '/' ? 'index.md' : `${route.slice(1)}.md`);
const read = (file: string) => fs.readFile(file, 'utf8');

const markdownFiles = (dir = BUILD_DIR) => filesEndingWith(dir, '.md');

/** Text outside fenced code blocks. */
function prose(markdown: string): string {
  return markdown.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\s*\2\s*$/gm, '');
}

test('llms.txt has the H1, the summary and the four sections', async () => {
  const text = await read(path.join(BUILD_DIR, 'llms.txt'));
  const lines = text.split('\n');
  assert.equal(lines[0], '# Emissary Docs');
  assert.equal(lines[1], '');
  assert.match(lines[2], /^> \S/);
  const sections = lines.filter((l) => l.startsWith('## '));
  assert.deepEqual(sections, ['## For AI agents', '## Guides', '## API reference', '## Schemas']);
  assert.equal(lines.filter((l) => l.startsWith('# ')).length, 1);
  // Every entry of a section is a "- [title](url): description" line.
  let section = '';
  const counts: Record<string, number> = {};
  for (const line of lines) {
    if (line.startsWith('## ')) section = line.slice(3);
    else if (section && section !== 'For AI agents' && line.trim()) {
      assert.match(line, /^- \[[^\]]+\]\(\/[^)\s]*\.md\): \S/, `malformed llms.txt line: ${line}`);
      counts[section] = (counts[section] ?? 0) + 1;
    }
  }
  assert.equal(counts['API reference'], 1 + OPERATION_SLUGS.length);
  assert.equal(counts.Schemas, SCHEMA_SLUGS.length);
  const guides = text.slice(text.indexOf('## Guides'), text.indexOf('## API reference'));
  assert.ok(guides.indexOf('](/index.md)') < guides.indexOf('](/fine-tuning/datasets.md)'));
  assert.ok(guides.indexOf('](/fine-tuning/deployment.md)') < guides.indexOf('](/guides/data-extraction.md)'), 'sidebar order');
  assert.ok(guides.includes('](/fine-tuning/quickstart.md)') && guides.includes('](/fine-tuning/training-input.md)'));
  assert.ok(text.indexOf('](/api/create-project.md)') < text.indexOf('](/api/create-dataset.md)'), 'tag order');
});

test('llms.txt tells agents first: base URL and auth header from the OpenAPI document, twins, deletes, costs; then the spec files', async () => {
  const text = await read(path.join(BUILD_DIR, 'llms.txt'));
  const spec = JSON.parse(await read(path.join(BUILD_DIR, 'openapi.json')));
  const header = (Object.values(spec.components.securitySchemes) as Array<{ in: string; name: string }>).find((s) => s.in === 'header')!.name;
  const parsed = parseLlmsTxt(text);
  // The instructions are the format's prose part, between the summary and the first H2.
  const info = parsed.info;
  assert.ok(info.includes(`Base URL: \`${spec.servers[0].url}\``), info);
  assert.ok(info.includes(`\`${header}\` header`), info);
  assert.match(info, /plus `\.md`/);
  assert.match(info, /Treat every delete as irreversible/);
  assert.match(info, /deactivated deployment or inference engine is not billed, so treat an active one as billed/);
  assert.match(info, /not documented/);
  assert.equal(Object.keys(parsed.sections)[0], 'For AI agents', 'the first section');
  const files = parsed.sections['For AI agents'].map((l) => l.url);
  for (const file of ['openapi.yaml', 'openapi.json', 'llms-full.txt', POSTMAN, 'ai-agents.md']) assert.ok(files.includes(`https://docs.withemissary.com/${file}`), file);
  // Its links are absolute and answer files of the build.
  for (const [, url] of `${info}\n${files.map((f) => `](${f})`).join('\n')}`.matchAll(/\]\((https:\/\/docs\.withemissary\.com\/[^)\s]+)\)/g)) {
    assert.ok(await exists(path.join(BUILD_DIR, new URL(url).pathname)), url);
  }
});

/**
 * llms.txt read by the rules of the format's reference parser, `parse_llms_file` in the Python
 * package `llms_txt` (github.com/AnswerDotAI/llms-txt, llms_txt/core.py; not installable here: no
 * PyPI). Its regular expressions, in JavaScript's syntax: split at every line starting `##` (the
 * heading text captured), the part before the first one must match
 * `^#\s*(?P<title>.+?$)\n+(?:^>\s*(?P<summary>.+?$)$)?\n+(?P<info>.*)` (multiline, dotall), and
 * every non-empty line of a section must contain `-\s*\[(?P<title>[^\]]+)\]\((?P<url>[^\)]+)\)(?::\s*(?P<desc>.*))?`
 * (re.search; a line without one makes the reference parser raise). Where it would raise, this throws.
 */
interface LlmsLink {
  title: string;
  url: string;
  desc: string | undefined;
}
function parseLlmsTxt(txt: string): { title: string; summary: string | undefined; info: string; sections: Record<string, LlmsLink[]> } {
  const [start, ...rest] = txt.split(/^##\s*(.*?$)/m);
  const sections: Record<string, LlmsLink[]> = {};
  for (let i = 0; i < rest.length; i += 2) {
    sections[rest[i]] = rest[i + 1]
      .trim()
      .split(/\n+/)
      .filter((line) => line.trim())
      .map((line) => {
        const m = line.match(/-\s*\[(?<title>[^\]]+)\]\((?<url>[^)]+)\)(?::\s*(?<desc>.*))?/);
        if (!m) throw new Error(`llms.txt, section "${rest[i]}": the reference parser finds no link in the line: ${line}`);
        return { title: m.groups!.title, url: m.groups!.url, desc: m.groups!.desc };
      });
  }
  const head = start.trim().match(/^#\s*(?<title>.+?$)\n+(?:^>\s*(?<summary>.+?$)$)?\n+(?<info>.*)/ms);
  if (!head) throw new Error('llms.txt: the reference parser finds no "# title" followed by a blank line before the first "##" section');
  return { title: head.groups!.title, summary: head.groups!.summary, info: head.groups!.info, sections };
}

test('llms.txt parses by the llms.txt reference parser: title, summary, prose, sections of links, each resolving', async () => {
  const text = await read(path.join(BUILD_DIR, 'llms.txt'));
  const parsed = parseLlmsTxt(text);
  assert.equal(parsed.title, 'Emissary Docs');
  assert.ok(parsed.summary && /^Developer documentation/.test(parsed.summary), `summary not recognised (read as prose: ${parsed.info.slice(0, 80)}…)`);
  // No "Optional" section: its only pages were the maintainer handbook's, which llms.txt leaves out.
  assert.deepEqual(Object.keys(parsed.sections), ['For AI agents', 'Guides', 'API reference', 'Schemas']);
  const unresolved: string[] = [];
  for (const [name, links] of Object.entries(parsed.sections)) {
    assert.ok(links.length > 0, `section ${name} has no links`);
    for (const { url } of links) {
      const local = url.replace(/^https:\/\/docs\.withemissary\.com\//, '/');
      if (!local.startsWith('/') || !(await exists(path.join(BUILD_DIR, decodeURIComponent(local))))) unresolved.push(`${name}: ${url}`);
    }
  }
  assert.deepEqual(unresolved, []);
  // The parser itself fails on what the format forbids: prose in a section, a summary not recognised.
  assert.throws(() => parseLlmsTxt('# T\n\n> S\n\n## A\n\n- Base URL: x\n'), /no link in the line/);
  assert.equal(parseLlmsTxt('# T\n\n> S\n\n## A\n\n- [a](/a)\n').summary, undefined);
});

test('every llms.txt link resolves to a file in build/', async () => {
  const text = await read(path.join(BUILD_DIR, 'llms.txt'));
  const links = [...text.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]);
  assert.ok(links.length > 70, `only ${links.length} links`);
  const broken = [];
  for (const link of links) if (!(await exists(path.join(BUILD_DIR, decodeURIComponent(link))))) broken.push(link);
  assert.deepEqual(broken, []);
});

test('every content route has a Markdown twin, and every twin a route', async () => {
  const missing = [];
  for (const route of ALL_ROUTES.filter((r) => !NO_TWIN.has(r))) {
    const file = twinFile(route);
    if (!(await exists(file))) missing.push(route);
    else assert.match(await read(file), /^# \S/, `${route}.md does not start with its title`);
  }
  assert.deepEqual(missing, []);
  for (const extra of ['/api.md', '/index.md', '/api/emissary-api.md']) assert.ok(await exists(path.join(BUILD_DIR, extra)), extra);
  const orphans = [];
  for await (const file of markdownFiles()) {
    const rel = path.relative(BUILD_DIR, file).replace(/\\/g, '/');
    const route = rel === 'index.md' ? '/' : `/${rel.replace(/\.md$/, '')}`;
    if (!(await exists(routeFile(route)))) orphans.push(rel);
  }
  assert.deepEqual(orphans, []);
});

test('twins carry their page facts as plain Markdown', async () => {
  const twin = (route: string) => read(twinFile(route));
  const job = await twin('/api/create-training-job');
  for (const fact of ['# Create SFT training job', '`POST /v1/projects/{project_id}/training-jobs`', 'train_dataset_id', '`parameters.learning_rate`', '`project_id`', 'curl', 'import requests', '[TrainingJobSummary](/api/schemas/trainingjobsummary)']) {
    assert.ok(job.includes(fact), `create-training-job.md lacks ${fact}`);
  }
  assert.ok((await twin('/api/create-grpo-training-job')).includes('POST /v1/projects/{project_id}/training-jobs/grpo'));
  assert.ok((await twin('/api/un-deploy-from-engine')).includes('POST /v1/engines/{engine_id}/undeploy'));
  assert.ok((await twin('/api/create-dataset')).includes("--form 'file=@"));
  assert.match(await twin('/api/schemas/projectsummary'), /^# ProjectSummary\n[\s\S]*\| `id` \| string \|/);
  assert.ok((await twin('/api/emissary-api')).includes('X-API-Key'));
  assert.ok((await twin('/api')).includes('[Create project](/api/create-project)'));

  const params = await twin('/fine-tuning/parameters');
  assert.match(params, /^# Fine-Tuning Parameters\n\n> \S/);
  assert.ok(params.includes('## Available base models\n'));
  const home = await twin('/');
  assert.match(home, /^# Start your first fine-tuning project\n/);
  assert.ok(home.includes('#### Python\n\n```python') && home.includes('#### curl\n\n```bash'));
  assert.ok(home.includes('![Lifecycle of a fine-tuning project'));
  assert.ok(home.includes('> **Note:**'));

  for (const route of ALL_ROUTES.filter((r) => !NO_TWIN.has(r) && !r.startsWith('/api'))) {
    const text = prose(await twin(route));
    assert.doesNotMatch(text, /^---$/m, `${route}.md: front matter left`);
    assert.doesNotMatch(text, /^import .* from '@theme/m, `${route}.md: MDX import left`);
    assert.doesNotMatch(text, /<\/?(Tabs|TabItem|img)\b/, `${route}.md: JSX left`);
    assert.doesNotMatch(text, /^#{1,6} .*\{#[^}]+\}\s*$/m, `${route}.md: heading id left`);
    assert.doesNotMatch(text, /^:::/m, `${route}.md: admonition left`);
  }
});

test('llms-full.txt holds every twin under its source URL, except those of pages marked noindex (the maintainer handbook\'s)', async () => {
  const full = await read(path.join(BUILD_DIR, 'llms-full.txt'));
  assert.match(full, /^# Emissary Docs\n/);
  let count = 0;
  for await (const file of markdownFiles()) {
    const rel = path.relative(BUILD_DIR, file).replace(/\\/g, '/');
    const url = `https://docs.withemissary.com/${rel === 'index.md' ? '' : rel.replace(/\.md$/, '')}`;
    if (isNoindexPage(rel === 'index.md' ? '/' : `/${rel.replace(/\.md$/, '')}`)) {
      assert.ok(!full.includes(`Source: ${url}\n`), `llms-full.txt holds the noindex page ${rel}`);
      continue;
    }
    count++;
    assert.ok(full.includes((await read(file)).trim()), `llms-full.txt lacks ${rel}`);
    assert.ok(full.includes(`---\n\nSource: ${url}\n`), `llms-full.txt lacks the source line of ${rel}`);
  }
  assert.ok(count >= ALL_ROUTES.filter((r) => !NO_TWIN.has(r) && !isNoindexPage(r)).length, `only ${count} twins`);
});

interface PostmanItem {
  name: string;
  item?: PostmanItem[];
  request?: { method: string; header: Array<{ key: string; value: string }>; url: { raw: string; variable?: Array<{ key: string; value: string }> }; body?: { mode: string; raw?: string } };
}

test('the Postman collection has every operation, in tag folders, with the API key', async () => {
  const collection = JSON.parse(await read(path.join(BUILD_DIR, POSTMAN))) as {
    info: { schema: string; name: string };
    auth?: { type: string; apikey: Array<{ key: string; value: string }> };
    variable: Array<{ key: string; value: string }>;
    item: PostmanItem[];
  };
  assert.equal(collection.info.schema, 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
  const spec = parse(await read(path.join(BUILD_DIR, 'openapi.yaml'))) as { tags: Array<{ name: string }> };
  assert.deepEqual(collection.item.map((f) => f.name), spec.tags.map((t) => t.name));
  const requests = collection.item.flatMap((f) => f.item ?? []);
  assert.equal(requests.length, 35);
  assert.ok(requests.every((r) => r.request && !r.item));

  const vars = Object.fromEntries(collection.variable.map((v) => [v.key, v.value]));
  assert.equal(vars.baseUrl, 'https://api.withemissary.com');
  assert.ok('apiKey' in vars);
  const auth = Object.fromEntries((collection.auth?.apikey ?? []).map((a) => [a.key, a.value]));
  const authed = collection.auth?.type === 'apikey' && auth.key === 'X-API-Key' && auth.value === '{{apiKey}}' && auth.in === 'header';
  assert.ok(authed || requests.every((r) => r.request!.header.some((h) => h.key === 'X-API-Key' && h.value === '{{apiKey}}')));

  for (const { name, request } of requests) {
    assert.ok(request!.url.raw.startsWith('{{baseUrl}}/v1/'), `${name}: ${request!.url.raw}`);
    for (const v of request!.url.variable ?? []) assert.ok(v.value, `${name}: no example for :${v.key}`);
    if (request!.body?.mode === 'raw') JSON.parse(request!.body.raw!);
  }
  const upload = requests.find((r) => r.name === 'Upload dataset');
  assert.equal(upload?.request?.body?.mode, 'formdata');

  // The Postman SDK (already a dependency, for the code samples) reads it as 35 requests too.
  const sdk = require('postman-collection') as { Collection: new (def: object) => { forEachItem(cb: () => void): void } };
  let loaded = 0;
  new sdk.Collection(collection).forEachItem(() => loaded++);
  assert.equal(loaded, 35);
});

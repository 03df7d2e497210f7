/**
 * The hand-written pages cannot drift from the API: every path they name exists in the OpenAPI
 * document, every curl request (and every `api` call of the shell helpers) sends only documented
 * fields, and every sample parses or compiles. Blocks filled from docs/_scripts (`script="..."`)
 * are read as the build shows them, through the guide-scripts assembler.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deref, findOperation, pathExists, type Json } from '../support/openapi';
import { kebabCase } from '../../lib/openapi/spec';
import { resolveRef } from '../../lib/guide-scripts/assemble';
import { fillScriptBlocks, scriptRefOf } from '../../lib/guide-scripts/mdx';
import { apiCalls } from '../support/shell';

const DOCS = path.resolve(__dirname, '../../docs');

function pages(dir = DOCS): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return pages(full);
    return /\.mdx?$/.test(name) ? [full] : [];
  });
}

interface Block {
  file: string;
  line: number;
  lang: string;
  code: string;
  /** The `script="..."` reference the block is filled from, if any. */
  ref?: string;
}

function codeBlocks(file: string): Block[] {
  const blocks: Block[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i].match(/^(\s*)(`{3,})(\w*)(.*)$/);
    if (!open) continue;
    const fence = open[2];
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i].trim().startsWith(fence); i++) body.push(lines[i]);
    const ref = scriptRefOf(open[4]);
    const at = `docs/${path.relative(DOCS, file)}:${start + 1}`;
    if (ref !== undefined) assert.equal(body.join('').trim(), '', `${at}: a script="${ref}" block must be empty`);
    const code = ref === undefined ? body.join('\n') : resolveRef(ref);
    blocks.push({ file: path.relative(DOCS, file), line: start + 1, lang: open[3], code, ...(ref === undefined ? {} : { ref }) });
  }
  return blocks;
}

/** The page's text as the build shows it: script blocks filled. */
const pageText = (file: string) => fillScriptBlocks(readFileSync(file, 'utf8'), `docs/${path.relative(DOCS, file)}`);

const FILES = pages();
const BLOCKS = FILES.flatMap(codeBlocks);
const where = (b: Block) => `docs/${b.file}:${b.line}${b.ref ? ` (script="${b.ref}")` : ''}`;

test('the guides are all read', () => {
  assert.ok(FILES.length >= 20, `only ${FILES.length} pages found`);
  assert.ok(BLOCKS.filter((b) => b.lang === 'python').length >= 30);
});

test('every json block parses', () => {
  for (const b of BLOCKS.filter((b) => b.lang === 'json')) {
    assert.doesNotThrow(() => JSON.parse(b.code), `${where(b)} is not valid JSON`);
  }
});

test('every jsonl block has one JSON object per line', () => {
  for (const b of BLOCKS.filter((b) => b.lang === 'jsonl')) {
    b.code.split('\n').filter((l) => l.trim()).forEach((line, n) => {
      assert.doesNotThrow(() => JSON.parse(line), `${where(b)} line ${n + 1} is not valid JSON`);
    });
  }
});

test('every python block compiles', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'guide-python-'));
  const python = BLOCKS.filter((b) => b.lang === 'python');
  const files = python.map((b, i) => {
    const file = path.join(dir, `block_${i}.py`);
    // A region of a script may be part of a function body (`return`): compile it as one.
    const region = b.ref?.includes('#');
    writeFileSync(file, region ? `def _region():\n${b.code.replace(/^/gm, '    ')}\n    pass\n` : b.code);
    return file;
  });
  // One interpreter for all blocks; it reports every failure with its index.
  const script = `import py_compile, sys\nbad = []\nfor i, f in enumerate(sys.argv[1:]):\n    try:\n        py_compile.compile(f, doraise=True)\n    except py_compile.PyCompileError as e:\n        bad.append(f"{i}: " + e.msg.replace(chr(10), " "))\nprint("\\n".join(bad))`;
  const out = execFileSync('python3', ['-c', script, ...files], { encoding: 'utf8' }).trim();
  const failures = out ? out.split('\n').map((l) => `${where(python[Number(l.split(':')[0])])}: ${l}`) : [];
  assert.deepEqual(failures, []);
});

interface Curl {
  block: Block;
  method: string;
  url: URL;
  data?: string;
  forms: string[];
}

function curlCommands(b: Block): Curl[] {
  const joined = b.code.replace(/\\\n/g, ' ');
  return [...joined.matchAll(/(?:^|\n|\$\(|\|\s*)\s*curl\s([\s\S]*?)(?=\n\s*\n|\n(?!\s)|$)/g)].map((m) => {
    const args = m[1];
    const method = args.match(/--request\s+([A-Z]+)/)?.[1] ?? (/--data|--form/.test(args) ? 'POST' : 'GET');
    const rawUrl = args.match(/"(https:\/\/api\.withemissary\.com[^"]*)"|'(https:\/\/api\.withemissary\.com[^']*)'/);
    const data = args.match(/--data(?:-raw)?\s+'([\s\S]*?)'/)?.[1];
    const forms = [...args.matchAll(/--form\s+["']([^=]+)=/g)].map((f) => f[1]);
    assert.ok(rawUrl, `${where(b)}: curl without a quoted https://api.withemissary.com URL`);
    return { block: b, method, url: new URL((rawUrl[1] ?? rawUrl[2]).replace(/\$\{?(\w+)\}?/g, 'VAR_$1')), data, forms };
  });
}

/** The requests a bash block sends: raw curl commands, and `api METHOD PATH ...` calls of the shell helpers. */
function requests(b: Block): Curl[] {
  // The helpers' own curl call has no fixed URL; the calls that use it are checked instead.
  if (b.lang !== 'bash' || b.ref?.startsWith('_shared/')) return [];
  const curls = /\bcurl\s/.test(b.code) ? curlCommands(b) : [];
  // A path held in a variable (`api GET "$path"`) is left to the Prism run of the script (tests/guides).
  const calls = apiCalls(b.code).filter((c) => c.path.startsWith('/')).map((c) => ({
    block: b,
    method: c.method,
    url: new URL(`https://api.withemissary.com${c.path.replace(/\$\{?(\w+)\}?/g, 'VAR_$1')}`),
    data: c.data === undefined ? undefined : JSON.stringify(c.data),
    forms: c.forms,
  }));
  return [...curls, ...calls];
}

/** Field names in a value that its schema does not declare (recursing into objects and arrays). */
function undeclared(value: unknown, schemaNode: Json | undefined, at: string): string[] {
  const schema = deref(schemaNode);
  if (!schema || value === null || typeof value !== 'object') return [];
  const variants = [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].map((v: Json) => deref(v));
  if (variants.length) {
    const results = variants.map((v: Json | undefined) => undeclared(value, v, at));
    return results.find((r: string[]) => r.length === 0) ?? results[0];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => undeclared(v, schema.items, `${at}[${i}]`));
  const props: Json = schema.properties ?? {};
  return Object.entries(value).flatMap(([key, v]) => {
    if (key in props) return undeclared(v, props[key], `${at}.${key}`);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      return undeclared(v, schema.additionalProperties, `${at}.${key}`);
    }
    return schema.additionalProperties === true ? [] : [`${at}.${key}`];
  });
}

test('every curl request targets a documented operation and sends only documented fields', () => {
  const curls = BLOCKS.flatMap(requests);
  assert.ok(curls.length >= 40, `only ${curls.length} curl requests found`);
  const problems: string[] = [];
  for (const c of curls) {
    const op = findOperation(c.method, c.url.pathname);
    if (!op) {
      problems.push(`${where(c.block)}: ${c.method} ${c.url.pathname} is not in the OpenAPI document`);
      continue;
    }
    const content: Json = deref(op.operation.requestBody)?.content ?? {};
    if (c.data !== undefined) {
      const schema = content['application/json']?.schema;
      if (!schema) problems.push(`${where(c.block)}: ${c.method} ${op.path} takes no JSON body`);
      let body: unknown;
      try {
        body = JSON.parse(c.data);
      } catch {
        problems.push(`${where(c.block)}: --data is not valid JSON`);
        continue;
      }
      for (const field of undeclared(body, schema, 'body')) problems.push(`${where(c.block)}: ${op.path} does not take ${field}`);
    }
    if (c.forms.length) {
      const props = deref(content['multipart/form-data']?.schema)?.properties ?? {};
      for (const f of c.forms) if (!(f in props)) problems.push(`${where(c.block)}: ${op.path} does not take form field ${f}`);
    }
  }
  assert.deepEqual(problems, []);
});

test('operation slugs follow the spec routes', () => {
  assert.equal(kebabCase('createGRPOTrainingJob'), 'create-grpo-training-job');
  assert.equal(kebabCase('unDeployFromEngine'), 'un-deploy-from-engine');
});

test('each page links the API reference page of every request it shows', () => {
  const problems: string[] = [];
  for (const file of FILES) {
    const text = readFileSync(file, 'utf8');
    const curls = codeBlocks(file).flatMap(requests);
    for (const c of curls) {
      const op = findOperation(c.method, c.url.pathname);
      const slug = op && kebabCase(op.operation.operationId);
      if (slug && !text.includes(`/api/${slug})`) && !text.includes(`/api/${slug}#`)) {
        problems.push(`docs/${path.relative(DOCS, file)}: no link to /api/${slug}`);
      }
    }
  }
  assert.deepEqual([...new Set(problems)], []);
});

test('every API path named anywhere in the pages exists', () => {
  const problems: string[] = [];
  for (const file of FILES) {
    const text = pageText(file);
    for (const m of text.matchAll(/(?<![\w.-])\/v1\/[A-Za-z0-9_{}$/.-]*[A-Za-z0-9_}]/g)) {
      const concrete = m[0].replace(/\{[^}]*\}/g, 'X').replace(/\$\w+/g, 'X');
      if (!pathExists(concrete)) problems.push(`docs/${path.relative(DOCS, file)}: ${m[0]}`);
    }
  }
  assert.deepEqual([...new Set(problems)], []);
});

test('/fine-tuning/parameters keeps the anchor the API document links to', () => {
  const text = readFileSync(path.join(DOCS, 'fine-tuning/parameters.mdx'), 'utf8');
  assert.match(text, /^## .*\{#available-base-models\}$/m);
});

test('every page with a guide script sends "What can go wrong" readers to Limits and conventions', () => {
  const missing = FILES.filter((file) => /<ScriptDownloads page="(?!tools\/)/.test(readFileSync(file, 'utf8'))).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    // The section runs from its level-2 heading to the next one.
    const section = text.match(/^## What (?:can go|goes) wrong[^\n]*\n([\s\S]*?)(?=^## |$(?![\s\S]))/m);
    if (!section) return [`docs/${path.relative(DOCS, file)}: no "What can go wrong" section`];
    return section[1].includes('](/fine-tuning/limits') ? [] : [`docs/${path.relative(DOCS, file)}: "What can go wrong" does not link /fine-tuning/limits`];
  });
  assert.ok(FILES.some((file) => file.endsWith('limits.mdx')), 'docs/fine-tuning/limits.mdx is missing');
  assert.deepEqual(missing, []);
});

test('every page with a guide script has its "What the API does not say" part, and each step points to it at most once', () => {
  const problems = FILES.filter((file) => /<ScriptDownloads page="(?!tools\/)/.test(readFileSync(file, 'utf8'))).flatMap((file) => {
    const name = `docs/${path.relative(DOCS, file)}`;
    const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    if (!/^## What the API does not say \{#not-documented\}$/m.test(text)) return [`${name}: no "What the API does not say {#not-documented}" part`];
    // A step: the text under a heading, or a bold numbered step ("**2. Deploy…**") within it.
    const steps = text.split(/^(?=#{2,4} |\*\*\d+\. )/m).filter((step) => !step.startsWith('## What the API does not say'));
    return steps.flatMap((step) => {
      const pointers = step.match(/\]\(#not-documented\)/g)?.length ?? 0;
      return pointers > 1 ? [`${name}: "${step.split('\n')[0]}" points to #not-documented ${pointers} times`] : [];
    });
  });
  assert.deepEqual(problems, []);
});

test('/ai-agents asks for the Node.js the repository requires (package.json engines)', () => {
  const engines = (JSON.parse(readFileSync(path.resolve(DOCS, '../package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
  const [major, minor] = engines.match(/(\d+)\.(\d+)/)!.slice(1);
  const page = readFileSync(path.join(DOCS, 'ai-agents.mdx'), 'utf8');
  assert.match(page, new RegExp(`Node\\.js ${major} \\(${major}\\.${minor} or later`), `the page must ask for Node.js ${engines}`);
});

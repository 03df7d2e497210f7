/**
 * Checks on the guide scripts that need no mock: every script assembles and is valid Python or
 * shell, no script hard-codes an ID from the spec's examples, and pages and scripts match one to
 * one (a page that shows a script's regions links its downloads, and the build serves them).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { assembleScript, listScripts, parseRef, SCRIPTS_ROOT } from '../../lib/guide-scripts/assemble';
import { scriptRefOf } from '../../lib/guide-scripts/mdx';
import { BUILD_DIR, routeFile } from '../support/build';
import { pickPython } from './support/run';

const ROOT = path.resolve(__dirname, '../..');
const DOCS = path.join(ROOT, 'docs');
const SCRIPTS = listScripts();
const PAGE_SCRIPTS = SCRIPTS.filter((s) => !s.tool);
const rel = (file: string) => path.relative(ROOT, file);

test('every script assembles and is valid Python or shell', () => {
  assert.ok(SCRIPTS.length >= 2, 'no scripts found under docs/_scripts');
  const python = pickPython();
  const helpers = ['py', 'sh'].map((ext) => ({ file: path.join(SCRIPTS_ROOT, '_shared', `helpers.${ext}`), language: ext }));
  const problems: string[] = [];
  for (const script of [...helpers, ...SCRIPTS]) {
    let text: string;
    try {
      text = assembleScript(script.file).text;
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    const check =
      script.language === 'py'
        ? spawnSync(python, ['-c', 'import sys; compile(sys.stdin.read(), sys.argv[1], "exec")', rel(script.file)], {
            input: text,
            encoding: 'utf8',
          })
        : spawnSync('bash', ['-n'], { input: text, encoding: 'utf8' });
    if (check.status !== 0) problems.push(`${rel(script.file)} (assembled): ${check.stderr.trim()}`);
  }
  assert.deepEqual(problems, [], problems.join('\n\n'));
});

/** IDs that appear in the spec's examples: a script that sends one would only work against the mock. */
function exampleIds(): string[] {
  const doc: unknown = parse(readFileSync(path.join(ROOT, 'openapi/emissary.yaml'), 'utf8'));
  const idLike = /^[a-z]+-(?=[0-9a-f-]*[0-9])[0-9a-f][0-9a-f-]{5,}$/;
  const found = new Set<string>();
  const walk = (value: unknown, key?: string) => {
    if (Array.isArray(value)) value.forEach((v) => walk(v, key));
    else if (value && typeof value === 'object') {
      const obj = value as Record<string, unknown>;
      // A parameter object: `name: project_id` with an `example`.
      if (typeof obj.name === 'string' && /(^|_)id$/.test(obj.name) && typeof obj.example === 'string') found.add(obj.example);
      for (const [k, v] of Object.entries(obj)) walk(v, k);
    } else if (typeof value === 'string' && (key === 'id' || key?.endsWith('_id') || idLike.test(value))) {
      found.add(value);
    }
  };
  walk(doc);
  // The sample IDs the pages used to hard-code (issue #12), in case they come back.
  for (const old of ['ms-5e21b7', 'ds-4f1e9c', 'tr-3c9d41', 'dp-7b10e4']) found.add(old);
  return [...found].filter((id) => idLike.test(id));
}

test('no script hard-codes an example ID from the spec', () => {
  const ids = exampleIds();
  assert.ok(ids.length >= 10, `only ${ids.length} example IDs found in openapi/emissary.yaml: ${ids.join(', ')}`);
  const hits: string[] = [];
  for (const script of SCRIPTS) {
    readFileSync(script.file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const id of ids) if (line.includes(id)) hits.push(`${rel(script.file)}:${i + 1}: ${id}`);
      });
  }
  assert.deepEqual(hits, [], `scripts must carry IDs from the responses, not the spec's examples:\n${hits.join('\n')}`);
});

/* ---- pages and scripts ---- */

function mdxPages(dir = DOCS): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return (name === 'api' && dir === DOCS) || name.startsWith('_') ? [] : mdxPages(full);
    return /\.mdx?$/.test(name) ? [full] : [];
  });
}

const pagePath = (file: string) => path.relative(DOCS, file).replace(/\.mdx?$/, '').replace(/\\/g, '/');
const downloadsOf = (source: string) =>
  [...source.matchAll(/<ScriptDownloads\s+page=(?:"([^"]*)"|'([^']*)')/g)].map((m) => m[1] ?? m[2]);

test('a page that shows a script region links its own scripts, and every script has a page', () => {
  const problems: string[] = [];
  const linked = new Set<string>();
  for (const file of mdxPages()) {
    const page = pagePath(file);
    const source = readFileSync(file, 'utf8');
    const downloads = downloadsOf(source);
    downloads.forEach((d) => linked.add(d));
    const shown = new Set<string>();
    for (const line of source.split('\n')) {
      const ref = line.match(/^\s*(`{3,}|~{3,})/) ? scriptRefOf(line.replace(/^\s*[`~]+/, '')) : undefined;
      if (ref === undefined) continue;
      const { file: target } = parseRef(ref);
      if (/^(_shared|data|tools)\//.test(target)) continue;
      shown.add(target.replace(/\.(py|sh)$/, ''));
    }
    for (const script of shown) {
      if (script !== page) problems.push(`docs/${page}: shows regions of ${script}'s script; a page shows its own script`);
    }
    if (shown.size && !downloads.includes(page)) {
      problems.push(`docs/${page}: shows script regions but has no <ScriptDownloads page="${page}" />`);
    }
  }
  for (const script of PAGE_SCRIPTS) {
    const page = script.page;
    if (!['.mdx', '.md'].some((ext) => existsSync(path.join(DOCS, page + ext)))) {
      problems.push(`${rel(script.file)}: no page docs/${page}.mdx`);
    } else if (!linked.has(page)) {
      problems.push(`${rel(script.file)}: docs/${page}.mdx has no <ScriptDownloads page="${page}" />`);
    }
    const other = script.language === 'py' ? 'sh' : 'py';
    if (!existsSync(path.join(SCRIPTS_ROOT, `${page}.${other}`))) problems.push(`${rel(script.file)}: no .${other} twin`);
  }
  assert.deepEqual([...new Set(problems)], [], [...new Set(problems)].join('\n'));
});

test('the built pages link their scripts, and the build serves them assembled', (t) => {
  if (!existsSync(BUILD_DIR)) throw new Error(`${BUILD_DIR} is missing: run \`npm run build\` first`);
  const problems: string[] = [];
  for (const script of SCRIPTS) {
    const url = `/scripts/${script.page}.${script.language}`;
    const served = path.join(BUILD_DIR, url);
    if (!existsSync(served)) problems.push(`${url} is not in the build`);
    else if (readFileSync(served, 'utf8') !== assembleScript(script.file).text) problems.push(`${url} differs from the assembled ${rel(script.file)}`);
  }
  const pages = new Map<string, string>();
  for (const file of mdxPages()) for (const page of downloadsOf(readFileSync(file, 'utf8'))) pages.set(page, pagePath(file));
  for (const [page, docPage] of pages) {
    const route = docPage === 'index' ? '/' : `/${docPage}`;
    const html = readFileSync(routeFile(route), 'utf8');
    for (const [ext, label] of [['py', 'Download the Python script'], ['sh', 'Download the shell script']]) {
      if (!existsSync(path.join(SCRIPTS_ROOT, `${page}.${ext}`))) continue;
      // Minified HTML: attribute quotes are optional.
      const href = `/scripts/${page}.${ext}`.replace(/[.]/g, '\\.');
      const link = new RegExp(`<a href=("?)${href}\\1 download(="")?>${label}</a>`);
      if (!link.test(html)) problems.push(`${route}: no link "${label}" to /scripts/${page}.${ext} in the HTML`);
    }
  }
  t.diagnostic(`${SCRIPTS.length} scripts, ${pages.size} pages with downloads`);
  assert.deepEqual(problems, [], problems.join('\n'));
});

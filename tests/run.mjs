#!/usr/bin/env node
/**
 * The test runner behind `npm test`, `npm run test:quick` and every `npm run test:<stage>`: one
 * list of stages, each a command with the stages it waits for.
 *
 *   node tests/run.mjs              every stage (what CI runs), side by side where they can be
 *   node tests/run.mjs --quick      lint, unit (the canaries included) and the type-check
 *   node tests/run.mjs e2e site     those stages only, without the stages they wait for
 *   node tests/run.mjs unit tests/unit/search.test.ts   one stage, only those files
 *
 * Stages that do not depend on each other run at the same time. Each one writes its whole output to
 * test-results/stages/<stage>.log; the terminal gets one line when a stage starts and one when it
 * ends (a single stage also shows its output as it runs). At the end: a table of every stage (tests passed and failed, wall time), then each failure
 * named by stage, test (which names the page) and its first error line, then the log to read, and
 * last the closing line `tests: N passed, N failed`. The exit code is 1 when anything failed.
 *
 * Counts come from machine-readable reporters chosen here, never from a reporter's text for
 * people: node's test runner writes TAP to a file beside the log, Playwright its JSON report.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'test-results', 'stages');

/** A node:test stage: the spec reporter for people (the log), TAP for the counts. */
const nodeTest = (glob, ...options) => ({
  kind: 'node-test',
  command: (stage, files = glob) => [
    process.execPath,
    '--import',
    'tsx',
    '--test',
    ...options,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${path.join(OUT, `${stage}.tap`)}`,
    ...files,
  ],
});
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
/**
 * The build's work log and computed results (lib/computed-once.ts), where the site stage
 * of the same run reads them: outside .docusaurus/, which the dev and fixture stages' own builds rewrite beside it.
 */
const buildState = (chosen) => (chosen.has('build') && chosen.has('site') ? { EMISSARY_BUILD_STATE: path.join(ROOT, 'test-results', 'build-state') } : {});

/**
 * Every stage. `after`: stages that must have passed first (their output is this one's input).
 * `excludes`: stages that must not run at the same time (they write what this one reads or writes:
 * api-docs/, .docusaurus/, a guide the dev-server test edits for a moment).
 */
export const STAGES = {
  lint: {
    what: 'redocly lint of the OpenAPI document and its recorded versions',
    kind: 'single',
    command: () => [bin('redocly'), 'lint', 'openapi/emissary.yaml', ...historyFiles(), '--config', 'openapi/redocly.yaml'],
    quick: true,
  },
  unit: { what: 'unit tests and the canaries of patched upstream files (tests/unit)', ...nodeTest(['tests/unit/*.test.ts']), quick: true },
  // tsc reads api-docs/sidebar.ts: after the build, which generates it; alone (the quick lane), the
  // API pages are generated first where they are missing (a fresh clone).
  typecheck: {
    what: 'tsc over the project',
    kind: 'single',
    command: () => ['bash', '-c', '[ -e api-docs/sidebar.ts ] || npm run gen-api || exit 1; exec "$0" -p tsconfig.json', bin('tsc')],
    after: ['build'],
    quick: true,
  },
  build: {
    what: 'npm run build: the API pages generated, the site built into build/',
    kind: 'single',
    command: () => ['npm', 'run', 'build'],
    env: buildState,
    excludes: ['dev', 'fixture'],
  },
  // After dev, which edits a guide for a moment (the guides stage reads the guides' sources).
  guides: { what: 'guide scripts, page blocks and notebooks against the mock (tests/guides)', ...nodeTest(['tests/guides/*.test.ts']), after: ['build', 'dev'] },
  site: { what: 'checks over build/ (tests/site)', ...nodeTest(['tests/site/*.test.ts']), env: buildState, after: ['build'] },
  // After e2e: its pings-while-checking tests (a ping beside ten dataset checks, on Node and on workerd)
  // measure the server, not a machine whose two cores Chromium holds; alone at the end it adds about a minute.
  mcp: { what: 'the docs MCP server over stdio and HTTP (tests/mcp)', ...nodeTest(['tests/mcp/*.test.ts']), after: ['build'], following: ['e2e'] },
  e2e: {
    what: 'Playwright in Chromium against the served build (tests/e2e)',
    kind: 'playwright',
    command: (stage, files = []) => [bin('playwright'), 'test', '--reporter=list,json', ...files],
    env: () => ({ PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(OUT, 'e2e.json') }),
    // The build is served on a port free now (PORT, when set, wins): a server left on Playwright's
    // default port by another checkout would otherwise fail the stage, or be tested in its place.
    freePort: true,
    after: ['build'],
  },
  // The dev-server test regenerates .docusaurus/ and edits a guide for a moment: it runs right after
  // the build, beside the stages that read build/ only, and before the guides stage.
  dev: {
    what: '`docusaurus start` in Chromium (tests/dev)',
    ...nodeTest(['tests/dev/*.test.ts'], '--test-concurrency=1'),
    after: ['build'],
    excludes: ['build', 'fixture'],
  },
  // The fixture builds generate other documents' pages into api-docs/ and .docusaurus/: they wait for
  // the stages that read those (unit, typecheck, dev) and run beside the ones that read build/ only.
  fixture: {
    what: 'the kitchen sink and real public documents built (tests/fixture)',
    ...nodeTest(['tests/fixture/*.test.ts'], '--test-concurrency=1'),
    after: ['build', 'dev', 'unit', 'typecheck'],
    excludes: ['build', 'dev'],
  },
};

/** The recorded earlier versions of the document (openapi/history/emissary-*.yaml). */
const historyFiles = () =>
  readdirSync(path.join(ROOT, 'openapi', 'history'))
    .filter((f) => /^emissary-.*\.yaml$/.test(f))
    .sort()
    .map((f) => `openapi/history/${f}`);

/** The counts and failures of a finished stage, from its machine-readable report. */
function results(name, stage, code, log) {
  if (stage.kind === 'node-test') return tapResults(readIf(path.join(OUT, `${name}.tap`)), code, log);
  if (stage.kind === 'playwright') return playwrightResults(readIf(path.join(OUT, `${name}.json`)), code, log);
  return code === 0 ? { passed: 1, failed: 0, failures: [] } : { passed: 0, failed: 1, failures: [{ test: stage.what, error: lastLines(log, 30) }] };
}

const readIf = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
const lastLines = (text, n) => text.trimEnd().split('\n').slice(-n).join('\n');

/**
 * TAP from node's test runner: the totals of its closing comments; each failing test with the
 * first line of its error (a suite that fails only through its tests is not listed again).
 */
export function tapResults(tap, code, log = '') {
  const total = (key) => Number(tap.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  const lines = tap.split('\n');
  const failures = [];
  for (let i = 0; i < lines.length; i++) {
    const m = lines[i].match(/^(\s*)not ok \d+ - (.*)$/);
    if (!m) continue;
    // Its YAML block follows, indented deeper, up to the next test line or comment.
    const block = [];
    for (let j = i + 1; j < lines.length && !/^\s*(not ok|ok) \d+ - |^\s*# /.test(lines[j]); j++) block.push(lines[j]);
    if (block.some((l) => /^\s*failureType: '?subtestsFailed/.test(l))) continue;
    const at = block.findIndex((l) => /^\s*error: /.test(l));
    let error = at < 0 ? '' : block[at].replace(/^\s*error: /, '').trim();
    if (/^[|>]-?$/.test(error)) error = (block[at + 1] ?? '').trim();
    failures.push({ test: m[2].replace(/ # .*$/, ''), error: error.replace(/^'|'$/g, '').slice(0, 400) });
  }
  const passed = total('pass');
  const failed = total('fail') + total('cancelled');
  if (code !== 0 && failed === 0) {
    // The runner itself failed (a file that does not load, a crash): no test names it.
    return { passed, failed: 1, failures: [{ test: '(the stage did not finish its tests)', error: lastLines(log, 12) }] };
  }
  return { passed, failed, failures };
}

const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** Playwright's JSON report: its totals, and each failed test with its file, title and first error line. */
export function playwrightResults(json, code, log = '') {
  let report;
  try {
    report = JSON.parse(json);
  } catch {
    return { passed: 0, failed: 1, failures: [{ test: '(no Playwright report was written)', error: lastLines(log, 12) }] };
  }
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const result = (t.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped') ?? {};
        const error = plain(result.error?.message ?? result.errors?.[0]?.message ?? result.status ?? '');
        failures.push({ test: [...titles, spec.title].filter(Boolean).join(' › ') + ` (${spec.file}:${spec.line})`, error: error.split('\n').slice(0, 3).join(' ').slice(0, 400) });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title === child.file ? '' : child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  const s = report.stats ?? {};
  const failed = (s.unexpected ?? 0) + (s.flaky ?? 0);
  if (code !== 0 && failed === 0) {
    const errors = (report.errors ?? []).map((e) => plain(e.message ?? '').split('\n')[0]);
    return { passed: s.expected ?? 0, failed: 1, failures: [{ test: '(Playwright did not finish its tests)', error: errors.join(' ') || lastLines(log, 12) }] };
  }
  return { passed: s.expected ?? 0, failed, failures };
}

/** A TCP port on loopback that nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function runStage(name, stage, echo, files, chosen) {
  const port = stage.freePort && !process.env.PORT ? { PORT: String(await freePort()) } : {};
  return new Promise((resolve) => {
    const logFile = path.join(OUT, `${name}.log`);
    for (const ext of ['tap', 'json']) rmSync(path.join(OUT, `${name}.${ext}`), { force: true });
    const log = createWriteStream(logFile);
    const [cmd, ...args] = stage.command(name, ...(files?.length ? [files] : []));
    const started = Date.now();
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { ...process.env, ...(stage.env?.(chosen) ?? {}), ...port, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    if (echo) {
      child.stdout.pipe(process.stdout, { end: false });
      child.stderr.pipe(process.stderr, { end: false });
    }
    child.on('error', (error) => log.write(`\n${error.message}\n`));
    child.on('close', (code, signal) => {
      log.end(() => {
        const text = readIf(logFile);
        const exit = code ?? (signal ? 128 : 1);
        resolve({ name, code: exit, seconds: (Date.now() - started) / 1000, log: logFile, ...results(name, stage, exit, text) });
      });
    });
    running.set(name, child);
  });
}

const running = new Map();
function stopAll() {
  for (const child of running.values()) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});
process.on('SIGTERM', () => {
  stopAll();
  process.exit(143);
});

const clock = (s) => (s >= 60 ? `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s` : `${s.toFixed(1)} s`);

/** Runs `names` (in dependency order, side by side where allowed); returns every stage's result. */
export async function run(names, { print = console.log, files = [] } = {}) {
  mkdirSync(OUT, { recursive: true });
  const chosen = new Set(names);
  const done = new Map();
  const active = new Map();
  const started = Date.now();
  const ready = (name) => {
    const stage = STAGES[name];
    // `after`: inputs (a failed one skips the stage); `following`: order only, it runs whatever they did.
    const waits = [...(stage.after ?? []), ...(stage.following ?? [])].filter((d) => chosen.has(d));
    if (waits.some((d) => !done.has(d))) return false;
    const blockers = [...active.keys()].some((other) => (stage.excludes ?? []).includes(other) || (STAGES[other].excludes ?? []).includes(name));
    return !blockers;
  };
  const skipped = (name) => (STAGES[name].after ?? []).some((d) => chosen.has(d) && done.has(d) && done.get(d).failed > 0);
  const order = Object.keys(STAGES).filter((n) => chosen.has(n));
  while (done.size < order.length) {
    for (const name of order) {
      if (done.has(name) || active.has(name) || !ready(name)) continue;
      if (skipped(name)) {
        const cause = STAGES[name].after.filter((d) => done.get(d)?.failed > 0);
        done.set(name, { name, code: 1, seconds: 0, passed: 0, failed: 1, log: '', failures: [{ test: '(not run)', error: `it needs ${cause.join(', ')}, which failed` }] });
        print(`- ${name}: not run (needs ${cause.join(', ')})`);
        continue;
      }
      print(`▶ ${name} (${STAGES[name].what}) at ${clock((Date.now() - started) / 1000)}`);
      active.set(name, runStage(name, STAGES[name], order.length === 1, files, chosen).then((r) => ({ r })));
    }
    if (active.size === 0) break;
    const { r } = await Promise.race(active.values());
    active.delete(r.name);
    running.delete(r.name);
    done.set(r.name, r);
    print(`${r.failed ? '✘' : '✔'} ${r.name}: ${r.passed} passed, ${r.failed} failed in ${clock(r.seconds)}${r.failed ? ` (log: ${path.relative(ROOT, r.log)})` : ''}`);
  }
  return { results: order.map((n) => done.get(n)), seconds: (Date.now() - started) / 1000 };
}

/** The closing summary: the table, the failures by stage and test, the plain count line last. */
export function summary({ results, seconds }) {
  const rows = results.map((r) => [r.name, String(r.passed), String(r.failed), clock(r.seconds)]);
  const head = ['stage', 'passed', 'failed', 'wall'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  const out = ['', line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), line(['all', String(passed), String(failed), clock(seconds)])];
  const failing = results.filter((r) => r.failed > 0);
  if (failing.length) {
    out.push('', 'Failures (stage › test: first error line):');
    for (const r of failing) {
      for (const f of r.failures.slice(0, 20)) out.push(`  ${r.name} › ${f.test}${f.error ? `\n      ${f.error.replace(/\s*\n\s*/g, ' ⏎ ')}` : ''}`);
      if (r.failures.length > 20) out.push(`  ${r.name}: ${r.failures.length - 20} more`);
      if (r.log) out.push(`  ${r.name}: whole output in ${path.relative(ROOT, r.log)}`);
    }
  }
  out.push('', `tests: ${passed} passed, ${failed} failed`);
  return out.join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const names = args.filter((a) => a in STAGES);
  // Anything else goes to the one stage named: test files (`npm run test:unit -- tests/unit/search.test.ts`).
  const files = args.filter((a) => !(a in STAGES) && a !== '--quick');
  if (files.length && names.length !== 1) {
    console.error(`tests/run.mjs: ${files.join(' ')} is no stage (${Object.keys(STAGES).join(', ')}, or --quick); test files go to exactly one stage`);
    process.exit(2);
  }
  if (files.length && STAGES[names[0]].kind === 'single') {
    console.error(`tests/run.mjs: the ${names[0]} stage takes no files`);
    process.exit(2);
  }
  const chosen = args.includes('--quick') ? Object.keys(STAGES).filter((n) => STAGES[n].quick) : names.length ? names : Object.keys(STAGES);
  const outcome = await run(chosen, { files });
  const text = summary(outcome);
  writeFileSync(path.join(OUT, 'summary.txt'), `${text}\n`);
  console.log(text);
  process.exit(outcome.results.some((r) => r.failed > 0) ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

// Contract test: every generated curl sample must be a request the OpenAPI document accepts.
// Prism mocks openapi/emissary.yaml and validates each request against it; with --errors it
// answers 4xx (and an `sl-violations` header) instead of silently mocking an invalid request.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, startPrism, type Prism } from '../support/prism';
import { splitFrontMatter } from '../../plugins/llms-txt/markdown';
import { API_OUTPUT_DIR } from '../../plugins/api-reference/options';

const API_DIR = path.join(ROOT, API_OUTPUT_DIR);
const PUBLIC_BASE = 'https://api.withemissary.com';
const EXPECTED_OPERATIONS = 35;

type Sample = { id: string; code: string };
type Operation = { file: string; id: string; method: string; path: string; curl: string };

// Read the operations synchronously so that each one can be its own named test.
// The generated pages are build output: fail with a hint rather than report zero operations.
if (!fs.existsSync(API_DIR)) throw new Error(`${API_OUTPUT_DIR} is missing: run \`npm run gen-api\` first`);
const operations: Operation[] = fs
  .readdirSync(API_DIR)
  .filter((f) => f.endsWith('.api.mdx'))
  .sort()
  .map((file) => {
    const { frontMatter: fm, body } = splitFrontMatter(fs.readFileSync(path.join(API_DIR, file), 'utf8'));
    // The page's module exports its samples (plugins/api-reference/page.mustache).
    const exported = /^export const codeSamples = (.*);$/m.exec(body)?.[1];
    const curl = (exported ? (JSON.parse(exported) as Sample[]) : []).find((s) => s.id === 'curl')?.code ?? '';
    return { file, id: String(fm.id), method: String(fm.api_method), path: String(fm.api_path), curl };
  });

let prism: Prism | undefined;
let baseUrl = '';
let workDir = '';

before(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emissary-contract-'));
  // Samples upload files by relative name (--form 'file=@"tickets_train.jsonl"'); create each one.
  const uploads = new Set(['tickets_train.jsonl']);
  for (const op of operations) for (const m of op.curl.matchAll(/=@"?([^"';\s]+)/g)) uploads.add(m[1]);
  for (const f of uploads) {
    fs.writeFileSync(path.join(workDir, f), '{"prompt":"Refund please","completion":"billing"}\n');
  }

  prism = await startPrism();
  baseUrl = prism.url;
});

after(async () => {
  await prism?.stop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

// Run a curl sample exactly as a reader would paste it, only pointed at Prism.
function runCurl(code: string) {
  assert.ok(code.includes(PUBLIC_BASE), 'sample does not target the public API host');
  const body = path.join(workDir, 'body.out');
  const headers = path.join(workDir, 'headers.out');
  const cmd = `${code.replaceAll(PUBLIC_BASE, baseUrl)} --silent --show-error --output '${body}' -D '${headers}' --write-out '%{http_code}'`;
  const res = spawnSync('bash', ['-c', cmd], { cwd: workDir, encoding: 'utf8', timeout: 30_000 });
  assert.equal(res.status, 0, `curl failed: ${res.stderr}`);
  const headerText = fs.readFileSync(headers, 'utf8');
  const violations = /^sl-violations:\s*(.*)$/im.exec(headerText)?.[1]?.trim();
  return { status: Number(res.stdout), violations, body: fs.readFileSync(body, 'utf8') };
}

test(`there are exactly ${EXPECTED_OPERATIONS} operations, each with a curl sample`, () => {
  assert.equal(operations.length, EXPECTED_OPERATIONS, operations.map((o) => o.file).join(', '));
  for (const op of operations) assert.ok(op.curl, `${op.file} has no curl sample`);
});

for (const op of operations) {
  test(`${op.id}: ${op.method.toUpperCase()} ${op.path} curl sample is valid`, () => {
    const { status, violations, body } = runCurl(op.curl);
    const detail = `${op.id} answered ${status}; sl-violations: ${violations ?? '(none)'}; body: ${body.slice(0, 500)}`;
    assert.ok(status >= 200 && status < 300, detail);
    assert.equal(violations, undefined, detail);
  });
}

// Negative checks: prove Prism really validates, so the passes above are meaningful.
const sampleOf = (id: string) => {
  const op = operations.find((o) => o.id === id);
  assert.ok(op, `operation ${id} not found`);
  return op.curl;
};

test('a body without the required train_dataset_id is rejected', () => {
  const original = sampleOf('create-training-job');
  const broken = original.replace(/^\s*"train_dataset_id":.*\n/m, '');
  assert.notEqual(broken, original, 'sample no longer contains train_dataset_id');
  const { status, violations } = runCurl(broken);
  assert.ok(status === 400 || status === 422, `expected 400/422, got ${status}`);
  assert.match(violations ?? '', /train_dataset_id/);
});

test('a request without X-API-Key is answered 401', () => {
  const original = sampleOf('list-projects');
  const anonymous = original.replace(/--header 'X-API-Key: [^']*'(\s*\\\n)?/, '');
  assert.notEqual(anonymous, original, 'sample no longer sends X-API-Key');
  const { status, violations } = runCurl(anonymous);
  assert.equal(status, 401, `expected 401, got ${status}`);
  assert.ok(violations, 'expected an sl-violations header');
});

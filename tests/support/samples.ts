/**
 * Running an API page's code samples as a reader would: each language's own interpreter or
 * compiler, against the Prism mock, behind a recording proxy that tells what each sample sent.
 * Used by tests/e2e/samples.spec.ts, which takes the samples from the page's copy button.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { runProgram, type Result } from '../guides/support/run';
import { ROOT } from './prism';
import { spec } from './openapi';

/** The host every sample calls: the document's first server, as the samples take it. */
export const PUBLIC_BASE = String((spec.servers as Array<{ url: string }>)[0].url).replace(/\/$/, '');

/** Headers that carry credentials in the document's security schemes (compared across languages). */
export const AUTH_HEADERS: string[] = [
  ...new Set(
    Object.values((spec.components?.securitySchemes ?? {}) as Record<string, { type?: string; in?: string; name?: string }>).map((s) =>
      s.type === 'apiKey' && s.in === 'header' && s.name ? s.name.toLowerCase() : s.type === 'apiKey' && s.in === 'cookie' ? 'cookie' : 'authorization',
    ),
  ),
];

/* ---- What a sample sent ---- */

export interface Recorded {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  status: number;
  violations?: string;
}

export interface Proxy {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

/** A local HTTP server that forwards every request to `target` and records it with the answer. */
export async function recordingProxy(target: string): Promise<Proxy> {
  const requests: Recorded[] = [];
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = { ...req.headers, host: upstream.host };
      // The body arrives whole here: send it with its length, not chunked.
      delete headers['transfer-encoding'];
      if (body.length || req.method !== 'GET') headers['content-length'] = String(body.length);
      const out = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
        const violations = answer.headers['sl-violations'];
        requests.push({ method: req.method!, url: req.url!, headers: req.headers, body, status: answer.statusCode!, violations: violations && String(violations) });
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      });
      out.on('error', (error) => {
        requests.push({ method: req.method!, url: req.url!, headers: req.headers, body, status: 502, violations: `proxy: ${error.message}` });
        res.writeHead(502).end(String(error));
      });
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One part of a multipart body: its field name, file name if any, and content. */
interface Part {
  name: string;
  filename?: string;
  content: string;
}

function multipartParts(body: Buffer, contentType: string): Part[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) throw new Error(`multipart body without a boundary: ${contentType}`);
  const text = body.toString('latin1');
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((raw) => {
      const [head, ...rest] = raw.replace(/^\r\n/, '').split('\r\n\r\n');
      const disposition = /^content-disposition:(.*)$/im.exec(head)?.[1] ?? '';
      const name = /\bname="([^"]*)"/.exec(disposition)?.[1] ?? '';
      const filename = /\bfilename="([^"]*)"/.exec(disposition)?.[1];
      return { name, ...(filename !== undefined && { filename }), content: Buffer.from(rest.join('\r\n\r\n').replace(/\r\n$/, ''), 'latin1').toString('utf8') };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The body as its media type means it: JSON parsed, form fields by name; raw text otherwise. */
function bodyValue(body: Buffer, contentType: string): unknown {
  if (body.length === 0) return undefined;
  if (/json/i.test(contentType)) {
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      return `(not JSON) ${body.toString('utf8')}`;
    }
  }
  if (/^multipart\/form-data/i.test(contentType)) return multipartParts(body, contentType);
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) return [...new URLSearchParams(body.toString('utf8'))].sort();
  return body.toString('utf8');
}

/** What two languages' samples must agree on for one operation. */
export interface RequestShape {
  method: string;
  path: string;
  query: Array<[string, string]>;
  auth: Record<string, string | undefined>;
  contentType?: string;
  body: unknown;
}

export function requestShape(r: Recorded): RequestShape {
  const url = new URL(r.url, 'http://x');
  const contentType = r.headers['content-type'];
  const auth: Record<string, string | undefined> = {};
  for (const name of AUTH_HEADERS) auth[name] = r.headers[name] as string | undefined;
  return {
    method: r.method,
    path: url.pathname,
    query: [...url.searchParams].sort(),
    auth,
    // A client's default type on an empty body (Net::HTTP's and axios's form type on a bare POST) says nothing.
    contentType: r.body.length ? contentType?.split(';')[0].trim().toLowerCase() : undefined,
    body: bodyValue(r.body, contentType ?? ''),
  };
}

/* ---- PowerShell, read rather than run ---- */

/** PowerShell's escapes in a double-quoted string or here-string: `" and `` (and a doubled "" in a plain string). */
const psUnescape = (s: string) => s.replace(/`(.)/g, '$1');

/**
 * The request a PowerShell sample (postman-code-generators' RestMethod variant) sends, read from
 * its text: pwsh cannot be installed here. Fails naming what it cannot read.
 */
export function powershellShape(code: string, fileContent: (name: string) => string): RequestShape {
  const call = /^\$response = Invoke-RestMethod '([^']+)' -Method '([A-Z]+)' -Headers \$headers(?: -Body \$body)?\s*$/m.exec(code);
  if (!call) throw new Error(`PowerShell: no Invoke-RestMethod line I can read:\n${code}`);
  const url = new URL(call[1]);
  const headers: Record<string, string> = {};
  for (const m of code.matchAll(/^\$headers\.Add\("([^"]+)", "((?:[^"`]|`.)*)"\)$/gm)) headers[m[1].toLowerCase()] = psUnescape(m[2]);
  let contentType = headers['content-type'];
  let body: unknown;
  if (/-Body \$body/.test(call[0])) {
    const here = /^\$body = @"\r?\n([\s\S]*?)\r?\n"@$/m.exec(code);
    if (here) {
      body = bodyValue(Buffer.from(psUnescape(here[1])), contentType ?? '');
    } else if (/^\$body = \$multipartContent$/m.test(code)) {
      contentType = 'multipart/form-data';
      const parts: Part[] = [];
      // Each part: a file (ContentDispositionHeaderValue with FileName over a FileStream) or a string.
      for (const m of code.matchAll(/^\$fileHeader\.Name = "([^"]+)"\r?\n\$fileHeader\.FileName = "([^"]+)"$/gm)) {
        parts.push({ name: m[1], filename: m[2], content: fileContent(m[2]) });
      }
      for (const m of code.matchAll(/^\$stringHeader\.Name = "([^"]+)"\r?\n\$stringContent = \[System\.Net\.Http\.StringContent\]::new\("((?:[^"`]|`.)*)"\)$/gm)) {
        parts.push({ name: m[1], content: psUnescape(m[2]) });
      }
      body = parts.sort((a, b) => a.name.localeCompare(b.name));
    } else {
      throw new Error(`PowerShell: a -Body I cannot read:\n${code}`);
    }
  }
  const auth: Record<string, string | undefined> = {};
  for (const name of AUTH_HEADERS) auth[name] = headers[name];
  return {
    method: call[2],
    path: url.pathname,
    query: [...url.searchParams].sort(),
    auth,
    contentType: contentType?.split(';')[0].trim().toLowerCase(),
    body,
  };
}

/* ---- Running a sample ---- */

/** The languages run here, each by its own toolchain (PowerShell is read: see powershellShape). */
export const RUN_LANGUAGES = ['curl', 'python', 'nodejs', 'go', 'ruby', 'java'] as const;
export type RunLanguage = (typeof RUN_LANGUAGES)[number];

/** Debian's Unirest 1.x and the jars it needs (libunirest-java-java and its Depends), under /usr/share/java. */
const UNIREST_JARS = [
  'unirest-java', 'com.android.json', 'httpclient', 'httpcore', 'httpasyncclient', 'httpcore-nio', 'httpmime', 'commons-logging', 'commons-codec',
];
const JAVA_DIR = process.env.JAVA_LIBS ?? '/usr/share/java';

export function unirestClasspath(): string {
  const jars = UNIREST_JARS.map((name) => path.join(JAVA_DIR, `${name}.jar`));
  const missing = jars.filter((jar) => !fs.existsSync(jar));
  if (missing.length) throw new Error(`Java samples need Unirest 1.x and its jars: ${missing.join(', ')} missing (apt-get install libunirest-java-java)`);
  return jars.join(path.delimiter);
}

/** What the reader adds around a Java snippet to run it: the imports, a class and its main. */
export function javaProgram(className: string, snippet: string): string {
  return [
    'import com.mashape.unirest.http.*;',
    'import java.io.File;',
    '',
    `public class ${className} {`,
    '  public static void main(String[] args) throws Exception {',
    '    try {',
    snippet.replace(/^/gm, '      '),
    '      System.out.println(response.getBody());',
    '    } finally {',
    '      Unirest.shutdown();', // Unirest's client threads would keep the JVM alive.
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

/**
 * The one change a sample gets before it runs: the public host becomes the mock's (and Ruby's
 * `use_ssl` is turned off). Fails when the sample does not call the public host.
 */
export function pointAt(lang: string, code: string, base: string): string {
  if (!code.includes(PUBLIC_BASE)) throw new Error(`the ${lang} sample does not call ${PUBLIC_BASE}`);
  let out = code.replaceAll(PUBLIC_BASE, base);
  if (lang === 'ruby') {
    if (!/^https\.use_ssl = true$/m.test(out)) throw new Error('the Ruby sample has no `https.use_ssl = true` line to turn off');
    out = out.replace(/^https\.use_ssl = true$/m, 'https.use_ssl = false');
  }
  return out;
}

let python: string | undefined;
function pythonBin(): string {
  if (python) return python;
  for (const candidate of process.env.PYTHON ? [process.env.PYTHON] : ['python3', '/usr/bin/python3']) {
    if (spawnSync(candidate, ['-c', 'import requests']).status === 0) return (python = candidate);
  }
  throw new Error('Python samples need Python 3 with requests (apt-get install python3-requests)');
}

/** The environment of a sample: no proxy of the person running the tests, Go without network or cgo. */
function sampleEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^(https?|no|all)_proxy$/i.test(k)) env[k] = v;
  return {
    ...env,
    NODE_PATH: path.join(ROOT, 'node_modules'),
    GOFLAGS: '-mod=mod',
    GOPROXY: 'off',
    GOTOOLCHAIN: 'local',
    CGO_ENABLED: '0',
  };
}

const TIMEOUT_MS = 120_000;

/** Writes one language's sample into `dir` as the reader would save it and runs it there (Java: see compileJava). */
export async function runSample(lang: Exclude<RunLanguage, 'java'>, code: string, dir: string): Promise<Result & { step: string }> {
  fs.mkdirSync(dir, { recursive: true });
  const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
  const run = async (step: string, cmd: string, args: string[]) => ({ ...(await runProgram(cmd, args, { cwd: dir, env: sampleEnv(), timeoutMs: TIMEOUT_MS })), step });
  switch (lang) {
    case 'curl':
      write('sample.sh', `${code}\n`);
      return run('bash', 'bash', ['sample.sh']);
    case 'python':
      write('sample.py', `${code}\n`);
      return run('python', pythonBin(), ['sample.py']);
    case 'nodejs':
      write('sample.js', `${code}\n`);
      return run('node', process.execPath, ['sample.js']);
    case 'ruby':
      write('sample.rb', `${code}\n`);
      return run('ruby', 'ruby', ['sample.rb']);
    case 'go':
      write('main.go', `${code}\n`);
      write('go.mod', 'module sample\n\ngo 1.19\n');
      return run('go run', 'go', ['run', '.']);
  }
}

/** javac's messages about one file: each line that names it and the lines that follow, up to the next message. */
function javacMessages(output: string, file: string): string {
  const out: string[] = [];
  let mine = false;
  for (const line of output.split(/\r?\n/)) {
    if (/^\S+\.java:\d+: /.test(line) || /^\d+ errors?$/.test(line)) mine = line.startsWith(`${file}:`);
    if (mine) out.push(line);
  }
  return out.join('\n');
}

/**
 * Compiles Java snippets, each wrapped in its class (javaProgram), with one javac for all of them
 * into `dir`. Returns javac's errors of each class that does not compile; the others are compiled
 * (a file with errors is left out and the rest compiled again).
 */
export async function compileJava(dir: string, programs: Array<{ className: string; code: string }>): Promise<Map<string, string>> {
  const cp = unirestClasspath();
  fs.mkdirSync(dir, { recursive: true });
  for (const p of programs) fs.writeFileSync(path.join(dir, `${p.className}.java`), javaProgram(p.className, p.code));
  const errors = new Map<string, string>();
  let left = programs.map((p) => p.className);
  while (left.length) {
    const files = left.map((c) => `${c}.java`);
    const result = await runProgram('javac', ['-nowarn', '-Xmaxerrs', '100000', '-encoding', 'UTF-8', '-cp', cp, '-d', '.', ...files], { cwd: dir, env: sampleEnv(), timeoutMs: TIMEOUT_MS * 2 });
    if (result.code === 0) break;
    const output = `${result.stderr}${result.stdout}`;
    const bad = left.filter((c) => output.includes(`${c}.java:`));
    // javac failed without naming a file (or timed out): every class left fails with its output.
    for (const c of bad.length && !result.timedOut ? bad : left) {
      errors.set(c, javacMessages(output, `${c}.java`) || output);
    }
    if (!bad.length || result.timedOut) break;
    left = left.filter((c) => !bad.includes(c));
  }
  return errors;
}

/** Runs a class compileJava compiled in `classes`, from the working directory `dir`. */
export async function runJava(className: string, classes: string, dir: string): Promise<Result & { step: string }> {
  fs.mkdirSync(dir, { recursive: true });
  // A quick-start JVM: no sample runs long enough for the optimizing compiler to matter.
  const args = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-cp', `${classes}${path.delimiter}${unirestClasspath()}`, className];
  return { ...(await runProgram('java', args, { cwd: dir, env: sampleEnv(), timeoutMs: TIMEOUT_MS })), step: 'java' };
}

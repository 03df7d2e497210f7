/**
 * What the JavaScript a page loads at startup is made of: each chunk's name, what Docusaurus's
 * registry says it holds (for route chunks), which known libraries its text carries, and whether it
 * carries a code generator / request builder or API reference components.
 *
 * Production chunks name modules by number, so libraries are recognised by strings that survive
 * minification (error messages, class names, property keys). `BENCH_ANALYZE=1` adds an exact
 * module-by-package breakdown from a separate stats build (see analyze.ts).
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { NetworkRecord } from './lighthouse';

/** Code that must never ship to the browser: code generators and request builders. */
export const CODEGEN_MARKERS: Array<{ name: string; needles: string[] }> = [
  { name: 'postman-code-generators', needles: ['postman-code-generators', 'trimRequestBody'] },
  { name: 'postman-collection', needles: ['postman-collection', '_postman_propertyName'] },
  { name: 'openapi-to-postman', needles: ['openapi-to-postman', 'The schema must be validated before attempting conversion'] },
  { name: 'crypto-js', needles: ['crypto-js', 'Malformed UTF-8 data'] },
  { name: 'react-live', needles: ['react-live', 'Code failed to transform'] },
];

/**
 * Text of Prism (alone or in prism-react-renderer): its core's hook names. Not the line class
 * `token-line`: our code block (plugins/code-blocks) writes it for code it shows plain.
 */
export const HIGHLIGHTER_MARKERS = ['after-tokenize', 'before-tokenize'];

/**
 * A page's highlights file (lib/code/lines.ts: its table of token types, then its
 * blocks), as a script carries it, a JSON module or a string it parses: startup scripts must not.
 */
export const HIGHLIGHTS_FILE = /types\\?["']?:\[(?:\\?["'][a-z][\w -]*\\?["'],?)*\],\\?["']?blocks\\?["']?:/;

/** Text of Redux, Redux Toolkit (their minified errors' URLs, the store's init action), immer and react-redux, which the API theme's own store replaces. */
export const REDUX_MARKERS = ['@@redux/INIT', 'redux.js.org/Errors', 'redux-toolkit.js.org/Errors', '[Immer]', 'react-redux'];

/** Text of the OpenAPI theme's components (class names they render). */
export const API_COMPONENT_MARKERS = ['openapi-schema', 'theme-api-markdown'];

/** Library fingerprints: a label and strings found only in that library's minified code. */
const FINGERPRINTS: Array<[string, string[]]> = [
  ['react-dom', ['__reactContainer']],
  ['docusaurus theme (navbar, layout)', ['navbar__']],
  ['Prism + prism-react-renderer (highlighting)', HIGHLIGHTER_MARKERS],
  ['search-local UI', ['aria-autocomplete']],
  ['lunr (search index)', ['lunr']],
  ['redux, redux toolkit, immer, react-redux', REDUX_MARKERS],
  ['react-markdown / micromark (Markdown parser)', ['micromark']],
  ['parse5 (HTML parser)', ['missing-whitespace-between-attributes']],
  ['lodash', ['__lodash_hash_undefined__']],
  ['allof-merge', ['mergeAllOf']],
  ['OpenAPI schema components', ['openapi-schema']],
  ['OpenAPI request/response tabs', ['DiscriminatorTabs', 'openapi-tabs']],
  ['theme-api-markdown', ['theme-api-markdown']],
  ...CODEGEN_MARKERS.map((m): [string, string[]] => [m.name, m.needles]),
];

export interface ChunkInfo {
  /** Path in the build, e.g. assets/js/main.1a2b3c4d.js. */
  file: string;
  /** Chunk name: main, common, runtime~main, a registry hash, or a numeric split-chunk id. */
  chunk: string;
  /** Bytes on the wire (gzip + headers). */
  transferSize: number;
  /** Bytes on disk (minified, uncompressed). */
  rawSize: number;
  /** For route chunks: the module Docusaurus's registry loads into it. */
  source?: string;
  /** Libraries recognised in the chunk's text. */
  contains: string[];
  /** Code-generator markers found (should be empty). */
  codegen: string[];
  /** API component markers found. */
  apiComponents: string[];
}

/** Chunk name of an emitted file: `assets/js/<name>.<contenthash>.js` → `<name>`. */
export function chunkName(file: string): string {
  return path.basename(file).replace(/\.[0-9a-f]+\.js$/, '').replace(/\.js$/, '');
}

/** Reads `.docusaurus/registry.js`: chunk name → the module it imports (e.g. `@site/docs/intro.md`). */
export async function readRegistry(generatedDir: string): Promise<Record<string, string>> {
  const text = await fs.readFile(path.join(generatedDir, 'registry.js'), 'utf8').catch(() => '');
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/webpackChunkName: "([^"]+)" \*\/ "([^"]+)"/g)) out[m[1]] = m[2];
  return out;
}

function describeSource(source: string | undefined): string | undefined {
  if (!source) return undefined;
  return source
    .replace(/^@site\//, '')
    .replace(/^@generated\/(.*)$/, 'route data: $1')
    .replace(/^@theme\/(.*)$/, 'theme component $1');
}

/** The URL path of a same-origin request, or null. */
function localPath(url: string, origin: string): string | null {
  if (!url.startsWith(origin)) return null;
  return new URL(url).pathname;
}

/** Inspects every script the page executed at startup (Lighthouse resourceType `Script`). */
export async function inspectScripts(
  buildDir: string,
  origin: string,
  records: NetworkRecord[],
  registry: Record<string, string>,
): Promise<ChunkInfo[]> {
  const seen = new Set<string>();
  const out: ChunkInfo[] = [];
  for (const r of records) {
    if (r.resourceType !== 'Script') continue;
    const p = localPath(r.url, origin);
    if (!p || seen.has(p)) continue;
    seen.add(p);
    const file = p.replace(/^\//, '');
    const text = await fs.readFile(path.join(buildDir, file), 'utf8').catch(() => '');
    const chunk = chunkName(file);
    const has = (needle: string) => text.includes(needle);
    out.push({
      file,
      chunk,
      transferSize: r.transferSize,
      rawSize: Buffer.byteLength(text),
      source: describeSource(registry[chunk]),
      contains: FINGERPRINTS.filter(([, needles]) => needles.some(has)).map(([label]) => label),
      codegen: CODEGEN_MARKERS.filter((m) => m.needles.some(has)).map((m) => m.name),
      apiComponents: API_COMPONENT_MARKERS.filter(has),
    });
  }
  return out.sort((a, b) => b.transferSize - a.transferSize);
}

/** Byte totals of a page load, from its network records. */
export function transferTotals(records: NetworkRecord[]): { js: number; all: number; prefetch: number; css: number; document: number } {
  let js = 0;
  let all = 0;
  let prefetch = 0;
  let css = 0;
  let document = 0;
  for (const r of records) {
    all += r.transferSize;
    if (r.resourceType === 'Script') js += r.transferSize;
    else if (r.resourceType === 'Stylesheet') css += r.transferSize;
    else if (r.resourceType === 'Document') document += r.transferSize;
    // <link rel="prefetch"> (Docusaurus prefetches the chunks of links in view): fetched, not run.
    else if (r.resourceType === 'Other' && /^(VeryLow|Lowest|Low)$/.test(r.priority) && /\.js(\?|$)/.test(r.url)) prefetch += r.transferSize;
  }
  return { js, all, prefetch, css, document };
}

/**
 * Compares two builds of the site file by file, to show that a change to how the site is built
 * changes nothing a reader receives:
 *
 *   npx tsx scripts/bench/compare-builds.ts <build-a> <build-b> [<site-dir-a> <site-dir-b>]
 *
 * HTML is compared with what differs between any two builds of the same code left out
 * (`normalizeHtml`): asset content hashes and the OpenAPI theme's schema tab ids. Every other file
 * is compared byte for byte, under a name with its content hash left out (`main.<hash>.js` is
 * `main.js`), and with each build's site folder (default: the build folder's parent) written as
 * `<site>`: `main.<hash>.js` carries the site's configuration, whose local plugins are absolute
 * paths. Prints what differs; exits 1 if anything does.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Markup without the asset content hashes and the schema tab ids that the OpenAPI theme drew from
 * Math.random (`lib/theme/Schema/index.js`) before the API page was ours: kept so that builds of
 * older commits still compare. Today's tab ids come from React's `useId` and are the same in any two builds.
 */
export function normalizeHtml(html: string): string {
  return html.replace(/\.[0-9a-f]{8,}\./g, '.').replace(/tab-[a-z0-9]+-(\d+-item)/g, 'tab-$1');
}

/** A file's path with its content hash left out: `assets/js/main.1a2b3c4d.js` → `assets/js/main.js`. */
const unhashed = (file: string) => file.replace(/\.[0-9a-f]{8,}(\.[a-z]+)$/, '$1');

async function files(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(dir, path.join(entry.parentPath, entry.name));
    const key = unhashed(rel);
    if (out.has(key)) throw new Error(`${dir}: ${out.get(key)} and ${rel} have the same name once their hashes are left out`);
    out.set(key, rel);
  }
  return out;
}

const TEXT = /\.(js|css|json|txt|md|xml|map|svg)$/;

async function main(): Promise<void> {
  const [a, b, siteA, siteB] = process.argv.slice(2).map((p) => path.resolve(p));
  if (!a || !b) throw new Error('usage: compare-builds.ts <build-a> <build-b> [<site-dir-a> <site-dir-b>]');
  const sites = [siteA ?? path.dirname(a), siteB ?? path.dirname(b)];
  const [inA, inB] = await Promise.all([files(a), files(b)]);
  const differ: string[] = [];
  for (const key of inA.keys()) if (!inB.has(key)) differ.push(`only in ${a}: ${inA.get(key)}`);
  for (const key of inB.keys()) if (!inA.has(key)) differ.push(`only in ${b}: ${inB.get(key)}`);
  let same = 0;
  for (const [key, relA] of inA) {
    const relB = inB.get(key);
    if (!relB) continue;
    const [bytesA, bytesB] = await Promise.all([fs.readFile(path.join(a, relA)), fs.readFile(path.join(b, relB))]);
    let equal = bytesA.equals(bytesB);
    if (!equal && key.endsWith('.html')) equal = normalizeHtml(bytesA.toString('utf8')) === normalizeHtml(bytesB.toString('utf8'));
    else if (!equal && TEXT.test(key)) equal = bytesA.toString('utf8').replaceAll(sites[0], '<site>') === bytesB.toString('utf8').replaceAll(sites[1], '<site>');
    if (equal) same++;
    else differ.push(`differs: ${relA}${relA === relB ? '' : ` / ${relB}`}`);
  }
  console.log(`${same} files the same, ${differ.length} not`);
  for (const line of differ) console.log(`  ${line}`);
  if (differ.length) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

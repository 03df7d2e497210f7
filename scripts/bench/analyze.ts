/**
 * BENCH_ANALYZE=1: one extra, untimed build with scripts/bench/docusaurus.analyze.config.ts, which
 * records the modules of every chunk. Chunks are matched to the measured build by chunk name (the
 * file name before its content hash), which both builds share.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { run } from './build';
import { chunkName } from './chunks';
import type { ChunkModules } from './docusaurus.analyze.config';

export interface PackageShare {
  name: string;
  /** Bytes of source (before minification) this package puts in the chunk. */
  bytes: number;
  share: number;
}

const FAMILIES: Array<[RegExp, string]> = [
  [/^micromark/, 'micromark*'],
  [/^mdast-util-/, 'mdast-util-*'],
  [/^(hast-util-|hastscript$|property-information$|html-void-elements$|web-namespaces$)/, 'hast-util-*'],
  [/^(unified|vfile|vfile-message|unist-util-.*|bail|trough|devlop|is-plain-obj)$/, 'unified/vfile/unist'],
  [/^(remark-|rehype-)/, 'remark/rehype plugins'],
];

/** A module identifier → the package (or site folder) it belongs to. */
export function packageOf(identifier: string, siteDir: string): string {
  // Rspack identifiers look like `loader!…!/abs/path|hash` or `javascript/esm|/abs/path`.
  const last = identifier.split('!').pop() ?? identifier;
  const file = last.split('|').find((part) => part.startsWith('/')) ?? last;
  const i = file.lastIndexOf('node_modules/');
  if (i < 0) return `site: ${path.relative(siteDir, file).split(path.sep).slice(0, 2).join('/')}`;
  const parts = file.slice(i + 'node_modules/'.length).split('/');
  const pkg = parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  // The unified Markdown/HTML pipeline is dozens of small packages: count them as families.
  for (const [re, family] of FAMILIES) if (re.test(pkg)) return family;
  // The big theme: name the component folder too.
  if (pkg === '@docusaurus/theme-classic') {
    const rest = parts.slice(pkg.split('/').length);
    const themeAt = rest.indexOf('theme');
    if (themeAt >= 0 && rest[themeAt + 1]) return `${pkg}/${rest[themeAt + 1].replace(/\.js$/, '')}`;
  }
  return pkg;
}

/** Chunk name → its packages by source bytes, largest first. */
export async function analyzeBuild(siteDir: string, benchDir: string): Promise<Record<string, PackageShare[]>> {
  const statsFile = path.join(benchDir, 'chunk-modules.json');
  await fs.rm(statsFile, { force: true });
  await run(
    'npx',
    ['docusaurus', 'build', '--config', 'scripts/bench/docusaurus.analyze.config.ts', '--out-dir', path.join(benchDir, 'analyze-build')],
    siteDir,
    path.join(benchDir, 'analyze-build.log'),
    { BENCH_STATS_FILE: statsFile },
  );
  const chunks = JSON.parse(await fs.readFile(statsFile, 'utf8')) as ChunkModules[];
  const out: Record<string, PackageShare[]> = {};
  for (const c of chunks) {
    const js = c.files.find((f) => f.endsWith('.js'));
    if (!js) continue;
    const by = new Map<string, number>();
    let total = 0;
    for (const m of c.modules) {
      if (/css-loader|mini-css-extract|\.s?css$/.test(m.id)) continue;
      const name = packageOf(m.id, siteDir);
      by.set(name, (by.get(name) ?? 0) + m.size);
      total += m.size;
    }
    out[chunkName(js)] = [...by.entries()]
      .map(([name, bytes]) => ({ name, bytes, share: total ? bytes / total : 0 }))
      .sort((a, b) => b.bytes - a.bytes);
  }
  return out;
}

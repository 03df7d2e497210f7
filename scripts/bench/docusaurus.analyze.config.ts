/**
 * The site's own config plus one plugin that writes, for each client chunk, the modules in it and
 * their source sizes to $BENCH_STATS_FILE. Used only by `BENCH_ANALYZE=1 npm run bench`
 * (scripts/bench/analyze.ts), in a separate, untimed build.
 */
import { writeFileSync } from 'node:fs';
import type { Config, Plugin } from '@docusaurus/types';
import site from '../../docusaurus.config';

interface StatsModule {
  identifier(): string;
  size(): number;
  modules?: StatsModule[];
}
interface StatsChunk {
  name?: string | null;
  files: Iterable<string>;
}
interface StatsCompilation {
  chunks: Iterable<StatsChunk>;
  chunkGraph: { getChunkModules(chunk: StatsChunk): StatsModule[] };
}
interface StatsCompiler {
  hooks: { done: { tap(name: string, fn: (stats: { compilation: StatsCompilation }) => void): void } };
}

export interface ChunkModules {
  files: string[];
  name: string | null;
  modules: Array<{ id: string; size: number }>;
}

function chunkModulesPlugin(): Plugin {
  return {
    name: 'bench-chunk-modules',
    configureWebpack(_config, isServer) {
      if (isServer || !process.env.BENCH_STATS_FILE) return {};
      const file = process.env.BENCH_STATS_FILE;
      return {
        plugins: [
          {
            apply(compiler: StatsCompiler) {
              compiler.hooks.done.tap('bench-chunk-modules', ({ compilation }) => {
                const out: ChunkModules[] = [];
                for (const chunk of compilation.chunks) {
                  const modules: ChunkModules['modules'] = [];
                  const add = (m: StatsModule) => {
                    // A concatenated module lists the modules it was made of.
                    if (m.modules?.length) m.modules.forEach(add);
                    else modules.push({ id: m.identifier(), size: m.size() });
                  };
                  compilation.chunkGraph.getChunkModules(chunk).forEach(add);
                  out.push({ files: [...chunk.files], name: chunk.name ?? null, modules });
                }
                writeFileSync(file, JSON.stringify(out));
              });
            },
          },
        ],
      };
    },
  };
}

const config: Config = { ...site, plugins: [...(site.plugins ?? []), chunkModulesPlugin] };
export default config;

/**
 * The server bundle, which renders every page's HTML at build time, with the code that pages share
 * in one chunk of its own.
 *
 * Docusaurus turns `splitChunks` off for its server build. Each page's chunk then carried its own
 * copy of the theme, the OpenAPI theme and their libraries: about 0.4 MB per API page. At 32 times
 * today's API that was 678 MB of JavaScript for Rspack to emit, and for the SSG workers to parse
 * again for every page. With one shared chunk it is 36 MB; a ×32 build peaks about 1.1 GiB lower
 * and renders its pages about a third faster (scripts/bench/README.md).
 *
 * The browser build is untouched, and so is the HTML: the tags a page gets come from the browser's
 * chunks. After each server build, `duplicatedModules` checks that no module is still copied into
 * two chunks, and fails the build naming one if so (UPGRADING.md, "Server bundle").
 */
import type { Plugin } from '@docusaurus/types';
import type { Compiler, Configuration } from 'webpack';

export const SHARED_CHUNK = 'server-shared';

const NAME = 'server-bundle';

export interface ChunkModules {
  chunk: string;
  /** Identifiers of the modules in the chunk. */
  modules: string[];
}

/** Modules found in more than one chunk, each with the chunks that hold it. */
export function duplicatedModules(chunks: ChunkModules[]): Map<string, string[]> {
  const holders = new Map<string, string[]>();
  for (const { chunk, modules } of chunks) for (const id of modules) holders.set(id, [...(holders.get(id) ?? []), chunk]);
  return new Map([...holders].filter(([, list]) => list.length > 1));
}

/** Rspack's compiler and compilation, as far as the check needs them (the webpack types differ in detail). */
interface CheckedCompilation {
  chunks: Iterable<{ name?: string | null; id?: string | number | null }>;
  chunkGraph: { getChunkModules(chunk: unknown): Array<{ identifier(): string }> };
  errors: Error[];
}

class NoDuplicatedModules {
  apply(compiler: Compiler): void {
    (compiler.hooks.afterCompile as unknown as { tap(name: string, fn: (c: CheckedCompilation) => void): void }).tap(NAME, (compilation) => {
      const chunks = [...compilation.chunks].map((chunk) => ({
        chunk: String(chunk.name ?? chunk.id),
        // The identifier names the module's loaders, then after the last '!' its file.
        modules: compilation.chunkGraph.getChunkModules(chunk).map((m) => m.identifier().replace(/^.*!/, '')),
      }));
      const duplicated = duplicatedModules(chunks);
      if (!duplicated.size) return;
      const [id, holders] = duplicated.entries().next().value!;
      compilation.errors.push(
        new Error(
          `${NAME}: ${duplicated.size} modules are copied into more than one chunk of the server bundle, e.g. ${id} in ${holders.length} chunks (${holders.slice(0, 3).join(', ')}, …). ` +
            `The "${SHARED_CHUNK}" chunk no longer takes effect: see UPGRADING.md, "Server bundle".`,
        ),
      );
    });
  }
}

/** The server build's `optimization` and the check; the browser build gets nothing. */
export function serverBundleConfig(isServer: boolean): Configuration {
  if (!isServer) return {};
  return {
    optimization: {
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          default: false,
          defaultVendors: false,
          // Everything two or more chunks use, whatever its size: one file each SSG worker loads once.
          // `usedExports: false`: the dataset checker's web worker is a runtime of its own, and a module
          // both runtimes use with different exports (lib/dataset-check/models.ts) would stay in both.
          shared: { name: SHARED_CHUNK, chunks: 'async', minChunks: 2, minSize: 0, enforce: true, reuseExistingChunk: true, usedExports: false },
        },
      },
    },
    plugins: [new NoDuplicatedModules()],
  };
}

export default function serverBundle(): Plugin {
  return {
    name: NAME,
    configureWebpack: (_config, isServer) => serverBundleConfig(isServer) as never,
  };
}

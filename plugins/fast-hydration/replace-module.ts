/**
 * Swaps module files for others in the browser build only: for the Docusaurus internals no swizzle
 * reaches, and for this plugin's own files that have a browser twin (see REPLACEMENTS in ./index.ts).
 */
import type { ConfigureWebpackUtils, Plugin } from '@docusaurus/types';

interface ResolveData {
  request?: string;
  contextInfo?: { issuer?: string };
  createData?: { resource?: string };
}

type ReplacementPlugin = new (test: RegExp, replace: (data: ResolveData) => void) => unknown;

export interface Replacement {
  /** Matched against the request as written and against the resolved file path. */
  test: RegExp;
  /** The file to use instead. */
  target: string;
  /** Only where the importing file's path matches this. */
  issuer?: RegExp;
}

export function replaceModule(utils: ConfigureWebpackUtils, { test, target, issuer }: Replacement): unknown {
  const { NormalModuleReplacementPlugin } = utils.currentBundler.instance as unknown as { NormalModuleReplacementPlugin: ReplacementPlugin };
  return new NormalModuleReplacementPlugin(test, (data) => {
    if (issuer && !issuer.test(data.contextInfo?.issuer ?? '')) return;
    // After resolution the file path is in createData.resource; before it, in request.
    if (data.createData?.resource && test.test(data.createData.resource)) data.createData.resource = target;
    else data.request = target;
  });
}

/** A Docusaurus plugin that applies `replacements` to the browser build; the server build keeps the originals. */
export function browserModuleReplacements(name: string, replacements: Replacement[]): Plugin {
  return {
    name,
    configureWebpack(_config, isServer, utils) {
      if (isServer) return {};
      return { plugins: replacements.map((r) => replaceModule(utils, r)) } as never;
    },
  };
}

/**
 * A bundler plugin that swaps one module file for another in the browser build, for the plugins
 * that replace a Docusaurus internal no swizzle reaches (plugins/lazy-prism, plugins/browser-context).
 */
import type { ConfigureWebpackUtils } from '@docusaurus/types';

interface ResolveData {
  request?: string;
  contextInfo?: { issuer?: string };
  createData?: { resource?: string };
}

type ReplacementPlugin = new (test: RegExp, replace: (data: ResolveData) => void) => unknown;

/**
 * Replaces every module whose resolved path matches `test` with the file `target`; with `issuer`,
 * only where the importing file's path matches it.
 */
export function replaceModule(utils: ConfigureWebpackUtils, test: RegExp, target: string, issuer?: RegExp): unknown {
  const { NormalModuleReplacementPlugin } = utils.currentBundler.instance as unknown as { NormalModuleReplacementPlugin: ReplacementPlugin };
  return new NormalModuleReplacementPlugin(test, (data) => {
    if (issuer && !issuer.test(data.contextInfo?.issuer ?? '')) return;
    // After resolution the file path is in createData.resource; before it, in request.
    if (data.createData?.resource && test.test(data.createData.resource)) data.createData.resource = target;
    else data.request = target;
  });
}

/**
 * Preloaded (`node --require`) into a `docusaurus build` process that bundles one side only, by
 * scripts/build-site.mjs: EMISSARY_BUNDLE_ONLY=server or client. Docusaurus hands both Rspack
 * configs to one compile (`@docusaurus/bundler` lib/compiler.js, `compile({configs})`, called by
 * lib/commands/build/buildLocale.js); this keeps the one asked for. Rspack holds a compilation's
 * memory until its process ends, so two processes each hold one compilation instead of one holding
 * both. UPGRADING.md, "The build runs in three processes".
 *
 * A config is the server's when its target is Node (`node<major>.<minor>`, lib/webpack/server.js).
 * If the call no longer carries exactly one config of the side asked for, the build fails naming it.
 */
'use strict';
const path = require('node:path');

const only = process.env.EMISSARY_BUNDLE_ONLY;
if (only !== 'server' && only !== 'client') {
  throw new Error(`scripts/bundle-one.cjs: EMISSARY_BUNDLE_ONLY must be "server" or "client", not ${JSON.stringify(only)}`);
}

const core = path.dirname(require.resolve('@docusaurus/core/package.json'));
const compilerPath = require.resolve('@docusaurus/bundler/lib/compiler.js', { paths: [core] });
const compiler = require(compilerPath);
const compile = compiler.compile;
if (typeof compile !== 'function') {
  throw new Error(`scripts/bundle-one.cjs: ${compilerPath} no longer exports compile. See UPGRADING.md, "The build runs in three processes".`);
}

/** Whether any loader of these module rules is given a cross-compiler cache (`@docusaurus/mdx-loader`'s option). */
function sharesMdx(value) {
  if (Array.isArray(value)) return value.some(sharesMdx);
  if (!value || typeof value !== 'object') return false;
  if (value.options && typeof value.options === 'object' && value.options.crossCompilerCache) return true;
  return ['rules', 'oneOf', 'use'].some((key) => sharesMdx(value[key]));
}

const isServer = (config) => typeof config.target === 'string' && config.target.startsWith('node');

compiler.compile = function compileOneSide(options) {
  const kept = options.configs.filter((config) => isServer(config) === (only === 'server'));
  if (kept.length !== 1 || options.configs.length !== 2) {
    throw new Error(
      `scripts/bundle-one.cjs: expected one client and one server config, got ${options.configs.length} configs with ${kept.length} of the ${only}'s. ` +
        'See UPGRADING.md, "The build runs in three processes".',
    );
  }
  if (sharesMdx(kept[0].module)) {
    throw new Error(
      "scripts/bundle-one.cjs: the MDX loader still shares its compile between client and server (future.faster.mdxCrossCompilerCache): the server's compile would wait for a client that never runs. " +
        'docusaurus.config.ts turns it off under EMISSARY_BUNDLE_ONLY. See UPGRADING.md, "The build runs in three processes".',
    );
  }
  return compile.call(this, { ...options, configs: kept });
};

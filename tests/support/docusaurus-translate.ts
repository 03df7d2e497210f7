/**
 * `@docusaurus/Translate` outside a Docusaurus build, for unit tests that render the site's
 * components in Node: `translate()` gives the default message with its `{placeholders}` filled in,
 * as the site (which has one locale) shows it. Import this module before the components.
 */
import Module, { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const STUB = `${new URL(import.meta.url).pathname}#translate`;

interface Descriptor {
  id?: string;
  message: string;
}

function translate({ message }: Descriptor, values: Record<string, unknown> = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolve = loader._resolveFilename;
loader._resolveFilename = function (request: string, ...rest: unknown[]) {
  return request === '@docusaurus/Translate' ? STUB : resolve.call(this, request, ...rest);
};
const stub = new Module(STUB);
stub.exports = { translate, default: ({ children }: { children?: unknown }) => children };
stub.loaded = true;
require.cache[STUB] = stub;

/**
 * The shape of a canary record: an upstream file a patch copies, mirrors, wraps white-box, replaces
 * or imports by internal path, with the package version and content hash it was last checked
 * against. Each plugin that patches upstream internals owns its records (its `upstream.ts`);
 * tests/unit/upstream-canaries.test.ts checks them all, and `npm run canaries:record` writes the
 * installed versions and hashes back after a reviewed upgrade (scripts/record-canaries.ts).
 */
import crypto from 'node:crypto';

export interface UpstreamFile {
  /** The npm package, as in node_modules. */
  pkg: string;
  /** Path inside the package. */
  file: string;
  /** The package's version (its package.json) when the hash below was recorded. */
  version: string;
  /** sha256 of the file, or of the `part` of it the patch depends on. */
  sha256: string;
  /** Only these lines count (every match of this regex, joined by newlines), where the rest of a large file is irrelevant. */
  part?: RegExp;
  /** The patch, relative to the plugin that owns the record. */
  patch: string;
  /** The UPGRADING.md section (a "###" heading) that says what the patch assumes and how to verify it. */
  section: string;
}

// The packages records name.
export const CORE = '@docusaurus/core';
export const CLASSIC = '@docusaurus/theme-classic';
export const COMMON = '@docusaurus/theme-common';
export const DOCS = '@docusaurus/plugin-content-docs';
export const OPENAPI = 'docusaurus-theme-openapi-docs';
export const GENERATOR = 'docusaurus-plugin-openapi-docs';

/** The versions the records were checked against: Docusaurus, and the OpenAPI plugin and theme (`npm run canaries:record` writes them). */
export const D = '3.10.2';
export const O = '5.2.0';

/** The hash a record holds: of the whole file, or of the lines its `part` selects. */
export function hashOf(source: string, part: RegExp | undefined): string {
  const text = part ? [...source.matchAll(part)].map((m) => m[0]).join('\n') : source;
  return crypto.createHash('sha256').update(text).digest('hex');
}

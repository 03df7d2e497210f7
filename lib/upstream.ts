/**
 * The shape of a canary record: an upstream file a patch copies, mirrors, wraps white-box, replaces
 * or imports by internal path, with the package version and content hash it was last checked
 * against. Each plugin that patches upstream internals owns its records (its `upstream.json`);
 * tests/unit/upstream-canaries.test.ts checks them all, and `npm run canaries:record` writes the
 * installed versions and hashes back after a reviewed upgrade (scripts/record-canaries.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';

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

/** The versions the records were checked against: Docusaurus, and the OpenAPI plugin (`npm run canaries:record` writes them). */
export const D = '3.10.2';
export const O = '5.2.0';

const OPENAPI_PACKAGES = ['docusaurus-plugin-openapi-docs'];

/** A record as a plugin's upstream.json holds it: `part` is the source of a multiline regex (every match counts); the version is D or O by package. */
type StoredRecord = Omit<UpstreamFile, 'version' | 'part'> & { part?: string };

/** A plugin's records, read from its upstream.json; fails naming the file when it is not a list of records. */
export function readRecords(file: string): UpstreamFile[] {
  let stored: StoredRecord[];
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredRecord[];
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const bad = stored.findIndex((r) => !r || typeof r.pkg !== 'string' || typeof r.file !== 'string' || typeof r.sha256 !== 'string' || typeof r.patch !== 'string' || typeof r.section !== 'string');
  if (bad >= 0) throw new Error(`${file}: record ${bad + 1} needs pkg, file, sha256, patch and section (strings)`);
  return stored.map((r) => ({ ...r, version: OPENAPI_PACKAGES.includes(r.pkg) ? O : D, part: r.part === undefined ? undefined : new RegExp(r.part, 'gm') }));
}

/** Writes records back in the stored form, one per line (`npm run canaries:record`). */
export function writeRecords(file: string, records: UpstreamFile[]): void {
  const rows = records.map(({ pkg, file: upstream, sha256, part, patch, section }) => JSON.stringify({ pkg, file: upstream, sha256, ...(part ? { part: part.source } : {}), patch, section }));
  fs.writeFileSync(file, `[\n  ${rows.join(',\n  ')}\n]\n`);
}

/** The hash a record holds: of the whole file, or of the lines its `part` selects. */
export function hashOf(source: string, part: RegExp | undefined): string {
  const text = part ? [...source.matchAll(part)].map((m) => m[0]).join('\n') : source;
  return crypto.createHash('sha256').update(text).digest('hex');
}

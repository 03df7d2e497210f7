/**
 * The plugins that patch upstream internals and their canary records (each plugin's upstream.json),
 * for tests/unit/upstream-canaries.test.ts and scripts/record-canaries.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readRecords, type UpstreamFile } from '../../lib/upstream';

export const ROOT = path.resolve(__dirname, '../..');

export interface CanaryOwner {
  /** The plugin's folder, which record patch paths are relative to. */
  dir: string;
  /** Its records file. */
  file: string;
  records: UpstreamFile[];
}

const owner = (name: string): CanaryOwner => {
  const dir = path.join(ROOT, 'plugins', name);
  const file = path.join(dir, 'upstream.json');
  return { dir, file, records: readRecords(file) };
};

export const CANARY_OWNERS: CanaryOwner[] = [owner('fast-hydration'), owner('api-reference')];

// The hoisted copy, which the build resolves (theme-common's `exports` hide its package.json from require.resolve).
export const packageDir = (pkg: string): string => path.join(ROOT, 'node_modules', pkg);

export const installedVersion = (pkg: string): string =>
  (JSON.parse(fs.readFileSync(path.join(packageDir(pkg), 'package.json'), 'utf8')) as { version: string }).version;

export const upstreamPath = (record: UpstreamFile): string => path.join(packageDir(record.pkg), record.file);

/**
 * `npm run canaries:record`: after a reviewed upgrade (UPGRADING.md, checklist), writes the installed
 * package versions and the current hash of every recorded upstream file back into each plugin's
 * records (upstream.json), so that no hash is pasted by hand. Run it only once every patch has been re-checked:
 * it makes tests/unit/upstream-canaries.test.ts pass on whatever is installed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CANARY_OWNERS, installedVersion, upstreamPath } from '../tests/support/canaries';
import { hashOf, writeRecords } from '../lib/upstream';

/** The version constants in lib/upstream.ts: D for the Docusaurus packages, O for the OpenAPI plugin. */
const VERSION_CONSTANTS: Record<string, string> = { D: '@docusaurus/core', O: 'docusaurus-plugin-openapi-docs' };
const SHARED = path.join(__dirname, '../lib/upstream.ts');

for (const { records, file } of CANARY_OWNERS) {
  let changed = 0;
  const recorded = records.map((record) => {
    const sha256 = hashOf(fs.readFileSync(upstreamPath(record), 'utf8'), record.part);
    if (sha256 !== record.sha256) changed++;
    return { ...record, sha256 };
  });
  writeRecords(file, recorded);
  console.log(`${path.relative(process.cwd(), file)}: ${changed} of ${records.length} hashes re-recorded`);
}

let shared = fs.readFileSync(SHARED, 'utf8');
for (const [name, pkg] of Object.entries(VERSION_CONSTANTS)) {
  shared = shared.replace(new RegExp(`^export const ${name} = '[^']*';$`, 'm'), `export const ${name} = '${installedVersion(pkg)}';`);
}
fs.writeFileSync(SHARED, shared);

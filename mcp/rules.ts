/**
 * The sha256 of the dataset rules this server checks with (lib/dataset-check/rules.ts imports them),
 * to compare with the one a site's bundle records. A bundled server (scripts/bundle-mcp.mjs) has it
 * fixed at bundling, from the same file, and reads no file for it; run from the sources, it reads the clone's.
 */
import { readFileSync } from 'node:fs';
import { sha256, RULES_FILE } from '../lib/mcp/format';

declare const EMISSARY_RULES_SHA256: string | undefined;

export const RULES_SHA256: string =
  typeof EMISSARY_RULES_SHA256 === 'string' ? EMISSARY_RULES_SHA256 : sha256(readFileSync(new URL(`../${RULES_FILE}`, import.meta.url)));

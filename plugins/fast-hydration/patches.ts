/**
 * The switch that builds the site with one patch (or more) left out, to measure what each one earns
 * (`BENCH_PATCHES` in scripts/bench.ts) and to see its behaviour check fail. `EMISSARY_PATCHES_OFF`
 * holds section slugs of UPGRADING.md's "The patches" (the anchor of each "###" title), comma-separated;
 * docusaurus.config.ts reads it once and hands the set to the plugins that own the patches. Unset, the
 * plugins are configured exactly as without this file.
 *
 * Each owning plugin exports a table of its patches (PATCHES below, plugins/api-reference/patches.ts):
 * the section's title and the parts to leave out. tests/unit/patch-checks.test.ts holds the tables'
 * titles to UPGRADING.md's sections, so a slug cannot name a section that is gone.
 */
import { mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

export const PATCHES_OFF_ENV = 'EMISSARY_PATCHES_OFF';

/** One patch section, and what of the owning plugin to leave out when it is off. */
export interface PatchParts {
  /** The UPGRADING.md "###" title, verbatim. */
  title: string;
  /** Files under the plugin's theme/ (as the theme alias reads them). */
  theme?: string[];
  /** Client modules, by path under the plugin. */
  client?: string[];
  /** Module replacements, by their target's path under the plugin. */
  replacements?: string[];
  /** Left out by the plugin's own code, which asks `off` for the slug (route buckets, the docs wrapper…). */
  code?: true;
  /** Set where the patch cannot be left out on its own; the switch refuses it with this reason. */
  notSeparable?: string;
}

/** The section's anchor, as GitHub writes it: lower case, punctuation dropped, spaces to hyphens. */
export const slugOf = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

/** The patches plugins/fast-hydration owns (the API-only ones: plugins/api-reference/patches.ts). */
export const PATCHES: PatchParts[] = [
  { title: 'Prism stays out of the browser', replacements: ['client/empty-prism-include-languages.js'] },
  { title: 'Pages load on intent only', client: ['client/prefetch-on-intent.ts'] },
  { title: 'No announcement bar', theme: ['AnnouncementBar/index.tsx'] },
  // Off, the sidebars are not lean either: their lean copies are written by the bucket split.
  { title: 'Route data loads by bucket', code: true },
  { title: 'Sidebars load lean', theme: ['DocVersionRoot/index.tsx'], code: true },
  { title: 'The sidebar checks are indexed on the server', replacements: ['server/docs-utils.ts'] },
];

/**
 * The slugs in `value` (EMISSARY_PATCHES_OFF), checked against every table: an unknown or refused
 * slug fails loudly, listing the valid ones.
 */
export function patchesOff(value: string | undefined, tables: PatchParts[][]): Set<string> {
  const slugs = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const all = tables.flat();
  const known = [...new Set(all.map((p) => slugOf(p.title)))];
  for (const slug of slugs) {
    if (!known.includes(slug)) throw new Error(`${PATCHES_OFF_ENV}: unknown patch "${slug}" (UPGRADING.md, "The patches"). Valid: ${known.join(', ')}`);
    const refused = all.find((p) => slugOf(p.title) === slug && p.notSeparable);
    if (refused) throw new Error(`${PATCHES_OFF_ENV}: "${slug}" cannot be left out on its own: ${refused.notSeparable}`);
  }
  return new Set(slugs);
}

/** The parts of `table` that the patches in `off` leave out, by kind. */
export function partsOff(table: PatchParts[], off: ReadonlySet<string>): Required<Pick<PatchParts, 'theme' | 'client' | 'replacements'>> {
  const parts = table.filter((p) => off.has(slugOf(p.title)));
  return { theme: parts.flatMap((p) => p.theme ?? []), client: parts.flatMap((p) => p.client ?? []), replacements: parts.flatMap((p) => p.replacements ?? []) };
}

/**
 * The plugin's theme folder, or, where some of its files are left out, a folder under `generatedDir`
 * of links to the files kept (the theme aliases glob it; the bundler resolves each link to its file,
 * so relative imports work as before).
 */
export function themeWithout(themeDir: string, left: string[], generatedDir: string, name: string): string {
  if (!left.length) return themeDir;
  const files = readdirSync(themeDir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => /\.(js|jsx|ts|tsx)$/.test(f) && !f.endsWith('.d.ts'));
  const missing = left.filter((f) => !files.includes(f));
  if (missing.length) throw new Error(`${PATCHES_OFF_ENV}: no ${missing.join(', ')} under ${themeDir}`);
  const dir = path.join(generatedDir, 'patches-off', name);
  rmSync(dir, { recursive: true, force: true });
  for (const file of files.filter((f) => !left.includes(f))) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    symlinkSync(path.join(themeDir, file), path.join(dir, file));
  }
  return dir;
}

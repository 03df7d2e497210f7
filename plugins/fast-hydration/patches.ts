/**
 * The switch that builds the site with one patch (or more) left out, to measure what each one earns
 * (`BENCH_PATCHES` in scripts/bench.ts) and to see its behaviour check fail. `EMISSARY_PATCHES_OFF`
 * holds section slugs of UPGRADING.md's "The patches" (the anchor of each "###" title), comma-separated;
 * docusaurus.config.ts reads it once and hands the set to fast-hydration, which owns every patch but
 * one, and picks the API's docs plugin itself. Unset, the site is configured exactly as without this file.
 *
 * PATCHES below is the table of every patch: the section's title and the parts to leave out.
 * tests/unit/patch-checks.test.ts holds its titles to UPGRADING.md's sections, so a slug cannot name a
 * section that is gone.
 */
export const PATCHES_OFF_ENV = 'EMISSARY_PATCHES_OFF';

/** One patch section, and what of fast-hydration to leave out when it is off. */
export interface PatchParts {
  /** The UPGRADING.md "###" title, verbatim. */
  title: string;
  /** Client modules, by path under the plugin. */
  client?: string[];
  /** Module replacements, by their target's path under the plugin. */
  replacements?: string[];
  /** Left out by code that asks for the slug (route buckets, the API's docs plugin in docusaurus.config.ts…). */
  code?: true;
}

/** The section's anchor, as GitHub writes it: lower case, punctuation dropped, spaces to hyphens. */
export const slugOf = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

export const PATCHES: PatchParts[] = [
  { title: 'Prism stays out of the browser', replacements: ['client/empty-prism-include-languages.js'] },
  { title: 'Pages load on intent only', client: ['client/prefetch-on-intent.ts'] },
  // plugins/api-reference's: docusaurus.config.ts names plugin-content-docs itself instead of its lean-docs-data.ts.
  { title: "The API's docs send less data to every page", code: true },
  // Off, the sidebars are not lean either: their lean copies are written by the bucket split.
  { title: 'Route data loads by bucket', code: true },
  // Off, theme/DocVersionRoot stays and passes the version through as it comes (nothing is lean).
  { title: 'Sidebars load lean', code: true },
  { title: 'The sidebar checks are indexed on the server', replacements: ['server/docs-utils.ts'] },
];

/** The slugs in `value` (EMISSARY_PATCHES_OFF): an unknown slug fails loudly, listing the valid ones. */
export function patchesOff(value: string | undefined): Set<string> {
  const slugs = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const known = PATCHES.map((p) => slugOf(p.title));
  for (const slug of slugs) {
    if (!known.includes(slug)) throw new Error(`${PATCHES_OFF_ENV}: unknown patch "${slug}" (UPGRADING.md, "The patches"). Valid: ${known.join(', ')}`);
  }
  return new Set(slugs);
}

/** The parts of PATCHES that the patches in `off` leave out, by kind. */
export function partsOff(off: ReadonlySet<string>): Required<Pick<PatchParts, 'client' | 'replacements'>> {
  const parts = PATCHES.filter((p) => off.has(slugOf(p.title)));
  return { client: parts.flatMap((p) => p.client ?? []), replacements: parts.flatMap((p) => p.replacements ?? []) };
}

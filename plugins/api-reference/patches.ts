/**
 * The patches plugins/api-reference owns, by UPGRADING.md section, for the switch that builds the
 * site with one left out (EMISSARY_PATCHES_OFF; plugins/fast-hydration/patches.ts has the rules and
 * the other plugin's table). A section two plugins share lists each plugin's parts in its own table.
 */
import type { PatchParts } from '../fast-hydration/patches';

export const PATCHES: PatchParts[] = [
  // docusaurus.config.ts (and the generator's options) name plugin-content-docs itself instead of ./lean-docs-data.ts.
  { title: "The API's docs send less data to every page", code: true },
];

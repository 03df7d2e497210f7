/**
 * The patches plugins/api-reference owns, by UPGRADING.md section, for the switch that builds the
 * site with one left out (EMISSARY_PATCHES_OFF; plugins/fast-hydration/patches.ts has the rules and
 * the other plugin's table). A section two plugins share lists each plugin's parts in its own table.
 */
import type { PatchParts } from '../fast-hydration/patches';

export const PATCHES: PatchParts[] = [
  { title: 'Valid nesting: the method-and-path box', theme: ['ApiExplorer/MethodEndpoint/index.tsx'] },
  {
    title: 'Tabs stay mounted through hydration',
    theme: ['ApiTabs/index.tsx', 'MimeTabs/index.tsx', 'SchemaTabs/index.tsx', 'DiscriminatorTabs/index.tsx', 'OperationTabs/index.tsx'],
  },
  {
    title: "The OpenAPI theme's store without Redux",
    notSeparable:
      "theme/ApiItem (this plugin's page component) is written against the small store; the theme's Redux store has another API. Its weight is Redux Toolkit, immer and react-redux (UPGRADING.md, \"Each patch's gain\").",
  },
  { title: 'Parameters and bodies render on the server', theme: ['ParamsDetails/index.tsx', 'RequestSchema/index.tsx', 'ResponseSchema/index.tsx'] },
  // docusaurus.config.ts (and the generator's options) name plugin-content-docs itself instead of ./lean-docs-data.ts.
  { title: "The API's docs send less data to every page", code: true },
];

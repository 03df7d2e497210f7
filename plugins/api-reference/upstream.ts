/**
 * The upstream files the API reference's patches and wrappers depend on (plugins/shared/upstream.ts
 * says what a record holds). tests/unit/upstream-canaries.test.ts fails, naming the file, when an
 * upgrade changes one; what to re-check is in UPGRADING.md under the section named here. After
 * re-checking, `npm run canaries:record` writes the installed versions and hashes here.
 */
import { D, DOCS, GENERATOR, O, OPENAPI, type UpstreamFile } from '../shared/upstream';

const PLACES = "Places that depend on the plugin's or theme's internals";

export const UPSTREAM: UpstreamFile[] = [
  { pkg: OPENAPI, version: O, file: 'lib/theme/ApiTabs/index.js', sha256: 'fd5ffca5e1feefa8bb01bab4809b1c499880b886d05cd233308dc81c55c17bbb', patch: 'theme/ApiTabs/index.tsx', section: 'Tabs stay mounted through hydration' },
  { pkg: OPENAPI, version: O, file: 'lib/theme/MimeTabs/index.js', sha256: '9c4e38e8e0c9f21dd59d7fe989d7301b2122a7aa3c52bedd2979fd8bb72d76b2', patch: 'theme/MimeTabs/index.tsx', section: 'Tabs stay mounted through hydration' },
  { pkg: OPENAPI, version: O, file: 'lib/theme/SchemaTabs/index.js', sha256: 'e06177b659b9bee4847de1488502c9a97cb9270876d4803e48f56de2b87ad8d5', patch: 'theme/SchemaTabs/index.tsx', section: 'Tabs stay mounted through hydration' },
  { pkg: OPENAPI, version: O, file: 'lib/theme/DiscriminatorTabs/index.js', sha256: 'be501450eebca0596b0464fbd6f5c48ba5dc9e5c3f7eeba563472d6f737137bd', patch: 'theme/DiscriminatorTabs/index.tsx', section: 'Tabs stay mounted through hydration' },
  { pkg: OPENAPI, version: O, file: 'lib/theme/OperationTabs/index.js', sha256: '991f5da7389cd31008ebe85ee37569506253778672e5e37c8803f748e8ca9254', patch: 'theme/OperationTabs/index.tsx', section: 'Tabs stay mounted through hydration' },
  // Valid nesting in the method-and-path box.
  { pkg: OPENAPI, version: O, file: 'lib/theme/ApiExplorer/MethodEndpoint/index.js', sha256: 'aea76b2570fecf8cea83771c53f7725f835bdf0513a252b339eaf76316915a3d', patch: 'theme/ApiExplorer/MethodEndpoint/index.tsx', section: 'Valid nesting: code lines and the method-and-path box' },

  // The OpenAPI theme's store, without Redux.
  { pkg: OPENAPI, version: O, file: 'lib/theme/ApiItem/store.js', sha256: '355626c56d67696f7d739a98f355767f62ff3f998cf314cf90ae6199f2aa0e85', patch: 'theme/ApiItem/store.ts', section: "The OpenAPI theme's store without Redux" },
  { pkg: OPENAPI, version: O, file: 'lib/theme/ApiItem/hooks.js', sha256: 'f1535d38d96073a80335725e3a1571c9d157282f04aa938f15906728b62c41be', patch: 'theme/ApiItem/hooks.ts', section: "The OpenAPI theme's store without Redux" },
  { pkg: OPENAPI, version: O, file: 'lib/theme/ApiExplorer/Accept/slice.js', sha256: '7212ab805fafa7ad17ddbc8485acc6d155d7f2a27ff10767706f4908b366d5f2', patch: 'theme/ApiExplorer/Accept/slice.ts', section: "The OpenAPI theme's store without Redux" },
  { pkg: OPENAPI, version: O, file: 'lib/theme/ApiExplorer/ContentType/slice.js', sha256: '0f7397c3ddf8a5ad0176554adc90f206461e5571491400df8f5d0f50f680ca94', patch: 'theme/ApiExplorer/ContentType/slice.ts', section: "The OpenAPI theme's store without Redux" },
  { pkg: OPENAPI, version: O, file: 'lib/theme/ApiExplorer/SchemaSelection/slice.js', sha256: 'd66f3f962c14e8121d9504b22099aba48b3da79c7972887ea2061239f7d84cb0', patch: 'theme/ApiExplorer/SchemaSelection/slice.ts', section: "The OpenAPI theme's store without Redux" },
  { pkg: OPENAPI, version: O, file: 'lib/theme/ApiExplorer/SchemaSelection/index.js', sha256: 'df8335e9bb3be5e7b9b9b22874ee28d01dba03885aea24f524e71c7a1622cdb4', patch: 'theme/ApiExplorer/SchemaSelection/slice.ts', section: "The OpenAPI theme's store without Redux" },
  { pkg: OPENAPI, version: O, file: 'lib/theme/Schema/index.js', sha256: '1e08b267b319d7759ad6a6408dd0c1340df6fd13011c1299155357caaa6d92ce', part: /^.*(ApiItem\/hooks|SchemaSelection|useTyped\w+|dispatch).*$/gm, patch: 'theme/ApiItem/hooks.ts', section: "The OpenAPI theme's store without Redux" },

  // Parameters and bodies are server-rendered.
  { pkg: OPENAPI, version: O, file: 'lib/theme/ParamsDetails/index.js', sha256: 'be8427f1a1366eb471d04870a755e371354021cae9fee4f1e7f4b799f3f490a9', patch: 'theme/ParamsDetails/index.tsx', section: 'Parameters and bodies render on the server' },
  { pkg: OPENAPI, version: O, file: 'lib/theme/RequestSchema/index.js', sha256: 'ce06b111abfc642545c3750df1e7621c0aa5793fd4408aa85b9784560617a8b2', patch: 'theme/RequestSchema/index.tsx', section: 'Parameters and bodies render on the server' },
  { pkg: OPENAPI, version: O, file: 'lib/theme/ResponseSchema/index.js', sha256: '6900a2d39665bb9cdbf159afe6e0bf46514e146378b3bebb3f6b17a573d2137b', patch: 'theme/ResponseSchema/index.tsx', section: 'Parameters and bodies render on the server' },

  // The API's docs send less data to every page.
  { pkg: DOCS, version: D, file: 'lib/globalData.js', sha256: '192cde2ebaf1ba1424d9a9be9a0f03f77cc4e8385ca36a6c577899fe98df9920', patch: 'lean-docs-data.ts', section: "The API's docs send less data to every page" },
  { pkg: DOCS, version: D, file: 'lib/props.js', sha256: '26b2e7cd95c0f81203f657442942280cb73a1da075148941b240c5f5c11adcad', patch: 'lean-docs-data.ts', section: "The API's docs send less data to every page" },
  { pkg: DOCS, version: D, file: 'lib/routes.js', sha256: '5292463cb424aa027fbebf9c14b4f2f29bfdc557659f18e5b00df60200458a35', patch: 'lean-docs-data.ts', section: "The API's docs send less data to every page" },
  { pkg: DOCS, version: D, file: 'lib/index.js', sha256: '54d247a9daa12904631a3fa620712ca01f77a2e987db3042adf7be78d8c4c4fa', part: /^.*(setGlobalData|createAllRoutes|toGlobalDataVersion).*$/gm, patch: 'lean-docs-data.ts', section: "The API's docs send less data to every page" },
  { pkg: DOCS, version: D, file: 'lib/client/docsUtils.js', sha256: '7cbddc9310c1b31507629a80640e53cb85d9eec5ab3ecb599e196fa4bf4b4134', part: /^.*version\.docs.*$/gm, patch: 'lean-docs-data.ts', section: "The API's docs send less data to every page" },
  { pkg: DOCS, version: D, file: 'lib/client/docsClientUtils.js', sha256: '89507f67efdfe12ac884763564dcfe86903441222d14d2d9c0be0fada591ebbb', part: /^.*\.docs\b.*$/gm, patch: 'lean-docs-data.ts', section: "The API's docs send less data to every page" },

  // The generator: its Markdown functions (options.ts), where it writes and skips files (gen-api), its sidebar ids.
  { pkg: GENERATOR, version: O, file: 'lib/markdown/index.js', sha256: 'b13fec2160afd500ad4eb31aee86841e0d1f26ef536140c7aa8abdcc2535b7b2', patch: 'options.ts', section: PLACES },
  { pkg: GENERATOR, version: O, file: 'lib/index.js', sha256: 'cb184c5bd02e19091c1aea5f6e0085f9ea822162f4621856be7d2d93d83af76d', part: /^.*(existsSync|writeFileSync|outputDir|docPath|markdownGenerators|getDocsPluginConfig).*$/gm, patch: '../../scripts/gen-api.mjs', section: PLACES },
  { pkg: GENERATOR, version: O, file: 'lib/sidebars/index.js', sha256: 'dc7bd3a86b05d8134d9ae4b8ddb7d59bf1524590a9ab10600db74333d56ea879', part: /^.*(getBasePathFromOutput|basePath).*$/gm, patch: 'options.ts', section: PLACES },

  // Theme components replaced or wrapped, and what they import from the theme.
  { pkg: OPENAPI, version: O, file: 'lib/theme/ApiItem/index.js', sha256: 'fd059f169de5c073fa3e6b57a6574f105e51c3656c57ea53146a65807848f878', patch: 'theme/ApiItem/index.tsx', section: PLACES },
  { pkg: OPENAPI, version: O, file: 'lib/theme/ApiItem/Layout/index.js', sha256: '2ae7c88142b0cece66c3d1424eff9d4284360ed7149d9cdfbe65ae8b59c283b6', patch: 'theme/ApiItem/index.tsx', section: PLACES },
  { pkg: OPENAPI, version: O, file: 'lib/theme/SchemaExpansion/index.js', sha256: '4fc5ee1d540b49461419e4b756a3b5ef122de32fe57ab5df0af183a201dd9779', patch: 'theme/ApiItem/index.tsx', section: PLACES },
  { pkg: OPENAPI, version: O, file: 'lib/theme/Markdown/index.js', sha256: 'a23feb9237909de9332e14ac14fb214eb255973e6f9538e1ba0b1ea6d3d0f2eb', patch: 'theme/Markdown/index.tsx', section: PLACES },
  { pkg: OPENAPI, version: O, file: 'lib/markdown/schema.js', sha256: '4ae0e1efa3c0c17f70a6444a52ee481f436cc43e4edcb9e1107dd67797617ff4', part: /^function getQualifierMessage[\s\S]*?^}$/gm, patch: 'theme/Markdown/qualifier.ts', section: PLACES },
  { pkg: OPENAPI, version: O, file: 'lib/theme/ArrayBrackets/index.js', sha256: 'f255f2eb4c84218b0c2ec2f36dd527bce0400a84cd31a6975b515e846134b4a2', patch: 'theme/ArrayBrackets/index.tsx', section: PLACES },
  { pkg: OPENAPI, version: O, file: 'lib/theme/ParamsItem/index.js', sha256: 'b12b733a7b60142f1f1b405b23bf109a7763531cf99159c4ca8281e04ed98132', patch: 'theme/ParamsItem/index.tsx', section: PLACES },
  { pkg: OPENAPI, version: O, file: 'lib/theme/Schema/index.js', sha256: '6ae0000f696ff3ec249e977bbd1e027a994a515b413fc6cd97ac800a92bb82de', patch: 'theme/Schema/index.tsx', section: PLACES },
];

/**
 * The upstream files the patches in this plugin depend on (plugins/shared/upstream.ts says what a
 * record holds). tests/unit/upstream-canaries.test.ts fails, naming the file, when an upgrade
 * changes one; what to re-check is in UPGRADING.md under the section named here. After
 * re-checking, `npm run canaries:record` writes the installed versions and hashes here.
 */
import { CLASSIC, COMMON, CORE, D, DOCS, O, OPENAPI, type UpstreamFile } from '../shared/upstream';

export const UPSTREAM: UpstreamFile[] = [
  // Code blocks hydrate as the server highlighted them.
  { pkg: CLASSIC, version: D, file: 'lib/theme/CodeBlock/index.js', sha256: '639f8655d319e123c4efa5223a42078d3e98ea361e206f6f1bfb87b080a28904', patch: 'theme/CodeBlock/index.tsx', section: 'Code blocks keep the server HTML' },
  { pkg: CLASSIC, version: D, file: 'lib/theme/CodeBlock/Content/String.js', sha256: '81ab153e9e797be7a86bcfe00dfd53ae6eb14bca2b40d30515d075e5b4e95f99', patch: 'theme/CodeBlock/Content/index.tsx', section: 'Code blocks keep the server HTML' },
  { pkg: CLASSIC, version: D, file: 'lib/theme/CodeBlock/Content/index.js', sha256: '0d361f5894590ea483a8cd846925bf41d85301eed29e0cfb4dc515128ab35556', patch: 'theme/CodeBlock/Content/pre.ts', section: 'Code blocks keep the server HTML' },
  { pkg: CLASSIC, version: D, file: 'lib/theme/CodeBlock/Content/styles.module.css', sha256: '26dba21a9e8eb53810a03017513a07ac613288682addf075f186ed52b1b5e07f', patch: 'theme/CodeBlock/Content/pre.ts', section: 'Code blocks keep the server HTML' },
  { pkg: COMMON, version: D, file: 'lib/utils/codeBlockUtils.js', sha256: 'ade5a2056ef4f591fb50b88ab28e29e8e470de4de320a1512970a09040c35af1', patch: 'theme/CodeBlock/Content/pre.ts', section: 'Code blocks keep the server HTML' },
  { pkg: CORE, version: D, file: 'lib/client/ClientLifecyclesDispatcher.js', sha256: '30fedb7e211e3acc565326bc85f23bb075931033b0ce1d16408e792f8b2bffb0', patch: 'client/hydration.ts', section: 'Code blocks keep the server HTML' },
  { pkg: CLASSIC, version: D, file: 'lib/theme/CodeBlock/Line/index.js', sha256: '5512298d8a194b78aec9759f944e035c75660bb887040779576dc1fed63ddce8', patch: 'theme/CodeBlock/Line/index.tsx', section: 'Valid nesting: code lines and the method-and-path box' },

  // Prism loads on first use.
  { pkg: CLASSIC, version: D, file: 'lib/index.js', sha256: 'cb00b18a1c64c86340ffb4e64de657d7c5dcf177d7086f0a9b3d347bb50cd5f8', part: /^.*prism-include-languages.*$/gm, patch: 'index.ts (REPLACEMENTS)', section: 'Prism loads on first use' },
  { pkg: CLASSIC, version: D, file: 'lib/prism-include-languages.js', sha256: 'a464a26897ccb5b2a509dcec3fd9b35e7038c1ee91f7f8863c7096e991af8774', patch: 'client/empty-prism-include-languages.js', section: 'Prism loads on first use' },
  { pkg: CLASSIC, version: D, file: 'lib/theme/prism-include-languages.js', sha256: '42fcb21218b4537fa0d7dc51caf7d78f88891e0d9b925be61555fee46fc29614', patch: 'theme/CodeBlock/Content/load.ts', section: 'Prism loads on first use' },

  // Tabs stay mounted through hydration.
  { pkg: OPENAPI, version: O, file: 'lib/theme/Tabs/index.js', sha256: '175d992a3a641c0af343c3a32d9d303853f56252f07fff0d35f43d44734e8459', patch: 'theme/Tabs/index.tsx', section: 'Tabs stay mounted through hydration' },

  // useIsBrowser flips in a transition.
  { pkg: CORE, version: D, file: 'lib/client/App.js', sha256: '1442f48492b535165d7e2767d4d1615713bb517a883c5142113740aaef086cba', patch: 'index.ts (REPLACEMENTS)', section: 'useIsBrowser flips in a transition' },
  { pkg: CORE, version: D, file: 'lib/client/browserContext.js', sha256: 'f0765ea0de6c682044acc2d1f6f7d474e9ac389591a8e97f877e437c09225b4c', patch: 'client/BrowserContextProvider.tsx', section: 'useIsBrowser flips in a transition' },

  // Pages load on intent only.
  { pkg: CORE, version: D, file: 'lib/client/clientEntry.js', sha256: 'a9d6514eaf79c05c7d5275b5139298a5467c1c8339ab8a887c5d8ba61aff9871', patch: 'client/prefetch-on-intent.ts', section: 'Pages load on intent only' },
  { pkg: CORE, version: D, file: 'lib/client/docusaurus.js', sha256: 'b0d1dbdc1e3a706fe1ffd91c726d8348c5e4ed6ac95a716f549eb58127a4b202', patch: 'client/prefetch-on-intent.ts', section: 'Pages load on intent only' },
  { pkg: CORE, version: D, file: 'lib/client/exports/Link.js', sha256: '579c2ce775717e6c5dce523b441c038735aebd2e4e1e8cea53fe413e26b326f3', part: /^.*window\.docusaurus.*$/gm, patch: 'client/prefetch-on-intent.ts', section: 'Pages load on intent only' },

  // Route data in the browser by bucket (route-buckets/).
  { pkg: CORE, version: D, file: 'lib/server/codegen/codegenRoutes.js', sha256: '6bdf7133ebc411f96e918619faf14543239e27adebe60f4bbb081a392349689c', patch: 'route-buckets/split.ts', section: 'Route data loads by bucket' },
  { pkg: CORE, version: D, file: 'lib/client/preload.js', sha256: '8c1e3de18d307e2fb4aee43f765f1d06b05357889b9923467bef44a358683542', patch: 'route-buckets/preload.ts', section: 'Route data loads by bucket' },
  { pkg: CORE, version: D, file: 'lib/client/PendingNavigation.js', sha256: '1c489db32b5665b06586dc471d29def9cab8a8f4acac9863775dd378716ce4d0', patch: 'route-buckets/preload.ts', section: 'Route data loads by bucket' },
  { pkg: CORE, version: D, file: 'lib/client/exports/ComponentCreator.js', sha256: '5f99bdbd725f6e0b2943d25f99c93205952e9b45ac78c76b63f62a767bbba363', patch: 'route-buckets/split.ts', section: 'Route data loads by bucket' },
  { pkg: CORE, version: D, file: 'lib/client/normalizeLocation.js', sha256: '2759003e81bfa6c32540f148b51ed629bd449b8b0bec6c0a0817247a56eb588e', patch: 'route-buckets/split.ts', section: 'Route data loads by bucket' },
  { pkg: COMMON, version: D, file: 'lib/utils/routesUtils.js', sha256: 'f5f678e39a00ecf345e453767360a352ece73feeab6fc3194dfc2b65e90ccfe3', patch: 'route-buckets/split.ts', section: 'Route data loads by bucket' },
  { pkg: DOCS, version: D, file: 'lib/client/docsUtils.js', sha256: 'aa61a6aac5fc6252c2f6a9b0ea3347e668a2ac54c184635ed8c2e7ae56c83fc9', part: /^.*route\.routes.*$/gm, patch: 'route-buckets/split.ts', section: 'Route data loads by bucket' },

  // Sidebars load lean (route-buckets/sidebars.ts, sidebar-store.ts, theme/DocVersionRoot).
  { pkg: CLASSIC, version: D, file: 'lib/theme/DocVersionRoot/index.js', sha256: '39ab3542940ad490b1a1c2cd0cf55b6e6e51e62cd283f382a91e17ba3e6112f4', patch: 'theme/DocVersionRoot/index.tsx', section: 'Sidebars load lean' },
  { pkg: CLASSIC, version: D, file: 'lib/theme/DocSidebarItem/Category/index.js', sha256: 'bebff3ac5f7761e58df27ab2243ff05dbd8180d6c94236283acf3f863d937ae3', patch: 'route-buckets/sidebars.ts', section: 'Sidebars load lean' },
  { pkg: CLASSIC, version: D, file: 'lib/theme/DocCard/index.js', sha256: 'ed868923dd2135d3ea182c46edc2ccc7f62dfb9a737356fa37527d3db6b485ea', patch: 'route-buckets/sidebars.ts', section: 'Sidebars load lean' },
  { pkg: COMMON, version: D, file: 'lib/components/Collapsible/index.js', sha256: '5332f30187c2f0f1efb9195cdd5226e41c3d8c3b6d294d4370491d0dec854a06', patch: 'route-buckets/sidebars.ts', section: 'Sidebars load lean' },
  { pkg: DOCS, version: D, file: 'lib/client/docsUtils.js', sha256: '077c6eff63fc18e9f6ca2b578b0c8d6d1ec771e9c0339ee2ba1622f8d41f917d', part: /^.*(items|href|unlisted|collapsed|docsSidebars).*$/gm, patch: 'route-buckets/sidebars.ts', section: 'Sidebars load lean' },

  // The collator warms up in a task of its own.
  { pkg: DOCS, version: D, file: 'lib/client/docsClientUtils.js', sha256: '7677613550a21a75fd727628a14c1497a032f7fd0684e91f6f36b840db7fbead', part: /^.*localeCompare.*$/gm, patch: 'client/warm-collator.ts', section: 'The collator warms up in a task of its own' },

  // The mobile drawer renders when the reader reaches for it.
  { pkg: CLASSIC, version: D, file: 'lib/theme/Navbar/MobileSidebar/index.js', sha256: '0e302185bbfd7b0a4a737b7a41b5215245df25c00221df68aa06e6d77ad648de', patch: 'theme/Navbar/MobileSidebar/index.tsx', section: 'The mobile drawer renders on demand' },
  { pkg: CLASSIC, version: D, file: 'lib/theme/Navbar/MobileSidebar/Toggle/index.js', sha256: 'daa023d1c382110294842f2fe30356e2002fed2511b8b36969b151e974008ec8', patch: 'theme/Navbar/MobileSidebar/index.tsx', section: 'The mobile drawer renders on demand' },
  { pkg: COMMON, version: D, file: 'lib/contexts/navbarMobileSidebar.js', sha256: '66a240ad64d9f9ad2a6fd300a3ce68dc06a501f2f463641c8677dc586df4eaa0', patch: 'theme/Navbar/MobileSidebar/index.tsx', section: 'The mobile drawer renders on demand' },

  // No announcement bar code.
  { pkg: CLASSIC, version: D, file: 'lib/theme/AnnouncementBar/index.js', sha256: '3b497461548ccc36df1a4b45387491736b90b43189a1dda8867c15cea7022113', patch: 'theme/AnnouncementBar/index.tsx', section: 'No announcement bar' },

  // The sidebar checks are indexed on the server.
  { pkg: DOCS, version: D, file: 'lib/client/index.js', sha256: 'e6cb43c944f4e5af5002979a461c08fcef925473a83fae373fc906de49e6ac50', part: /^.*docsUtils.*$/gm, patch: 'server/docs-utils.ts', section: 'The sidebar checks are indexed on the server' },
  { pkg: DOCS, version: D, file: 'lib/client/docsUtils.js', sha256: '283ea883dc80c62a628fa3d25fda3660c139739941c2850e56b9fa77030627d2', part: /^(const isActive = |const containsActiveSidebarItem = |export function (isActiveSidebarItem|isVisibleSidebarItem|useVisibleSidebarItems)\b)[\s\S]*?^}?$/gm, patch: 'server/sidebar-activity.ts', section: 'The sidebar checks are indexed on the server' },
  { pkg: COMMON, version: D, file: 'lib/utils/routesUtils.js', sha256: 'fc3caafec4a32a51cee7ebc9050e1c1c0960a75196ce12cb2f62bd560f72a12f', part: /^export function isSamePath[\s\S]*?^}$/gm, patch: 'server/sidebar-activity.ts', section: 'The sidebar checks are indexed on the server' },

  // The build runs in two processes (not a patch: Docusaurus's own switches, read in one place).
  { pkg: CORE, version: D, file: 'lib/commands/build/buildLocale.js', sha256: '575737f708a0cd86e2162d7611424ded60c6c2fcb957c63682d9c79d7a72e543', part: /^.*(DOCUSAURUS_SKIP_BUNDLING|DOCUSAURUS_EXIT_AFTER_BUNDLING|SkipBundling|ExitAfterBundling|clearPath|serverBundlePath|clientManifestPath).*$/gm, patch: '../../scripts/build-site.mjs', section: 'The build runs in two processes' },
];

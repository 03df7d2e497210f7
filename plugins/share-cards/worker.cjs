// A worker thread runs JavaScript files only: it loads the TypeScript renderer the way Docusaurus
// loads the site's plugins (jiti, through @docusaurus/utils). The renderer serves once loaded
// (./render-worker.ts), so what loadFreshModule returns (3.10: the default export; v4: the namespace) is not used.
const path = require('node:path');
const { loadFreshModule } = require('@docusaurus/utils');

loadFreshModule(path.join(__dirname, 'render-worker.ts'));

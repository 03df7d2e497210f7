// A worker thread runs JavaScript files only: it loads the TypeScript renderer the way Docusaurus
// loads the site's plugins (jiti, through @docusaurus/utils), then serves render requests (./render-worker.ts).
const path = require('node:path');
const { loadFreshModule } = require('@docusaurus/utils');

loadFreshModule(path.join(__dirname, 'render-worker.ts')).then((serve) => serve());

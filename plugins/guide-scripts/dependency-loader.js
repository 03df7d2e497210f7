// Rspack/webpack loader in front of the MDX loader: a page that uses the guide scripts depends on
// every file of docs/_scripts, so editing a script or a data file rebuilds it (dev server and the
// persistent build cache alike). The source passes through unchanged.
const fs = require('node:fs');
const path = require('node:path');

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

module.exports = function guideScriptsDependencies(source) {
  const { root } = this.getOptions();
  if (/\bscript=|<ScriptDownloads\b/.test(source) && fs.existsSync(root)) {
    this.addContextDependency(root);
    for (const file of files(root)) this.addDependency(file);
  }
  return source;
};

/**
 * Loader for the API pages' props in the browser build (plugins/api-reference/index.ts): a page's
 * `<page>.<Component>.json` becomes a JavaScript module that parses one string,
 * `module.exports = JSON.parse("…")`, instead of a JSON module. The browser gets the same object,
 * and Rspack, which holds every module until its process ends, keeps one string per page instead of
 * the tree of every value in it. Plain CommonJS: Rspack loads loaders with `require`.
 */
'use strict';

module.exports = function propsAsOneString(source) {
  const text = typeof source === 'string' ? source : source.toString('utf8');
  // Fails here, naming the file, rather than in the browser.
  JSON.parse(text);
  return `module.exports = JSON.parse(${JSON.stringify(text)});\n`;
};

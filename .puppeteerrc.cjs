// pa11y (tests/site/pa11y.test.ts) drives Debian's Chromium through Puppeteer: no browser download
// at install (the machines that run the tests reach only the npm registry and Debian's mirrors).
module.exports = { skipDownload: true };

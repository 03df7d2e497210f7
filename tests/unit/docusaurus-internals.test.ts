/**
 * plugins/lazy-prism and plugins/browser-context replace Docusaurus files no swizzle reaches,
 * matched by path. If an upgrade moves or reshapes them, the replacement would silently stop
 * applying (pages get slower, nothing breaks); these checks make it fail here instead, naming
 * the file to look at.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { APP, BROWSER_CONTEXT_REQUEST } from '../../plugins/browser-context';
import { CLIENT_MODULE, HIGHLIGHTED } from '../../plugins/lazy-prism';

const core = path.dirname(require.resolve('@docusaurus/core/package.json'));
const themeClassic = path.dirname(require.resolve('@docusaurus/theme-classic/package.json'));

test('App.js imports its BrowserContextProvider by the request plugins/browser-context replaces', () => {
  const app = path.join(core, 'lib/client/App.js');
  assert.match(app, APP);
  const imports = [...fs.readFileSync(app, 'utf8').matchAll(/import\s*\{\s*BrowserContextProvider\s*\}\s*from\s*'([^']+)'/g)].map((m) => m[1]);
  assert.equal(imports.length, 1, `${app}: expected one import of BrowserContextProvider`);
  assert.match(imports[0], BROWSER_CONTEXT_REQUEST, `${app} imports it from ${imports[0]}`);
});

test('browserContext.js is still the provider src/client/BrowserContextProvider.tsx copies', () => {
  const file = path.join(core, 'lib/client/browserContext.js');
  const source = fs.readFileSync(file, 'utf8');
  assert.match(source, /export const Context = React\.createContext\(false\)/, `${file}: Context changed`);
  assert.match(source, /useEffect\(\(\) => \{\s*setIsBrowser\(true\);\s*\}, \[\]\)/, `${file}: the flip after hydration changed`);
  assert.match(source, /export function BrowserContextProvider/, `${file}: provider renamed`);
});

test("theme-classic still registers Prism's grammars in the client module plugins/lazy-prism empties", () => {
  const file = path.join(themeClassic, 'lib/prism-include-languages.js');
  assert.match(file, CLIENT_MODULE);
  assert.match(fs.readFileSync(file, 'utf8'), /prismIncludeLanguages\(Prism\)/, `${file}: changed`);
  assert.match(fs.readFileSync(path.join(themeClassic, 'lib/index.js'), 'utf8'), /'\.\/prism-include-languages'/, 'theme-classic no longer lists the client module');
});

test('the file plugins/lazy-prism swaps for the browser exists, with its browser twin', () => {
  const file = path.resolve(__dirname, '../../src/theme/CodeBlock/Content/Highlighted.tsx');
  assert.match(file, HIGHLIGHTED);
  assert.ok(fs.existsSync(file) && fs.existsSync(file.replace(/\.tsx$/, '.browser.tsx')));
});

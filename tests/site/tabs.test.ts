/**
 * Tab groups in the HTML the build ships (lib/ui/Tabs: the guides' groups, and the API
 * page's five kinds drawn on the same state): every panel is in the page, the selected one shown,
 * and every tab is tied to its panel both ways (the Nu HTML Checker fails a selected tab without
 * its panel). Their behaviour in Chromium: tests/e2e/tabs.spec.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { parse } from 'parse5';
import { fileRoute, htmlFiles, routeFile } from '../support/build';
import type { Node } from '../guides/support/blocks';

const attr = (node: Node, name: string) => node.attrs?.find((a) => a.name === name)?.value;
const kids = (node: Node) => node.content?.childNodes ?? node.childNodes ?? [];
function all(node: Node, test: (n: Node) => boolean, out: Node[] = []): Node[] {
  if (test(node)) out.push(node);
  for (const child of kids(node)) all(child, test, out);
  return out;
}
const role = (name: string) => (n: Node) => attr(n, 'role') === name;
const page = async (route: string) => parse(await fs.readFile(routeFile(route), 'utf8')) as unknown as Node;

/** The TabItems a guide's source writes, code examples (fenced) left out. */
async function tabItemsInSource(file: string): Promise<number> {
  const source = await fs.readFile(path.join(__dirname, '../../docs', file), 'utf8');
  return (source.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '').match(/<TabItem\b/g) ?? []).length;
}

test('a guide sends every tab panel in its HTML, the selected one shown and the others hidden', async () => {
  for (const [route, file] of [['/', 'index.mdx'], ['/fine-tuning/datasets', 'fine-tuning/datasets.mdx']]) {
    const doc = await page(route);
    const panels = all(doc, role('tabpanel'));
    assert.equal(panels.length, await tabItemsInSource(file), `${route}: panels in the HTML against TabItems in ${file}`);
    for (const list of all(doc, role('tablist'))) {
      const tabs = all(list, role('tab'));
      const selected = tabs.filter((tab) => attr(tab, 'aria-selected') === 'true');
      assert.equal(selected.length, 1, `${route}: one selected tab per group`);
      const shown = tabs.map((tab) => panels.find((p) => attr(p, 'id') === attr(tab, 'aria-controls')));
      assert.ok(shown.every(Boolean), `${route}: a tab without its panel`);
      assert.deepEqual(
        shown.map((p) => attr(p!, 'hidden') === undefined),
        tabs.map((tab) => tab === selected[0]),
        `${route}: the selected tab's panel shown, the others hidden`,
      );
    }
  }
});

test('on every page, each tab names its panel and each panel its tab; each selected tab has its panel', async () => {
  const problems: string[] = [];
  let tabs = 0;
  for await (const file of htmlFiles()) {
    const html = await fs.readFile(file, 'utf8');
    if (!html.includes('role="tab"') && !html.includes('role=tab')) continue;
    const doc = parse(html) as unknown as Node;
    const byId = new Map(all(doc, (n) => attr(n, 'id') !== undefined).map((n) => [attr(n, 'id')!, n]));
    const where = fileRoute(file);
    for (const tab of all(doc, role('tab'))) {
      tabs++;
      const id = attr(tab, 'id');
      const controls = attr(tab, 'aria-controls');
      if (!id) problems.push(`${where}: a tab without an id`);
      if (attr(tab, 'aria-selected') === 'true' && !controls) problems.push(`${where}: selected tab ${id} names no panel`);
      if (controls && attr(byId.get(controls) ?? tab, 'aria-labelledby') !== id) problems.push(`${where}: tab ${id}: its panel ${controls} is missing or not labelled by it`);
    }
    for (const panel of all(doc, role('tabpanel'))) {
      const by = attr(panel, 'aria-labelledby');
      if (!by || attr(byId.get(by) ?? panel, 'aria-controls') !== attr(panel, 'id')) problems.push(`${where}: panel ${attr(panel, 'id')} is not tied to its tab`);
    }
  }
  assert.ok(tabs > 500, `only ${tabs} tabs seen`);
  assert.deepEqual(problems.slice(0, 20), []);
});

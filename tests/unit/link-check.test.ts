// The build's link check (plugins/site-meta/link-check) on built pages written here: links in tags only, anchors
// checked against ids in tags only, and a link no browser can follow named instead of crashing the build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brokenLinks, checkAnchors } from '../../plugins/site-meta/link-check';

function site(pages: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'link-check-'));
  for (const [file, html] of Object.entries(pages)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), html);
  }
  return dir;
}

test('reads links and ids in tags, not in text; names broken anchors and links no browser can follow', async () => {
  const dir = site({
    'index.html': '<html><body><h2 id=top>Top</h2><a href="/api/b#real">b</a><a href=/api/b#gone>gone</a></body></html>',
    // SendGrid's example: an email template shown as code, with "href" and "id=" in its escaped text.
    'api/b.html':
      '<html><body><h3 id="real" data-note="a > b">Real</h3><pre><code>&lt;a href=\\"{{{unsubscribe}}}\\" id=\\"fake\\"&gt;</code></pre>' +
      '<a href="/#top">home</a><a href="/#fake">fake</a><a href="\\\\\\#x">bad</a><a href="\\\\\\">bad, no anchor</a></body></html>',
  });
  const anchors = await brokenLinks(dir, { anchorsOnly: true });
  assert.deepEqual(anchors.problems.sort(), ['/: broken anchor /api/b#gone', '/api/b: broken anchor /#fake', '/api/b: invalid href \\\\\\#x'].sort());
  const all = await brokenLinks(dir);
  assert.ok(all.problems.includes('/api/b: invalid href \\\\\\'), all.problems.join('\n'));
  assert.equal(all.checked, 4, 'links followed: the two on / and the two valid ones on /api/b');
});

test("a broken anchor fails the build on our pages, and is a warning (each link once, with its count) on another document's", async () => {
  const dir = site({
    'index.html': '<html><body><a href="/guide#gone">ours</a></body></html>',
    'guide.html': '<html><body><h2 id="here">Here</h2></body></html>',
    'api/a.html': '<html><body><a href="/docs/guides/x#y">theirs</a><a href="/guide#nope">theirs</a></body></html>',
    'api/b.html': '<html><body><a href="/docs/guides/x#y">theirs again</a></body></html>',
  });
  const api = (page: string) => page.startsWith('/api/');
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (message: string) => warnings.push(message);
  try {
    // Our page's broken anchor fails the build, whoever's document the API pages come from.
    await assert.rejects(checkAnchors(dir, { theirs: api }), (e: Error) => e.message.includes('1 link(s)') && e.message.includes('/: broken anchor /guide#gone') && !e.message.includes('/api/'));
    assert.deepEqual(warnings, [
      "[WARNING] link-check: 3 link(s) in another document's descriptions lead to an anchor or page that does not exist (the provider's to fix; the build goes on):\n" +
        '  broken href /docs/guides/x#y (2, first on /api/a)\n  broken anchor /guide#nope (1, first on /api/a)',
    ]);
    // Emissary's own document: every page is ours.
    await assert.rejects(checkAnchors(dir), /4 link\(s\) to an anchor that does not exist/);
    // Fixed, the other document's links only warn.
    writeFileSync(path.join(dir, 'index.html'), '<html><body><a href="/guide#here">ours</a></body></html>');
    warnings.length = 0;
    await checkAnchors(dir, { theirs: api });
    assert.equal(warnings.length, 1);
  } finally {
    console.warn = warn;
  }
});

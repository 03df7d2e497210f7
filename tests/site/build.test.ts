/** Checks over build/: every spec route exists with its title, and no internal link, anchor or asset is broken. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ALL_ROUTES, EXACT_TITLES, SITE_TITLE } from '../support/routes';
import { BUILD_DIR, exists, fileRoute, htmlFiles, pageTitle, routeFile } from '../support/build';
import { brokenLinks } from '../../plugins/site-meta/link-check';

test('every route of the spec is built with a page title', async () => {
  const problems: string[] = [];
  for (const route of ALL_ROUTES) {
    const file = routeFile(route);
    if (!(await exists(file))) {
      problems.push(`${route}: missing ${path.relative(BUILD_DIR, file)}`);
      continue;
    }
    const title = pageTitle(await fs.readFile(file, 'utf8'));
    const expected = EXACT_TITLES[route];
    if (expected && title !== expected) problems.push(`${route}: title "${title}", expected "${expected}"`);
    if (!expected && title !== SITE_TITLE && !title?.endsWith(` | ${SITE_TITLE}`)) {
      problems.push(`${route}: title "${title}" does not end with " | ${SITE_TITLE}"`);
    }
  }
  assert.deepEqual(problems, []);
});

test('the not-found page exists', async () => {
  const html = await fs.readFile(path.join(BUILD_DIR, '404.html'), 'utf8');
  assert.match(html, /Page not found/i);
});

test('no internal link, anchor or asset in build/ is broken', async () => {
  const { problems, checked } = await brokenLinks(BUILD_DIR);
  assert.ok(checked > 1000, `only ${checked} internal links found: is build/ complete?`);
  assert.deepEqual(problems, []);
});

test('API pages show descriptions rendered, with no Markdown syntax left in their text', async () => {
  const problems: string[] = [];
  let pages = 0;
  for await (const file of htmlFiles()) {
    const page = fileRoute(file);
    if (!page.startsWith('/api/')) continue;
    pages++;
    const html = await fs.readFile(file, 'utf8');
    const main = html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
    // Code and preformatted text may hold anything; the rest is prose the reader sees.
    const text = main
      .replace(/<(pre|code|script|style)\b[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    for (const [name, re] of [
      ['bold or emphasis markers', /\*\*|(^|\s)[*_]\S[^*_\n]*\S[*_](\s|$)/],
      ['a Markdown link', /\]\(/],
      ['a backtick', /`/],
    ] as const) {
      const m = re.exec(text);
      if (m) problems.push(`${page}: ${name} in "${text.slice(Math.max(0, m.index - 40), m.index + 40).replace(/\s+/g, ' ')}"`);
    }
  }
  assert.ok(pages >= 35 + 19, `only ${pages} API pages found`);
  assert.deepEqual(problems, []);
});

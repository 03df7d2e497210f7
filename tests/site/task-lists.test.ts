/**
 * Task lists as the build ships them (lib/task-list-labels.ts): on every page, each
 * checkbox sits inside a <label> that also holds its item's text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { fileRoute, htmlFiles } from '../support/build';

test('every task-list checkbox of the build is inside a label with its item\'s text', async () => {
  const problems: string[] = [];
  let seen = 0;
  for await (const file of htmlFiles()) {
    const html = await fs.readFile(file, 'utf8');
    for (const item of html.matchAll(/<li class="?task-list-item"?>([\s\S]*?)<\/li>/g)) {
      seen++;
      const label = item[1].match(/<label>([\s\S]*?)<\/label>/);
      if (!label || !/<input\b[^>]*type="?checkbox/.test(label[1])) problems.push(`${fileRoute(file)}: a checkbox outside a label`);
      else if (!label[1].replace(/<[^>]+>/g, '').trim()) problems.push(`${fileRoute(file)}: a label without text`);
    }
  }
  assert.ok(seen > 0, 'no task list in the build (the bare page has one)');
  assert.deepEqual(problems, []);
});

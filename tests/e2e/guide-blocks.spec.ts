/**
 * On every guide page that offers scripts, the copy button of each code block copies exactly the
 * text of the block's <pre><code> in the served HTML: the text tests/guides/blocks.test.ts and
 * notebooks.test.ts read and run. Blocks in the helpers' <details> and in the shell tabs are opened
 * and selected as a reader would.
 */
import { test, expect, type ConsoleMessage, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { routeFile } from '../support/build';
import { hydrated } from '../support/crawl';
import { pageBlocks, routeOf, scriptPages } from '../guides/support/blocks';

/** Presses the copy button of every visible code block; returns the mismatches. */
async function copyVisible(page: Page, expected: string[], done: Set<number>): Promise<string[]> {
  const problems: string[] = [];
  const errors: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(message.text());
  };
  page.on('console', onConsole);
  const onError = (error: Error) => errors.push(String(error));
  page.on('pageerror', onError);
  const blocks = page.locator('.theme-code-block');
  expect(await blocks.count()).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    const block = blocks.nth(i);
    if (done.has(i) || !(await block.isVisible())) continue;
    done.add(i);
    await page.evaluate(() => navigator.clipboard.writeText('(nothing copied)'));
    await block.scrollIntoViewIfNeeded();
    await block.hover();
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
    const copied = await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 10_000 })
      .not.toBe('(nothing copied)')
      .then(
        () => page.evaluate(() => navigator.clipboard.readText()),
        () => undefined,
      );
    // Which block, and what the page said (CopyButton logs why the browser copied nothing).
    if (copied === undefined) problems.push(`block ${i + 1}: nothing copied in 10 s; the page logged: ${JSON.stringify(errors.splice(0))}`);
    else if (copied !== expected[i]) problems.push(`block ${i + 1}: copied ${JSON.stringify(copied.slice(0, 200))}, the page shows ${JSON.stringify(expected[i].slice(0, 200))}`);
  }
  page.off('console', onConsole);
  page.off('pageerror', onError);
  return problems;
}

for (const route of scriptPages().map(routeOf)) {
  test(`${route}: every code block's copy button copies the block's text`, async ({ page, context }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const expected = pageBlocks(readFileSync(routeFile(route), 'utf8')).map((b) => b.text);
    await page.goto(route);
    await hydrated(page);
    for (const summary of await page.locator('details > summary').all()) await summary.click();
    const done = new Set<number>();
    const problems = await copyVisible(page, expected, done);
    const shell = page.getByRole('tab', { name: 'curl' }).first();
    if (await shell.count()) {
      await shell.click();
      problems.push(...(await copyVisible(page, expected, done)));
    }
    expect(problems, `${route}\n${problems.join('\n')}`).toEqual([]);
    expect(done.size, `${route}: blocks never shown: ${expected.map((_, i) => i + 1).filter((i) => !done.has(i - 1)).join(', ')}`).toBe(expected.length);
  });
}

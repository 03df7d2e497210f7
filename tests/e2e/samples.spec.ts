/**
 * Every operation page's request samples as a reader receives them: each language tab selected,
 * its copy button pressed, the clipboard read. The copied text must be the visible code and the
 * generated sample (the same as in the page's Markdown twin and /llms-full.txt where they carry
 * it), and it must run: curl, Python, Node.js, Go, Ruby and Java each by its own toolchain against
 * the Prism mock (only the host swapped), every request answered 2xx without violations, and all
 * languages (PowerShell read from its text) sending the same request.
 */
import { test as base, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { generateSamples, operationSample, type CodeSample } from '../../plugins/api-reference/samples';
import { listOperations } from '../../plugins/api-reference/spec';
import { hydrated } from '../support/crawl';
import { spec } from '../support/openapi';
import { startPrism, type Prism } from '../support/prism';
import {
  PUBLIC_BASE,
  RUN_LANGUAGES,
  pointAt,
  powershellShape,
  recordingProxy,
  requestShape,
  runSample,
  type RequestShape,
} from '../support/samples';

/** One Prism (validating, --errors) per worker, shared by the pages that worker tests. */
const test = base.extend<object, { prism: Prism }>({
  prism: [
    async ({}, use) => {
      const prism = await startPrism();
      await use(prism);
      await prism.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const OPERATIONS = listOperations(spec);

/** The content of a file a sample uploads (it names the file; the reader has it in the working directory). */
const UPLOAD_CONTENT = '{"prompt":"Refund please","completion":"billing"}\n';

let llmsFull: string | undefined;

/** The clipboard after `copy` ran, which must put something there. */
async function clipboardAfter(page: Page, what: string, copy: () => Promise<void>): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await copy();
  const read = () => page.evaluate(() => navigator.clipboard.readText());
  await expect.poll(read, { message: `${what} put nothing on the clipboard` }).not.toBe('');
  return read();
}

/**
 * The code of each language tab as a reader takes it: selected on the page and copied with the
 * keyboard, and copied with the block's copy button.
 */
async function copyEachTab(page: Page, ids: string[]) {
  const out: Record<string, { selected: string; copied: string }> = {};
  for (const id of ids) {
    await page.locator(`label[for="code-sample-${id}"]`).click();
    const panel = page.locator(`div[data-language="${id}"]`);
    await expect(panel, `${id}: its panel does not show when its tab is selected`).toBeVisible();
    const selected = await clipboardAfter(page, `${id}: selecting the code and pressing Control+C`, async () => {
      await panel.locator('pre code').evaluate((code) => window.getSelection()!.selectAllChildren(code));
      await page.keyboard.press('Control+C');
    });
    const copied = await clipboardAfter(page, `${id}: the copy button`, async () => {
      await panel.locator('pre').hover();
      await panel.getByRole('button', { name: 'Copy code to clipboard' }).click();
    });
    out[id] = { selected, copied };
  }
  return out;
}

/** The code block of one language in a Markdown twin (`### <label>` then a fenced block). */
function twinBlock(markdown: string, sample: CodeSample): string | undefined {
  const at = markdown.indexOf(`\n### ${sample.label}\n\n\`\`\`${sample.highlight}\n`);
  if (at < 0) return undefined;
  const start = markdown.indexOf('\n', markdown.indexOf('```', at)) + 1;
  return markdown.slice(start, markdown.indexOf('\n```\n', start - 1));
}

const show = (value: unknown) => JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');

for (const entry of OPERATIONS) {
  test(`${entry.route}: every sample copies as generated and runs against the mock`, async ({ page, context, prism }) => {
    test.setTimeout(300_000);
    const expected = generateSamples(operationSample(spec, entry));
    const failures: string[] = [];
    const fail = (lang: string, what: string) => failures.push(`${entry.route} › ${lang}: ${what}`);

    // One browser pass: every tab, its visible code and its copy.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(entry.route);
    await hydrated(page);
    await expect(page.getByRole('radiogroup', { name: 'Code sample language' }).locator('label')).toHaveText(expected.map((s) => s.label));
    const received = await copyEachTab(page, expected.map((s) => s.id));

    // What was copied: the code on screen, the generated sample, and the served Markdown's copy of it.
    const twin = await (await page.request.get(`${entry.route}.md`)).text();
    llmsFull ??= await (await page.request.get('/llms-full.txt')).text();
    for (const sample of expected) {
      const { selected, copied } = received[sample.id];
      if (copied !== selected) fail(sample.id, `the copy button copied other text than the code selected on the page:\ncopied:   ${show(copied)}\nselected: ${show(selected)}`);
      if (copied !== sample.code) fail(sample.id, `the copied text is not the generated sample:\ncopied:    ${show(copied)}\ngenerated: ${show(sample.code)}`);
      const inTwin = twinBlock(twin, sample);
      if (inTwin !== undefined && inTwin !== copied) fail(sample.id, `${entry.route}.md holds another sample:\ntwin:   ${show(inTwin)}\ncopied: ${show(copied)}`);
      if (inTwin !== undefined && !llmsFull.includes(`\`\`\`${sample.highlight}\n${copied}\n\`\`\``)) fail(sample.id, '/llms-full.txt does not hold the copied sample');
    }
    expect(twinBlock(twin, expected.find((s) => s.id === 'curl')!), `${entry.route}.md has no curl sample`).toBeDefined();

    // Run what was copied, each language behind its own recording proxy, all at once.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `samples-${entry.slug}-`));
    const body = operationSample(spec, entry).body;
    const uploads = body && 'fields' in body ? body.fields.flatMap((f) => (f.file ? [f.file] : [])) : [];
    const shapes: Partial<Record<string, RequestShape>> = {};
    try {
      await Promise.all(
        RUN_LANGUAGES.map(async (lang) => {
          const proxy = await recordingProxy(prism.url);
          const workDir = path.join(dir, lang);
          fs.mkdirSync(workDir);
          for (const name of uploads) fs.writeFileSync(path.join(workDir, name), UPLOAD_CONTENT);
          try {
            const result = await runSample(lang, pointAt(lang, received[lang].copied, proxy.url), workDir);
            const output = `${result.stderr}\n${result.stdout}`.trim().slice(-1500);
            if (result.timedOut) return fail(lang, `${result.step} did not finish in time:\n${output}`);
            if (result.code !== 0) return fail(lang, `${result.step} exited ${result.code}:\n${output}`);
            if (proxy.requests.length !== 1) return fail(lang, `made ${proxy.requests.length} requests, not 1:\n${output}`);
            const [sent] = proxy.requests;
            if (sent.status < 200 || sent.status >= 300 || sent.violations) {
              fail(lang, `${sent.method} ${sent.url} was answered ${sent.status}${sent.violations ? `, sl-violations: ${sent.violations}` : ''}`);
            }
            shapes[lang] = requestShape(sent);
          } finally {
            await proxy.close();
          }
        }),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // Every language sends what curl sends (PowerShell as its text says).
    const reference = shapes.curl;
    if (reference) {
      try {
        shapes.powershell = powershellShape(received.powershell.copied.replaceAll(PUBLIC_BASE, 'http://mock'), () => UPLOAD_CONTENT);
      } catch (error) {
        fail('powershell', (error as Error).message);
      }
      for (const [lang, shape] of Object.entries(shapes)) {
        if (lang === 'curl' || !shape) continue;
        for (const key of Object.keys(reference) as Array<keyof RequestShape>) {
          if (!isDeepStrictEqual(shape[key], reference[key])) fail(lang, `sends another ${key} than curl:\n${lang}: ${show(shape[key])}\ncurl: ${show(reference[key])}`);
        }
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
}

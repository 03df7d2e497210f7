/**
 * Every operation page's request samples as a reader receives them: each language tab selected,
 * its code copied with the copy button and by selecting it on the page, the clipboard read. Both
 * must be the generated sample (the same as the page's Markdown twin and /llms-full.txt where they
 * carry it). Then the copied text runs: curl, Python, Node.js, Go, Ruby and Java each by its own
 * toolchain against the Prism mock (only the host swapped), every request answered 2xx without
 * violations, and all languages (PowerShell read from its text) sending the same request.
 *
 * One test for all pages, so that Java compiles once (one javac for every page) and the samples of
 * a page run while the browser copies the next ones. Failures name the page and the language.
 */
import { test, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { generateSamples, operationSample, type CodeSample } from '../../lib/openapi/samples';
import { listOperations } from '../../lib/openapi/spec';
import { hydrated } from '../support/crawl';
import { spec } from '../support/openapi';
import { startPrism } from '../support/prism';
import type { Result } from '../guides/support/run';
import {
  RUN_LANGUAGES,
  compileJava,
  pointAt,
  powershellShape,
  recordingProxy,
  requestShape,
  runJava,
  runSample,
  type Proxy,
  type Recorded,
  type RequestShape,
} from '../support/samples';

/**
 * Every operation of the document (webhooks have no samples), with the samples the build generated
 * from it; SAMPLE_PAGES=<slug>,<slug> tests only those pages (while you fix one).
 */
const only = process.env.SAMPLE_PAGES?.split(',');
const PAGES = listOperations(spec).filter((entry) => !only || only.includes(entry.slug)).map((entry) => {
  const request = operationSample(spec, entry);
  const uploads = request.body && 'fields' in request.body ? request.body.fields.flatMap((f) => (f.file ? [f.file] : [])) : [];
  return { route: entry.route, slug: entry.slug, samples: generateSamples(request), uploads };
});

/** The content of a file a sample uploads (the sample names it; the reader has it in the working directory). */
const UPLOAD_CONTENT = '{"prompt":"Refund please","completion":"billing"}\n';

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
async function copyEachTab(page: Page, route: string, ids: string[]) {
  const out: Record<string, { selected: string; copied: string }> = {};
  for (const id of ids) {
    await page.locator(`label[for="code-sample-${id}"]`).click();
    const panel = page.locator(`div[data-language="${id}"]`);
    await expect(panel, `${route} › ${id}: its panel does not show when its tab is selected`).toBeVisible();
    const selected = await clipboardAfter(page, `${route} › ${id}: selecting the code and pressing Control+C`, async () => {
      await panel.locator('pre code').evaluate((code) => window.getSelection()!.selectAllChildren(code));
      await page.keyboard.press('Control+C');
    });
    const copied = await clipboardAfter(page, `${route} › ${id}: the copy button`, async () => {
      await panel.locator('pre').hover();
      await panel.getByRole('button', { name: 'Copy code to clipboard' }).click();
    });
    out[id] = { selected, copied };
  }
  return out;
}

/** The code block of one language in a Markdown twin (`### <label>` then a fenced block). */
function twinBlock(markdown: string, sample: CodeSample): string | undefined {
  const fence = `\n### ${sample.label}\n\n\`\`\`${sample.highlight}\n`;
  const at = markdown.indexOf(fence);
  if (at < 0) return undefined;
  const start = at + fence.length;
  return markdown.slice(start, markdown.indexOf('\n```\n', start - 1));
}

const show = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value, null, 1).replace(/\n\s*/g, ' '));

/** Runs at most `n` tasks at once. */
function pool(n: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

test('every operation page: each sample copies as generated and runs against the mock', async ({ page, context }) => {
  test.setTimeout(20 * 60_000);
  expect(PAGES.length, 'the document has no operation').toBeGreaterThan(0);
  const prism = await startPrism();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emissary-samples-'));
  const failures: string[] = [];
  const fail = (route: string, lang: string, what: string) => failures.push(`${route} › ${lang}: ${what}`);
  const shapes = new Map<string, Partial<Record<string, RequestShape>>>(PAGES.map((p) => [p.route, {}]));
  const limit = pool(Math.max(2, os.cpus().length));

  /** Checks what one sample did: it ran to the end, made one request, and the mock accepted it. */
  const check = (route: string, lang: string, result: Result & { step: string }, requests: Recorded[]) => {
    const output = `${result.stderr}\n${result.stdout}`.trim().slice(-1500);
    if (result.timedOut) return fail(route, lang, `${result.step} did not finish in time:\n${output}`);
    if (result.code !== 0) return fail(route, lang, `${result.step} exited ${result.code}:\n${output}`);
    if (requests.length !== 1) return fail(route, lang, `made ${requests.length} requests, not 1:\n${output}`);
    const [sent] = requests;
    if (sent.status < 200 || sent.status >= 300 || sent.violations) {
      fail(route, lang, `${sent.method} ${sent.url} was answered ${sent.status}${sent.violations ? `, sl-violations: ${sent.violations}` : ''}`);
    }
    shapes.get(route)![lang] = requestShape(sent);
  };

  /** Runs one copied sample in its own folder (with the files it uploads), behind its own recording proxy. */
  const run = (route: string, lang: string, workDir: string, uploads: string[], proxy: Proxy, start: () => Promise<Result & { step: string }>) =>
    limit(async () => {
      fs.mkdirSync(workDir, { recursive: true });
      for (const name of uploads) fs.writeFileSync(path.join(workDir, name), UPLOAD_CONTENT);
      try {
        check(route, lang, await start(), proxy.requests);
      } catch (error) {
        fail(route, lang, (error as Error).message);
      } finally {
        await proxy.close();
      }
    });

  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const llmsFull = await (await page.request.get('/llms-full.txt')).text();
    const runs: Array<Promise<unknown>> = [];
    const java: Array<{ route: string; workDir: string; uploads: string[]; proxy: Proxy; className: string; code: string }> = [];

    for (const { route, slug, samples, uploads } of PAGES) {
      // One browser pass per page: every tab, selected and copied.
      await page.goto(route);
      await hydrated(page);
      await expect(page.getByRole('radiogroup', { name: 'Code sample language' }).locator('label'), route).toHaveText(samples.map((s) => s.label));
      const received = await copyEachTab(page, route, samples.map((s) => s.id));

      // What was copied: the code on the page, the generated sample, and the served Markdown's copy of it.
      const twin = await (await page.request.get(`${route}.md`)).text();
      expect(twinBlock(twin, samples.find((s) => s.id === 'curl')!), `${route}.md has no curl sample`).toBeDefined();
      for (const sample of samples) {
        const { selected, copied } = received[sample.id];
        if (copied !== selected) fail(route, sample.id, `the copy button copied other text than the code selected on the page:\ncopied:   ${show(copied)}\nselected: ${show(selected)}`);
        if (copied !== sample.code) fail(route, sample.id, `the copied text is not the generated sample:\ncopied:    ${show(copied)}\ngenerated: ${show(sample.code)}`);
        const inTwin = twinBlock(twin, sample);
        if (inTwin === undefined) continue;
        if (inTwin !== copied) fail(route, sample.id, `${route}.md holds another sample:\ntwin:   ${show(inTwin)}\ncopied: ${show(copied)}`);
        if (!llmsFull.includes(`\`\`\`${sample.highlight}\n${copied}\n\`\`\``)) fail(route, sample.id, '/llms-full.txt does not hold the copied sample');
      }

      // Run what the copy button copied while the browser goes on; Java waits to compile with every page.
      for (const lang of RUN_LANGUAGES) {
        const proxy = await recordingProxy(prism.url);
        let code: string;
        try {
          code = pointAt(lang, received[lang].copied, proxy.url);
        } catch (error) {
          fail(route, lang, (error as Error).message);
          await proxy.close();
          continue;
        }
        const workDir = path.join(dir, slug, lang);
        if (lang === 'java') java.push({ route, workDir, uploads, proxy, className: `Sample_${slug.replace(/\W/g, '_')}`, code });
        else runs.push(run(route, lang, workDir, uploads, proxy, () => runSample(lang, code, workDir)));
      }
      try {
        shapes.get(route)!.powershell = powershellShape(received.powershell.copied, () => UPLOAD_CONTENT);
      } catch (error) {
        fail(route, 'powershell', (error as Error).message);
      }
    }

    // Java: one javac for every page's program, then each runs like the others.
    const classes = path.join(dir, 'java');
    const javacErrors = await compileJava(classes, java);
    for (const p of java) {
      const error = javacErrors.get(p.className);
      if (error) {
        fail(p.route, 'java', `javac failed:\n${error.slice(0, 1500)}`);
        await p.proxy.close();
      } else {
        runs.push(run(p.route, 'java', p.workDir, p.uploads, p.proxy, () => runJava(p.className, classes, p.workDir)));
      }
    }
    await Promise.all(runs);
  } finally {
    await prism.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // Every language sends what curl sends (PowerShell as its text says, with the public host).
  for (const { route } of PAGES) {
    const { curl: reference, ...others } = shapes.get(route)!;
    if (!reference) continue;
    for (const [lang, shape] of Object.entries(others)) {
      if (!shape) continue;
      for (const key of Object.keys(reference) as Array<keyof RequestShape>) {
        if (!isDeepStrictEqual(shape[key], reference[key])) fail(route, lang, `sends another ${key} than curl:\n${lang}: ${show(shape[key])}\ncurl: ${show(reference[key])}`);
      }
    }
  }
  expect(failures, failures.join('\n\n')).toEqual([]);
});

test('the mock and the checks above reject a wrong request, so their passes mean something', async () => {
  test.setTimeout(180_000);
  const prism = await startPrism();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emissary-samples-'));
  const curlOf = (slug: string) => {
    const entry = listOperations(spec).find((e) => e.slug === slug);
    expect(entry, `no operation ${slug}`).toBeDefined();
    return generateSamples(operationSample(spec, entry!)).find((s) => s.id === 'curl')!.code;
  };
  /** What the mock answered a curl sample changed by `change` (which must change it). */
  const answer = async (slug: string, change: (code: string) => string) => {
    const original = curlOf(slug);
    const changed = change(original);
    expect(changed, `${slug}: the change no longer applies to its curl sample`).not.toBe(original);
    const proxy = await recordingProxy(prism.url);
    try {
      const result = await runSample('curl', pointAt('curl', changed, proxy.url), dir);
      expect(result.code, result.stderr).toBe(0);
      expect(proxy.requests).toHaveLength(1);
      return proxy.requests[0];
    } finally {
      await proxy.close();
    }
  };
  try {
    const anonymous = await answer('list-projects', (code) => code.replace(/--header 'X-API-Key: [^']*'(\s*\\\n)?/, ''));
    expect(anonymous.status).toBe(401);
    expect(anonymous.violations).toBeTruthy();
    const incomplete = await answer('create-training-job', (code) => code.replace(/^\s*"train_dataset_id":.*\n/m, ''));
    expect([400, 422]).toContain(incomplete.status);
    expect(incomplete.violations).toMatch(/train_dataset_id/);
  } finally {
    await prism.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

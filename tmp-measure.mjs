import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const port of [4452, 4453]) {
  const page = await browser.newPage();
  const seen = [];
  page.on('response', async (r) => { if (/\.js$/.test(r.url())) { try { const b = await r.body(); seen.push({ phase, url: new URL(r.url()).pathname, raw: b.length, gz: gzipSync(b).length }); } catch {} } });
  let phase = 'load';
  await page.goto(`http://127.0.0.1:${port}/fine-tuning/datasets`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  phase = 'focus';
  await page.locator('form[aria-label="Check a dataset file in this page"] input[type=file]').focus();
  await page.waitForTimeout(4000);
  phase = 'check';
  await page.locator('form[aria-label="Check a dataset file in this page"] input[type=file]').setInputFiles({ name: 'a.jsonl', mimeType: 'text/plain', buffer: Buffer.from('{"prompt": "Hello world", "completion": "This is a test"}\n') });
  await page.waitForTimeout(port === 4453 ? 25000 : 4000);
  console.log('port', port);
  for (const p of ['load', 'focus', 'check']) {
    const s = seen.filter((x) => x.phase === p);
    console.log(` ${p}: ${s.length} files, raw ${s.reduce((a, x) => a + x.raw, 0)} gz ${s.reduce((a, x) => a + x.gz, 0)}`);
    for (const x of s) console.log(`   ${x.url} ${x.raw} gz ${x.gz}`);
  }
  await page.close();
}
await browser.close();

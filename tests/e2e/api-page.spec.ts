/**
 * The API page's own components (plugins/api-reference/components) in Chromium: their tab groups
 * stay as the server sent them through hydration (so nothing inside is rendered twice), and the
 * pages load no Redux, immer or react-redux (the reader's choices are plain React state). The
 * server HTML they send: tests/site/api-page.test.ts.
 */
import { test, expect } from '@playwright/test';
import { servedElementsKept, startupScripts } from '../support/crawl';
import { REDUX_MARKERS } from '../../scripts/bench/chunks';

test('the tab lists and panels of an operation page are the ones the server sent', async ({ page }) => {
  // Status codes, media types, schema and example tabs, the callbacks' tabs.
  const { served, kept } = await servedElementsKept(page, '/api/create-training-job', '[role="tablist"], [role="tabpanel"]');
  expect(served, 'tabs in the server HTML').toBeGreaterThan(1);
  expect(kept, 'tabs remounted after hydration').toBe(served);
});

for (const route of ['/api/create-training-job', '/api/schemas/trainingjobdetail']) {
  test(`${route} loads no Redux, immer or react-redux`, async ({ page }) => {
    const scripts = await startupScripts(page, route);
    expect(scripts.some((s) => /\/openapi\.[0-9a-f]+\.js$/.test(s.url)), 'the API chunk is loaded, so the check can fail').toBe(true);
    const found = scripts.flatMap((s) => REDUX_MARKERS.filter((m) => s.text.includes(m)).map((m) => `${new URL(s.url).pathname}: ${m}`));
    expect(found).toEqual([]);
  });
}

/**
 * Behaviour checks of the patches of upstream internals (UPGRADING.md, "The patches"), in Chromium
 * against the built site: each test is named by its patch's section and fails when the patch no
 * longer has its effect, so a patch that became a no-op on an upgrade is named. The checks that
 * read build/ are in tests/site/patches.test.ts; the sections whose checks live elsewhere are cited
 * in tests/unit/patch-checks.test.ts, which fails when a section has none.
 */
import { test, expect } from '@playwright/test';
import { hydrated, servedElementsKept, startupScripts } from '../support/crawl';
import { REDUX_MARKERS } from '../../scripts/bench/chunks';

test('Tabs stay mounted through hydration: the tab lists and panels the server sent are the ones on screen', async ({ page }) => {
  for (const route of ['/fine-tuning/datasets', '/api/create-training-job']) {
    // Each tab list and panel the server sent (guide Tabs, ApiTabs, MimeTabs, SchemaTabs…).
    const { served, kept } = await servedElementsKept(page, route, '[role="tablist"], [role="tabpanel"]');
    expect(served, `${route}: tabs in the server HTML`).toBeGreaterThan(1);
    expect(kept, `${route}: tabs remounted after hydration`).toBe(served);
  }
});

for (const route of ['/api/create-training-job', '/api/schemas/trainingjobdetail']) {
  test(`The OpenAPI theme's store without Redux: ${route} loads no Redux, immer or react-redux`, async ({ page }) => {
    const scripts = await startupScripts(page, route);
    expect(scripts.some((s) => /\/openapi\.[0-9a-f]+\.js$/.test(s.url)), 'the API chunk is loaded, so the check can fail').toBe(true);
    const found = scripts.flatMap((s) => REDUX_MARKERS.filter((m) => s.text.includes(m)).map((m) => `${new URL(s.url).pathname}: ${m}`));
    expect(found).toEqual([]);
  });
}

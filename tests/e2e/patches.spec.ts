/**
 * Behaviour checks of the patches of upstream internals (UPGRADING.md, "The patches"), in Chromium
 * against the built site: each test is named by its patch's section and fails when the patch no
 * longer has its effect, so a patch that became a no-op on an upgrade is named. The checks that
 * read build/ are in tests/site/patches.test.ts; the sections whose checks live elsewhere are cited
 * in tests/unit/patch-checks.test.ts, which fails when a section has none.
 */
import { test, expect } from '@playwright/test';
import { servedElementsKept } from '../support/crawl';

test('Tabs stay mounted through hydration: the tab lists and panels the server sent are the ones on screen', async ({ page }) => {
  for (const route of ['/fine-tuning/datasets']) {
    // Each tab list and panel the server sent (a guide's Tabs; API pages: tests/e2e/api-page.spec.ts).
    const { served, kept } = await servedElementsKept(page, route, '[role="tablist"], [role="tabpanel"]');
    expect(served, `${route}: tabs in the server HTML`).toBeGreaterThan(1);
    expect(kept, `${route}: tabs remounted after hydration`).toBe(served);
  }
});


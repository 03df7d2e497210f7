/**
 * The tab groups (lib/ui/Tabs) in Chromium: the server's tabs and panels stay through
 * hydration, also when a stored choice is applied; groups with one groupId follow a choice made in
 * any of them and remember it in localStorage; the keyboard moves and chooses as the ARIA tabs
 * pattern says. The server HTML: tests/site/tabs.test.ts; API pages: tests/e2e/api-page.spec.ts.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { hydrated, servedElementsKept } from '../support/crawl';

const GUIDE = '/fine-tuning/datasets';
const STORAGE = /^docusaurus\.tab\.api-language/;

/** The groups of the page whose tabs are Python and curl (groupId "api-language"). */
const languageGroups = (page: Page) => page.locator('.tabs-container').filter({ has: page.getByRole('tab', { name: 'curl', exact: true }) });

/** The stored choice of the api-language groups (Docusaurus's key, with the site's namespace). */
const stored = (page: Page) =>
  page.evaluate((source) => {
    const key = Object.keys(localStorage).find((k) => new RegExp(source).test(k));
    return key ? localStorage.getItem(key) : null;
  }, STORAGE.source);

/** The tab's panel, found through its aria-controls, and labelled by the tab. */
async function panelOf(tab: Locator): Promise<Locator> {
  const controls = await tab.getAttribute('aria-controls');
  expect(controls, 'the tab names its panel').toBeTruthy();
  const panel = tab.page().locator(`[id="${controls}"]`);
  await expect(panel).toHaveAttribute('role', 'tabpanel');
  await expect(panel).toHaveAttribute('aria-labelledby', (await tab.getAttribute('id'))!);
  return panel;
}

test("a guide's tab lists and panels are the ones the server sent, also when a stored choice is applied", async ({ page }) => {
  for (const choice of [null, 'curl']) {
    if (choice) {
      await languageGroups(page).first().getByRole('tab', { name: choice, exact: true }).click();
      expect(await stored(page)).toBe(choice);
    }
    const { served, kept } = await servedElementsKept(page, GUIDE, '[role="tablist"], [role="tabpanel"]');
    expect(served, 'tabs in the server HTML').toBeGreaterThan(1);
    expect(kept, 'tabs remounted after hydration').toBe(served);
    const tab = languageGroups(page).first().getByRole('tab', { name: choice ?? 'Python', exact: true });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(await panelOf(tab)).toBeVisible();
  }
});

test('a choice in one group chooses it in every group of its groupId and is stored', async ({ page }) => {
  await page.goto(GUIDE);
  await hydrated(page);
  const groups = languageGroups(page);
  expect(await groups.count()).toBeGreaterThan(1);
  expect(await stored(page)).toBeNull();
  await groups.last().getByRole('tab', { name: 'curl', exact: true }).click();
  for (const group of await groups.all()) {
    const curl = group.getByRole('tab', { name: 'curl', exact: true });
    await expect(curl).toHaveAttribute('aria-selected', 'true');
    await expect(curl).toHaveClass(/tabs__item--active/);
    await expect(await panelOf(curl)).toBeVisible();
    await expect(await panelOf(group.getByRole('tab', { name: 'Python', exact: true }))).toBeHidden();
  }
  expect(await stored(page)).toBe('curl');
});

test('the arrow keys move focus along the tabs, Enter and Space choose the focused one', async ({ page }) => {
  await page.goto(GUIDE);
  await hydrated(page);
  const group = languageGroups(page).first();
  const python = group.getByRole('tab', { name: 'Python', exact: true });
  const curl = group.getByRole('tab', { name: 'curl', exact: true });
  // One stop in the tab order: the chosen tab.
  await expect(python).toHaveAttribute('tabindex', '0');
  await expect(curl).toHaveAttribute('tabindex', '-1');
  await python.focus();
  await page.keyboard.press('ArrowRight');
  await expect(curl).toBeFocused();
  await expect(python, 'moving focus chooses nothing').toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(curl).toHaveAttribute('aria-selected', 'true');
  await expect(await panelOf(curl)).toBeVisible();
  // Past the last tab, focus wraps to the first; Space chooses.
  await page.keyboard.press('ArrowRight');
  await expect(python).toBeFocused();
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.keyboard.press(' ');
  await expect(python).toHaveAttribute('aria-selected', 'true');
  await expect(await panelOf(python)).toBeVisible();
  expect(await page.evaluate(() => window.scrollY), 'Space chooses the tab, it does not scroll the page').toBe(scrolled);
  await page.keyboard.press('ArrowLeft');
  await expect(curl).toBeFocused();
  expect(await stored(page)).toBe('python');
});

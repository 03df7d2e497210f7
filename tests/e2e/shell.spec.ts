/** Site behaviour of the product spec §2 and §4, as a reader sees it in Chromium. */
import { test, expect, type Page } from '@playwright/test';
import { hydrated } from '../support/crawl';

const GUIDE = '/fine-tuning/parameters';

test.describe('navbar', () => {
  test('Docs and API on the left, Dashboard and GitHub external on the right', async ({ page }) => {
    await page.goto(GUIDE);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const left = nav.locator('.navbar__items:not(.navbar__items--right)');
    const right = nav.locator('.navbar__items--right');
    await expect(left.getByRole('link', { name: 'Docs', exact: true })).toHaveAttribute('href', '/');
    await expect(left.getByRole('link', { name: 'API', exact: true })).toHaveAttribute('href', '/api');
    const dashboard = right.getByRole('link', { name: /Dashboard/ });
    await expect(dashboard).toHaveAttribute('href', 'https://www.withemissary.com/app');
    await expect(dashboard).toHaveAttribute('rel', /noopener/);
    await expect(right.getByRole('link', { name: /GitHub/ })).toHaveAttribute('href', /^https:\/\/github\.com\//);
    await left.getByRole('link', { name: 'API', exact: true }).click();
    await expect(page).toHaveURL(/\/api$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Emissary API Specification');
  });

  test('hides on scrolling down and returns on scrolling up', async ({ page }) => {
    await page.goto(GUIDE);
    // Scrolls before hydration reach no listener, and the navbar needs to see both steps.
    await hydrated(page);
    const navbar = page.locator('nav.navbar');
    await page.mouse.move(600, 400);
    // Two steps: the navbar compares each scroll position with the previous one.
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.mouse.wheel(0, 800);
    await expect.poll(async () => (await navbar.boundingBox())!.y).toBeLessThan(-10);
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => (await navbar.boundingBox())!.y).toBe(0);
  });
});

test('footer has the four link groups, dark style and the copyright', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer.footer');
  await expect(footer).toHaveClass(/footer--dark/);
  const groups = await footer.locator('.footer__title').allTextContents();
  expect(groups).toEqual(['Follow Us', 'Company', 'Resources', 'Legal']);
  for (const name of ['X', 'LinkedIn', 'About', 'Careers', 'Product', 'Resources', 'Privacy Policy', 'Terms of Service']) {
    await expect(footer.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', /^https:\/\//);
  }
  await expect(footer.getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', '/');
  await expect(footer).toContainText('© 2025 Emissary, Inc.');
});

test('the skip link is the first thing the keyboard reaches and moves focus to the content', async ({ page }) => {
  await page.goto(GUIDE);
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveText('Skip to main content');
  await page.keyboard.press('Enter');
  // Focus moves to <main>: the next Tab lands inside the content, past the navbar and sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test.describe('colour mode', () => {
  test.use({ colorScheme: 'dark' });
  const toggle = (page: Page) => page.getByRole('button', { name: /Switch between dark and light mode/ });
  /** The primary colour as the page computes it (src/css/custom.css gives each mode's in one light-dark()). */
  const primary = (page: Page) =>
    page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement('span'));
      probe.style.color = 'var(--ifm-color-primary)';
      const colour = getComputedStyle(probe).color;
      probe.remove();
      return colour;
    });
  const LIGHT_PRIMARY = 'rgb(29, 112, 72)'; // #1d7048
  const DARK_PRIMARY = 'rgb(79, 209, 165)'; // #4fd1a5

  test("follows the reader's system until the reader chooses, and the choice survives a reload", async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const html = page.locator('html');
    // Before the first paint too: the inline script reads prefers-color-scheme.
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(toggle(page)).toHaveAttribute('aria-label', /system mode/);
    expect(await primary(page)).toBe(DARK_PRIMARY);
    await toggle(page).click(); // system → light
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect.poll(() => primary(page)).toBe(LIGHT_PRIMARY);
    await page.reload(); // The system still prefers dark: the reader's choice wins.
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('a system that prefers light gets light, and a change of the system preference is followed', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('code blocks use a dark theme in light mode', async ({ page }) => {
    await page.goto(GUIDE);
    await hydrated(page);
    const brightness = () =>
      page.locator('pre.prism-code').first().evaluate((el) => {
        const [r, g, b] = (getComputedStyle(el).backgroundColor.match(/\d+/g) ?? ['255', '255', '255']).map(Number);
        return (r + g + b) / 3;
      });
    await expect.poll(brightness).toBeLessThan(80);
  });
});

test('the table of contents lists heading levels 2 and 3 only', async ({ page }) => {
  await page.goto(GUIDE);
  const tocTargets = await page.locator('.table-of-contents a').evaluateAll((links) =>
    links.map((a) => decodeURIComponent((a as HTMLAnchorElement).hash.slice(1))),
  );
  const headings = await page.locator('article').evaluate((article) =>
    [...article.querySelectorAll('h2[id], h3[id], h4[id]')].map((h) => ({ level: h.tagName, id: h.id })),
  );
  const expected = headings.filter((h) => h.level !== 'H4').map((h) => h.id);
  expect(headings.some((h) => h.level === 'H3')).toBe(true);
  expect(tocTargets).toEqual(expected);
});

test('the docs sidebar can be hidden and shown again', async ({ page }) => {
  await page.goto(GUIDE);
  const sidebar = page.locator('aside.theme-doc-sidebar-container nav.menu');
  await expect(sidebar).toBeVisible();
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(sidebar).toBeVisible();
});

test('sidebar categories collapse automatically when another opens', async ({ page }) => {
  await page.goto('/fine-tuning/datasets');
  const sidebar = page.locator('aside.theme-doc-sidebar-container');
  const category = (label: string) => sidebar.locator('.menu__list-item', { has: page.getByRole('button', { name: label }) }).first();
  await expect(category('Fine-Tuning')).not.toHaveClass(/menu__list-item--collapsed/);
  await sidebar.getByRole('button', { name: /Guides/ }).click();
  await expect(category('Fine-Tuning')).toHaveClass(/menu__list-item--collapsed/);
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('below 997 px the sidebar moves into a drawer opened from the navbar', async ({ page }) => {
    await page.goto(GUIDE);
    await expect(page.locator('aside.theme-doc-sidebar-container')).toBeHidden();
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const drawer = page.locator('.navbar-sidebar');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Datasets' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Datasets' }).click();
    await expect(page).toHaveURL(/\/fine-tuning\/datasets$/);
    await expect(drawer).toBeHidden();
  });

  test('the drawer opens by keyboard or pointer and closes from its backdrop', async ({ page }) => {
    await page.goto('/api/create-training-job');
    await hydrated(page);
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const drawer = page.locator('.navbar-sidebar');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Introduction' })).toBeVisible();
    await page.locator('.navbar-sidebar__backdrop').click({ position: { x: 790, y: 400 } });
    await expect(drawer).toBeHidden();
    await toggle.click();
    await expect(drawer).toBeVisible();
  });
});

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle(/Emissary Docs/);
});

test('pages without a sidebar: the maintainer handbook', async ({ page }) => {
  await page.goto('/tutorial-basics/deploy-your-site');
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page.locator('aside.theme-doc-sidebar-container')).toHaveCount(0);
});

test('the Quickstart sits in the Fine-Tuning sidebar, with breadcrumbs', async ({ page }) => {
  await page.goto('/fine-tuning/quickstart');
  const sidebar = page.locator('aside.theme-doc-sidebar-container');
  await expect(sidebar.getByRole('link', { name: 'Quickstart', exact: true })).toHaveAttribute('aria-current', 'page');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs).toContainText('Fine-Tuning');
  await expect(crumbs).toContainText('Quickstart');
});

test('/intro is tagged test and the tag pages list it', async ({ page }) => {
  await page.goto('/tags/test');
  await page.getByRole('link', { name: /Introduction/ }).first().click();
  await expect(page).toHaveURL(/\/intro$/);
  await page.goto('/tags');
  await expect(page.getByRole('link', { name: /test/ }).first()).toHaveAttribute('href', '/tags/test');
});

test('"Copy page as Markdown" copies the page twin', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  for (const [route, expected] of [
    ['/fine-tuning/parameters', /Available base models/],
    ['/api/create-project', /POST \/v1\/projects/],
  ] as const) {
    await page.goto(route);
    await hydrated(page);
    await page.getByRole('button', { name: 'Page as Markdown', exact: true }).click();
    await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied.' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(expected);
    await expect(page.getByRole('link', { name: 'View as Markdown', includeHidden: true })).toHaveAttribute('href', `${route}.md`);
  }
});

test('once the page runs, code blocks get a working copy button (rendered only in the browser)', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  for (const route of ['/fine-tuning/parameters', '/api/create-project']) {
    await page.goto(route);
    await hydrated(page);
    const block = page.locator('.theme-code-block:visible').first();
    // The code as the reader sees it: one entry per highlighted line.
    const code = await block.locator('pre').evaluate((pre) => [...pre.querySelectorAll('.token-line')].map((line) => line.textContent?.replace(/\n$/, '')).join('\n').trim());
    expect(code.length).toBeGreaterThan(10);
    await block.hover();
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click();
    await expect.poll(async () => (await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(code);
  }
});

test.describe('guide tabs', () => {
  test('the chosen tab holds across tab groups and a reload, and code stays highlighted', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const groups = page.locator('.tabs-container').filter({ has: page.getByRole('tab', { name: 'curl' }) });
    expect(await groups.count()).toBeGreaterThan(1);
    await groups.first().getByRole('tab', { name: 'curl' }).click();
    // Every group with the same groupId follows; the stored choice survives a reload (restored
    // after hydration without remounting the tabs).
    for (const group of await groups.all()) await expect(group.getByRole('tab', { name: 'curl' })).toHaveAttribute('aria-selected', 'true');
    await page.reload();
    await hydrated(page);
    const second = groups.nth(1);
    await expect(second.getByRole('tab', { name: 'curl' })).toHaveAttribute('aria-selected', 'true');
    await expect(second.locator('[role="tabpanel"]:visible pre .token').first()).toBeVisible();
  });
});

/** Keyboard use on the three kinds of page a reader lands on: home, a guide and an API operation. */
import { test, expect, type Page } from '@playwright/test';
import { hydrated } from '../support/crawl';

const PAGES = { home: '/', guide: '/fine-tuning/parameters', operation: '/api/create-training-job' } as const;
const CONTROLS = 40;

interface Focused {
  description: string;
  /** The element that shows focus: the control, or the label of a visually hidden radio or checkbox. */
  indicator: string;
  outlineStyle: string;
  outlineWidth: number;
  boxShadow: string;
  visible: boolean;
  /** Focus was here before: the order went backwards or something moved focus. */
  repeated: boolean;
  /** In the viewport and, at its centre, not covered by another element (the navbar, say). */
  unobscured: boolean;
}

/** Describes document.activeElement and the focus indicator a reader sees for it. */
function describeFocus(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const w = window as unknown as { focusedBefore?: WeakSet<Element> };
    w.focusedBefore ??= new WeakSet();
    const repeated = w.focusedBefore.has(el);
    w.focusedBefore.add(el);
    let shown: HTMLElement = el;
    if (el instanceof HTMLInputElement && /^(radio|checkbox)$/.test(el.type) && el.labels?.length) {
      const box = el.getBoundingClientRect();
      if (getComputedStyle(el).opacity === '0' || box.width <= 1 || box.height <= 1) shown = el.labels[0];
    }
    const style = getComputedStyle(shown);
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
    const id = (e: HTMLElement) => `<${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''}>`;
    const box = shown.getBoundingClientRect();
    const visible = box.width > 0 && box.height > 0 && shown.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    let unobscured = false;
    if (box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth) {
      const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      unobscured = !!top && (shown.contains(top) || top.contains(shown) || (shown instanceof HTMLLabelElement && shown.control === top));
    }
    return {
      description: `${id(el)} "${text}"`,
      indicator: shown === el ? 'self' : id(shown),
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth) || 0,
      boxShadow: style.boxShadow,
      visible,
      repeated,
      unobscured,
    };
  });
}

/** Waits for running transitions, such as a heading link fading in on focus. */
async function settled(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

async function open(page: Page, route: string) {
  await page.goto(route);
  await hydrated(page);
}

for (const [kind, route] of Object.entries(PAGES)) {
  test.describe(`${kind} page ${route}`, () => {
    test('the skip link is the first focusable element', async ({ page }) => {
      await open(page, route);
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      await expect(focused).toHaveText('Skip to main content');
      await expect(focused).toBeVisible();
      await expect(focused).toHaveAttribute('href', /#/);
    });

    test(`the first ${CONTROLS} controls show a visible focus indicator`, async ({ page }) => {
      await open(page, route);
      const problems: string[] = [];
      const seen: string[] = [];
      for (let i = 0; i < CONTROLS; i++) {
        await page.keyboard.press('Tab');
        await settled(page);
        const focus = await describeFocus(page);
        if (!focus) {
          problems.push(`Tab ${i + 1}: focus left the page content`);
          continue;
        }
        seen.push(focus.description);
        const where = `Tab ${i + 1} ${focus.description}${focus.indicator === 'self' ? '' : ` (shown on ${focus.indicator})`}`;
        const outline = focus.outlineStyle !== 'none' && focus.outlineWidth > 0;
        const shadow = focus.boxShadow !== 'none' && focus.boxShadow !== '';
        if (!outline && !shadow) problems.push(`${where}: no focus indicator (outline ${focus.outlineStyle} ${focus.outlineWidth}px, box-shadow ${focus.boxShadow})`);
        if (focus.repeated) problems.push(`${where}: reached a second time (focus order went backwards or focus was moved)`);
        if (!focus.visible) problems.push(`${where}: not visible`);
        else if (!focus.unobscured) problems.push(`${where}: outside the viewport or covered`);
      }
      expect(problems, `${route}:\n${problems.join('\n')}\n\nFocus order:\n${seen.join('\n')}`).toEqual([]);
    });
  });
}

test('the code-sample language radios are reachable with Tab and switch with the arrow keys', async ({ page }) => {
  await open(page, PAGES.operation);
  const python = page.getByRole('radio', { name: 'Python' });
  const curl = page.getByRole('radio', { name: 'curl' });
  await expect(python).toBeChecked();
  let reached = false;
  for (let i = 0; i < 300 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await python.evaluate((el) => el === document.activeElement);
  }
  expect(reached, 'Tab reaches the checked language radio').toBe(true);
  await expect(page.locator('label[for="code-sample-python"]')).toBeVisible();

  await page.keyboard.press('ArrowRight');
  await expect(curl).toBeFocused();
  await expect(curl).toBeChecked();
  await expect(page.locator('[data-language="curl"] pre')).toBeVisible();
  await expect(page.locator('[data-language="python"] pre')).toBeHidden();
  const focus = await describeFocus(page);
  expect(focus?.indicator, 'the focused tab shows on its label').toContain('label');
  expect(focus!.outlineStyle !== 'none' && focus!.outlineWidth > 0, 'the focused tab has an outline').toBe(true);

  await page.keyboard.press('ArrowLeft');
  await expect(python).toBeFocused();
  await expect(python).toBeChecked();
  await expect(page.locator('[data-language="python"] pre')).toBeVisible();

  // Tab leaves the group in one step: the radios form one stop in the tab order.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).not.toBe('code-sample-language');
});

test('focus stays in the search box while its index loads, and leaves it with Tab', async ({ page }) => {
  await open(page, PAGES.guide);
  // Ask the page, not an element handle: the bar's stand-in input is replaced by the plugin's on focus.
  const onSearch = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Search');
  for (let i = 0; i < 20 && !(await onSearch()); i++) await page.keyboard.press('Tab');
  expect(await onSearch()).toBe(true);
  // The plugin wraps the input once the index has loaded; focus must survive that.
  await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused({ timeout: 15_000 });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Search' })).not.toBeFocused();
});

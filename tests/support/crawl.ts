/** The pages a crawl visits: every route of build/sitemap.xml plus the not-found page, each with its kind. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { BUILD_DIR, isNoindexPage } from './build';
import { ALL_ROUTES, OPERATION_SLUGS } from './routes';

export type PageKind = 'home' | 'doc' | 'operation' | 'schema' | 'api-info' | 'api-index' | 'tags' | 'search' | 'page' | 'not-found';

export interface CrawlPage {
  route: string;
  kind: PageKind;
}

/** A path no build file answers: the server sends 404.html with status 404. */
export const NOT_FOUND_ROUTE = '/no-such-page-crawl';

/** Routes of the sitemap, as same-site paths (the sitemap lists them under the production URL). */
export function sitemapRoutes(dir = BUILD_DIR): string[] {
  const xml = readFileSync(path.join(dir, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

export function kindOf(route: string): PageKind {
  if (route === '/') return 'home';
  if (route === NOT_FOUND_ROUTE) return 'not-found';
  if (route === '/search') return 'search';
  if (route === '/api') return 'api-index';
  if (route === '/tags' || route.startsWith('/tags/')) return 'tags';
  if (route === '/api/emissary-api') return 'api-info';
  if (route.startsWith('/api/schemas/')) return 'schema';
  if ((OPERATION_SLUGS as readonly string[]).includes(route.replace(/^\/api\//, ''))) return 'operation';
  if (route === '/markdown-page') return 'page';
  return 'doc';
}

/** Every page of the build: sitemap order, then the pages marked noindex (the maintainer handbook's; not in the sitemap), then the not-found page. */
export const CRAWL_PAGES: CrawlPage[] = [...sitemapRoutes(), ...ALL_ROUTES.filter(isNoindexPage), NOT_FOUND_ROUTE].map((route) => ({ route, kind: kindOf(route) }));

/** Waits until React has hydrated the page (the theme sets this attribute once it has). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
}

declare global {
  interface Window {
    /** Whether React rendered or hydrated `el` (exposeRenderedByReact). */
    renderedByReact(el: Element): boolean;
  }
}

/**
 * Gives the pages `page` opens `window.renderedByReact(el)`: React marks every element it renders
 * or hydrates with a `__reactFiber$…` property. Call it before the page loads.
 */
export async function exposeRenderedByReact(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.renderedByReact = (el: Element) => Object.keys(el).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** The scripts a fresh visit to `route` loads until the network is quiet, with their text. */
export async function startupScripts(page: Page, route: string): Promise<Array<{ url: string; text: string }>> {
  const scripts: Array<Promise<{ url: string; text: string }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  await page.goto(route);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  return Promise.all(scripts);
}

/**
 * Loads `route` and counts the elements matching `selector` in the server's HTML (before any script
 * runs), how many of those are still in the page once it has hydrated and the network is quiet, and
 * how many match now: an element React re-rendered is a new one.
 */
export async function servedElementsKept(page: Page, route: string, selector: string): Promise<{ served: number; kept: number; now: number }> {
  await page.addInitScript((sel) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { served: Element[] }).served = [...document.querySelectorAll(sel)];
    });
  }, selector);
  await page.goto(route);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  return page.evaluate((sel) => {
    const before = (window as unknown as { served: Element[] }).served;
    return { served: before.length, kept: before.filter((el) => el.isConnected).length, now: document.querySelectorAll(sel).length };
  }, selector);
}

/** The element a page's main content lives in: <main>, or the skip link's target where a plugin page has none. */
export const MAIN_CONTENT = 'main, #__docusaurus_skipToContent_fallback:not(:has(main))';

/**
 * Turns the site dark with the navbar switch, as a reader does. The switch cycles system → light →
 * dark (the site follows the system's preference until the reader chooses), so it is pressed until
 * the page is dark: twice from the system's light, once from a light choice.
 */
export async function switchToDark(page: Page): Promise<void> {
  const html = page.locator('html');
  const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
  for (let i = 0; i < 3 && (await html.getAttribute('data-theme')) !== 'dark'; i++) {
    const label = await toggle.getAttribute('aria-label');
    await toggle.click();
    await expect(toggle).not.toHaveAttribute('aria-label', label ?? '');
  }
  await expect(html).toHaveAttribute('data-theme', 'dark');
}

/** Opens `route` hydrated, in `mode` as the reader gets it there (dark by the navbar's switch). */
export async function openInMode(page: Page, route: string, mode: 'light' | 'dark'): Promise<void> {
  await page.goto(route);
  await hydrated(page);
  if (mode === 'dark') await switchToDark(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
}

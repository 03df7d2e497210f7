/**
 * pa11y (HTML_CodeSniffer, WCAG 2 AA) on one page of every kind, the largest of each (the most
 * tables, samples and links), at phone, laptop and desktop widths in light and dark mode, against
 * the build served over HTTP, with Debian's Chromium. Errors fail; warnings and notices are
 * HTML_CodeSniffer's "check by hand" and do not.
 */
import { test, expect } from '@playwright/test';
import pa11y from 'pa11y';
import puppeteer from 'puppeteer';
import { statSync } from 'node:fs';
import { CHROMIUM } from '../../playwright.config';
import { routeFile } from '../support/build';
import { CRAWL_PAGES, NOT_FOUND_ROUTE } from '../support/crawl';

/** The largest built page of each kind, by the size of its HTML file (the not-found page is one file). */
const ROUTES = [...new Set(CRAWL_PAGES.map((p) => p.kind))].map((kind) =>
  CRAWL_PAGES.filter((p) => p.kind === kind)
    .map((p) => ({ route: p.route, bytes: p.route === NOT_FOUND_ROUTE ? 0 : statSync(routeFile(p.route)).size }))
    .reduce((a, b) => (b.bytes > a.bytes ? b : a)).route,
);

/** Phone, laptop and desktop widths, as the axe checks use. */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];
/**
 * The site follows the reader's system colour scheme until they choose (issue 30), so each mode is
 * the browser's preference (Blink's preferredColorScheme: 0 dark, 1 light), and the first action
 * waits until the page has applied it: a run in the wrong mode fails instead of passing unseen.
 */
const MODES = [
  { mode: 'light', blink: 1 },
  { mode: 'dark', blink: 0 },
] as const;

for (const viewport of VIEWPORTS) {
  for (const { mode, blink } of MODES) {
    test(`pa11y (WCAG 2 AA) finds no error on the largest page of each kind at ${viewport.width} px, ${mode} mode`, async ({ baseURL }) => {
      test.setTimeout(60_000 + ROUTES.length * 30_000);
      const found: string[] = [];
      // One browser for the pages of this width and mode (pa11y opens a fresh page in it for each).
      const browser = await puppeteer.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--blink-settings=preferredColorScheme=${blink}`],
      });
      try {
        for (const route of ROUTES) {
          const { issues } = await pa11y(`${baseURL}${route}`, {
            browser,
            standard: 'WCAG2AA',
            runners: ['htmlcs'],
            includeWarnings: false,
            includeNotices: false,
            timeout: 60_000,
            viewport,
            actions: [`wait for element html[data-theme="${mode}"] to be added`],
          });
          found.push(...issues.map((i) => `${route} ${i.code}: ${i.message}\n    ${i.selector} — ${i.context?.slice(0, 160)}`));
        }
      } finally {
        await browser.close();
      }
      expect(found, `${found.length} pa11y error(s) at ${viewport.width} px, ${mode} mode:\n${found.join('\n')}`).toEqual([]);
    });
  }
}

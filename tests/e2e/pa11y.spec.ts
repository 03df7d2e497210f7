/**
 * pa11y (HTML_CodeSniffer, WCAG 2 AA) on one page of every kind, the largest of each (the most
 * tables, samples and links), against the build served over HTTP, with Debian's Chromium. Errors
 * fail; warnings and notices are HTML_CodeSniffer's "check by hand" and do not.
 */
import { test, expect } from '@playwright/test';
import pa11y from 'pa11y';
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

test('pa11y (WCAG 2 AA) finds no error on the largest page of each kind', async ({ baseURL }) => {
  test.setTimeout(60_000 + ROUTES.length * 30_000);
  const found: string[] = [];
  for (const route of ROUTES) {
    const { issues } = await pa11y(`${baseURL}${route}`, {
      standard: 'WCAG2AA',
      runners: ['htmlcs'],
      includeWarnings: false,
      includeNotices: false,
      timeout: 60_000,
      chromeLaunchConfig: { executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] },
    });
    found.push(...issues.map((i) => `${route} ${i.code}: ${i.message}\n    ${i.selector} — ${i.context?.slice(0, 160)}`));
  }
  expect(found, `${found.length} pa11y error(s):\n${found.join('\n')}`).toEqual([]);
});

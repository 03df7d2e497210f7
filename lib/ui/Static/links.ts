/**
 * Links inside a static block (./index.tsx), which React does not render in the browser, so no
 * Docusaurus <Link> handles them: a click on a link to a page of this site navigates in place
 * through the router, as <Link> does, and pointing at or touching one preloads its page
 * (window.docusaurus.preload, as <Link> does on intent). Links to other sites, to files of this
 * site (isSiteFile below, which src/theme/MDXComponents/FileLink uses too: the router knows no such path), to a fragment of this
 * page, and clicks with a modifier key or another button stay the browser's.
 */
import type { MouseEvent, TouchEvent } from 'react';

interface History {
  push(path: string): void;
}

/** The path to navigate to in place for a link, or null when the link is the browser's. */
export function routedPath(link: HTMLAnchorElement): string | null {
  const href = link.getAttribute('href');
  // A path of this origin (`/…`, not `//host/…`): the router's, unless it is a file or leaves the tab.
  if (!href || !href.startsWith('/') || href.startsWith('//')) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download') || isSiteFile(href)) return null;
  if (link.pathname === window.location.pathname && link.search === window.location.search && link.hash) return null;
  return `${link.pathname}${link.search}${link.hash}`;
}

function linkOf(event: { target: EventTarget; currentTarget: EventTarget }): HTMLAnchorElement | null {
  const target = event.target as Element | null;
  const link = target?.closest?.('a[href]') as HTMLAnchorElement | null;
  return link && (event.currentTarget as Element).contains(link) ? link : null;
}

export function followLink(event: MouseEvent<HTMLElement>, history: History): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = linkOf(event);
  const path = link && routedPath(link);
  if (!path) return;
  event.preventDefault();
  history.push(path);
}

const preloaded = new Set<string>();

export function preloadLink(event: MouseEvent<HTMLElement> | TouchEvent<HTMLElement>): void {
  const link = linkOf(event);
  const path = link && routedPath(link);
  if (!path || preloaded.has(link.pathname)) return;
  preloaded.add(link.pathname);
  (window as unknown as { docusaurus?: { preload(path: string): unknown } }).docusaurus?.preload(link.pathname);
}

/** A path of this site (not `//host/…`) whose last segment has an extension other than .html. */
export function isSiteFile(href: string | undefined): boolean {
  if (!href || !href.startsWith('/') || href.startsWith('//')) return false;
  const pathname = href.replace(/[?#].*$/, '');
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  // A letter first: a page such as /changelog/v1.2 keeps the router.
  return /\.[a-z][a-z0-9]*$/i.test(last) && !/\.html?$/i.test(last);
}

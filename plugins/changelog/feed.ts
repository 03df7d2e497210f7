/** The changelog as an Atom feed (RFC 4287): one entry per release, its changes as HTML. */
import type { Release } from '../../lib/changelog/history';
import { CHANGELOG_ROUTE, FEED_FILE } from '../../lib/changelog/history';
import { changeHtml } from '../../lib/changelog/inline';

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function releaseHtml(release: Release, site: string): string {
  if (release.groups.length === 0) return `<p>${xml(release.summary)}</p>`;
  const groups = release.groups.map((g) => {
    const items = g.changes.map((c) => `<li>${c.breaking ? '<strong>Breaking:</strong> ' : ''}${changeHtml(c.text)}</li>`).join('');
    const title = g.page ? `<a href="${site}${g.page}">${xml(g.owner.title)}</a>` : xml(g.owner.title);
    return `<h3>${title}</h3><ul>${items}</ul>`;
  });
  return `<p>${xml(release.summary)}</p>${groups.join('')}<p><a href="${site}${CHANGELOG_ROUTE}#${release.version}">Migration notes</a></p>`;
}

/** `site` is the absolute URL of the site root, without a trailing slash. */
export function atomFeed(releases: Release[], site: string, siteTitle: string): string {
  const updated = `${releases[0].date}T00:00:00Z`;
  const entries = releases.map((r) =>
    [
      '  <entry>',
      `    <id>${xml(`${site}${CHANGELOG_ROUTE}#${r.version}`)}</id>`,
      `    <title>${xml(`${r.version}: ${r.summary}`)}</title>`,
      `    <updated>${r.date}T00:00:00Z</updated>`,
      `    <link rel="alternate" type="text/html" href="${xml(`${site}${CHANGELOG_ROUTE}#${r.version}`)}"/>`,
      `    <content type="html">${xml(releaseHtml(r, site))}</content>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xml(`${site}${CHANGELOG_ROUTE}`)}</id>`,
    `  <title>${xml(`${siteTitle}: API changelog`)}</title>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${xml(siteTitle)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(`${site}/${FEED_FILE}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(`${site}${CHANGELOG_ROUTE}`)}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/**
 * The API's release history: openapi/history/releases.yaml, the recorded documents, the diff of
 * each release against the one before, and the migration notes people write in docs/_changelog/.
 * Synchronous, so that the page generator (plugins/api-reference/options.ts) can call it too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { computedOnce, hashOf } from '../computed-once';
import path from 'node:path';
import { parse } from 'yaml';
import { jsonPointer, type OpenApiDocument } from '../openapi/spec';
import { openApiDocument, RECORDED_SPEC } from '../openapi/document';
import { diffDocuments, type ApiChange, type ChangeOwner } from './diff';

export const HISTORY_DIR = 'openapi/history';
/**
 * The document the release list records (its last release). A site built from another document
 * (OPENAPI_SPEC: a fixture, the bench's multiplied one) still shows this API's changelog and errors.
 */
export { RECORDED_SPEC };
export const RELEASES_FILE = `${HISTORY_DIR}/releases.yaml`;
export const NOTES_DIR = 'docs/_changelog';
export const CHANGELOG_ROUTE = '/changelog';
export const FEED_FILE = 'changelog.xml';

interface ReleaseEntry {
  version: string;
  date: string;
  summary: string;
  /** The recorded document; the last release has none: it is the current document. */
  file?: string;
  /** Change ids a person classifies as breaking where the differ cannot see it (a description states it). */
  breaking?: string[];
}

export interface OwnerChanges {
  owner: ChangeOwner;
  /** Anchor on /changelog, e.g. "2026-03-get-embeddings-from-deployment". */
  anchor: string;
  /**
   * The owner's page, as the page generator wrote it (api-reference/generated.ts: its output, no
   * slug rule of ours); none where the build has no such page, e.g. a removed operation.
   */
  page?: string;
  changes: ApiChange[];
  breaking: boolean;
  /** The migration note's Markdown, from docs/_changelog/<version>.md. */
  note?: string;
}

export interface Release {
  version: string;
  date: string;
  summary: string;
  groups: OwnerChanges[];
}

const fail = (file: string, message: string): never => {
  throw new Error(`${file}: ${message}`);
};

/** `## <operationId or schema name>` sections of a notes file, keyed by the heading. */
export function parseNotes(markdown: string): Map<string, string> {
  const notes = new Map<string, string>();
  const parts = markdown.split(/^## +/m).slice(1);
  for (const part of parts) {
    const [heading, ...body] = part.split('\n');
    notes.set(heading.trim(), body.join('\n').trim());
  }
  return notes;
}

export function anchorOf(version: string, owner: ChangeOwner): string {
  return `${version}-${owner.kind === 'schema' ? 'schema-' : ''}${owner.slug}`;
}

function readReleases(siteDir: string): ReleaseEntry[] {
  const file = path.join(siteDir, RELEASES_FILE);
  const list = parse(readFileSync(file, 'utf8')) as ReleaseEntry[];
  if (!Array.isArray(list) || list.length === 0) fail(RELEASES_FILE, 'expected a list of releases');
  list.forEach((r, i) => {
    for (const key of ['version', 'date', 'summary'] as const) if (!r[key]) fail(RELEASES_FILE, `release ${i + 1} has no ${key}`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(r.date))) fail(RELEASES_FILE, `release ${r.version}: date "${r.date}" is not YYYY-MM-DD`);
    if (i < list.length - 1 && !r.file) fail(RELEASES_FILE, `release ${r.version} is not the last one and names no file`);
    if (i === list.length - 1 && r.file) fail(RELEASES_FILE, `the last release (${r.version}) is the current document and names no file`);
  });
  return list.map((r) => ({ ...r, version: String(r.version), date: String(r.date) }));
}

/** Groups a release's changes by operation or schema, attaches notes, and checks that every breaking one has a note. */
function groupRelease(siteDir: string, entry: ReleaseEntry, changes: ApiChange[]): OwnerChanges[] {
  const notesFile = `${NOTES_DIR}/${entry.version}.md`;
  const notesPath = path.join(siteDir, notesFile);
  const notes = existsSync(notesPath) ? parseNotes(readFileSync(notesPath, 'utf8')) : new Map<string, string>();
  const reclassified = new Set(entry.breaking ?? []);
  for (const id of reclassified) if (!changes.some((c) => c.id === id)) fail(RELEASES_FILE, `release ${entry.version} lists "${id}" as breaking, but the diff has no change with that id`);
  const groups = new Map<string, OwnerChanges>();
  for (const change of changes) {
    // A description that now states a narrower rule: the text says so, as the legend's "Breaking" does.
    const c = reclassified.has(change.id) ? { ...change, breaking: true, text: change.text.replace(/: description changed\.$/, ': its description now states a narrower rule.') } : change;
    const key = `${c.owner.kind}:${c.owner.name}`;
    const group = groups.get(key) ?? { owner: c.owner, anchor: anchorOf(entry.version, c.owner), changes: [], breaking: false };
    group.changes.push(c);
    group.breaking ||= c.breaking;
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    group.note = notes.get(group.owner.name);
    if (group.breaking && !group.note) {
      fail(notesFile, `release ${entry.version} breaks ${group.owner.name} (${group.changes.filter((c) => c.breaking).map((c) => c.id).join('; ')}) but has no migration note: add a "## ${group.owner.name}" section`);
    }
  }
  for (const name of notes.keys()) {
    if (![...groups.values()].some((g) => g.owner.name === name)) fail(notesFile, `note "## ${name}" names no operation or schema that changed in ${entry.version}`);
  }
  // Breaking changes first, each kind in document order.
  for (const group of groups.values()) group.changes.sort((a, b) => Number(b.breaking) - Number(a.breaking));
  return [...groups.values()];
}

/** The OpenAPI node a change belongs to: what a generated page names as its `openapi_ref`. */
export const ownerRef = (owner: ChangeOwner): string =>
  owner.kind === 'operation' ? jsonPointer('paths', owner.path, owner.method) : jsonPointer('components', 'schemas', owner.name);

/**
 * Every release, newest first, with its changes against the one before (the first has none).
 * `pages`: the generated pages by OpenAPI node (api-reference/generated.ts), which give each
 * owner its link; without it, no owner has one.
 */
export function loadChangelog(siteDir: string, currentSpec = RECORDED_SPEC, pages?: ReadonlyMap<string, string>): Release[] {
  return linkReleases(diffedReleases(siteDir, currentSpec), pages);
}

/** The releases with each owner's page (`pages`: by OpenAPI node, as plugins/api-reference publishes them); none without. */
export const linkReleases = (releases: Release[], pages: ReadonlyMap<string, string> | undefined): Release[] =>
  releases.map((r) => ({ ...r, groups: r.groups.map((g) => ({ ...g, page: pages?.get(ownerRef(g.owner)) })) }));

/** Every release, newest first, without page links: diffed once per build (../shared/computed-once.ts), keyed by every file it reads. */
function diffedReleases(siteDir: string, currentSpec: string): Release[] {
  const entries = readReleases(siteDir);
  const files = entries.map((r) => (r.file ? path.join(siteDir, HISTORY_DIR, r.file) : path.join(siteDir, currentSpec)));
  const notes = entries.map((r) => path.join(siteDir, NOTES_DIR, `${r.version}.md`)).map((file) => (existsSync(file) ? readFileSync(file, 'utf8') : ''));
  const key = hashOf(readFileSync(path.join(siteDir, RELEASES_FILE), 'utf8'), ...files.map((file) => readFileSync(file, 'utf8')), ...notes);
  return computedOnce('diff', `releases of ${RELEASES_FILE}`, key, () => {
    const docs: OpenApiDocument[] = files.map((file) => openApiDocument(file).doc);
    const releases = entries.map((entry, i): Release => ({
      version: entry.version,
      date: entry.date,
      summary: entry.summary,
      groups: i === 0 ? [] : groupRelease(siteDir, entry, diffDocuments(docs[i - 1], docs[i])),
    }));
    return releases.reverse();
  });
}

/** Files the changelog reads, for getPathsToWatch. */
export function changelogInputs(siteDir: string): string[] {
  return [path.join(siteDir, HISTORY_DIR, '**'), path.join(siteDir, NOTES_DIR, '**')];
}

/** The latest release's change to one operation or schema, as "Changed <version>: …" with its anchor. */
export interface ChangeBadge {
  label: string;
  text: string;
  href: string;
}

export function latestChange(releases: Release[], kind: ChangeOwner['kind'], name: string): ChangeBadge | undefined {
  const latest = releases[0];
  const group = latest?.groups.find((g) => g.owner.kind === kind && g.owner.name === name);
  if (!group) return undefined;
  const [first] = group.changes; // breaking ones first
  const count = group.changes.length;
  const breaking = group.changes.filter((c) => c.breaking).length;
  const text = count === 1 ? `${breaking ? 'Breaking: ' : ''}${first.text}` : `${count} changes, ${breaking} breaking; for example: ${first.text}`;
  return { label: `Changed ${latest.version}`, text, href: `${CHANGELOG_ROUTE}#${group.anchor}` };
}

/** The badge as Markdown, for the generated page and its Markdown twin. */
export function badgeMarkdown(badge: ChangeBadge): string {
  return `> **${badge.label}:** ${badge.text} [What changed and how to migrate](${badge.href}).`;
}

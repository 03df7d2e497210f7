/**
 * No link of a built page points to an anchor that does not exist. Docusaurus checks only the
 * links its <Link> collects; descriptions rendered to HTML at build time (the API pages' error
 * links among them) escape it. This reads the built HTML, so it covers every page, and fails the
 * build naming each link whose #anchor is no id of its target page (or whose page is missing); on
 * the API pages of another company's document it warns instead (README: "Broken links: which rule
 * applies where").
 * Only links with an anchor: files other plugins write in postBuild (twins, downloads) may not
 * exist yet. tests/site runs `brokenLinks` over build/ for every link and asset.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { filesEndingWith, resolveFile } from '../../../lib/files';

// The minified HTML drops attribute quotes where it can.
const ATTR = /\s(href|src)=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g;
const ID = /\sid=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g;
const value = (m: RegExpMatchArray, from: number) => m[from] ?? m[from + 1] ?? m[from + 2] ?? '';
/** A start tag, its quoted values read whole: attributes are looked for in tags only, never in text (an example's escaped "&lt;a href=…"). */
const TAG = /<[a-zA-Z][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/g;
function* inTags(html: string, attr: RegExp, names: string[]): Generator<RegExpMatchArray> {
  for (const [tag] of html.matchAll(TAG)) if (names.some((n) => tag.includes(n))) yield* tag.matchAll(attr);
}

/** The route a built HTML file answers (trailingSlash: false). */
function fileRoute(dir: string, file: string): string {
  const rel = path.relative(dir, file).replace(/\\/g, '/');
  return rel === 'index.html' ? '/' : `/${rel.replace(/(\/index)?\.html$/, '')}`;
}

export interface LinkReport {
  /** "<page>: broken href|src|anchor <link>", one per broken link. */
  problems: string[];
  /** How many same-site links were followed. */
  checked: number;
}

/** The broken same-site links, assets and anchors of every HTML page below `dir` (`anchorsOnly`: links with an #anchor only). */
export async function brokenLinks(dir: string, { anchorsOnly = false } = {}): Promise<LinkReport> {
  const idsByFile = new Map<string, Set<string>>();
  const idsOf = async (file: string) => {
    let ids = idsByFile.get(file);
    if (!ids) {
      ids = new Set([...inTags(await fs.readFile(file, 'utf8'), ID, ['id='])].map((m) => value(m, 1)));
      idsByFile.set(file, ids);
    }
    return ids;
  };
  const problems: string[] = [];
  let checked = 0;
  for await (const file of filesEndingWith(dir, '.html')) {
    const html = await fs.readFile(file, 'utf8');
    const page = fileRoute(dir, file);
    for (const m of inTags(html, ATTR, ['href=', 'src='])) {
      const attr = m[1];
      const link = value(m, 2).replace(/&amp;/g, '&');
      if (!link || /^(https?:|mailto:|data:|javascript:|tel:)/.test(link) || link.startsWith('//')) continue;
      let url: URL;
      try {
        url = new URL(link, `http://site${page}`);
      } catch {
        // No browser can follow it: named, never a crash of the check.
        if (!anchorsOnly || link.includes('#')) problems.push(`${page}: invalid ${attr} ${link}`);
        continue;
      }
      if (url.host !== 'site' || (anchorsOnly && url.hash.length < 2)) continue;
      checked++;
      const target = await resolveFile(dir, url.pathname);
      if (!target) {
        problems.push(`${page}: broken ${attr} ${link}`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor && target.endsWith('.html') && !(await idsOf(target)).has(anchor)) problems.push(`${page}: broken anchor ${link}`);
    }
  }
  return { problems, checked };
}

/** A page built from another company's OpenAPI document: its broken anchors are the document's, not ours. */
export type TheirsTest = (page: string) => boolean;

/**
 * Fails the build (plugins/site-meta's postBuild calls it), naming every link of our own pages to an
 * anchor that does not exist. On a page `theirs` names (the API pages of another company's document)
 * such a link is the provider's to fix: the build warns, each link once with how many pages have it.
 */
export async function checkAnchors(outDir: string, { theirs }: { theirs?: TheirsTest } = {}): Promise<void> {
  const { problems } = await brokenLinks(outDir, { anchorsOnly: true });
  const page = (problem: string) => problem.slice(0, problem.indexOf(': '));
  const ours = problems.filter((p) => !theirs?.(page(p)));
  const warning = theirsWarning(problems.filter((p) => theirs?.(page(p))));
  if (warning) console.warn(warning);
  if (!ours.length) return;
  const shown = ours.slice(0, 50).join('\n  ');
  throw new Error(`link-check: ${ours.length} link(s) to an anchor that does not exist in ${outDir}:\n  ${shown}${ours.length > 50 ? `\n  … and ${ours.length - 50} more` : ''}`);
}

/** The build warning for broken links of another document's pages: each link once, with its count and first page. */
export function theirsWarning(problems: string[]): string | undefined {
  if (!problems.length) return undefined;
  const byLink = new Map<string, { count: number; first: string }>();
  for (const problem of problems) {
    const at = problem.indexOf(': ');
    const link = problem.slice(at + 2);
    const seen = byLink.get(link);
    if (seen) seen.count++;
    else byLink.set(link, { count: 1, first: problem.slice(0, at) });
  }
  const list = [...byLink].map(([link, { count, first }]) => `${link} (${count}, first on ${first})`).join('\n  ');
  return `[WARNING] link-check: ${problems.length} link(s) in another document's descriptions lead to an anchor or page that does not exist (the provider's to fix; the build goes on):\n  ${list}`;
}

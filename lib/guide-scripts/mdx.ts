/**
 * How pages reference the guide scripts, shared by the remark plugin (build), the Markdown twins
 * (llms-txt) and the tests:
 * - a fenced block whose meta has `script="<file>[#region]"` and an empty body is filled from the script;
 * - `<ScriptDownloads page="<page-path>" />` links to the page's assembled scripts under /scripts/.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseRef, resolveRef, SCRIPTS_ROOT } from './assemble';

const SCRIPT_ATTR = /(^|\s)script=(?:"([^"]*)"|'([^']*)')/;

/** The `script="..."` reference in a code block's meta string, if any. */
export function scriptRefOf(meta: string | null | undefined): string | undefined {
  const m = meta?.match(SCRIPT_ATTR);
  return m ? (m[2] ?? m[3]) : undefined;
}

/** The meta string without its `script="..."` attribute (null when nothing else is left). */
export function metaWithoutScript(meta: string): string | null {
  const rest = meta.replace(SCRIPT_ATTR, ' ').replace(/\s+/g, ' ').trim();
  return rest === '' ? null : rest;
}

/**
 * The visible title a filled block gets, unless its meta sets one: a data file shows its file name
 * (the name the code that reads it uses), and a region of a page's script says what it continues
 * from, since it runs only after the helpers and the blocks before it (tests/guides/blocks.test.ts
 * joins them in page order and runs them).
 */
export function blockTitle(ref: string): string | undefined {
  const { file, region } = parseRef(ref);
  if (!/\.(py|sh)$/.test(file)) return path.basename(file);
  if (region === undefined || /^(tools|_shared)\//.test(file)) return undefined;
  return `Continues from the helpers and the ${file.endsWith('.py') ? 'Python' : 'shell'} blocks above`;
}

/** The meta string of a filled block: without `script=`, with blockTitle's title unless it has one. */
export function filledMeta(meta: string, ref: string): string | null {
  const rest = metaWithoutScript(meta);
  const title = /(^|\s)title=/.test(rest ?? '') ? undefined : blockTitle(ref);
  return title ? `${rest ? `${rest} ` : ''}title="${title}"` : rest;
}

export const DOWNLOADS = [
  { ext: 'py', label: 'Download the Python script' },
  { ext: 'sh', label: 'Download the shell script' },
] as const;

/** A page's API flow (not a tool under tools/) is also offered as a notebook (notebook.ts). */
export const NOTEBOOK = { ext: 'ipynb', label: 'Download as notebook' } as const;

/** What `<ScriptDownloads page=...>` links: the scripts that exist, then the notebook for a page. */
export function downloadsOf(page: string, root: string = SCRIPTS_ROOT): { ext: string; label: string }[] {
  const have = scriptLanguages(page, root);
  const scripts: { ext: string; label: string }[] = DOWNLOADS.filter((d) => have.includes(d.ext));
  return !page.startsWith('tools/') && have.includes('py') ? [...scripts, NOTEBOOK] : scripts;
}

/** URL (without base URL) of a page's assembled script. */
export const scriptUrl = (page: string, ext: string) => `/scripts/${page}.${ext}`;

/** The languages a page's scripts exist in (`py`, `sh`), in that order. */
export function scriptLanguages(page: string, root: string = SCRIPTS_ROOT): string[] {
  return DOWNLOADS.map((d) => d.ext).filter((ext) => existsSync(path.join(root, `${page}.${ext}`)));
}

/**
 * Why `<ScriptDownloads page=...>` cannot be served, or undefined. A page's API flow needs both
 * scripts; a tool (tools/<name>) needs at least one.
 */
export function downloadsProblem(page: string, root: string = SCRIPTS_ROOT): string | undefined {
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(page)) return `page="${page}" is not a page path like "fine-tuning/quickstart"`;
  const have = scriptLanguages(page, root);
  const need = page.startsWith('tools/') ? (have.length ? [] : ['py']) : DOWNLOADS.map((d) => d.ext).filter((e) => !have.includes(e));
  return need.length ? `no script docs/_scripts/${need.map((e) => `${page}.${e}`).join(' or docs/_scripts/')}` : undefined;
}

/**
 * The MDX source with every `script=` block filled, at the text level (for the Markdown twins and
 * the tests). Throws naming `label` (the page) and the line when a block is not empty or a
 * reference does not resolve.
 */
export function fillScriptBlocks(source: string, label: string, root: string = SCRIPTS_ROOT): string {
  const lines = source.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i].match(/^(\s*)(`{3,}|~{3,})(.*)$/);
    const ref = open ? scriptRefOf(open[3]) : undefined;
    if (!open || ref === undefined) {
      // Copy other fenced blocks whole, so a block that shows `script=` as text stays as it is.
      if (open) {
        out.push(lines[i]);
        for (i++; i < lines.length; i++) {
          out.push(lines[i]);
          if (closes(lines[i], open[2])) break;
        }
      } else {
        out.push(lines[i]);
      }
      continue;
    }
    const [, indent, fence, info] = open;
    let close = i + 1;
    while (close < lines.length && lines[close].trim() === '') close++;
    if (close >= lines.length || !closes(lines[close], fence)) {
      throw new Error(`${label}:${i + 1}: the code block with script="${ref}" must be empty (its body comes from the script)`);
    }
    let text: string;
    try {
      text = resolveRef(ref, root);
    } catch (error) {
      throw new Error(`${label}:${i + 1}: script="${ref}": ${(error as Error).message}`);
    }
    const lang = info.trim().split(/\s+/)[0] ?? '';
    const meta = filledMeta(info.trim().slice(lang.length), ref);
    out.push(`${indent}${fence}${lang}${meta ? ` ${meta}` : ''}`);
    out.push(...text.split('\n').map((l) => (l === '' ? '' : `${indent}${l}`)));
    out.push(`${indent}${fence}`);
    i = close;
  }
  return out.join('\n');
}

function closes(line: string, fence: string): boolean {
  const m = line.trim().match(/^(`{3,}|~{3,})$/);
  return !!m && m[1][0] === fence[0] && m[1].length >= fence.length;
}

/** `<ScriptDownloads page="x" />` lines as Markdown links (for the Markdown twins). */
export function downloadsToMarkdown(source: string, baseUrl = '/', root: string = SCRIPTS_ROOT): string {
  return source.replace(/^(\s*)<ScriptDownloads\s+page=(?:"([^"]*)"|'([^']*)')\s*\/>\s*$/gm, (_, indent, a, b) => {
    const page = a ?? b;
    const base = baseUrl.replace(/\/$/, '');
    const links = downloadsOf(page, root);
    return indent + links.map((d) => `[${d.label}](${base}${scriptUrl(page, d.ext)})`).join(' · ');
  });
}

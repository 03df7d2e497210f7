/**
 * Assembles the guide scripts of docs/_scripts (format: the issue #12 notes, guide-scripts.md):
 * `# @include helpers` inlines _shared/helpers.<ext>, `# @embed data/<file>` becomes code that writes
 * the file into the current folder, and `# [start:<name>]` / `# [end:<name>]` lines mark regions that
 * pages show. Marker lines never reach the output. Used by the remark plugin, the downloads, the CLI
 * and the tests: one implementation.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';

/** docs/_scripts of this repository. */
export const SCRIPTS_ROOT = path.resolve(__dirname, '../../docs/_scripts');

export type ScriptLanguage = 'py' | 'sh';

export interface Assembled {
  /** The runnable script: helpers and data inlined, markers stripped. */
  text: string;
  /** Region name → its lines of the assembled script, common indentation removed. */
  regions: Map<string, string>;
}

/** Bad input: the message starts with `file:line:` (path relative to the scripts root's parent). */
export class ScriptError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    message: string,
  ) {
    super(`${displayPath(file)}${line === undefined ? '' : `:${line}`}: ${message}`);
    this.name = 'ScriptError';
  }
}

function displayPath(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel.startsWith('..') ? file : rel;
}

const INCLUDE = /^\s*#\s*@include\s+(\S+)\s*$/;
const EMBED = /^(\s*)#\s*@embed\s+(\S+)\s*$/;
const REGION = /^\s*#\s*\[(start|end):([A-Za-z0-9_.-]+)\]\s*$/;
/** Lines that look like a marker but match none of the forms above: a typo must not pass silently. */
const MARKERISH = /^\s*#\s*(@[a-z]|\[(start|end)\b)/;
const DATA_DELIMITER = 'EMISSARY_SAMPLE_DATA';

export function languageOf(file: string): ScriptLanguage {
  if (file.endsWith('.py')) return 'py';
  if (file.endsWith('.sh')) return 'sh';
  throw new ScriptError(file, undefined, 'a guide script must end in .py or .sh');
}

function readText(file: string, from?: { file: string; line: number }): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    if (from) throw new ScriptError(from.file, from.line, `${reason}: ${displayPath(file)}`);
    throw new ScriptError(file, undefined, reason);
  }
}

/** Assemble one script file (absolute or relative to the current directory). */
export function assembleScript(file: string, root: string = SCRIPTS_ROOT): Assembled {
  const absolute = path.resolve(file);
  return assembleText(readText(absolute), absolute, root);
}

/** Assemble `source` as if it were the content of `file`. */
export function assembleText(source: string, file: string, root: string = SCRIPTS_ROOT): Assembled {
  const language = languageOf(file);
  const out: string[] = [];
  /** Output lines that are sample data: kept as they are when a region is dedented. */
  const verbatim = new Set<number>();
  const regions = new Map<string, string>();
  const open: { name: string; line: number; from: number }[] = [];
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  if (lines.at(-1) === '') lines.pop();

  lines.forEach((line, index) => {
    const lineNo = index + 1;
    const where = { file, line: lineNo };
    let match: RegExpMatchArray | null;
    if ((match = line.match(REGION))) {
      const [, kind, name] = match;
      if (kind === 'start') {
        if (regions.has(name) || open.some((r) => r.name === name)) {
          throw new ScriptError(file, lineNo, `region "${name}" is defined twice`);
        }
        open.push({ name, line: lineNo, from: out.length });
      } else {
        const top = open.pop();
        if (!top) throw new ScriptError(file, lineNo, `[end:${name}] without a matching [start:${name}]`);
        if (top.name !== name) {
          throw new ScriptError(file, lineNo, `[end:${name}] closes region "${top.name}" opened on line ${top.line}`);
        }
        regions.set(name, dedent(out.slice(top.from), (i) => verbatim.has(top.from + i)));
      }
    } else if ((match = line.match(INCLUDE))) {
      if (match[1] !== 'helpers') {
        throw new ScriptError(file, lineNo, `unknown include "${match[1]}" (only "# @include helpers" exists)`);
      }
      const helpers = path.join(root, '_shared', `helpers.${language}`);
      if (path.resolve(helpers) === path.resolve(file)) {
        throw new ScriptError(file, lineNo, 'the helpers cannot include themselves');
      }
      const text = assembleText(readText(helpers, where), helpers, root).text;
      out.push(...stripShebang(text).replace(/\n$/, '').split('\n'));
    } else if ((match = line.match(EMBED))) {
      const [, indent, ref] = match;
      if (!ref.startsWith('data/') || ref.includes('..')) {
        throw new ScriptError(file, lineNo, `@embed takes a file under data/, got "${ref}"`);
      }
      const data = readText(path.join(root, ref), where);
      const code = embedCode(language, indent, path.basename(ref), data, where).split('\n');
      // Code lines at the marker's indentation first, then the data (and its closing line).
      const codeLines = language === 'py' ? 3 : 2;
      code.forEach((_, i) => i >= codeLines && verbatim.add(out.length + i));
      out.push(...code);
    } else if (MARKERISH.test(line)) {
      throw new ScriptError(
        file,
        lineNo,
        `unknown marker "${line.trim()}" (markers: # @include helpers, # @embed data/<file>, # [start:<name>], # [end:<name>])`,
      );
    } else {
      out.push(line);
    }
  });

  const unclosed = open.pop();
  if (unclosed) throw new ScriptError(file, unclosed.line, `region "${unclosed.name}" is never closed`);
  return { text: `${out.join('\n')}\n`, regions };
}

function stripShebang(text: string): string {
  return text.startsWith('#!') ? text.slice(text.indexOf('\n') + 1) : text;
}

function dedent(lines: string[], isVerbatim: (index: number) => boolean): string {
  const indents = lines
    .filter((l, i) => l.trim() !== '' && !isVerbatim(i))
    .map((l) => l.match(/^[ \t]*/)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  const body = lines.map((l, i) => (isVerbatim(i) ? l : l.slice(cut).trimEnd()));
  while (body.length && body[0] === '') body.shift();
  while (body.length && body.at(-1) === '') body.pop();
  return body.join('\n');
}

/** Code that writes `data` to `name` in the current folder. */
export function embedCode(
  language: ScriptLanguage,
  indent: string,
  name: string,
  data: string,
  where: { file: string; line: number },
): string {
  if (!/^[A-Za-z0-9_.-]+$/.test(name)) {
    throw new ScriptError(where.file, where.line, `data file name "${name}" needs only letters, digits, . _ -`);
  }
  if (language === 'py') {
    const literal = data.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"');
    return [
      `${indent}# Sample data: writes ${name} into the current folder.`,
      `${indent}with open("${name}", "w", encoding="utf-8") as sample:`,
      `${indent}    sample.write("""\\`,
      `${literal}""")`,
    ].join('\n');
  }
  if (data.split('\n').includes(DATA_DELIMITER)) {
    throw new ScriptError(where.file, where.line, `data/${name} contains the line ${DATA_DELIMITER}`);
  }
  const body = data.endsWith('\n') ? data.slice(0, -1) : data;
  return [
    `${indent}# Sample data: writes ${name} into the current folder.`,
    `${indent}cat > ${name} <<'${DATA_DELIMITER}'`,
    body,
    DATA_DELIMITER,
  ].join('\n');
}

/** What a page may reference: `<script>.py|.sh#<region>`, a whole script, or a data file. */
export interface ScriptRef {
  file: string;
  region?: string;
}

export function parseRef(ref: string): ScriptRef {
  const hash = ref.indexOf('#');
  return hash === -1 ? { file: ref } : { file: ref.slice(0, hash), region: ref.slice(hash + 1) };
}

/**
 * The text a `script="..."` reference stands for. Regions and whole scripts come from the
 * assembled script; data files (and other non-script files) are shown as they are.
 * Throws a plain Error whose message says what is missing.
 */
export function resolveRef(ref: string, root: string = SCRIPTS_ROOT): string {
  const { file, region } = parseRef(ref);
  if (!file || path.isAbsolute(file) || file.split(/[\\/]/).includes('..')) {
    throw new Error(`"${ref}" must be a path inside docs/_scripts`);
  }
  const absolute = path.join(root, file);
  if (!existsSync(absolute)) throw new Error(`no such file docs/_scripts/${file}`);
  if (!/\.(py|sh)$/.test(file)) {
    if (region !== undefined) throw new Error(`"${ref}": only .py and .sh scripts have regions`);
    return readFileSync(absolute, 'utf8').replace(/\n$/, '');
  }
  const assembled = assembleScript(absolute, root);
  if (region === undefined) return assembled.text.replace(/\n$/, '');
  const text = assembled.regions.get(region);
  if (text === undefined) {
    const known = [...assembled.regions.keys()].join(', ') || 'none';
    throw new Error(`docs/_scripts/${file} has no region "${region}" (regions: ${known})`);
  }
  return text;
}

export interface ScriptFile {
  /** Path under docs/_scripts without extension: a page path (`fine-tuning/quickstart`) or `tools/<name>`. */
  page: string;
  file: string;
  language: ScriptLanguage;
  /** Under tools/: a program the pages offer (e.g. the dataset checker), not a page's API flow. */
  tool: boolean;
}

/** Every script under docs/_scripts except _shared and data, sorted. */
export function listScripts(root: string = SCRIPTS_ROOT): ScriptFile[] {
  const found: ScriptFile[] = [];
  const walk = (dir: string, rel: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!rel && (entry.name === '_shared' || entry.name === 'data')) continue;
        walk(path.join(dir, entry.name), relPath);
      } else if (/\.(py|sh)$/.test(entry.name)) {
        found.push({
          page: relPath.replace(/\.(py|sh)$/, ''),
          file: path.join(dir, entry.name),
          language: languageOf(entry.name),
          tool: relPath.startsWith('tools/'),
        });
      }
    }
  };
  walk(root, '');
  return found;
}

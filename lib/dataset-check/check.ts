/**
 * The in-page dataset checker: the steps of check_file in docs/_scripts/tools/check_dataset.py,
 * in TypeScript, plus the summary the page shows. Pure, so the unit tests run it in Node.
 */
import { RULES, type Format, type Layout } from './rules';
import { checkValue, looksNumeric } from './schema';
import { decodeUtf8, looksBinary, readCsv, readJsonl, type Row } from './read';
import { countedRow, type CountedRow } from './tokenize';

/** The page refuses to parse more than this (the Python checker has no cap): a tab must not run out of memory. */
export const MAX_CHECK_BYTES = 20 * 1048576;
/** Problems kept in full; the rest are only counted, so a broken huge file cannot flood the page. */
export const MAX_LISTED = 500;

export interface Problem {
  line: number;
  severity: 'error' | 'warning';
  kind: string;
  message: string;
}

export interface Summary {
  bytes: number;
  limitBytes: number;
  rows: number;
  columns: Array<{ name: string; rows: number }>;
  /** Rows per label, for classification layouts. */
  labels: Array<{ label: string; rows: number }> | null;
  longest: Array<{ line: number; chars: number }>;
  chars: number;
  /** An estimate: characters of text divided by 4. */
  tokens: number;
}

export interface Report {
  format: Format | null;
  layout: Pick<Layout, 'id' | 'title' | 'task_type'> | null;
  /** True when no task was given and the checker picked the layout. */
  inferred: boolean;
  alsoFits: string[];
  problems: Problem[];
  errors: number;
  warnings: number;
  byKind: Record<string, number>;
  /** The fix for each kind found, from the rules file, so the page's results need not load the rules. */
  hints: Record<string, string>;
  summary: Summary;
}

export interface Options {
  task?: string;
  dashboard?: boolean;
  maxListed?: number;
  /** The file's size, when `bytes` is empty because the file is over MAX_CHECK_BYTES and was not read. */
  size?: number;
  progress?: (fraction: number) => void;
  /** Filled with what the model reads of each checked row, for the token counts. */
  texts?: CountedRow[];
}

const NUMBER = new RegExp(RULES.csv_number);
const MB = 1048576;

/** JSON Lines when the text starts with `{`, else CSV: how the page reads pasted rows. */
export const formatOfText = (text: string): Format => (text.trimStart().startsWith('{') ? 'jsonl' : 'csv');

function decodeCells(row: Row, layout: Layout, say?: (kind: string, message: string) => void): Row | null {
  if (!layout.decode) return row;
  const decoded: Row = { ...row };
  for (const [column, kind] of Object.entries(layout.decode ?? {})) {
    const cell = decoded[column];
    if (typeof cell !== 'string') continue;
    const text = cell.trim();
    if (kind === 'number' && NUMBER.test(text)) decoded[column] = Number(text);
    else if (kind === 'json-object' && text.startsWith('{')) {
      try {
        decoded[column] = JSON.parse(text);
      } catch (error) {
        say?.('invalid-json', `\`${column}\` looks like a JSON object but is not valid JSON (${(error as Error).message})`);
        return null;
      }
    }
  }
  return decoded;
}

/** Rows that meet the layout, then rows that have all its keys (the Python checker's ranking). */
function fits(layout: Layout, rows: Array<[number, Row]>): [number, number] {
  let valid = 0;
  let withKeys = 0;
  for (const [, row] of rows) {
    if (layout.keys.every((key) => key in row)) withKeys++;
    const decoded = decodeCells(row, layout);
    if (decoded && checkValue(decoded, layout.row, 'row', NUMBER).length === 0) valid++;
  }
  return [valid, withKeys];
}

const sortedKeys = (_: string, value: unknown) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.every((key, i) => i === 0 || keys[i - 1] < key)) return value;
  return Object.fromEntries(keys.sort().map((key) => [key, (value as Row)[key]]));
};

/** JSON with sorted keys, as Python's json.dumps(sort_keys=True): two rows are the same when this is. */
const fingerprint = (row: Row): string => JSON.stringify(row, sortedKeys);

function textLength(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value && typeof value === 'object') return Object.values(value).reduce((sum: number, item) => sum + textLength(item), 0);
  return 0;
}

function labelsOf(value: unknown): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).filter(([, v]) => v === 1).map(([k]) => k);
  }
  return typeof value === 'string' || typeof value === 'number' ? [String(value).trim()] : [];
}

export function checkDataset(name: string, bytes: Uint8Array, options: Options = {}): Report {
  const maxListed = options.maxListed ?? MAX_LISTED;
  const problems: Problem[] = [];
  const byKind: Record<string, number> = {};
  const counts = { error: 0, warning: 0 };
  const say = (line: number, severity: Problem['severity'], kind: string, message: string) => {
    counts[severity]++;
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    if (problems.length < maxListed) problems.push({ line, severity, kind, message });
  };
  const error = (line: number, kind: string, message: string) => say(line, 'error', kind, message);
  const size = options.size ?? bytes.length;
  const summary: Summary = { bytes: size, limitBytes: RULES.limits.api_upload_bytes, rows: 0, columns: [], labels: null, longest: [], chars: 0, tokens: 0 };
  const report: Report = { format: null, layout: null, inferred: !options.task, alsoFits: [], problems, errors: 0, warnings: 0, byKind, hints: {}, summary };
  const done = () => {
    const hints = Object.fromEntries(Object.keys(byKind).map((kind) => [kind, hintFor(kind)]));
    return Object.assign(report, { errors: counts.error, warnings: counts.warning, hints });
  };

  const extension = /\.[^./\\]+$/.exec(name)?.[0].toLowerCase() ?? '';
  const format = RULES.limits.extensions[extension];
  if (!format) {
    error(1, 'wrong-extension', `${extension || 'no extension'}: use a .jsonl or .csv file (JSON Lines or CSV)`);
    return done();
  }
  report.format = format;
  const limit = RULES.limits.api_upload_bytes;
  if (size > limit && !options.dashboard) {
    error(1, 'over-limit', `${(size / MB).toFixed(1)} MB is over the API's ${limit / MB} MB upload limit; upload it in the dashboard or split it`);
  }
  if (size > MAX_CHECK_BYTES) {
    error(1, 'too-large', `${(size / MB).toFixed(1)} MB is more than this page checks (${MAX_CHECK_BYTES / MB} MB); check it with the Python checker`);
    return done();
  }
  if (looksBinary(bytes)) {
    error(1, 'binary', 'this is a binary file (or text saved as UTF-16), not JSON Lines or CSV');
    return done();
  }
  const decoded = decodeUtf8(bytes);
  if (!('text' in decoded)) {
    error(decoded.line, 'not-utf8', `not UTF-8 (byte 0x${decoded.byte.toString(16).padStart(2, '0')}); save the file as UTF-8`);
    return done();
  }
  const text = decoded.text;

  let candidates = RULES.layouts.filter((layout) => layout.format === format);
  if (options.task) {
    candidates = candidates.filter((layout) => layout.task_type === options.task);
    if (!candidates.length) {
      const formats = [...new Set(RULES.layouts.filter((l) => l.task_type === options.task).map((l) => l.format))].sort();
      error(1, 'wrong-format', `${options.task} data is documented as ${formats.join(' or ')}, not ${format}`);
      return done();
    }
  }
  const sayRead = (line: number, kind: string, message: string) => error(line, kind, message);
  let rows: Array<[number, Row]>;
  if (format === 'csv') {
    const csv = readCsv(text, sayRead);
    if (!csv.header) {
      if (!counts.error) error(1, 'empty-file', 'the file is empty; a CSV file starts with a header row');
      return done();
    }
    const header = csv.header;
    summary.columns = header.map((column) => ({ name: column, rows: csv.rows.length }));
    const same = (keys: string[]) => keys.length === header.length && [...keys].sort().every((key, i) => key === [...header].sort()[i]);
    const matching = candidates.filter((layout) => same(layout.keys));
    if (!matching.length) {
      const expected = new Map<string, string[]>();
      for (const layout of candidates) expected.set(layout.keys.join(','), [...(expected.get(layout.keys.join(',')) ?? []), layout.task_type]);
      const list = [...expected].map(([keys, tasks]) => `${keys} (${tasks.join(', ')})`).join(' or ');
      error(1, 'wrong-header', `the header is ${header.join(',')}; expected ${list}`);
      return done();
    }
    candidates = matching;
    rows = csv.rows;
  } else {
    rows = readJsonl(text, sayRead, (f) => options.progress?.(f * 0.3));
    const keys = new Map<string, number>();
    for (const [, row] of rows) for (const key of Object.keys(row)) keys.set(key, (keys.get(key) ?? 0) + 1);
    summary.columns = [...keys].map(([column, count]) => ({ name: column, rows: count }));
  }
  summary.rows = rows.length;
  if (!rows.length) {
    if (!counts.error) error(1, 'empty-file', 'the file has no rows');
    return done();
  }

  // One candidate needs no ranking: the check below tests every row anyway.
  const scores = candidates.map((layout, index) => ({ layout, index, score: candidates.length > 1 ? fits(layout, rows) : ([0, 0] as [number, number]) }));
  options.progress?.(0.6);
  const best = scores.reduce((a, b) => (b.score[0] > a.score[0] || (b.score[0] === a.score[0] && b.score[1] > a.score[1]) ? b : a));
  const layout = best.layout;
  report.layout = { id: layout.id, title: layout.title, task_type: layout.task_type };
  report.alsoFits = options.task ? [] : scores.filter((s) => s.score[0] && s.score[0] === best.score[0] && s !== best).map((s) => s.layout.title);

  const seen = new Map<string, number>();
  const forms = new Map<string, [string, number]>();
  const labels = layout.task_type === 'classification' ? new Map<string, number>() : null;
  const lengths: Array<{ line: number; chars: number }> = [];
  rows.forEach(([line, row], i) => {
    if (i % 20000 === 0) options.progress?.(0.6 + (0.4 * i) / rows.length);
    const chars = textLength(row);
    summary.chars += chars;
    lengths.push({ line, chars });
    options.texts?.push(countedRow(line, row, layout));
    const value = decodeCells(row, layout, (kind, message) => error(line, kind, message));
    if (!value) return;
    for (const found of checkValue(value, layout.row, 'row', NUMBER)) error(line, found.kind, found.message);
    for (const found of checkValue(value, layout.advice ?? {}, 'row', NUMBER, RULES.openai_only)) say(line, 'warning', found.kind, `${found.message} (a recommendation, not a rule)`);
    for (const key of layout.same_kind ?? []) {
      const form = value[key] && typeof value[key] === 'object' && !Array.isArray(value[key]) ? 'an object' : 'a single label';
      const first = forms.get(key) ?? forms.set(key, [form, line]).get(key)!;
      if (first[0] !== form) error(line, 'mixed-forms', `\`${key}\` is ${form}, but line ${first[1]} has ${first[0]}; use one form in the whole file`);
    }
    const print = fingerprint(row);
    const earlier = seen.get(print);
    if (earlier !== undefined) say(line, 'warning', 'duplicate-row', `same row as line ${earlier}; remove duplicates`);
    else seen.set(print, line);
    if (labels) for (const label of labelsOf(value[layout.keys[1]])) labels.set(label, (labels.get(label) ?? 0) + 1);
  });
  if (!options.task && layout.id === 'prompt-completion') {
    const quoted = rows.filter(([, row]) => looksNumeric(row.completion, NUMBER));
    if (quoted.length && quoted.length === rows.length) {
      say(quoted[0][0], 'warning', 'quoted-number', 'every completion is a number in quotes; for regression write numbers without quotes and choose the regression task');
    }
  }
  summary.labels = labels && [...labels].map(([label, count]) => ({ label, rows: count })).sort((a, b) => b.rows - a.rows);
  summary.longest = lengths.sort((a, b) => b.chars - a.chars || a.line - b.line).slice(0, 3);
  summary.tokens = Math.round(summary.chars / 4);
  options.progress?.(1);
  return done();
}

/** The fix for a kind of problem, from the rules file (the page's own cap has its fix here). */
export function hintFor(kind: string): string {
  return kind === 'too-large' ? 'Check the file with the Python checker below, which has no size cap.' : RULES.problems[kind] ?? '';
}

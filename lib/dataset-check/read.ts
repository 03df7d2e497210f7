/**
 * Bytes to rows, as docs/_scripts/tools/check_dataset.py reads them: UTF-8 with or without a BOM,
 * JSON Lines split on \n, CSV parsed like Python's csv.reader (excel dialect), so line numbers agree.
 */
import { show } from './schema';

export type Row = Record<string, unknown>;
export type Say = (line: number, kind: string, message: string) => void;

/** A NUL byte in the first 8 KB: an image, an archive, or text saved as UTF-16. */
export const looksBinary = (bytes: Uint8Array): boolean => bytes.subarray(0, 8192).includes(0);

/** The offset at which a fatal decoder fed one byte at a time gives up: on the line of the bad sequence. */
function firstInvalidByte(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i < bytes.length; i++) {
    try {
      decoder.decode(bytes.subarray(i, i + 1), { stream: true });
    } catch {
      return i;
    }
  }
  return bytes.length - 1; // The file ends inside a sequence.
}

/** The text of UTF-8 bytes without a BOM, or the line and byte where it stops being UTF-8. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { line: number; byte: number } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    const at = firstInvalidByte(bytes);
    let line = 1;
    for (let i = 0; i < at; i++) if (bytes[i] === 10) line++;
    return { line, byte: bytes[at] };
  }
}

/**
 * A JSON.parse error of one line, with the place given as the line's column, as the Python checker
 * does: browsers count from the start of the parsed text, which here is the line, not the file
 * (Chromium: "at position 8 (line 1 column 9)", Firefox: "at line 1 column 9 of the JSON data").
 */
export function jsonError(message: string): string {
  return message
    .replace(/^JSON\.parse: /, '')
    .replace(/ in JSON at position (\d+)(?: \(line \d+ column \d+\))?/, (_, at: string) => ` at column ${Number(at) + 1}`)
    .replace(/ at line \d+ column (\d+) of the JSON data/, ' at column $1');
}

/** JSON.parse, which (unlike Python's json.loads) already refuses NaN and Infinity. */
function parseJson(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error: jsonError((error as Error).message) };
  }
}

export function readJsonl(text: string, say: Say, progress?: (done: number) => void): Array<[number, Row]> {
  const rows: Array<[number, Row]> = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  lines.forEach((line, i) => {
    const number = i + 1;
    if (progress && number % 20000 === 0) progress(number / lines.length);
    if (!line.trim()) return say(number, 'empty-line', 'empty line; JSON Lines has one object on every line');
    const parsed = parseJson(line);
    if ('error' in parsed) return say(number, 'invalid-json', `not valid JSON (${parsed.error})`);
    const row = parsed.value;
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return say(number, 'invalid-json', `a line must hold one JSON object, got ${show(row)}`);
    rows.push([number, row as Row]);
  });
  return rows;
}

/** Python's csv module refuses a cell longer than this (csv.field_size_limit()). */
const FIELD_LIMIT = 131072;

/** Records of CSV text with the physical line each starts on, following Python's csv.reader state machine. */
function* csvRecords(text: string): Generator<{ line: number; cells: string[] } | { line: number; error: string }> {
  const lines = text.match(/[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$/g) ?? [];
  let fields: string[] = [];
  let field = '';
  type State = 'record' | 'field' | 'unquoted' | 'quoted' | 'quote' | 'eol';
  let state: State = 'record';
  const save = () => {
    fields.push(field);
    field = '';
  };
  /** One character, or null for the end of a physical line (the C reader's EOL). */
  const step = (c: string | null) => {
    const end = c === null || c === '\n' || c === '\r';
    const after = c === null ? 'record' : 'eol';
    switch (state) {
      case 'record':
      case 'field':
        if (end) {
          if (state === 'field') save();
          state = after;
        } else if (c === '"') state = 'quoted';
        else if (c === ',') save(), (state = 'field');
        else (field += c), (state = 'unquoted');
        break;
      case 'unquoted':
        if (end) save(), (state = after);
        else if (c === ',') save(), (state = 'field');
        else field += c;
        break;
      case 'quoted':
        if (c === '"') state = 'quote';
        else if (c !== null) field += c;
        break;
      case 'quote':
        if (c === '"') (field += c), (state = 'quoted');
        else if (c === ',') save(), (state = 'field');
        else if (end) save(), (state = after);
        else (field += c), (state = 'unquoted');
        break;
      case 'eol':
        if (c === null) state = 'record';
        break;
    }
  };
  let start = 1;
  for (let n = 0; n < lines.length; n++) {
    if (state === 'record') start = n + 1;
    for (const c of lines[n]) {
      step(c);
      if (field.length > FIELD_LIMIT) {
        yield { line: start, error: `field larger than field limit (${FIELD_LIMIT})` };
        return;
      }
    }
    step(null);
    if (state === 'record') {
      yield { line: start, cells: fields };
      fields = [];
    }
  }
  // Non-strict csv.reader keeps a quoted cell left open at the end of the file.
  // (`step` changes `state`, which TypeScript cannot see from here.)
  if ((state as State) === 'quoted') {
    save();
    yield { line: start, cells: fields };
  }
}

export function readCsv(text: string, say: Say): { header: string[] | null; rows: Array<[number, Row]> } {
  const records = csvRecords(text);
  const first = records.next();
  if (first.done) return { header: null, rows: [] };
  if ('error' in first.value) {
    say(1, 'invalid-csv', `the header is not valid CSV (${first.value.error})`);
    return { header: null, rows: [] };
  }
  const header = first.value.cells.map((cell) => cell.trim());
  const rows: Array<[number, Row]> = [];
  for (const record of records) {
    if ('error' in record) {
      say(record.line, 'invalid-csv', `not valid CSV (${record.error}); check the quotes`);
      break;
    }
    const { line, cells } = record;
    if (!cells.length || cells.every((cell) => !cell.trim())) say(line, 'empty-line', 'empty row');
    else if (cells.length !== header.length) {
      say(line, 'inconsistent-columns', `${cells.length} cells, but the header has ${header.length}; quote cells that contain commas, quotes or line breaks`);
    } else rows.push([line, Object.fromEntries(header.map((key, i) => [key, cells[i]]))]);
  }
  return { header, rows };
}

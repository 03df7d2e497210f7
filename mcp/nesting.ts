/**
 * How deep check_dataset lets a row nest its JSON: deeper rows are refused before the check, with
 * a message naming the limit (past some thousands of levels, the checker's JSON.stringify overflows
 * the stack). No training layout comes near it: the deepest, chat messages, nests 3 levels.
 */
export const MAX_NESTING = 100;

/**
 * The first line (1-based) where JSON nests deeper than `max` levels of objects and arrays, or 0.
 * JSON Lines: brackets inside JSON strings do not count. CSV: every bracket counts (a cell of
 * JSON quotes its strings CSV's way), so a row of text with more than `max` open brackets is refused too.
 */
export function tooDeepAt(bytes: Uint8Array, csv: boolean, max = MAX_NESTING): number {
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (c === 10) {
      line++;
      depth = 0;
      inString = false;
    } else if (inString) {
      if (c === 92) i++; // a backslash escapes the next byte
      else if (c === 34) inString = false;
    } else if (c === 34 && !csv) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return line;
    } else if (c === 125 || c === 93) depth = Math.max(0, depth - 1);
  }
  return 0;
}

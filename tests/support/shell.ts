/**
 * Just enough shell reading for the guide checks: find the `api METHOD PATH ...` calls of the shared
 * helpers in a bash block, split them into words, and evaluate `--data "$(jq -n ... '<program>')"`
 * bodies with jq so their fields can be checked against the spec.
 */
import { spawnSync } from 'node:child_process';

/** The end of the command that starts at `start`: a newline, `|`, `;`, `&` or an unmatched `)` outside quotes. */
function commandEnd(code: string, start: number): number {
  const stack: Array<'dq' | 'sub'> = [];
  for (let i = start; i < code.length; i++) {
    const c = code[i];
    const top = stack.at(-1);
    if (c === '\\') {
      i++;
      continue;
    }
    if (top === 'dq') {
      if (c === '"') stack.pop();
      else if (c === '$' && code[i + 1] === '(') (stack.push('sub'), i++);
      continue;
    }
    if (c === "'") {
      const close = code.indexOf("'", i + 1);
      i = close === -1 ? code.length : close;
    } else if (c === '"') stack.push('dq');
    else if (c === '$' && code[i + 1] === '(') (stack.push('sub'), i++);
    else if (c === '(' && top === 'sub') stack.push('sub');
    else if (c === ')') {
      if (!top) return i;
      stack.pop();
    } else if (!top && (c === '\n' || c === '|' || c === ';' || c === '&' || c === '>')) return i;
  }
  return code.length;
}

/** Shell words, quotes removed; `$(...)` stays inside its word as written. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === '\\' && command[i + 1] === '\n') {
      i++;
      continue;
    }
    if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (c === "'") {
      const close = command.indexOf("'", i + 1);
      word += command.slice(i + 1, close === -1 ? undefined : close);
      i = close === -1 ? command.length : close;
    } else if (c === '"') {
      let j = i + 1;
      let depth = 0;
      for (; j < command.length; j++) {
        if (command[j] === '\\') {
          j++;
          continue;
        }
        if (command[j] === '$' && command[j + 1] === '(') {
          const end = commandEnd(command, j + 2);
          j = end;
          continue;
        }
        if (command[j] === '"' && depth === 0) break;
      }
      word += command.slice(i + 1, j);
      i = j;
    } else if (c === '$' && command[i + 1] === '(') {
      const end = commandEnd(command, i + 2);
      word += command.slice(i, end + 1);
      i = end;
    } else {
      word += c;
    }
  }
  if (inWord) words.push(word);
  return words;
}

export interface ApiCall {
  method: string;
  path: string;
  /** The JSON body when it can be known: a literal, or a `jq -n` program run with placeholder arguments. */
  data?: unknown;
  /** Set when --data is there but cannot be evaluated (e.g. "$body"). */
  dataUnknown?: string;
  forms: string[];
}

/** `api METHOD PATH [curl args]` calls of the shell helpers in `code`. */
export function apiCalls(code: string): ApiCall[] {
  const calls: ApiCall[] = [];
  for (const m of code.matchAll(/(?<![\w-])api\s+(GET|POST|PUT|PATCH|DELETE)\s/g)) {
    const end = commandEnd(code, m.index!);
    const words = shellWords(code.slice(m.index!, end));
    const call: ApiCall = { method: words[1], path: words[2], forms: [] };
    for (let i = 3; i < words.length; i++) {
      if (words[i] === '--form' || words[i] === '-F') call.forms.push(words[++i].split('=')[0]);
      else if (words[i] === '--data' || words[i] === '--data-raw' || words[i] === '-d') {
        const value = words[++i];
        const evaluated = evaluateData(value);
        if (evaluated.ok) call.data = evaluated.value;
        else call.dataUnknown = value;
      }
    }
    calls.push(call);
  }
  return calls;
}

function evaluateData(value: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(value) };
  } catch {
    // not a literal
  }
  const sub = value.match(/^\$\(([\s\S]*)\)$/);
  if (!sub) return { ok: false };
  const words = shellWords(sub[1]);
  if (words[0] !== 'jq' || !words.includes('-n')) return { ok: false };
  const args: string[] = ['-n'];
  let program: string | undefined;
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    if (w === '-n' || w === '-c' || w === '-r') continue;
    if (w === '--arg' || w === '--rawfile') (args.push('--arg', words[i + 1], 'x'), (i += 2));
    else if (w === '--argjson' || w === '--slurpfile') (args.push('--argjson', words[i + 1], 'null'), (i += 2));
    else program = w;
  }
  if (program === undefined) return { ok: false };
  const run = spawnSync('jq', [...args, program], { encoding: 'utf8' });
  if (run.status !== 0) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(run.stdout) };
  } catch {
    return { ok: false };
  }
}

/** The check_dataset tool: pasted rows or a file of the data folder, against the documented dataset rules (lib/dataset-check). */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { checkDataset, formatOfText, MAX_CHECK_BYTES } from '../lib/dataset-check/check';
import { RULES } from '../lib/dataset-check/rules';
import { verdict } from '../lib/dataset-check/verdict';
import { compact, MAX_PROBLEM_CHARS, MAX_PROBLEMS, quote, ToolError, type Answer, type Budget, type Docs } from './answers';
import { MAX_NESTING, tooDeepAt } from './nesting';
import { windowLines } from './models';

/* ---- datasets ---- */

export const TASKS = RULES.tasks;

/** Whether a relative path leaves its folder (`..` or `../x`; `..dots.jsonl` does not). */
const leaves = (rel: string) => rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel);

/**
 * A file inside the data folder (its real path, symlinks followed), or an error naming it. A path
 * outside gets the same answer whether or not something is there, and no answer names the folder.
 */
async function dataFile(docs: Docs, file: string): Promise<{ full: string; size: number }> {
  if (!docs.dataDir) {
    throw new ToolError('this server reads no files (it listens beyond loopback without --data-dir, or runs on the edge). Paste the rows instead, or start a server of your own with --data-dir <folder>');
  }
  const outside = new ToolError(`${quote(file)} is outside the data folder this server may read; give a path inside it, or start the server with --data-dir <folder> to allow another`);
  const full = path.resolve(docs.dataDir, file);
  if (/\0/.test(file) || leaves(path.relative(docs.dataDir, full))) throw outside;
  let real: string;
  try {
    real = await fs.realpath(full);
  } catch {
    throw new ToolError(`no file ${quote(file)} in the data folder`);
  }
  if (leaves(path.relative(docs.dataDir, real))) throw outside;
  const stat = await fs.stat(real);
  if (!stat.isFile()) throw new ToolError(`${quote(file)} is not a file`);
  return { full: real, size: stat.size };
}

export async function checkDatasetTool(docs: Docs, input: { rows?: string; file?: string; task?: string; dashboard?: boolean; model?: string } & Budget): Promise<Answer> {
  if ((input.rows === undefined) === (input.file === undefined)) throw new ToolError('give either rows (pasted JSON Lines or CSV) or file (a path in the data folder), not both');
  let name: string;
  let bytes: Uint8Array;
  if (input.file !== undefined) {
    const { full, size } = await dataFile(docs, input.file);
    if (size > MAX_CHECK_BYTES) {
      throw new ToolError(`${quote(input.file)} is ${(size / 1048576).toFixed(1)} MB; check_dataset reads at most ${MAX_CHECK_BYTES / 1048576} MB, as the in-page checker does. Check it with the Python checker (/scripts/tools/check_dataset.py), which has no size cap.`);
    }
    name = input.file;
    bytes = await fs.readFile(full);
  } else {
    const text = input.rows!;
    if (!text.trim()) throw new ToolError('rows is empty: paste JSON Lines (one object per line) or CSV with its header');
    if (Buffer.byteLength(text) > MAX_CHECK_BYTES) throw new ToolError(`rows are over ${MAX_CHECK_BYTES / 1048576} MB; save them to a file and check it with the Python checker`);
    // As the page reads pasted rows: JSON Lines when they start with {, else CSV.
    name = `pasted.${formatOfText(text)}`;
    bytes = new TextEncoder().encode(text);
  }
  const deep = tooDeepAt(bytes, name.endsWith('.csv'));
  if (deep) throw new ToolError(`line ${deep} nests JSON deeper than ${MAX_NESTING} levels, check_dataset's limit (a training row nests a few): flatten it, or remove the line`);
  const texts: Array<[number, string[], number]> = [];
  const report = checkDataset(name, bytes, { task: input.task, dashboard: input.dashboard, texts });
  const lines = [
    `${input.file !== undefined ? quote(input.file) : 'The pasted rows'}: ${verdict(report)}`,
    report.layout ? `Layout: ${report.layout.title} (task_type ${report.layout.task_type}${report.inferred ? ', inferred: pass task to choose' : ''}).${report.alsoFits.length ? ` Also fits: ${report.alsoFits.join(', ')}.` : ''}` : `Format: ${report.format ?? 'unknown'}.`,
  ];
  if (report.problems.length) {
    lines.push('', 'Problems (line: severity kind: message):');
    // A message may quote the data (a CSV header, a key): at most MAX_PROBLEM_CHARS of it.
    for (const p of report.problems.slice(0, MAX_PROBLEMS)) lines.push(`- line ${p.line}: ${p.severity} ${p.kind}: ${p.message.length > MAX_PROBLEM_CHARS ? `${p.message.slice(0, MAX_PROBLEM_CHARS)}…` : p.message}`);
    const more = report.errors + report.warnings - Math.min(report.problems.length, MAX_PROBLEMS);
    if (more > 0) lines.push(`- …and ${more} more (${Object.entries(report.byKind).map(([k, n]) => `${k} ${n}`).join(', ')})`);
    lines.push('', 'How to fix each kind:');
    for (const [kind, hint] of Object.entries(report.hints)) if (hint) lines.push(`- ${kind}: ${hint}`);
  }
  const s = report.summary;
  lines.push('', `Rows: ${s.rows}. Size: ${s.bytes} bytes (API upload limit ${s.limitBytes}). About ${s.tokens} tokens.${s.labels ? ` Labels: ${s.labels.slice(0, 10).map((l) => `${l.label} ${l.rows}`).join(', ')}.` : ''}`);
  if (input.model !== undefined) lines.push('', ...(await windowLines(input.model, texts)));
  return compact(lines.join('\n'), 'Or fix the first problems and check again.', input);
}

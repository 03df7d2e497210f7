import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Every file below `dir` whose name ends with `suffix` (e.g. '.html'), depth first. */
export async function* filesEndingWith(dir: string, suffix: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesEndingWith(full, suffix);
    else if (entry.name.endsWith(suffix)) yield full;
  }
}

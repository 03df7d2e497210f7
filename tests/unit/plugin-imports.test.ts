/**
 * The rooms and the ground floor (issue 51, item 1), read from the import statements of every source
 * file, relative and `@site/` alike:
 * - lib/ (the ground floor) imports nothing from plugins/, src/ or mcp/;
 * - a plugin imports lib/, config/ and its own files, never another plugin's, and names no file of src/;
 * - src/ imports lib/ and config/; a plugin's theme component only through `@theme/…`;
 * - mcp/ (the server) imports lib/ and config/ only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const ROOMS = ['lib', 'plugins', 'src', 'mcp'] as const;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sources(file);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(name) ? [file] : [];
  });
}

/** Every module specifier of a file: static and dynamic imports, re-exports, require. */
function specifiers(text: string): string[] {
  const found = text.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\brequire(?:\.resolve)?\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g);
  return [...found].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4]);
}

/** The repository-relative path a specifier names, or undefined for a package or an alias such as @theme/. */
function target(root: string, file: string, spec: string): string | undefined {
  if (spec.startsWith('@site/')) return spec.slice('@site/'.length);
  if (spec.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep).join('/');
  return undefined;
}

/** Each import that crosses a wall, as `file -> target (rule)`. */
export function crossings(root: string): string[] {
  const found: string[] = [];
  for (const room of ROOMS) {
    let files: string[];
    try {
      files = sources(path.join(root, room));
    } catch {
      continue;
    }
    for (const file of files) {
      const from = path.relative(root, file).split(path.sep).join('/');
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const to = target(root, file, spec);
        if (!to) continue;
        const top = to.split('/')[0];
        const say = (rule: string) => found.push(`${from} -> ${to} (${rule})`);
        if (room === 'lib' && ['plugins', 'src', 'mcp'].includes(top)) say('the ground floor imports no room');
        if (room === 'mcp' && !['lib', 'config', 'mcp'].includes(top)) say('the MCP server imports lib/ and config/ only');
        if (room === 'src' && top === 'plugins') say('src/ reaches a plugin only through @theme/');
        if (room === 'src' && top === 'mcp') say('src/ imports no server code');
        if (room === 'plugins') {
          const own = from.split('/')[1];
          if (top === 'src') say('a plugin names no file of src/');
          else if (top === 'mcp') say('a plugin imports no server code');
          else if (top === 'plugins' && to.split('/')[1] !== own) say('a plugin imports no other plugin');
        }
      }
    }
  }
  return found;
}

test('every room imports only what lies below it', () => {
  assert.deepEqual(crossings(ROOT), []);
});

test('a planted import across each wall is found', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'rooms-'));
  try {
    const plant = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    plant('lib/a.ts', "import { x } from '../plugins/search/index';\n");
    plant('plugins/search/index.ts', "import Tabs from '@site/src/components/Tabs';\nimport { y } from '../mcp-plugin/x';\nimport { z } from '../../lib/a';\n");
    plant('plugins/mcp-plugin/x.ts', "export const y = require('./own');\n");
    plant('src/components/A.tsx', "import { c } from '@site/plugins/mcp-plugin/x';\nimport B from '@theme/CodeBlock';\n");
    plant('mcp/server.ts', "const m = await import('../plugins/search/index');\nimport { d } from '../lib/a';\n");
    assert.deepEqual(crossings(root).sort(), [
      'lib/a.ts -> plugins/search/index (the ground floor imports no room)',
      'mcp/server.ts -> plugins/search/index (the MCP server imports lib/ and config/ only)',
      'plugins/search/index.ts -> plugins/mcp-plugin/x (a plugin imports no other plugin)',
      'plugins/search/index.ts -> src/components/Tabs (a plugin names no file of src/)',
      'src/components/A.tsx -> plugins/mcp-plugin/x (src/ reaches a plugin only through @theme/)',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

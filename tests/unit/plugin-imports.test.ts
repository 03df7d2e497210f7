/**
 * No two feature plugins import each other, directly or around a loop (issue 26, item 2): a
 * plugin's data reaches another through the config, content or global data, and code two plugins
 * need lives in plugins/shared. Read from the import statements of every source file under plugins/.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const PLUGINS = path.resolve(__dirname, '../../plugins');
/** Code every plugin may use; not a plugin. */
const SHARED = new Set(['shared']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sources(file);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(name) ? [file] : [];
  });
}

/** plugin → the other plugins its files import (relative imports resolved to their folder). */
export function pluginImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const plugin of readdirSync(PLUGINS).filter((d) => statSync(path.join(PLUGINS, d)).isDirectory() && !SHARED.has(d))) {
    const uses = new Set<string>();
    for (const file of sources(path.join(PLUGINS, plugin))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)|\brequire\(\s*['"](\.[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g)) {
        const target = path.resolve(path.dirname(file), m[1] ?? m[2] ?? m[3] ?? m[4]);
        const rel = path.relative(PLUGINS, target);
        if (rel.startsWith('..')) continue;
        const other = rel.split(path.sep)[0];
        if (other !== plugin && !SHARED.has(other)) uses.add(other);
      }
    }
    graph.set(plugin, uses);
  }
  return graph;
}

/** Every loop of the graph, each as the plugins along it. */
function loops(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) found.push([...trail, start]);
      else if (!trail.includes(next) && next > start) walk(start, next, [...trail, next]);
    }
  };
  for (const plugin of graph.keys()) walk(plugin, plugin, [plugin]);
  return found;
}

test('the import graph is read: plugins that use others are seen', () => {
  const graph = pluginImports();
  assert.ok(graph.get('llms-txt')?.has('api-reference'), 'llms-txt → api-reference not seen: the reader of imports is broken');
  assert.ok(!graph.has('shared'), 'plugins/shared is shared code, not a plugin');
});

test('no two plugins import each other, directly or around a loop', () => {
  assert.deepEqual(loops(pluginImports()).map((l) => l.join(' → ')), []);
});

test('a loop is found when there is one', () => {
  const graph = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set(['a'])]]);
  assert.deepEqual(loops(graph), [['a', 'b', 'c', 'a']]);
});

/** The OpenAPI document as tests read it: parsed, with local $refs resolvable. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export const SPEC_PATH = path.resolve(__dirname, '../../openapi/emissary.yaml');

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const spec: Json = parse(readFileSync(SPEC_PATH, 'utf8'));

export function deref(node: Json | undefined): Json | undefined {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((acc: Json, key: string) => acc?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
  }
  return current;
}

export interface Operation {
  method: string;
  path: string;
  operation: Json;
}

export const operations: Operation[] = Object.entries(spec.paths as Json).flatMap(([p, item]) =>
  Object.entries(item as Json)
    .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
    .map(([method, operation]) => ({ method: method.toUpperCase(), path: p, operation: operation as Json })),
);

/** The operation whose path template matches a concrete path (IDs or shell variables in the segments). */
export function findOperation(method: string, concretePath: string): Operation | undefined {
  const segments = concretePath.replace(/[?#].*$/, '').replace(/\/$/, '').split('/');
  return operations.find((op) => {
    if (op.method !== method.toUpperCase()) return false;
    const template = op.path.split('/');
    return template.length === segments.length && template.every((t, i) => /^\{.+\}$/.test(t) || t === segments[i]);
  });
}

/** True when some operation (any method) has a path template matching the concrete path. */
export function pathExists(concretePath: string): boolean {
  return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].some((m) => findOperation(m, concretePath));
}

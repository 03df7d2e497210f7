/** The OpenAPI document as tests read it, through the same reader the site's plugins use. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deref as derefIn, listOperations, parseOpenApi } from '../../lib/openapi/spec';

export const SPEC_PATH = path.resolve(__dirname, '../../openapi/emissary.yaml');

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const spec = parseOpenApi(readFileSync(SPEC_PATH, 'utf8'));

export function deref(node: Json | undefined): Json | undefined {
  return node && (derefIn(spec, node) as Json);
}

export interface Operation {
  method: string;
  path: string;
  operation: Json;
}

export const operations: Operation[] = listOperations(spec).map((e) => ({
  method: e.method.toUpperCase(),
  path: e.path,
  operation: e.operation as Json,
}));

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

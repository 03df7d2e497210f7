/**
 * A sample value built from a JSON Schema, for requests whose document gives no example: the
 * schema's own example, const, default or first enum value, else a plausible value of its type.
 */
import type { Schema } from './spec';

/** Nesting deeper than this (or a $ref back into its own ancestry) stops with an empty value. */
const MAX_DEPTH = 8;

const FORMAT_SAMPLES: Record<string, unknown> = {
  'date-time': '2024-01-15T09:30:00Z',
  date: '2024-01-15',
  time: '09:30:00Z',
  email: 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com/resource',
  url: 'https://example.com/resource',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'U2FtcGxl',
  binary: 'file.bin',
  password: 'YOUR_PASSWORD',
  int32: 0,
  int64: 0,
  float: 0,
  double: 0,
};

/** Resolves a local `$ref` (a JSON pointer into the document); undefined when it does not resolve. */
export type RefResolver = (ref: string) => Schema | undefined;

function firstExample(s: Schema): unknown {
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  return undefined;
}

/** The first type that is not "null" (3.1 type lists, 3.0 `nullable`). */
function mainType(s: Schema): string | undefined {
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const type = types.find((t) => t !== 'null') ?? types[0];
  if (type) return type;
  if (s.properties || s.additionalProperties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

function primitive(s: Schema, type: string | undefined): unknown {
  const byFormat = s.format ? FORMAT_SAMPLES[s.format] : undefined;
  switch (type) {
    case 'string':
      if (typeof byFormat === 'string') return byFormat;
      return typeof s.minLength === 'number' && s.minLength > 6 ? 'x'.repeat(s.minLength) : 'string';
    case 'integer':
    case 'number': {
      // 3.1 gives exclusiveMinimum as a number, 3.0 as a flag on minimum.
      const step = type === 'integer' ? 1 : 0.5;
      const exclusive = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.exclusiveMinimum === true ? (s.minimum as number) : undefined;
      const min = exclusive !== undefined ? exclusive + step : typeof s.minimum === 'number' ? s.minimum : undefined;
      if (min !== undefined) return min;
      const max = typeof s.maximum === 'number' ? s.maximum : undefined;
      return max !== undefined && max < 0 ? max : 0;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return byFormat ?? null;
  }
}

/**
 * Builds a sample value for `schema`. `resolve` follows $refs; `readOnly` properties are left out
 * of request samples (`forRequest`), as a client does not send them. `maxProperties` keeps, of each
 * object, its required properties and the first others up to that many in all (a shortened sample).
 */
export function sampleFromSchema(schema: Schema | undefined, resolve: RefResolver, forRequest = true, maxProperties = Infinity): unknown {
  const walk = (node: Schema | undefined, depth: number, refs: string[]): unknown => {
    if (!node || typeof node !== 'object') return null;
    if (typeof node.$ref === 'string') {
      if (refs.includes(node.$ref) || depth > MAX_DEPTH) return undefined;
      return walk(resolve(node.$ref), depth + 1, [...refs, node.$ref]);
    }
    const own = firstExample(node);
    if (own !== undefined) return own;
    if (depth > MAX_DEPTH) return undefined;
    if (node.allOf?.length) {
      // Merge the parts: objects' fields together, otherwise the first part that gives a value.
      const parts = node.allOf.map((part) => walk(part, depth + 1, refs)).filter((v) => v !== undefined);
      const local = node.properties ? walk({ ...node, allOf: undefined }, depth + 1, refs) : undefined;
      const all = local === undefined ? parts : [...parts, local];
      if (all.every((v) => v && typeof v === 'object' && !Array.isArray(v))) return Object.assign({}, ...all);
      return all[0];
    }
    const variants = node.oneOf ?? node.anyOf;
    if (variants?.length) {
      const base = node.properties ? (walk({ ...node, oneOf: undefined, anyOf: undefined }, depth + 1, refs) as object) : undefined;
      const first = walk(variants[0], depth + 1, refs);
      return base && first && typeof first === 'object' ? { ...base, ...first } : first;
    }
    const type = mainType(node);
    if (type === 'object') {
      const out: Record<string, unknown> = {};
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      let optional = Math.max(0, maxProperties - required.size);
      for (const [name, prop] of Object.entries(node.properties ?? {})) {
        const resolved = prop.$ref ? resolve(prop.$ref) : prop;
        if (forRequest && resolved?.readOnly === true) continue;
        if (!forRequest && resolved?.writeOnly === true) continue;
        if (!required.has(name) && optional-- <= 0) continue;
        const value = walk(prop, depth + 1, refs);
        if (value !== undefined) out[name] = value;
      }
      if (!node.properties && node.additionalProperties && typeof node.additionalProperties === 'object') {
        const value = walk(node.additionalProperties, depth + 1, refs);
        if (value !== undefined) out.key = value;
      }
      return out;
    }
    if (type === 'array') {
      const item = walk(node.items, depth + 1, refs);
      return item === undefined ? [] : [item];
    }
    return primitive(node, type);
  };
  const value = walk(schema, 0, []);
  return value === undefined ? null : value;
}

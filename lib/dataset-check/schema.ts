/**
 * A row against its layout's JSON Schema, in plain words: the same subset and the same messages as
 * check_value in docs/_scripts/tools/check_dataset.py (a CSP without eval rules out compiling schemas).
 */
import type { OpenAiOnly, Schema } from './rules';

export interface Found {
  kind: string;
  message: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as JSON, cut at 60 characters, like the Python checker (which adds spaces after , and :). */
export function show(value: unknown): string {
  return JSON.stringify(value, null, 0)?.slice(0, 60) ?? String(value);
}

function isType(value: unknown, name: string): boolean {
  if (name === 'string') return typeof value === 'string';
  if (name === 'object') return isObject(value);
  if (name === 'array') return Array.isArray(value);
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  return name === 'number' || (name === 'integer' && Number.isInteger(value));
}

/** Equality of JSON values: true stays apart from 1, and "1" from 1. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && same(a[key], b[key]));
  }
  return false;
}

export const looksNumeric = (value: unknown, number: RegExp): boolean => typeof value === 'string' && number.test(value.trim());

/** `openai` is the rules' openai_only: keys a layout lacks that OpenAI's fine-tuning files have are named as such. */
export function checkValue(value: unknown, schema: Schema, where: string, number: RegExp, openai?: OpenAiOnly): Found[] {
  const name = `\`${where}\``;
  if (schema.anyOf) {
    if (schema.anyOf.some((option) => checkValue(value, option, where, number).length === 0)) return [];
    return [{ kind: 'wrong-value', message: `${name} must be ${schema.description ?? 'one of the allowed forms'}, got ${show(value)}` }];
  }
  const wanted = schema.type;
  if (wanted && !isType(value, wanted)) {
    const article = 'aeiou'.includes(wanted[0]) ? 'an' : 'a';
    if ((wanted === 'number' || wanted === 'integer') && looksNumeric(value, number)) {
      return [{ kind: 'quoted-number', message: `${name} must be ${article} ${wanted} without quotes, got ${show(value)}` }];
    }
    return [{ kind: 'wrong-type', message: `${name} must be ${article} ${wanted}, got ${show(value)}` }];
  }
  if (schema.enum && !schema.enum.some((option) => same(value, option))) {
    return [{ kind: 'wrong-value', message: `${name} must be one of ${schema.enum.map(show).join(', ')}, got ${show(value)}` }];
  }
  if ('const' in schema && !same(value, schema.const)) {
    return [{ kind: 'wrong-value', message: `${name} must be ${show(schema.const)}, got ${show(value)}` }];
  }
  const found: Found[] = [];
  if (typeof value === 'string' && value.trim().length < (schema.minLength ?? 0)) found.push({ kind: 'empty-value', message: `${name} is empty` });
  if (typeof value === 'number' && isType(value, 'number')) {
    if (schema.minimum !== undefined && value < schema.minimum) found.push({ kind: 'out-of-range', message: `${name} is ${value}, below ${schema.minimum}` });
    if (schema.maximum !== undefined && value > schema.maximum) found.push({ kind: 'out-of-range', message: `${name} is ${value}, above ${schema.maximum}` });
  }
  if (Array.isArray(value)) {
    if (value.length < (schema.minItems ?? 0)) found.push({ kind: 'empty-value', message: `${name} is empty` });
    if (schema.items) value.forEach((item, i) => found.push(...checkValue(item, schema.items as Schema, `${where}[${i}]`, number, openai)));
    const contains = schema.contains;
    if (contains && value.every((item) => checkValue(item, contains, where, number).length > 0)) {
      found.push({ kind: 'missing-item', message: `${name} has no ${contains.description ?? 'matching item'}` });
    }
  }
  if (isObject(value)) {
    if (Object.keys(value).length < (schema.minProperties ?? 0)) found.push({ kind: 'empty-value', message: `${name} is an empty object` });
    for (const key of schema.required ?? []) {
      if (!(key in value)) found.push({ kind: 'missing-field', message: where === 'row' ? `missing \`${key}\`` : `${name} is missing \`${key}\`` });
    }
    for (const [key, item] of Object.entries(value)) {
      const sub = schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : schema.additionalProperties;
      if (sub === false && openai?.keys.includes(key)) {
        const place = where === 'row' ? '' : ` in ${name}`;
        found.push({ kind: 'openai-field', message: `\`${key}\`${place} is an OpenAI fine-tuning field; this API has no counterpart: see ${openai.guide}` });
      } else if (sub === false) {
        found.push({ kind: 'extra-field', message: where === 'row' ? `\`${key}\` is not a key of this layout` : `${name} has an unknown key \`${key}\`` });
      } else if (typeof sub === 'object') {
        found.push(...checkValue(item, sub, where === 'row' ? key : `${where}.${key}`, number, openai));
      }
    }
  }
  return found;
}

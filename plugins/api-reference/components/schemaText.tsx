/**
 * The short texts a field line shows beside its name, worked out from the schema on the server:
 * its type name (`string<date-time>`, `Job[]`, `(string | null)[]`) and its "Possible values" line
 * (enum values, length and range bounds, a pattern, a discriminator's values, item counts). Both
 * follow the OpenAPI theme 5.2's conventions (`getSchemaName`, `getQualifierMessage` in its
 * `lib/markdown/schema.js`), so the pages read as before, but the line is built as elements here
 * instead of Markdown parsed in the browser (tests/unit/api-descriptions.test.ts holds both to the
 * theme's results). Descriptions are HTML from the build (`BuiltHtml`).
 */
import React, { type ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';

/* eslint-disable @typescript-eslint/no-explicit-any -- schemas are whatever the document holds */
type S = any;

/** A schema's enum, or the first enum of its allOf parts. */
const enumOf = (schema: S): unknown[] | undefined => schema.enum ?? (Array.isArray(schema.allOf) ? schema.allOf.find((part: S) => part?.enum)?.enum : undefined);
/** A schema's type, or the first type of its allOf parts. */
const typeOf = (schema: S): unknown => schema.type ?? (Array.isArray(schema.allOf) ? schema.allOf.find((part: S) => part?.type)?.type : undefined);

/** `type` as one name, or as a union of names (OpenAPI 3.1 allows a list, such as ["string", "null"]). */
function typeNames(type: unknown): { one?: string; union?: string } {
  if (typeof type === 'string') return { one: type };
  if (!Array.isArray(type)) return {};
  const names = type.filter((t): t is string => typeof t === 'string');
  if (names.length === 1) return { one: names[0] };
  return names.length > 1 ? { union: names.join(' | ') } : {};
}

function ownName(schema: S): string | undefined {
  const { one, union } = typeNames(schema.type);
  if (schema.enum && !schema.type) return 'string';
  if (schema.format) return one ? `${one}<${schema.format}>` : union ? `(${union})<${schema.format}>` : schema.format;
  if (schema.allOf) {
    // The plugin marks a circular reference as the only allOf entry, a string.
    const first = schema.allOf[0];
    if (typeof first === 'string' && first.includes('circular')) return first;
    return enumOf(schema) ? ((typeOf(schema) as string | undefined) ?? 'string') : 'object';
  }
  if (schema.oneOf || schema.anyOf) return 'object';
  if (one === 'object' || one === 'array') return schema.xml?.name ?? one;
  if (union) return union;
  return schema.title ?? one;
}

/** The type name shown after a field's name. */
export function schemaName(schema: S): string {
  if (schema?.items) {
    const inner = schemaName(schema.items);
    return Array.isArray(schema.items.type) && schema.items.type.length > 1 ? `(${inner})[]` : `${inner}[]`;
  }
  return (schema && ownName(schema)) ?? '';
}

/** One part of the values line: plain text, or a value set in code. */
export type Part = string | { code: string };

const code = (text: string): Part => ({ code: text });
const list = (values: unknown[]): Part[] => ['[', ...values.flatMap((v, i) => (i ? [', ', code(String(v))] : [code(String(v))])), ']'];
const both = (low: Part | undefined, high: Part | undefined): Part[] => (low && high ? [low, ' and ', high] : low ? [low] : high ? [high] : []);

/** The groups of the "Possible values" line of `schema`, in the theme's order; none when it has no constraint to show. */
export function valueGroups(schema: S): Part[][] {
  if (!schema || typeof schema !== 'object') return [];
  // An array without item counts shows its items' values.
  if (schema.items && schema.minItems === undefined && schema.maxItems === undefined) return valueGroups(schema.items);
  const groups: Part[][] = [];
  const itemsEnum = schema.items && enumOf(schema.items);
  if (itemsEnum) groups.push(list(itemsEnum));
  if (schema.minLength || schema.maxLength) {
    const characters = translate({ id: 'theme.openapi.schemaItem.characters', message: 'characters' });
    const low =
      schema.minLength > 1 ? code(`>= ${schema.minLength} ${characters}`) : schema.minLength === 1 ? code(translate({ id: 'theme.openapi.schemaItem.nonEmpty', message: 'non-empty' })) : undefined;
    groups.push(both(low, schema.maxLength ? code(`<= ${schema.maxLength} ${characters}`) : undefined));
  }
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (minimum != null || maximum != null || typeof exclusiveMinimum === 'number' || typeof exclusiveMaximum === 'number') {
    // OpenAPI 3.1 gives the exclusive bound as a number; 3.0 as a flag beside minimum or maximum.
    const low =
      typeof exclusiveMinimum === 'number' ? code(`> ${exclusiveMinimum}`) : minimum != null ? code(`${exclusiveMinimum === true ? '>' : '>='} ${minimum}`) : undefined;
    const high =
      typeof exclusiveMaximum === 'number' ? code(`< ${exclusiveMaximum}`) : maximum != null ? code(`${exclusiveMaximum === true ? '<' : '<='} ${maximum}`) : undefined;
    groups.push(both(low, high));
  }
  if (schema.pattern) groups.push([`${translate({ id: 'theme.openapi.schemaItem.expression', message: 'Value must match regular expression' })} `, code(String(schema.pattern))]);
  if (schema.mapping && typeof schema.mapping === 'object') groups.push(list(Object.keys(schema.mapping)));
  const values = enumOf(schema);
  if (values) groups.push(list(values));
  if (schema.minItems) groups.push([code(`>= ${schema.minItems}`)]);
  if (schema.maxItems) groups.push([code(`<= ${schema.maxItems}`)]);
  return groups;
}

/** Adjacent text parts as one string, so that the server writes no separators between them. */
function merged(parts: Part[]): Part[] {
  const out: Part[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (typeof part === 'string' && typeof last === 'string') out[out.length - 1] = last + part;
    else out.push(part);
  }
  return out;
}

/** The "Possible values" line, or nothing for a schema without constraints to show. */
export function Qualifier({ schema }: { schema: S }): ReactNode {
  const groups = valueGroups(schema);
  if (groups.length === 0) return null;
  const label = translate({ id: 'theme.openapi.schemaItem.possibleValues', message: 'Possible values:' });
  const parts = merged([' ', ...groups.flatMap((group, i) => (i ? [', ', ...group] : group))]);
  return (
    <div>
      <p>
        <strong>{label}</strong>
        {parts.map((part, i) => (typeof part === 'string' ? part : <code key={i}>{part.code}</code>))}
      </p>
    </div>
  );
}

/** Text the build did not render, once each: the page shows it as plain text. */
const unrendered = new Set<string>();

/**
 * HTML the build rendered from a description's Markdown (descriptions.ts), as it is. Rendered
 * HTML starts with its first tag; a string that does not was not rendered (a key the build does
 * not know yet): it shows as plain text, never as markup, and the build warns naming it.
 */
export function BuiltHtml({ html }: { html?: unknown }): ReactNode {
  if (typeof html !== 'string' || html === '') return null;
  if (html.startsWith('<')) return <div dangerouslySetInnerHTML={{ __html: html }} />;
  if (typeof window === 'undefined' && !unrendered.has(html)) {
    unrendered.add(html);
    console.warn(`[WARNING] API page: a description was not rendered at build time and shows as plain text: ${JSON.stringify(html.slice(0, 120))}`);
  }
  return <div>{html}</div>;
}

/**
 * The small pieces of the schema tree (./Schema.tsx): its props, the tests it makes of a schema,
 * array brackets, a description, the "Possible values" line, a field line and the summary of a field
 * that opens. Written after the OpenAPI theme 5.2's lib/theme/Schema/index.js, as Schema.tsx is.
 */
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { translate } from '@docusaurus/Translate';
import { StaticPart } from '@site/lib/ui/Static';
import { SchemaField } from './Field';
import { BuiltHtml, Qualifier, valueGroups } from './schemaText';

/* eslint-disable @typescript-eslint/no-explicit-any -- schemas are whatever the document holds */
export type S = any;
export type Direction = 'request' | 'response';
export interface NodeProps {
  schema: S;
  schemaType: Direction;
  schemaPath?: string;
}
export interface EdgeProps extends NodeProps {
  name: string;
  schemaName?: string;
  required?: boolean | string[];
  nullable?: boolean;
  discriminator?: S;
}

export const t = (id: string, message: string) => translate({ id, message });
export const isRequired = (required: EdgeProps['required'], name: string) => (Array.isArray(required) ? required.includes(name) : required);
/** A field the reader of this direction never sees: read-only in a request, write-only in a response. */
export const hidden = (schema: S, direction: Direction) => (direction === 'request' && schema?.readOnly) || (direction === 'response' && schema?.writeOnly);
export const isPrimitive = (schema: S) => (schema.enum && !schema.type) || ['string', 'number', 'integer', 'boolean', 'null'].includes(schema.type);
export const isEmpty = (value: S) => value && typeof value === 'object' && Object.keys(value).length === 0;

const BRACKET = { fontSize: 'var(--ifm-code-font-size)', color: 'var(--ifm-color-emphasis-700)', marginLeft: '-.5rem' };
/** Array brackets as <div>s: the theme's are <li>s inside a <div> or another <li> (invalid nesting), dimmed below AA contrast. */
export const Open = () => (
  <div className="openapi-array-bracket" style={{ ...BRACKET, paddingBottom: '.5rem' }}>
    Array [
  </div>
);
export const Close = () => (
  <div className="openapi-array-bracket" style={BRACKET}>
    ]
  </div>
);

const SPACED = { marginTop: '.5rem', marginBottom: '.5rem' };

/** A description (HTML from the build) with space above and below. */
export function Text({ text }: { text?: string }): ReactNode {
  if (!text) return null;
  return (
    <div style={SPACED}>
      <BuiltHtml html={text} />
    </div>
  );
}

/** The "Possible values" line of `schema`, spaced like a description; nothing when it has none. */
export function Values({ schema }: { schema: S }): ReactNode {
  if (valueGroups(schema).length === 0) return null;
  return (
    <div style={SPACED}>
      <Qualifier schema={schema} />
    </div>
  );
}

/** A line for a field that holds no more fields. */
export const Leaf = ({ name, schemaName, schema, required }: { name?: string; schemaName?: string; schema: S; required?: boolean }) => (
  <SchemaField name={name} required={required} schemaName={schemaName} schema={schema} />
);

export function Summary({ name, schemaName, schema, required }: { name: string; schemaName?: string; schema: S; required?: EdgeProps['required'] }): ReactNode {
  const { deprecated, nullable } = schema;
  const must = Array.isArray(required) ? required.includes(name) : required === true;
  return (
    <summary>
      <StaticPart as="span" className="openapi-schema__container">
        <strong className={clsx('openapi-schema__property', { 'openapi-schema__strikethrough': deprecated })}>{name}</strong>
        <span className="openapi-schema__name"> {schemaName}</span>
        {(must || deprecated || nullable) && <span className="openapi-schema__divider" />}
        {nullable && <span className="openapi-schema__nullable">{t('theme.openapi.schemaItem.nullable', 'nullable')}</span>}
        {must && <span className="openapi-schema__required">{t('theme.openapi.schemaItem.required', 'required')}</span>}
        {deprecated && <span className="openapi-schema__deprecated">{t('theme.openapi.schemaItem.deprecated', 'deprecated')}</span>}
      </StaticPart>
    </summary>
  );
}

/** Each page's holes once, while the build renders it (never in the browser). */
const reported = new Set<string>();
export function reportHoles(page: string, kind: string | undefined, holes: string[]) {
  if (typeof window !== 'undefined') return;
  for (const hole of holes) {
    const where = `${page}: the ${kind ? `${kind} ` : ''}schema at ${hole || '(its root)'}`;
    if (reported.has(where)) continue;
    reported.add(where);
    console.warn(`[WARNING] ${where} cannot be shown; the page shows the rest and says so there`);
  }
}

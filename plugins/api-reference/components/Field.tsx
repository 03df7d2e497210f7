/**
 * One field line of the API page: a schema property, a response header (`SchemaField`) or a
 * parameter (`ParamField`). The name, its type, whether it is nullable, required or deprecated,
 * then its description (HTML from the build), the values it may take, its constant, default and
 * example. Written after the OpenAPI theme 5.2's SchemaItem and ParamsItem (lib/theme/SchemaItem/index.js,
 * lib/theme/ParamsItem/index.js), whose markup and class names it keeps (../styles.css styles them),
 * but everything is worked out here from the schema: no Markdown reaches the browser.
 */
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { translate } from '@docusaurus/Translate';
import TabItem from '@site/lib/ui/Tabs/TabItem';
import { StaticPart } from '@site/lib/ui/Static';
import { BuiltHtml, Qualifier, schemaName as nameOf } from './schemaText';
import { staticFieldLine, staticParamLine } from './staticLines';
import { SchemaTabs } from './Tabs';

/* eslint-disable @typescript-eslint/no-explicit-any -- schemas are whatever the document holds */
type S = any;

const t = (id: string, message: string) => translate({ id, message });
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const tag = (className: string, id: string, message: string) => <span className={className}>{t(id, message)}</span>;

/** "Label: value", the value in code: the constant, default and example lines. */
function Labelled({ label, value, className }: { label: string; value: unknown; className?: string }): ReactNode {
  return (
    <div className={className}>
      <strong>
        {label}
        {' '}
      </strong>
      <span>
        <code>{shown(value)}</code>
      </span>
    </div>
  );
}

const exampleLine = (value: unknown) => <Labelled className="openapi-example" label={t('theme.openapi.schemaItem.example', 'Example:')} value={value} />;

/** Named examples: one shows as a line; several as tabs, each with its summary, description and value. */
function NamedExamples({ examples }: { examples: Record<string, S> }): ReactNode {
  const entries = Object.entries(examples);
  if (entries.length === 0) return null;
  if (entries.length === 1) return entries[0][1] ? exampleLine(entries[0][1].value) : null;
  return (
    <div className="openapi-examples">
      <strong>{t('theme.openapi.schemaItem.examples', 'Examples:')}</strong>
      <SchemaTabs>
        {entries.map(([name, example]) => (
          <TabItem key={name} value={name} label={name}>
            {example?.summary && <p>{example.summary}</p>}
            {example?.description && (
              <p>
                <strong>
                  {t('theme.openapi.schemaItem.description', 'Description:')}
                  {' '}
                </strong>
                <span>{example.description}</span>
              </p>
            )}
            {example?.value !== undefined && exampleLine(example.value)}
          </TabItem>
        ))}
      </SchemaTabs>
    </div>
  );
}

/** `example` (one value), else `examples`: a JSON Schema list of values, or an OpenAPI map of named examples. */
function Examples({ example, examples }: { example?: unknown; examples?: unknown }): ReactNode {
  if (example !== undefined) return exampleLine(example);
  if (Array.isArray(examples)) {
    if (examples.length <= 1) return examples.length ? exampleLine(examples[0]) : null;
    return <NamedExamples examples={Object.fromEntries(examples.map((value, i) => [`Example ${i + 1}`, { value }]))} />;
  }
  return examples && typeof examples === 'object' ? <NamedExamples examples={examples as Record<string, S>} /> : null;
}

/**
 * What each value of an enum means (`x-enumDescriptions`), as a table; the descriptions are HTML
 * from the build (descriptions.ts renders them with the other descriptions).
 */
function EnumDescriptions({ descriptions }: { descriptions?: Record<string, unknown> }): ReactNode {
  const rows = Object.entries(descriptions ?? {});
  if (rows.length === 0) return null;
  return (
    <div style={{ marginTop: '.5rem' }}>
      <table>
        <thead>
          <tr>
            <th>{t('theme.openapi.schemaItem.enumValue', 'Enum Value')}</th>
            <th>{t('theme.openapi.schemaItem.enumDescription', 'Description')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([value, text]) => (
            <tr key={value}>
              <td>
                <code>{value}</code>
              </td>
              {typeof text === 'string' && text.startsWith('<') ? <td dangerouslySetInnerHTML={{ __html: text }} /> : <td>{String(text)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface SchemaFieldProps {
  name?: string;
  /** The type name to show (the caller works it out: `schemaName(schema)`, or a merged schema's). */
  schemaName?: string | string[];
  schema?: S;
  /** true, or the parent's list of required names. */
  required?: boolean | string[];
  /** A field that opens to more fields: `children` is its <details>, drawn instead of the line. */
  collapsible?: boolean;
  children?: ReactNode;
}

/** A schema property or a response header. */
export function SchemaField({ name, schemaName, schema, required, collapsible, children }: SchemaFieldProps): ReactNode {
  if (collapsible) return <div className="openapi-schema__list-item">{children}</div>;
  const own = schema && typeof schema === 'object' ? schema : {};
  const nullable = Boolean(own.nullable || (Array.isArray(own.type) && own.type.includes('null')));
  const must = Boolean(Array.isArray(required) ? name !== undefined && required.includes(name) : required);
  const deprecated = Boolean(own.deprecated);
  const typeName = Array.isArray(schemaName) ? schemaName.join(' | ') : schemaName;
  // A line with no tabs and nothing added below it is plain markup: it keeps the server's HTML.
  const Line = staticFieldLine(own, children) ? StaticPart : 'div';
  return (
    <div className="openapi-schema__list-item">
      <Line>
        <span className="openapi-schema__container">
          <strong className={clsx('openapi-schema__property', { 'openapi-schema__strikethrough': deprecated })}>{name}</strong>
          <span className="openapi-schema__name">{typeName}</span>
          {(nullable || must || deprecated) && <span className="openapi-schema__divider" />}
          {nullable && tag('openapi-schema__nullable', 'theme.openapi.schemaItem.nullable', 'nullable')}
          {must && tag('openapi-schema__required', 'theme.openapi.schemaItem.required', 'required')}
          {deprecated && tag('openapi-schema__deprecated', 'theme.openapi.schemaItem.deprecated', 'deprecated')}
        </span>
        <BuiltHtml html={own.description} />
        <EnumDescriptions descriptions={own['x-enumDescriptions']} />
        <Qualifier schema={own} />
        {own.const !== undefined && <Labelled label={t('theme.openapi.schemaItem.constantValue', 'Constant value:')} value={own.const} />}
        {own.default !== undefined && <Labelled label={t('theme.openapi.schemaItem.defaultValue', 'Default value:')} value={own.default} />}
        <Examples example={own.example} />
        <Examples examples={own.examples} />
        {children}
      </Line>
    </div>
  );
}

export interface Param {
  name?: string;
  in?: string;
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: S;
  example?: unknown;
  examples?: unknown;
}

/** A path, query, header or cookie parameter. A parameter without a schema, or one without a type, is of type "any". */
export function ParamField({ param }: { param: Param }): ReactNode {
  const { name, description, required, deprecated } = param;
  const given = param.schema && typeof param.schema === 'object' ? param.schema : {};
  const schema = given.type ? given : { ...given, type: 'any' };
  const defaultValue = schema.items ? schema.items.default : schema.default;
  const Line = staticParamLine(param, schema) ? StaticPart : 'div';
  return (
    <Line className="openapi-params__list-item">
      <span className="openapi-schema__container">
        <strong className={clsx('openapi-schema__property', { 'openapi-schema__strikethrough': deprecated })}>{name}</strong>
        <span className="openapi-schema__type">
          {' '}
          {nameOf(schema)}
        </span>
        {(required || deprecated) && <span className="openapi-schema__divider" />}
        {required && tag('openapi-schema__required', 'theme.openapi.schemaItem.required', 'required')}
        {deprecated && tag('openapi-schema__deprecated', 'theme.openapi.schemaItem.deprecated', 'deprecated')}
      </span>
      <Qualifier schema={schema} />
      {schema.const !== undefined && <Labelled label={t('theme.openapi.schemaItem.constantValue', 'Constant value:')} value={schema.const} />}
      <BuiltHtml html={description} />
      <EnumDescriptions descriptions={schema['x-enumDescriptions'] ?? schema.items?.['x-enumDescriptions']} />
      {defaultValue !== undefined && <Labelled label={t('theme.openapi.schemaItem.defaultValue', 'Default value:')} value={defaultValue} />}
      <Examples example={param.example ?? schema.example} />
      <Examples examples={param.examples ?? schema.examples} />
    </Line>
  );
}

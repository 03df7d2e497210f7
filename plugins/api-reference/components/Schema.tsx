/**
 * A schema as a tree of fields: each property a line (./Field's SchemaField) or, where it
 * holds more fields, a <details> that opens to them; oneOf/anyOf as tabs, a discriminator as tabs
 * per value, arrays between brackets. Written after the OpenAPI theme 5.2's Schema
 * (lib/theme/Schema/index.js), whose markup and class names it keeps (./schemaParts.tsx has its
 * small pieces), without its explorer store: nothing on these pages sends a request, so a chosen
 * variant stays local to its tabs. The root is guarded (./allOfGuard): a place that holds no schema
 * the page can read shows a note, never a crash, and the build warns naming the page and the place.
 */
import React, { type ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import Details from '@theme/Details';
import TabItem from '@site/lib/ui/Tabs/TabItem';
import { guardedSchema } from './allOfGuard';
import { SchemaField } from './Field';
import { Close, Leaf, Open, Summary, Text, Values, hidden, isEmpty, isPrimitive, isRequired, reportHoles, t, type EdgeProps, type NodeProps, type S } from './schemaParts';
import { findPropertyDeep, foldSiblingsIntoBranches, getDiscriminator, isCircularMarker, mergeAllOf } from './schemaNormalize';
import { schemaName as getSchemaName } from './schemaText';
import { DiscriminatorTabs, SchemaTabs } from './Tabs';

/** oneOf/anyOf: a badge, then a tab per variant. */
function AnyOneOf({ schema, schemaType, schemaPath }: NodeProps): ReactNode {
  const key = schema.oneOf ? 'oneOf' : 'anyOf';
  const variants: S[] = schema[key];
  if (!Array.isArray(variants) || variants.length === 0) return null;
  const kind = schema.oneOf ? t('theme.openapi.schemaItem.oneOf', 'oneOf') : t('theme.openapi.schemaItem.anyOf', 'anyOf');
  return (
    <>
      <span className="badge badge--info" style={{ marginBottom: '1rem' }}>
        {kind}
      </span>
      <SchemaTabs lazy>
        {variants.map((variant, index) => {
          const name = getSchemaName(variant);
          const label =
            variant.title ||
            name ||
            variant.type ||
            (variant.oneOf ? t('theme.openapi.schemaItem.oneOf', 'oneOf') : variant.anyOf ? t('theme.openapi.schemaItem.anyOf', 'anyOf') : `Option ${index + 1}`);
          const path = schemaPath ? `${schemaPath}.${index}` : undefined;
          const composed = variant.allOf || variant.oneOf || variant.anyOf;
          const objectLike = variant.type === 'object' || !variant.type;
          return (
            <TabItem key={index} label={label} value={`${index}-item`}>
              {variant.description && (
                <div style={{ marginLeft: '1rem' }}>
                  <Text text={variant.description} />
                </div>
              )}
              {(isPrimitive(variant) || variant.const) && <Leaf schemaName={name} schema={variant} />}
              {variant.type === 'object' && !variant.properties && !variant.additionalProperties && !composed && <Leaf schemaName={name} schema={variant} />}
              {objectLike && variant.properties && !composed && <Properties schema={variant} schemaType={schemaType} schemaPath={path} />}
              {objectLike && variant.additionalProperties && !composed && <AdditionalProperties schema={variant} schemaType={schemaType} />}
              {variant.allOf && <SchemaNode schema={variant} schemaType={schemaType} schemaPath={path} />}
              {variant.oneOf && <SchemaNode schema={variant} schemaType={schemaType} schemaPath={path} />}
              {variant.anyOf && <SchemaNode schema={variant} schemaType={schemaType} schemaPath={path} />}
              {variant.items && <Items schema={variant} schemaType={schemaType} schemaPath={path} />}
            </TabItem>
          );
        })}
      </SchemaTabs>
    </>
  );
}

function Properties({ schema, schemaType, schemaPath }: NodeProps): ReactNode {
  const { discriminator } = schema;
  if (discriminator && !discriminator.mapping) {
    const inferred: Record<string, S> = {};
    for (const variant of Object.values<S>(schema.oneOf ?? schema.anyOf ?? {})) {
      // The discriminating property shows once, above the tabs.
      if (schema.properties[discriminator.propertyName] && variant.properties?.[discriminator.propertyName]) delete variant.properties[discriminator.propertyName];
      inferred[variant.title] = variant;
    }
    discriminator.mapping = inferred;
  }
  if (Object.keys(schema.properties).length === 0) {
    // Left empty by the discriminator cleanup: nothing; empty on purpose: an object without properties.
    return discriminator ? null : <SchemaField name="" required={false} schemaName="object" schema={{}} />;
  }
  return propertyEdges(schema, schemaType, { discriminator, schemaPath });
}

/** One edge per property of `schema` (but `skip`), each knowing whether the schema requires it. */
function propertyEdges(schema: S, schemaType: EdgeProps['schemaType'], { discriminator, schemaPath, skip }: { discriminator: EdgeProps['discriminator']; schemaPath?: string; skip?: string }): ReactNode[] {
  return Object.entries<S>(schema.properties)
    .filter(([key]) => key !== skip)
    .map(([key, value]) => (
      <SchemaEdge
        key={key}
        name={key}
        schema={value}
        required={Array.isArray(schema.required) ? schema.required.includes(key) : false}
        discriminator={discriminator}
        schemaType={schemaType}
        schemaPath={schemaPath ? `${schemaPath}.${key}` : undefined}
      />
    ));
}

function PropertyDiscriminator({ name, schemaName, schema, schemaType, discriminator, required }: EdgeProps): ReactNode {
  if (!schema) return null;
  return (
    <>
      <div className="openapi-discriminator__item openapi-schema__list-item">
        <div>
          <span className="openapi-schema__container">
            <strong className="openapi-discriminator__name openapi-schema__property">{name}</strong>
            {schemaName && <span className="openapi-schema__name"> {schemaName}</span>}
            {required && <span className="openapi-schema__divider" />}
            {required && <span className="openapi-schema__required">{t('theme.openapi.schemaItem.required', 'required')}</span>}
          </span>
          <div style={{ marginLeft: '1rem' }}>
            {schema.description && <Text text={schema.description} />}
            <Values schema={discriminator} />
          </div>
          <DiscriminatorTabs className="openapi-tabs__discriminator">
            {Object.keys(discriminator.mapping).map((key, index) => (
              <TabItem key={index} label={key} value={`${index}-item-discriminator`}>
                {discriminator.mapping[key]?.description && (
                  <div style={{ marginLeft: '1rem' }}>
                    <Text text={discriminator.mapping[key].description} />
                  </div>
                )}
                <SchemaNode schema={discriminator.mapping[key]} schemaType={schemaType} />
              </TabItem>
            ))}
          </DiscriminatorTabs>
        </div>
      </div>
      {schema.properties && propertyEdges(schema, schemaType, { discriminator: false, skip: discriminator.propertyName })}
    </>
  );
}

function DiscriminatorNode({ discriminator, schema, schemaType }: NodeProps & { discriminator: S }): ReactNode {
  const property = findPropertyDeep(schema, discriminator.propertyName) ?? {};
  let variants: S = {};
  if (schema.allOf) {
    const merged = mergeAllOf(schema) as S;
    if (merged.oneOf || merged.anyOf) variants = merged.oneOf || merged.anyOf;
  } else if (schema.oneOf || schema.anyOf) {
    variants = schema.oneOf || schema.anyOf;
  }
  if (!discriminator.mapping) {
    const inferred: Record<string, S> = {};
    Object.values<S>(variants).forEach((variant, index) => {
      inferred[variant.title ?? `PROP${index}`] = variant;
    });
    discriminator.mapping = inferred;
  }
  // Each variant's discriminating property joins the parent's, shown once above the tabs.
  for (const key of Object.keys(discriminator.mapping)) {
    const variant = discriminator.mapping[key];
    const own = variant.properties || (variant.allOf ? (mergeAllOf(variant) as S).properties : undefined);
    const prop = own?.[discriminator.propertyName];
    if (!prop) continue;
    if (schema.properties) {
      schema.properties[discriminator.propertyName] = { ...schema.properties[discriminator.propertyName], ...prop };
      if (variant.required && !schema.required) schema.required = variant.required;
    } else {
      schema.properties = { [discriminator.propertyName]: prop };
    }
    delete own[discriminator.propertyName];
  }
  const name = discriminator.propertyName;
  return (
    <PropertyDiscriminator
      name={name}
      schemaName={getSchemaName(property)}
      schema={schema}
      schemaType={schemaType}
      discriminator={discriminator}
      required={Array.isArray(schema.required) ? schema.required.includes(name) : schema.required}
    />
  );
}

function AdditionalProperties({ schema, schemaType }: NodeProps): ReactNode {
  const extra = schema.additionalProperties;
  const name = 'property name*';
  if (!extra) return null;
  if (isCircularMarker(extra)) return <Leaf name={name} required={false} schemaName={extra} schema={extra} />;
  if (extra === true || isEmpty(extra)) return <SchemaField name={name} required={false} schemaName="any" schema={schema} />;
  if (extra.properties || extra.items || extra.allOf || extra.additionalProperties || extra.oneOf || extra.anyOf) {
    return (
      <SchemaNodeDetails
        name={name}
        schemaName={extra.title || getSchemaName(extra)}
        required={schema.required || false}
        nullable={schema.nullable}
        schema={extra}
        schemaType={schemaType}
      />
    );
  }
  if (['string', 'boolean', 'integer', 'number', 'object'].includes(extra.type)) return <Leaf name={name} required={false} schemaName={getSchemaName(extra)} schema={extra} />;
  return null;
}

/** A field that holds more fields: closed, it opens to them. */
function SchemaNodeDetails({ name, schemaName, schema, required, schemaType, schemaPath }: EdgeProps): ReactNode {
  return (
    <SchemaField collapsible>
      <Details className="openapi-markdown__details" open={false} summary={<Summary name={name} schemaName={schemaName} schema={schema} required={required} />}>
        <div style={{ marginLeft: '1rem' }}>
          {schema.description && <Text text={schema.description} />}
          <Values schema={schema} />
          <SchemaNode schema={schema} schemaType={schemaType} schemaPath={schemaPath} />
        </div>
      </Details>
    </SchemaField>
  );
}

function Items({ schema, schemaType, schemaPath }: NodeProps): ReactNode {
  if (isCircularMarker(schema.items)) {
    return (
      <div style={{ marginLeft: '.5rem' }}>
        <Open />
        <Leaf name="" schemaName={schema.items} schema={schema.items} />
        <Close />
      </div>
    );
  }
  const items = schema.items?.allOf ? (mergeAllOf(schema.items) as S) : schema.items;
  const choice = items?.oneOf || items?.anyOf;
  const path = schemaPath ? `${schemaPath}.items` : undefined;
  if (choice || items?.properties || items?.additionalProperties) {
    const folded = choice && items.properties;
    return (
      <>
        <Open />
        {choice && <AnyOneOf schema={folded ? foldSiblingsIntoBranches(items) : items} schemaType={schemaType} schemaPath={path} />}
        {!folded && items.properties && <Properties schema={items} schemaType={schemaType} schemaPath={path} />}
        {items.additionalProperties && <AdditionalProperties schema={items} schemaType={schemaType} />}
        <Close />
      </>
    );
  }
  if (['string', 'number', 'integer', 'boolean', 'object'].includes(items?.type)) {
    return (
      <div style={{ marginLeft: '.5rem' }}>
        <Open />
        <Leaf name="" schemaName={getSchemaName(items)} schema={items} />
        <Close />
      </div>
    );
  }
  return (
    <>
      <Open />
      {Object.entries<S>(items || {}).map(([key, value]) => (
        <SchemaEdge key={key} name={key} schema={value} schemaType={schemaType} required={Array.isArray(schema.required) ? schema.required.includes(key) : false} />
      ))}
      <Close />
    </>
  );
}

/** One property: a line, or details that open to its fields. */
function SchemaEdge({ name, schema, required, discriminator, schemaType, schemaPath }: EdgeProps): ReactNode {
  if (hidden(schema, schemaType)) return null;
  if (isCircularMarker(schema)) return <Leaf name={name} required={isRequired(required, name)} schemaName={schema} schema={schema} />;
  const schemaName = getSchemaName(schema);
  if (discriminator && discriminator.propertyName === name) {
    return <PropertyDiscriminator name={name} schemaName={schemaName} schema={schema} schemaType={schemaType} discriminator={discriminator} required={required} />;
  }
  const items = schema.items;
  if (schema.oneOf || schema.anyOf || schema.properties || schema.additionalProperties || items?.properties || items?.anyOf || items?.oneOf || items?.allOf || isCircularMarker(items)) {
    return <SchemaNodeDetails name={name} schemaName={schemaName} schemaType={schemaType} required={required} schema={schema} nullable={schema.nullable} schemaPath={schemaPath} />;
  }
  if (schema.allOf) {
    // A circular reference the plugin left as the only entry.
    if (schema.allOf.length === 1 && typeof schema.allOf[0] === 'string') {
      return <Leaf name={name} required={isRequired(required, name)} schemaName={schema.allOf[0]} schema={schema.allOf[0]} />;
    }
    const merged = mergeAllOf(schema) as S;
    if (hidden(merged, schemaType)) return null;
    const mergedName = getSchemaName(merged);
    if (merged.oneOf || merged.anyOf || merged.properties !== undefined || merged.items?.properties) {
      return <SchemaNodeDetails name={name} schemaName={mergedName} required={isRequired(required, name)} nullable={merged.nullable} schema={merged} schemaType={schemaType} schemaPath={schemaPath} />;
    }
    return <Leaf name={name} required={isRequired(required, name)} schemaName={mergedName} schema={merged} />;
  }
  return <Leaf name={name} required={isRequired(required, name)} schemaName={schemaName} schema={schema} />;
}

/** oneOf/anyOf, properties, additional properties and items of `schema`; properties beside a oneOf go into each of its variants. */
function Children({ schema, schemaType, schemaPath, wrap }: NodeProps & { wrap?: boolean }): ReactNode {
  const choice = Boolean(schema.oneOf || schema.anyOf);
  const folded = choice && schema.properties ? foldSiblingsIntoBranches(schema) : schema;
  const content = (
    <>
      {folded.oneOf && <AnyOneOf schema={folded} schemaType={schemaType} schemaPath={schemaPath} />}
      {folded.anyOf && <AnyOneOf schema={folded} schemaType={schemaType} schemaPath={schemaPath} />}
      {!choice && schema.properties && <Properties schema={schema} schemaType={schemaType} schemaPath={schemaPath} />}
      {!wrap && schema.additionalProperties && <AdditionalProperties schema={schema} schemaType={schemaType} />}
      {schema.items && <Items schema={schema} schemaType={schemaType} schemaPath={schemaPath} />}
    </>
  );
  return wrap ? <div>{content}</div> : content;
}

function SchemaNode({ schema, schemaType, schemaPath }: NodeProps): ReactNode {
  if (hidden(schema, schemaType)) return null;
  let working = schema;
  const discriminator = schema.discriminator ?? getDiscriminator(schema);
  if (schema.allOf && !schema.discriminator && discriminator) working = mergeAllOf(schema) as S;
  // A copy: the node fills in the mapping, which must not point back at a variant's own discriminator.
  if (!working.discriminator && discriminator) working.discriminator = { ...discriminator };
  if (working.discriminator) return <DiscriminatorNode discriminator={working.discriminator} schema={working} schemaType={schemaType} />;
  if (schema.allOf) {
    const merged = mergeAllOf(schema) as S;
    if (hidden(merged, schemaType)) return null;
    const choices = schema.allOf.filter((part: S) => part.oneOf || part.anyOf);
    if (choices.length > 1) {
      // Each choice on its own, then the shared properties.
      return (
        <div>
          {schema.allOf.map((part: S, index: number) =>
            part.oneOf || part.anyOf ? (
              <div key={index}>
                <AnyOneOf schema={part} schemaType={schemaType} schemaPath={schemaPath ? `${schemaPath}.allOf.${index}` : undefined} />
              </div>
            ) : null,
          )}
          {merged.properties && <Properties schema={merged} schemaType={schemaType} schemaPath={schemaPath} />}
          {merged.items && <Items schema={merged} schemaType={schemaType} schemaPath={schemaPath} />}
        </div>
      );
    }
    return <Children schema={merged} schemaType={schemaType} schemaPath={schemaPath} wrap />;
  }
  if (schema.type && !schema.oneOf && !schema.anyOf && !schema.properties && !schema.allOf && !schema.items && !schema.additionalProperties) {
    return <Leaf name={schema.type} required={Boolean(schema.required)} schemaName={getSchemaName(schema)} schema={schema} />;
  }
  return <Children schema={schema} schemaType={schemaType} schemaPath={schemaPath} />;
}

export default function Schema(props: NodeProps): ReactNode {
  const { schema, holes } = guardedSchema(props.schema);
  const { pathname } = useLocation();
  if (holes.length) reportHoles(pathname, props.schemaType, holes);
  return <SchemaNode {...props} schema={schema} />;
}

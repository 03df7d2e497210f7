/**
 * A request or response body: one tab per media type, in each its schema (./Schema) and its
 * examples (./ExampleTabs.tsx, as tabs beside it). Server-rendered: the fields
 * are in the static HTML. The schema is the one list item of the list it opens.
 */
import React, { type CSSProperties, type ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import Details from '@theme/Details';
import TabItem from '@site/lib/ui/Tabs/TabItem';
import type { MediaExamples } from './bodyExamples';
import { exampleTabs } from './ExampleTabs';
import Schema from './Schema';
import { MimeTabs, SchemaTabs } from './Tabs';
import { useMediaChoice, type Direction } from './mediaChoice';
import { BuiltHtml } from './schemaText';

type SchemaObject = Record<string, unknown> & { properties?: Record<string, unknown>; type?: string };
interface MediaType extends MediaExamples {
  schema?: SchemaObject;
}
export interface BodyProps {
  title: string;
  style?: CSSProperties;
  body?: { content?: Record<string, MediaType>; description?: string; required?: boolean | string[] };
}

const required = () => translate({ id: 'theme.openapi.schemaItem.required', message: 'required' });

function Fields({ schema, direction }: { schema: SchemaObject; direction: Direction }): ReactNode {
  return (
    <ul style={{ marginLeft: '1rem' }}>
      <li className="openapi-list-item">
        <Schema schema={schema} schemaType={direction} schemaPath={direction === 'request' ? 'requestBody' : undefined} />
      </li>
    </ul>
  );
}

function Description({ text }: { text?: string }): ReactNode {
  return (
    <div style={{ textAlign: 'left', marginLeft: '1rem' }}>
      {text && (
        <div style={{ marginTop: '1rem', marginBottom: '1rem' }}>
          <BuiltHtml html={text} />
        </div>
      )}
    </div>
  );
}

type BodyObject = NonNullable<BodyProps['body']>;

/** A body's fields under its heading, open, with the schema expansion control: request and response alike. */
function BodyDetails({ direction, heading, body, schema, style }: { direction: Direction; heading: ReactNode; body: BodyObject; schema: SchemaObject; style: BodyProps['style'] }): ReactNode {
  return (
    <Details
      className={`openapi-markdown__details ${direction === 'request' ? 'mime' : 'response'}`}
      data-collapsed={false}
      open
      style={style}
      summary={
        <summary className="openapi-markdown__details-summary--with-control">
          {heading}
        </summary>
      }
    >
      <Description text={body.description} />
      <Fields schema={schema} direction={direction} />
    </Details>
  );
}

/**
 * The request body's heading. The OpenAPI theme marks a required body differently when the body has
 * several media types (a <span>, no "array") than when it has one (a <strong>, and "array" for an
 * array schema); the page keeps both, so its text stays the theme's.
 */
function RequestDetails({ title, body, schema, style, several }: { title: string; body: BodyObject; schema: SchemaObject; style: BodyProps['style']; several: boolean }): ReactNode {
  const heading = (
    <h3 className="openapi-markdown__details-summary-header-body">
      {translate({ id: 'theme.openapi.request.body.title', message: title })}
      {!several && schema.type === 'array' && <span style={{ opacity: '0.6' }}> array</span>}
      {several
        ? body.required === true && <span className="openapi-schema__required">{required()}</span>
        : body.required && <strong className="openapi-schema__required">{required()}</strong>}
    </h3>
  );
  return <BodyDetails direction="request" heading={heading} body={body} schema={schema} style={style} />;
}

/** The request body, as the OpenAPI theme lays it out: one media type or several. */
export function RequestBody({ title, body, style }: BodyProps): ReactNode {
  const choice = useMediaChoice('request');
  const content = body?.content;
  if (!body || !content || Object.keys(body).length === 0 || Object.keys(content).length === 0) return null;
  const mimeTypes = Object.keys(content);
  if (mimeTypes.length > 1) {
    return (
      <MimeTabs className="openapi-tabs__mime" lazy {...choice}>
        {mimeTypes.map((mimeType) => {
          const media = content[mimeType];
          const schema = media?.schema;
          if (!schema || (schema.properties && Object.keys(schema.properties).length === 0)) return null;
          return (
            <TabItem key={mimeType} label={mimeType} value={mimeType}>
              <SchemaTabs className="openapi-tabs__schema">
                <TabItem key={title} label={title} value={title}>
                  <div style={{ marginTop: '1rem' }}>
                    <RequestDetails title={title} body={body} schema={schema} style={style} several />
                  </div>
                </TabItem>
                {exampleTabs('request', schema, media, mimeType)}
              </SchemaTabs>
            </TabItem>
          );
        })}
      </MimeTabs>
    );
  }
  const mimeType = mimeTypes[0];
  const media = content[mimeType];
  const schema = media?.schema ?? (media as SchemaObject | undefined);
  if (!schema) return null;
  return (
    <MimeTabs className="openapi-tabs__mime" {...choice}>
      <TabItem label={mimeType} value={`${mimeType}-schema`}>
        <SchemaTabs className="openapi-tabs__schema">
          <TabItem key={title} label={title} value={title}>
            <RequestDetails title={title} body={body} schema={schema} style={style} several={false} />
          </TabItem>
          {exampleTabs('request', schema, media, mimeType)}
        </SchemaTabs>
      </TabItem>
    </MimeTabs>
  );
}

/** A response's body: one tab per media type. */
export function ResponseBody({ title, body, style }: BodyProps): ReactNode {
  const choice = useMediaChoice('response');
  const content = body?.content;
  if (!body || !content || Object.keys(body).length === 0 || Object.keys(content).length === 0) return null;
  return (
    <MimeTabs className="openapi-tabs__mime" {...choice}>
      {Object.keys(content).map((mimeType) => {
        const media = content[mimeType];
        const schema = media?.schema;
        if (!schema || (schema.properties && Object.keys(schema.properties).length === 0)) {
          return (
            <TabItem key={mimeType} label={mimeType} value={mimeType}>
              <div>{translate({ id: 'theme.openapi.schema.noSchema', message: 'No schema' })}</div>
            </TabItem>
          );
        }
        return (
          <TabItem key={mimeType} label={mimeType} value={mimeType}>
            <SchemaTabs className="openapi-tabs__schema">
              <TabItem key={title} label={title} value={title}>
                <BodyDetails
                  direction="response"
                  heading={
                    <strong className="openapi-markdown__details-summary-response">
                      {title}
                      {body.required === true && <span className="openapi-schema__required">{required()}</span>}
                    </strong>
                  }
                  body={body}
                  schema={schema}
                  style={style}
                />
              </TabItem>
              {exampleTabs('response', schema, media, mimeType)}
            </SchemaTabs>
          </TabItem>
        );
      })}
    </MimeTabs>
  );
}

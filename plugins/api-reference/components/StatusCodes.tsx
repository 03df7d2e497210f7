/**
 * An operation's responses: a tab per status code with its description, its headers (closed) and
 * its body (./Body).
 */
import React, { type ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import Details from '@theme/Details';
import TabItem from '@site/lib/ui/Tabs/TabItem';
import { ResponseBody } from './Body';
import ResponseHeaders from './ResponseHeaders';
import { ApiTabs } from './Tabs';
import { BuiltHtml } from './schemaText';

interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, never>;
}

export default function StatusCodes({ label, id, responses }: { label?: string; id?: string; responses?: Record<string, Response> }): ReactNode {
  const codes = Object.keys(responses ?? {});
  if (!responses || codes.length === 0) return null;
  return (
    <ApiTabs label={label} id={id}>
      {codes.map((code) => {
        const { description, headers, content } = responses[code];
        return (
          <TabItem key={code} label={code} value={code}>
            <div>
              {description && (
                <div style={{ marginTop: '.5rem', marginBottom: '.5rem' }}>
                  <BuiltHtml html={description} />
                </div>
              )}
            </div>
            {headers && (
              <Details
                className="openapi-markdown__details"
                data-collapsed
                open={false}
                style={{ textAlign: 'left', marginBottom: '1rem' }}
                summary={
                  <summary>
                    <strong>{translate({ id: 'theme.openapi.statusCodes.responseHeaders', message: 'Response Headers' })}</strong>
                  </summary>
                }
              >
                <ResponseHeaders headers={headers} />
              </Details>
            )}
            <ResponseBody title={translate({ id: 'theme.openapi.statusCodes.schemaTitle', message: 'Schema' })} body={{ content }} />
          </TabItem>
        );
      })}
    </ApiTabs>
  );
}

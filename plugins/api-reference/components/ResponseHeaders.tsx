/**
 * A response's headers (./StatusCodes.tsx): each header, by name, drawn by the OpenAPI theme's
 * SchemaItem (its description, whether it is required or deprecated, its example and default) from
 * the header object itself, not open-able. As the theme's own ResponseHeaders, it gives SchemaItem
 * no type name: the theme names the header object's type, which an OpenAPI 3 header carries in its
 * `schema`, not beside it, so that name is always empty.
 */
import React, { type ReactNode } from 'react';
import SchemaItem from '@theme/SchemaItem';

export default function ResponseHeaders({ headers }: { headers: Record<string, unknown> }): ReactNode {
  return (
    <ul style={{ marginLeft: '1rem' }}>
      {Object.entries(headers).map(([name, header]) => (
        <SchemaItem key={name} name={name} collapsible={false} schemaName="" schema={header} discriminator={false}>
          {null}
        </SchemaItem>
      ))}
    </ul>
  );
}

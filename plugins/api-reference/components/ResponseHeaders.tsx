/**
 * A response's headers (./StatusCodes.tsx): each header, by name, a field line (./Field's
 * SchemaField: its description, whether it is required or deprecated, its example and default)
 * drawn from the header object itself, not open-able. As on the OpenAPI theme's pages, the line
 * names no type: an OpenAPI 3 header carries its type in its `schema`, not beside it.
 */
import React, { type ReactNode } from 'react';
import { SchemaField } from './Field';

export default function ResponseHeaders({ headers }: { headers: Record<string, unknown> }): ReactNode {
  return (
    <ul style={{ marginLeft: '1rem' }}>
      {Object.entries(headers).map(([name, header]) => (
        <SchemaField key={name} name={name} schemaName="" schema={header} />
      ))}
    </ul>
  );
}

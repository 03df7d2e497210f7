// Renders a body schema as an <li> where the theme places it straight inside a <ul> (see SchemaList).
import React, { type ComponentProps, type ReactNode } from 'react';
import Schema from '@theme-init/Schema';
import { SchemaInListContext, useSchemaInList } from '@theme/SchemaList';

export default function SchemaWrapper(props: ComponentProps<typeof Schema>): ReactNode {
  if (!useSchemaInList()) return <Schema {...props} />;
  return (
    <li className="openapi-list-item">
      <SchemaInListContext.Provider value={false}>
        <Schema {...props} />
      </SchemaInListContext.Provider>
    </li>
  );
}

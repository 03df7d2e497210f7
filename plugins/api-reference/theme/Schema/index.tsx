// Renders a body schema as an <li> where the theme places it straight inside a <ul> (see SchemaList).
import React, { type ComponentProps, type ReactNode } from 'react';
import Schema from '@theme-init/Schema';
import { SchemaInListContext, useSchemaInList } from '@theme/SchemaList';
import { withAgreeingAllOf } from './allOfGuard';

export default function SchemaWrapper(given: ComponentProps<typeof Schema>): ReactNode {
  const props = { ...given, schema: withAgreeingAllOf(given.schema) };
  if (!useSchemaInList()) return <Schema {...props} />;
  return (
    <li className="openapi-list-item">
      <SchemaInListContext.Provider value={false}>
        <Schema {...props} />
      </SchemaInListContext.Provider>
    </li>
  );
}

// Wraps the request body so its schema renders as a list item of the <ul> this component puts around it.
import React, { type ComponentProps, type ReactNode } from 'react';
import RequestSchema from '@theme-original/RequestSchema';
import { SchemaInListContext } from '@site/src/components/SchemaList';

export default function RequestSchemaWrapper(props: ComponentProps<typeof RequestSchema>): ReactNode {
  return (
    <SchemaInListContext.Provider value>
      <RequestSchema {...props} />
    </SchemaInListContext.Provider>
  );
}

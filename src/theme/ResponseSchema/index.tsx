// Wraps the response body so its schema renders as a list item of the <ul> this component puts around it.
import React, { type ComponentProps, type ReactNode } from 'react';
import ResponseSchema from '@theme-original/ResponseSchema';
import { SchemaInListContext } from '@site/src/components/SchemaList';

export default function ResponseSchemaWrapper(props: ComponentProps<typeof ResponseSchema>): ReactNode {
  return (
    <SchemaInListContext.Provider value>
      <ResponseSchema {...props} />
    </SchemaInListContext.Provider>
  );
}

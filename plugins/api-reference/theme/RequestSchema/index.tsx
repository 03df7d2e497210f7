// Wraps the request body so its schema renders as a list item of the <ul> this component puts around it, and is server-rendered (the theme's is browser-only).
import React, { type ComponentProps, type ReactNode } from 'react';
import RequestSchema from '@theme-init/RequestSchema';
import { SchemaInListContext } from '@theme/SchemaList';
import { renderOnServerToo } from '../../unwrap/serverRendered';

export default function RequestSchemaWrapper(props: ComponentProps<typeof RequestSchema>): ReactNode {
  return <SchemaInListContext.Provider value>{renderOnServerToo(RequestSchema, props)}</SchemaInListContext.Provider>;
}

// Wraps the response body so its schema renders as a list item of the <ul> this component puts around it, and is server-rendered (the theme's is browser-only).
import React, { type ComponentProps, type ReactNode } from 'react';
import ResponseSchema from '@theme-init/ResponseSchema';
import { SchemaInListContext } from '@theme/SchemaList';
import { renderOnServerToo } from '../../unwrap/serverRendered';

export default function ResponseSchemaWrapper(props: ComponentProps<typeof ResponseSchema>): ReactNode {
  return <SchemaInListContext.Provider value>{renderOnServerToo(ResponseSchema, props)}</SchemaInListContext.Provider>;
}

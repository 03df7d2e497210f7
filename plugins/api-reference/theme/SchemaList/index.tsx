import { createContext, useContext } from 'react';

/**
 * True where the OpenAPI theme renders a schema directly inside a <ul> (request and response
 * bodies). The wrapped Schema then renders as an <li>, so the list holds only list items.
 */
export const SchemaInListContext = createContext(false);

export const useSchemaInList = (): boolean => useContext(SchemaInListContext);

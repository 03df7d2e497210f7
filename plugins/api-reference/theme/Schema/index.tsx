// Renders a body schema as an <li> where the theme places it straight inside a <ul> (see SchemaList),
// guarded (./allOfGuard): a place that holds no schema the theme can read shows a note, never a crash,
// and the build warns naming the page and the place.
import React, { type ComponentProps, type ReactNode } from 'react';
import Schema from '@theme-init/Schema';
import { useLocation } from '@docusaurus/router';
import { SchemaInListContext, useSchemaInList } from '@theme/SchemaList';
import { guardedSchema } from './allOfGuard';

/** Each page's holes once, while the build renders it (never in the browser). */
const reported = new Set<string>();
function reportHoles(page: string, kind: string | undefined, holes: string[]) {
  if (typeof window !== 'undefined') return;
  for (const hole of holes) {
    const where = `${page}: the ${kind ? `${kind} ` : ''}schema at ${hole || '(its root)'}`;
    if (reported.has(where)) continue;
    reported.add(where);
    console.warn(`[WARNING] ${where} cannot be shown; the page shows the rest and says so there`);
  }
}

export default function SchemaWrapper(given: ComponentProps<typeof Schema>): ReactNode {
  const { schema, holes } = guardedSchema(given.schema);
  const { pathname } = useLocation();
  if (holes.length) reportHoles(pathname, (given as { schemaType?: string }).schemaType, holes);
  const props = { ...given, schema };
  if (!useSchemaInList()) return <Schema {...props} />;
  return (
    <li className="openapi-list-item">
      <SchemaInListContext.Provider value={false}>
        <Schema {...props} />
      </SchemaInListContext.Provider>
    </li>
  );
}

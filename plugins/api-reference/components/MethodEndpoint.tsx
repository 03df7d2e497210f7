/**
 * The method-and-path box under an operation's title. A <div>, not the OpenAPI theme's <pre>
 * (which may not hold the path's <h2>), and the path in the document's notation,
 * /v1/projects/{project_id}, as every other page writes it.
 */
import React, { type ReactNode } from 'react';

/** The badge colour of each method (the theme's Infima badge classes). */
const COLOR: Record<string, string> = { get: 'primary', post: 'success', delete: 'danger', put: 'info', patch: 'warning', head: 'secondary', event: 'secondary' };

export default function MethodEndpoint({ method, path }: { method: string; path: string; context?: string }): ReactNode {
  return (
    <>
      <div className="openapi__method-endpoint">
        <span className={`badge badge--${COLOR[method.toLowerCase()] ?? 'undefined'}`}>{method === 'event' ? 'Webhook' : method.toUpperCase()}</span>{' '}
        {method !== 'event' && <h2 className="openapi__method-endpoint-path">{path}</h2>}
      </div>
      <div className="openapi__divider" />
    </>
  );
}

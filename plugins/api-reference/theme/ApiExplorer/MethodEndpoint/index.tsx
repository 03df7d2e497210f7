// Renders the method-and-path box as a <div>: the theme's <pre> may not contain the path's <h2> (invalid nesting).
// The path keeps the document's notation, /v1/projects/{project_id}, as every other page writes it
// (the theme rewrites it to /v1/projects/:project_id).
import { Children, cloneElement, isValidElement, type ComponentProps, type ReactNode } from 'react';
import MethodEndpoint from '@theme-init/ApiExplorer/MethodEndpoint';
import { retag } from '../../../../fast-hydration/unwrap/retag';

type Props = ComponentProps<typeof MethodEndpoint>;

export default function MethodEndpointWrapper(props: Props): ReactNode {
  // The original is a plain function component; calling it keeps its hooks in this component's render.
  const rendered = (MethodEndpoint as unknown as (p: Props) => ReactNode)(props);
  const colon = props.path.replace(/{([a-z0-9-_]+)}/gi, ':$1');
  return documentPath(retag(rendered, 'pre', 'div', (p) => String(p.className ?? '').includes('openapi__method-endpoint')), colon, props.path);
}

/** `node` with every text child equal to `colon` (the theme's notation of the path) written as `path`. */
function documentPath(node: ReactNode, colon: string, path: string): ReactNode {
  if (node === colon) return path;
  if (!isValidElement<{ children?: ReactNode }>(node) || node.props.children === undefined) return node;
  const children = Children.toArray(node.props.children).map((child) => documentPath(child, colon, path));
  return cloneElement(node, undefined, ...children);
}

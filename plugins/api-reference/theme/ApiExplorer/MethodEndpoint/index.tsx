// Renders the method-and-path box as a <div>: the theme's <pre> may not contain the path's <h2> (invalid nesting).
import { type ComponentProps, type ReactNode } from 'react';
import MethodEndpoint from '@theme-init/ApiExplorer/MethodEndpoint';
import { retag } from '../../../../fast-hydration/unwrap/retag';

type Props = ComponentProps<typeof MethodEndpoint>;

export default function MethodEndpointWrapper(props: Props): ReactNode {
  // The original is a plain function component; calling it keeps its hooks in this component's render.
  const rendered = (MethodEndpoint as unknown as (p: Props) => ReactNode)(props);
  return retag(rendered, 'pre', 'div', (p) => String(p.className ?? '').includes('openapi__method-endpoint'));
}

// Renders each code line as a block <span>: Docusaurus 3.10 uses a <div>, which <code> may not contain (invalid nesting).
import { type ComponentProps, type ReactNode } from 'react';
import Line from '@theme-init/CodeBlock/Line';
import { retag } from '../../../unwrap/retag';

type Props = ComponentProps<typeof Line>;

export default function LineWrapper(props: Props): ReactNode {
  // The original is a hook-free function component returning the line's <div>.
  const rendered = (Line as unknown as (p: Props) => ReactNode)(props);
  return retag(rendered, 'div', 'span');
}

// Server-renders the parameters: the theme's version is browser-only, so pages without JavaScript showed none.
import { type ComponentProps, type ReactNode } from 'react';
import ParamsDetails from '@theme-original/ParamsDetails';
import { renderOnServerToo } from '@site/src/components/ServerRendered';

export default function ParamsDetailsWrapper(props: ComponentProps<typeof ParamsDetails>): ReactNode {
  return renderOnServerToo(ParamsDetails, props);
}

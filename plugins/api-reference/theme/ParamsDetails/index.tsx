// Server-renders the parameters: the theme's version is browser-only, so pages without JavaScript showed none.
import { type ComponentProps, type ReactNode } from 'react';
import ParamsDetails from '@theme-init/ParamsDetails';
import { renderOnServerToo } from '../../unwrap/serverRendered';

export default function ParamsDetailsWrapper(props: ComponentProps<typeof ParamsDetails>): ReactNode {
  return renderOnServerToo(ParamsDetails, props);
}

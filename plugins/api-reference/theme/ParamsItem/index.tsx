// Wraps each parameter in an <li>: the theme renders them straight into a <ul> (invalid nesting, an axe "list" violation).
import React, { type ComponentProps, type ReactNode } from 'react';
import ParamsItem from '@theme-init/ParamsItem';

export default function ParamsItemWrapper(props: ComponentProps<typeof ParamsItem>): ReactNode {
  return (
    <li className="openapi-list-item">
      <ParamsItem {...props} />
    </li>
  );
}

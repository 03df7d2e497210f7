import React, { isValidElement, type ComponentType, type ReactNode } from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';

/**
 * The OpenAPI theme wraps ParamsDetails, RequestSchema and ResponseSchema in <BrowserOnly>, so the
 * static HTML holds only a skeleton: no parameters or body fields without JavaScript, and none in
 * the search index. They render from their props alone, so this renders the theme's inner
 * component on the server too (the same markup on both sides, so hydration matches).
 * The theme's outer component is a hook-free function returning <BrowserOnly>{() => inner}</BrowserOnly>;
 * if a new version changes that shape, the original renders unchanged.
 */
export function renderOnServerToo<P extends object>(Original: ComponentType<P>, props: P): ReactNode {
  const element = typeof Original === 'function' ? (Original as (p: P) => ReactNode)(props) : null;
  if (isValidElement<{ children?: unknown }>(element) && element.type === BrowserOnly && typeof element.props.children === 'function') {
    return (element.props.children as () => ReactNode)();
  }
  return <Original {...props} />;
}

import { cloneElement, isValidElement, useId, type ComponentType, type ReactNode } from 'react';
import { linkTabPanels } from '../theme/TabItem/linkTabPanels';

/**
 * The OpenAPI theme's Tabs (guides' tabs; it replaces Docusaurus's) remounts its content after hydration
 * (a key on "is browser", a workaround for facebook/docusaurus#5653), so every code block inside is
 * rendered and highlighted twice while the page starts. Its layout effect already restores the
 * reader's stored or linked tab, so this returns the original's element with a constant key.
 * The original must be a function component that returns one keyed element (it does); its
 * hooks run as this wrapper's. It also gives each tab the id its panel is labelled by (linkTabPanels).
 */
export function keepMounted<P extends object>(Original: ComponentType<P>, name: string): ComponentType<P> {
  function KeptMounted(props: P): ReactNode {
    const rendered = (Original as unknown as (p: P) => ReactNode)(linkTabPanels(props, useId()));
    return isValidElement(rendered) ? cloneElement(rendered, { key: 'mounted' }) : rendered;
  }
  KeptMounted.displayName = `KeepMounted(${name})`;
  return KeptMounted;
}

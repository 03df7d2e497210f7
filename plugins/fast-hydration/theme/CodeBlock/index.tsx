// Replaces CodeBlock only to drop its remount after hydration (a key on "is browser"), which highlights every block a second time; it is kept when the Prism theme differs between colour modes, its reason to exist.
import React, { isValidElement, type ComponentProps, type ReactNode } from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import siteConfig from '@generated/docusaurus.config';
import type CodeBlockType from '@theme-init/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

type Props = ComponentProps<typeof CodeBlockType>;

const { prism } = siteConfig.themeConfig as { prism: { theme?: unknown; darkTheme?: unknown } };
/** One Prism theme for both colour modes: the server's highlighting is already the right one. */
const SAME_THEME_IN_BOTH_MODES = !prism.darkTheme || JSON.stringify(prism.darkTheme) === JSON.stringify(prism.theme);

function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) return children;
  // The children are now one or more plain strings.
  return Array.isArray(children) ? children.join('') : children;
}

/** The original's body: string or element content, under an optional key. */
function renderContent({ children: rawChildren, ...props }: Props, key?: string): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  const Content = typeof children === 'string' ? StringContent : ElementContent;
  return (
    <Content key={key} {...props}>
      {children as string}
    </Content>
  );
}

/** One Prism theme: render as Docusaurus does, minus the remount (and without re-rendering when useIsBrowser flips). */
function CodeBlockOneTheme(props: Props): ReactNode {
  return renderContent(props);
}

/** Different themes per colour mode: Docusaurus's remount after hydration, to apply the right one. */
function CodeBlockRemount(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  return renderContent(props, String(isBrowser));
}

export default SAME_THEME_IN_BOTH_MODES ? CodeBlockOneTheme : CodeBlockRemount;

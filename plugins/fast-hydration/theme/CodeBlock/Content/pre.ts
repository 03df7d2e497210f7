/**
 * The attributes the theme's Content gives its <pre> (tab stop, classes, Prism theme colours, the
 * word-wrap ref), for the <pre>s this folder renders in its place: the kept server HTML (./index.tsx)
 * and the unhighlighted stand-in while Prism loads (./Highlighted.browser.tsx).
 */
import type { CSSProperties, Ref } from 'react';
import clsx from 'clsx';
import { usePrismTheme } from '@docusaurus/theme-common';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
// The original's stylesheet, so these <pre>s carry exactly the classes the server rendered.
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

export interface PreProps {
  ref: Ref<HTMLPreElement>;
  tabIndex: number;
  className: string;
  style: CSSProperties;
}

export function useOriginalPreProps(className: string | undefined): PreProps {
  const { metadata, wordWrap } = useCodeBlockContext();
  const theme = usePrismTheme();
  return {
    ref: wordWrap.codeBlockRef,
    // As the original: scrollable code is focusable.
    tabIndex: 0,
    className: clsx(className, `prism-code language-${metadata.language.toLowerCase()}`, styles.codeBlock, 'thin-scrollbar'),
    style: theme.plain,
  };
}

export { styles as originalStyles };

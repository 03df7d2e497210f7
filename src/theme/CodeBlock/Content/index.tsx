// Hydrates server-highlighted code as it is instead of highlighting it again: on long pages Prism re-tokenizing every block was most of the main-thread time before the page answers.
import React, { useState, type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import { usePrismTheme } from '@docusaurus/theme-common';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import type Content from '@theme-original/CodeBlock/Content';
import Highlighted from './Highlighted';
import { isHydrating } from '@site/src/client/hydration';
// The original's stylesheet, so the kept <pre> carries exactly the classes the server rendered.
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

type Props = ComponentProps<typeof Content>;

/**
 * During hydration (the first render in the browser of a server-rendered page) this renders the
 * original's <pre> with the same attributes and an empty dangerouslySetInnerHTML: React keeps the
 * server's highlighted lines without rendering them. The block stays that way for the life of the
 * component (its code never changes in place); blocks mounted later — client-side navigation,
 * lazily shown content — render through the original and highlight in the browser, which loads
 * Prism for them on first use (./Highlighted.browser.tsx).
 */
export default function ContentWrapper(props: Props): ReactNode {
  // Decided once, when the block first renders.
  const [keepServerHtml] = useState(isHydrating);
  const { metadata, wordWrap } = useCodeBlockContext();
  const theme = usePrismTheme();
  if (!keepServerHtml) return <Highlighted {...props} />;
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- as the original: scrollable code is focusable
      tabIndex={0}
      className={clsx(props.className, `prism-code language-${metadata.language.toLowerCase()}`, styles.codeBlock, 'thin-scrollbar')}
      style={theme.plain}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  );
}

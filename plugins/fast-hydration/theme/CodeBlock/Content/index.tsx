// Hydrates server-highlighted code as it is instead of highlighting it again: on long pages Prism re-tokenizing every block was most of the main-thread time before the page answers.
import React, { useState, type ComponentProps, type ReactNode } from 'react';
import type Content from '@theme-init/CodeBlock/Content';
import Highlighted from './Highlighted';
import { useOriginalPreProps } from './pre';
import { isHydrating } from '../../../client/hydration';

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
  const pre = useOriginalPreProps(props.className);
  if (!keepServerHtml) return <Highlighted {...props} />;
  return <pre {...pre} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: '' }} />;
}

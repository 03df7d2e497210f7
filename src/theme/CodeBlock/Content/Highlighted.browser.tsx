/**
 * Browser build of Highlighted.tsx (swapped in by plugins/lazy-prism): the theme's Content and
 * Prism's grammars load on first use, and until then the code shows unhighlighted in the same box.
 * Hydrating pages never get here: ./index.tsx keeps the server's highlighted HTML.
 */
import React, { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import clsx from 'clsx';
import { usePrismTheme } from '@docusaurus/theme-common';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import type Content from '@theme-original/CodeBlock/Content';
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

type Props = ComponentProps<typeof Content>;

const Loaded = lazy(() => import(/* webpackChunkName: "prism" */ './load'));

function Unhighlighted({ className }: Props): ReactNode {
  const { metadata, wordWrap } = useCodeBlockContext();
  const theme = usePrismTheme();
  return (
    <pre
      ref={wordWrap.codeBlockRef}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- as the original: scrollable code is focusable
      tabIndex={0}
      className={clsx(className, `prism-code language-${metadata.language.toLowerCase()}`, styles.codeBlock, 'thin-scrollbar')}
      style={theme.plain}
    >
      <code className={styles.codeBlockLines}>{metadata.code}</code>
    </pre>
  );
}

export default function Highlighted(props: Props): ReactNode {
  return (
    <Suspense fallback={<Unhighlighted {...props} />}>
      <Loaded {...props} />
    </Suspense>
  );
}

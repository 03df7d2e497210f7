/**
 * Browser build of Highlighted.tsx (swapped in by REPLACEMENTS in ../../../index.ts): the theme's Content and
 * Prism's grammars load on first use, and until then the code shows unhighlighted in the same box.
 * Hydrating pages never get here: ./index.tsx keeps the server's highlighted HTML.
 */
import React, { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { useCodeBlockContext } from '@docusaurus/theme-common/internal';
import type Content from '@theme-init/CodeBlock/Content';
import { originalStyles, useOriginalPreProps } from './pre';

type Props = ComponentProps<typeof Content>;

const Loaded = lazy(() => import(/* webpackChunkName: "prism" */ './load'));

function Unhighlighted({ className }: Props): ReactNode {
  const { metadata } = useCodeBlockContext();
  const pre = useOriginalPreProps(className);
  return (
    <pre {...pre}>
      <code className={originalStyles.codeBlockLines}>{metadata.code}</code>
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

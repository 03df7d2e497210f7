// Replaces the theme's ApiItem: renders build-time code samples server-side instead of the in-browser explorer.
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { DocProvider } from '@docusaurus/plugin-content-docs/client';
import { HtmlClassNameProvider } from '@docusaurus/theme-common';
import type { Props } from '@theme/DocItem';
import DocItemMetadata from '@theme/DocItem/Metadata';
import Layout from '@theme/ApiItem/Layout';
import CodeBlock from '@theme/CodeBlock';
import { SchemaExpansionProvider } from '@theme/SchemaExpansion';
import { ApiStoreContext, createApiStore } from '@theme/ApiItem/store';
import { HighlightsContext, type HighlightsLoader } from '../../../code-blocks/context';
import type { CodeSample } from '../../samples';
import CodeSamples from './CodeSamples';

interface ApiFrontMatter {
  schema?: boolean;
  sample?: unknown;
  title?: string;
}

/**
 * What the theme's page components keep in a store: the media-type tabs and schema variant
 * choices (./store). Nothing is sent from these pages, so the theme's auth, server and request
 * state, its request builder and crypto-js stay out of the bundle.
 */
const store = createApiStore();

function TwoColumns({ left, right, className }: { left: ReactNode; right: ReactNode; className?: string }) {
  return (
    <div className={clsx('row', 'theme-api-markdown')}>
      <div className={clsx('col col--7 openapi-left-panel__container', className)}>{left}</div>
      <div className="col col--5 openapi-right-panel__container">{right}</div>
    </div>
  );
}

export default function ApiItem(props: Props): ReactNode {
  const MDXComponent = props.content;
  const frontMatter = MDXComponent.frontMatter as ApiFrontMatter;
  // An operation page's module exports its samples (page.mustache says why not in front matter).
  // And a lazy import of its code highlighted at build time (../../highlights.ts), for the code blocks.
  const { codeSamples, highlights } = MDXComponent as { codeSamples?: CodeSample[]; highlights?: HighlightsLoader };
  let body: ReactNode;
  if (codeSamples) {
    body = <TwoColumns left={<MDXComponent />} right={<CodeSamples samples={codeSamples} />} />;
  } else if (frontMatter.schema) {
    body = (
      <TwoColumns
        className="schema"
        left={<MDXComponent />}
        right={
          <CodeBlock language="json" title={`${frontMatter.title ?? 'Schema'} example`}>
            {JSON.stringify(frontMatter.sample, null, 2)}
          </CodeBlock>
        }
      />
    );
  } else {
    body = (
      <div className="row">
        <div className="col col--12 markdown">
          <MDXComponent />
        </div>
      </div>
    );
  }
  return (
    <DocProvider content={props.content}>
      <HtmlClassNameProvider className={`docs-doc-id-${props.content.metadata.id}`}>
        <DocItemMetadata />
        <Layout>
          <ApiStoreContext.Provider value={store}>
            <SchemaExpansionProvider>
              <HighlightsContext.Provider value={highlights}>{body}</HighlightsContext.Provider>
            </SchemaExpansionProvider>
          </ApiStoreContext.Provider>
        </Layout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}

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
import type { CodeSample } from '../../samples';
import CodeSamples from './CodeSamples';

interface ApiFrontMatter {
  code_samples?: CodeSample[];
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

/** The page's source is the OpenAPI document (the docs instance's editUrl), not its generated file. */
function SourceLink({ href }: { href?: string | null }): ReactNode {
  if (!href) return null;
  return (
    <p className="api-source-link margin-top--lg">
      <a href={href} target="_blank" rel="noopener noreferrer">
        View this page's source in the OpenAPI document
      </a>
    </p>
  );
}

export default function ApiItem(props: Props): ReactNode {
  const MDXComponent = props.content;
  const { editUrl } = MDXComponent.metadata;
  // Without its editUrl, the page footer shows no "Edit this page": SourceLink says where the page comes from.
  const { frontMatter: fm, toc, assets, contentTitle, metadata } = MDXComponent;
  const doc = { metadata: { ...metadata, editUrl: undefined }, frontMatter: fm, toc, assets, contentTitle } as Props['content'];
  const frontMatter = MDXComponent.frontMatter as ApiFrontMatter;
  let body: ReactNode;
  if (frontMatter.code_samples) {
    body = <TwoColumns left={<MDXComponent />} right={<CodeSamples samples={frontMatter.code_samples} />} />;
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
    <DocProvider content={doc}>
      <HtmlClassNameProvider className={`docs-doc-id-${props.content.metadata.id}`}>
        <DocItemMetadata />
        <Layout>
          <ApiStoreContext.Provider value={store}>
            <SchemaExpansionProvider>{body}</SchemaExpansionProvider>
            <SourceLink href={editUrl} />
          </ApiStoreContext.Provider>
        </Layout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}

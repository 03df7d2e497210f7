/**
 * The page of every generated API document (the API docs instance's `docItemComponent`): the
 * Markdown on the left and, beside it, the operation's build-time code samples (./CodeSamples) or
 * the schema's example; the info page in one column. The OpenAPI theme's ApiItem builds an
 * in-browser request explorer and its Redux store instead; nothing is sent from these pages.
 */
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { DocProvider } from '@docusaurus/plugin-content-docs/client';
import { HtmlClassNameProvider } from '@docusaurus/theme-common';
import type { Props } from '@theme/DocItem';
import DocItemMetadata from '@theme/DocItem/Metadata';
import CodeBlock from '@theme/CodeBlock';
import { HighlightsContext, type HighlightsLoader } from '../../../lib/code/context';
import type { CodeSample } from '../../../lib/openapi/samples';
import ApiLayout from './ApiLayout';
import CodeSamples from './CodeSamples';
import { MediaChoiceProvider } from './mediaChoice';

interface ApiFrontMatter {
  schema?: boolean;
  sample?: unknown;
  title?: string;
}

function TwoColumns({ left, right, className }: { left: ReactNode; right: ReactNode; className?: string }) {
  return (
    <div className={clsx('row', 'theme-api-markdown')}>
      <div className={clsx('col col--7 openapi-left-panel__container', className)}>{left}</div>
      <div className="col col--5 openapi-right-panel__container">{right}</div>
    </div>
  );
}

export default function ApiPage(props: Props): ReactNode {
  const MDXComponent = props.content;
  const frontMatter = MDXComponent.frontMatter as ApiFrontMatter;
  // An operation page's module exports its samples (page.mustache says why not in front matter).
  // And a lazy import of its code highlighted at build time (../highlights.ts), for the code blocks.
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
        <ApiLayout>
          <MediaChoiceProvider>
            <HighlightsContext.Provider value={highlights}>{body}</HighlightsContext.Provider>
          </MediaChoiceProvider>
        </ApiLayout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}

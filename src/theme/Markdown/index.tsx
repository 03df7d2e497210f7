// Replaces the OpenAPI theme's runtime Markdown (react-markdown + remark-gfm + rehype-raw, ~90 KB gzip) with a small renderer that tests/unit/markdown.test.ts holds to the same output.
import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import { renderMarkdown, type MarkdownComponents } from '@site/src/components/Markdown/render';

const components: MarkdownComponents = {
  // Internal links navigate within the app; Link marks external ones as the rest of the site does.
  link: ({ href, title, children }) => (
    <Link to={href} title={title}>
      {children}
    </Link>
  ),
  // As the theme did: a fenced block with a language is a highlighted CodeBlock, without one plain code.
  codeBlock: ({ language, code }) =>
    language ? (
      <CodeBlock language={language}>{code.replace(/\n$/, '')}</CodeBlock>
    ) : (
      <div>
        <code>{code}</code>
      </div>
    ),
};

export default function Markdown({ children }: { children?: string }): ReactNode {
  if (typeof children !== 'string' || children === '') return null;
  return <>{renderMarkdown(children, components)}</>;
}

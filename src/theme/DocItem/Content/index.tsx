// Adds the page menu (copy, view or open the page's Markdown twin in an assistant) above every doc page's content.
import React, { type ComponentProps, type ReactNode } from 'react';
import Content from '@theme-original/DocItem/Content';
import PageMarkdown from '@site/src/components/PageMarkdown';

export default function ContentWrapper(props: ComponentProps<typeof Content>): ReactNode {
  return (
    <>
      <PageMarkdown />
      <Content {...props} />
    </>
  );
}

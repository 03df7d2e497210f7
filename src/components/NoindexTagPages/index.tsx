// The docs tag pages list the maintainer handbook's pages only (docs/intro.md's tag): they are noindex, as
// those pages are. The docs plugin's docTagsListComponent and docTagDocListComponent options name these.
import type { ComponentType } from 'react';
import Head from '@docusaurus/Head';

export function withNoindex<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function NoindexPage(props: P) {
    return (
      <>
        <Head>
          <meta name="robots" content="noindex" />
        </Head>
        <Page {...props} />
      </>
    );
  };
}

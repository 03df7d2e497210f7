/**
 * The frame of an API page, around ./ApiPage.tsx's content: theme-classic's doc page pieces (the
 * version banner and badge, breadcrumbs, the table of contents where the page has one, the footer
 * and the previous/next links), laid out as theme-classic's DocItem/Layout lays them out but for
 * one thing: on a schema page, whose content is two columns, the footer and the links stay under
 * the left column (7 of 12) rather than under both.
 */
import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import { useWindowSize } from '@docusaurus/theme-common';
import ContentVisibility from '@theme/ContentVisibility';
import DocBreadcrumbs from '@theme/DocBreadcrumbs';
import DocItemContent from '@theme/DocItem/Content';
import DocItemFooter from '@theme/DocItem/Footer';
import DocItemPaginator from '@theme/DocItem/Paginator';
import DocItemTOCDesktop from '@theme/DocItem/TOC/Desktop';
import DocItemTOCMobile from '@theme/DocItem/TOC/Mobile';
import DocVersionBadge from '@theme/DocVersionBadge';
import DocVersionBanner from '@theme/DocVersionBanner';
import styles from './ApiLayout.module.css';

/** A row holding one column: 7 of 12 on a schema page, the whole width otherwise. */
function UnderContent({ schema, children }: { schema: boolean; children: ReactNode }): ReactNode {
  return (
    <div className="row">
      <div className={clsx('col', schema ? 'col--7' : 'col--12')}>{children}</div>
    </div>
  );
}

export default function ApiLayout({ children }: { children: ReactNode }): ReactNode {
  const { metadata, frontMatter, toc } = useDoc();
  const windowSize = useWindowSize();
  // Operation and schema pages hide theirs (page.mustache, schema.mustache); the info page has one.
  const tocHidden = Boolean(frontMatter.hide_table_of_contents);
  const hasToc = !tocHidden && toc.length > 0;
  // Rendered on the server and on wide screens; the mobile one is a collapsible at the top.
  const desktopToc = hasToc && (windowSize === 'desktop' || windowSize === 'ssr');
  const schema = Boolean((frontMatter as { schema?: boolean }).schema);
  return (
    <div className="row">
      <div className={clsx('col', !tocHidden && styles.docItemCol)}>
        <ContentVisibility metadata={metadata} />
        <DocVersionBanner />
        <div className={styles.docItemContainer}>
          <article>
            <DocBreadcrumbs />
            <DocVersionBadge />
            {hasToc && <DocItemTOCMobile />}
            <DocItemContent>{children}</DocItemContent>
            <UnderContent schema={schema}>
              <DocItemFooter />
            </UnderContent>
          </article>
          <UnderContent schema={schema}>
            <DocItemPaginator />
          </UnderContent>
        </div>
      </div>
      {desktopToc && (
        <div className="col col--3">
          <DocItemTOCDesktop />
        </div>
      )}
    </div>
  );
}

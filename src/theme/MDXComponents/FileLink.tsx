/**
 * A Markdown link, as theme-classic draws it, except where it points to a file of this site that
 * is no page: the OpenAPI document, the Postman collection, a page's Markdown twin, llms.txt
 * (`/openapi.yaml`, `/api/create-project.md`). The site's router knows no such path, so its link
 * would open the not-found page in place of the file, and the build would report it as broken (the
 * files are written after the pages). Those are plain links: the browser fetches the file.
 * plugins/site-meta/link-check and tests/site check that every such file exists in the build.
 */
import React, { type ComponentProps, type ReactNode } from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import { isSiteFile } from '@site/lib/ui/Static/links';

const ThemeLink = MDXComponents.a;


type Props = ComponentProps<'a'> & { 'data-noBrokenLinkCheck'?: boolean };

export default function FileLink(props: Props): ReactNode {
  if (!isSiteFile(props.href)) return <ThemeLink {...props} />;
  // The MDX loader marks the files it bundles (`/assets/files/…`) for Link alone: not an attribute of the page.
  const { 'data-noBrokenLinkCheck': _unchecked, ...rest } = props;
  return <a {...rest} />;
}

/**
 * The API's logo on the info page, from the document's `x-logo` and `x-dark-logo` ({ url, altText }):
 * one image per colour mode, each standing in for the other where the document gives one only.
 * Written after the OpenAPI theme 5.2's ApiLogo (lib/theme/ApiLogo/index.js), whose markup it keeps.
 */
import React from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import ThemedImage from '@theme/ThemedImage';

interface Logo {
  url?: string;
  altText?: string;
}

export default function ApiLogo({ logo, darkLogo }: { logo?: Logo; darkLogo?: Logo }): React.JSX.Element | null {
  const light = useBaseUrl(logo?.url ?? darkLogo?.url ?? '');
  const dark = useBaseUrl(darkLogo?.url ?? logo?.url ?? '');
  if (!logo?.url && !darkLogo?.url) return null;
  return <ThemedImage className="openapi__logo" alt={logo?.altText ?? darkLogo?.altText ?? ''} sources={{ light, dark }} />;
}

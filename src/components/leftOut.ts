import type { DocusaurusConfig } from '@docusaurus/types';

/** The Emissary-only page kinds the site leaves out (`customFields.leftOut`, set by docusaurus.config.ts from SITE_CONFIG `pages`). */
export function leftOut(siteConfig: DocusaurusConfig): string[] {
  const value = siteConfig.customFields?.leftOut;
  return Array.isArray(value) ? (value as string[]) : [];
}

// Replaces the announcement bar with nothing: the site has none, and the original's code would otherwise ship in every page's startup bundle.
import type { ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

export default function AnnouncementBar(): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  if (siteConfig.themeConfig.announcementBar) {
    // Fails the build (server rendering) instead of silently dropping a configured bar.
    throw new Error('themeConfig.announcementBar is set: delete plugins/fast-hydration/theme/AnnouncementBar to show it.');
  }
  return null;
}

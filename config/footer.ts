import type { Footer } from '@docusaurus/theme-common';

const SITE = 'https://www.withemissary.com';

export const footer = {
  style: 'dark',
  links: [
    {
      title: 'Follow Us',
      items: [
        { label: 'X', href: 'https://x.com/withemissary' },
        { label: 'LinkedIn', href: 'https://www.linkedin.com/company/withemissary/' },
      ],
    },
    {
      title: 'Company',
      items: [
        { label: 'About', href: `${SITE}/about-us` },
        { label: 'Careers', href: `${SITE}/careers` },
      ],
    },
    {
      title: 'Resources',
      items: [
        { label: 'Product', href: `${SITE}/#infrastructure` },
        { label: 'Resources', href: `${SITE}/resources` },
        { label: 'Documentation', to: '/' },
      ],
    },
    {
      title: 'Legal',
      items: [
        { label: 'Privacy Policy', href: `${SITE}/privacy-policy` },
        { label: 'Terms of Service', href: `${SITE}/terms-of-service` },
      ],
    },
  ],
  // The spec fixes the year; a build-time year would drift from it.
  copyright: '© 2025 Emissary, Inc.',
} satisfies Footer;

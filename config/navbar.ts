import type { Navbar } from '@docusaurus/theme-common';

export const DASHBOARD_URL = 'https://www.withemissary.com/app';
export const REPOSITORY_URL = 'https://github.com/Emissary-Tech/emissary-api-docs';

export const navbar = {
  title: 'Emissary',
  hideOnScroll: true,
  logo: {
    alt: 'Emissary logo',
    src: 'img/logo.svg',
    srcDark: 'img/logo-dark.svg',
    width: 32,
    height: 32,
  },
  items: [
    { type: 'doc', docId: 'home-doc', label: 'Docs', position: 'left' },
    { to: '/api', label: 'API', position: 'left', activeBaseRegex: '^/api(/|$)' },
    { href: DASHBOARD_URL, label: 'Dashboard', position: 'right' },
    { href: REPOSITORY_URL, label: 'GitHub', position: 'right' },
  ],
} satisfies Navbar;

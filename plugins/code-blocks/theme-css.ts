/**
 * The token colours of the site's Prism themes (themeConfig.prism) as CSS, written at build time for
 * the HTML ./highlight.ts emits: the light theme on `.prism-code`, the dark one under
 * `[data-theme='dark']` when it differs. A colour mode switch is a CSS change only.
 */
import type { PrismTheme } from 'prism-react-renderer';

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const declarations = (style: object) =>
  Object.entries(style)
    .map(([k, v]) => `${kebab(k)}: ${String(v)};`)
    .join(' ');

function rules(theme: PrismTheme, scope: string): string[] {
  const out = [
    // The block's own colours, as theme-classic's container sets them (title, buttons and lines read these).
    `${scope}.theme-code-block { --prism-color: ${theme.plain.color}; --prism-background-color: ${theme.plain.backgroundColor}; }`,
  ];
  for (const entry of theme.styles) {
    const languages = entry.languages?.map((l) => `.language-${l}`) ?? [''];
    const selectors = entry.types.flatMap((type) => languages.map((lang) => `${scope}.prism-code${lang} .token.${type}`));
    out.push(`${selectors.join(', ')} { ${declarations(entry.style)} }`);
  }
  return out;
}

export function themeCss(light: PrismTheme, dark: PrismTheme | undefined): string {
  const same = !dark || JSON.stringify(dark) === JSON.stringify(light);
  return [...rules(light, ''), ...(same ? [] : rules(dark, "[data-theme='dark'] "))].join('\n') + '\n';
}

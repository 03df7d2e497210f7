// theme-classic's MDX components, with Markdown tables in a keyboard-reachable scrolling region (./Table),
// links to the site's files (not pages) as plain links (./FileLink), and the blocks that never change
// (paragraphs, lists, quotes, tables, headings) left as the server sent them (lib/ui/Static).
import type { ComponentType, ReactNode } from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import { staticBlock } from '@site/lib/ui/Static';
import { markPlain, markPlainWhenInline } from '@site/lib/ui/Static/plain';
import FileLink from './FileLink';
import Table from './Table';

/** The static block for Markdown's `tag`, drawn by theme-classic's component for it where it has one. */
const block = (tag: 'p' | 'ul' | 'ol' | 'li' | 'blockquote' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6') =>
  staticBlock(tag, (MDXComponents as Record<string, ComponentType<{ children?: ReactNode } & Record<string, unknown>> | undefined>)[tag] ?? tag, tag);

const blocks = {
  p: block('p'),
  ul: block('ul'),
  ol: block('ol'),
  li: block('li'),
  blockquote: block('blockquote'),
  // Table's root is its scrolling region.
  table: staticBlock('div', Table, 'table'),
  h2: block('h2'),
  h3: block('h3'),
  h4: block('h4'),
  h5: block('h5'),
  h6: block('h6'),
};

// What a static block may hold: these draw markup only (a Markdown link, an image, an admonition,
// the blocks themselves); MDX's `code` only as inline code (a block is a code block).
markPlain(FileLink, MDXComponents.img, MDXComponents.admonition, ...Object.values(blocks));
markPlainWhenInline(MDXComponents.code);

export default { ...MDXComponents, a: FileLink, ...blocks };

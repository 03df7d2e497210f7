// theme-classic's MDX components, with Markdown tables in a keyboard-reachable scrolling region (./Table),
// links to the site's files (not pages) as plain links (./FileLink), and the blocks that never change
// (paragraphs, lists, quotes, tables, headings) left as the server sent them (src/components/Static).
import MDXComponents from '@theme-original/MDXComponents';
import { staticBlock } from '@site/src/components/Static';
import { markPlain, markPlainWhenInline } from '@site/src/components/Static/plain';
import FileLink from './FileLink';
import Table from './Table';

const blocks = {
  p: staticBlock('p', 'p', 'p'),
  ul: staticBlock('ul', MDXComponents.ul, 'ul'),
  ol: staticBlock('ol', 'ol', 'ol'),
  li: staticBlock('li', MDXComponents.li, 'li'),
  blockquote: staticBlock('blockquote', 'blockquote', 'blockquote'),
  // Table's root is its scrolling region.
  table: staticBlock('div', Table, 'table'),
  h2: staticBlock('h2', MDXComponents.h2, 'h2'),
  h3: staticBlock('h3', MDXComponents.h3, 'h3'),
  h4: staticBlock('h4', MDXComponents.h4, 'h4'),
  h5: staticBlock('h5', MDXComponents.h5, 'h5'),
  h6: staticBlock('h6', MDXComponents.h6, 'h6'),
};

// What a static block may hold: these draw markup only (a Markdown link, an image, a heading, an
// admonition, the blocks themselves); MDX's `code` only as inline code (a block is a code block).
markPlain(FileLink, MDXComponents.a, MDXComponents.img, MDXComponents.admonition, Table, ...Object.values(blocks));
markPlainWhenInline(MDXComponents.code);

export default { ...MDXComponents, a: FileLink, ...blocks };

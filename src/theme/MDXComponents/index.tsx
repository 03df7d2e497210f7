// theme-classic's MDX components, with Markdown tables in a keyboard-reachable scrolling region (./Table)
// and links to the site's files (not pages) as plain links (./FileLink).
import MDXComponents from '@theme-original/MDXComponents';
import FileLink from './FileLink';
import Table from './Table';

export default { ...MDXComponents, a: FileLink, table: Table };

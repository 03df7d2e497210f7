// theme-classic's MDX components, with Markdown tables in a keyboard-reachable scrolling region (./Table).
import MDXComponents from '@theme-original/MDXComponents';
import Table from './Table';

export default { ...MDXComponents, table: Table };

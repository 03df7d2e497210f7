/**
 * What Highlighted.browser.tsx loads on first use: Prism with this site's grammars registered (as
 * theme-classic's client module does at startup on the server, with theme-classic's own grammar
 * loader), then the theme's Content.
 */
import { Prism } from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import Content from '@theme-init/CodeBlock/Content';

prismIncludeLanguages(Prism);

export default Content;

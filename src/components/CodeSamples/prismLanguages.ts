/**
 * Prism grammars only the API code samples use (Ruby, Java, PowerShell). Registered when the API
 * components' chunk loads rather than in every page's startup bundle: docusaurus.config.ts lists in
 * `prism.additionalLanguages` only what the guides highlight. Import before rendering a CodeBlock.
 */
import { Prism } from 'prism-react-renderer';

const scope = globalThis as { Prism?: unknown };
const previous = scope.Prism;
// Prism's grammar files extend the global Prism they find, as in Docusaurus's prism-include-languages.
// Done here rather than through a helper shared with src/theme/prism-include-languages.ts: during
// the build's server rendering this chunk and the main bundle run with different globals, and the
// grammar files below see this chunk's globalThis.
scope.Prism = Prism;
require('prismjs/components/prism-java');
require('prismjs/components/prism-ruby');
require('prismjs/components/prism-powershell');
if (previous === undefined) delete scope.Prism;
else scope.Prism = previous;


// Replaces Docusaurus's grammar loader only to drop its static require of prism-markup-templating (needed by PHP alone), which put that grammar in every page's startup bundle.
import siteConfig from '@generated/docusaurus.config';
import type * as PrismNamespace from 'prismjs';

type PrismObject = typeof PrismNamespace;

export default function prismIncludeLanguages(PrismObject: PrismObject): void {
  const { additionalLanguages } = siteConfig.themeConfig.prism as { additionalLanguages: string[] };
  // Prism's grammar files extend the global Prism; prism-react-renderer keeps its own instance, so
  // mount it for the duration, as the original does.
  const scope = globalThis as { Prism?: PrismObject };
  const before = scope.Prism;
  scope.Prism = PrismObject;
  for (const language of additionalLanguages) {
    if (language === 'php') throw new Error('prism-include-languages: PHP needs prism-markup-templating; restore it in plugins/fast-hydration/theme/prism-include-languages.ts');
    require(`prismjs/components/prism-${language}`);
  }
  delete scope.Prism;
  if (before !== undefined) scope.Prism = before;
}

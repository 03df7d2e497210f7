import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';
import { sidebarInput } from './lib/site';

/** The pages the site keeps, as docusaurus.config.ts read them (this file is loaded by path and takes no options). */
const { pages } = sidebarInput(__dirname).site;
/** The ones of /errors and /changelog the site keeps. */
const kept = (...ids: Array<'errors' | 'changelog'>) => ids.filter((id) => pages[id]);

const all = {
  docs: [
    'home-doc',
    {
      type: 'category',
      label: 'Fine-Tuning',
      items: [
        'fine-tuning/quickstart',
        'fine-tuning/datasets',
        'fine-tuning/training-input',
        'fine-tuning/parameters',
        'fine-tuning/testing',
        'fine-tuning/deployment',
        'fine-tuning/openai-sdk',
        'fine-tuning/limits',
      ],
    },
    {
      type: 'category',
      label: 'Guides',
      items: [
        'guides/from-openai',
        'guides/data-extraction',
        'guides/classification',
        'guides/embeddings',
        'guides/emissary-classification',
        'guides/emissary-regression',
        'guides/finetuning-pdf-docs',
        'guides/grpo',
      ],
    },
    {
      type: 'category',
      label: 'API reference',
      items: [{ type: 'link', label: 'Operations and schemas', href: '/api' }, ...kept('errors', 'changelog')],
    },
    'ai-agents',
  ],
} satisfies SidebarsConfig;

/**
 * The docs the site keeps (SITE_CONFIG `pages`): without the guides, /errors and /changelog
 * alone, each when kept.
 */
const sidebars: SidebarsConfig = pages.guides
  ? all
  : { docs: kept('errors', 'changelog') };

export default sidebars;

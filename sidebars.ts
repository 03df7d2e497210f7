import type { SidebarsConfig } from '@docusaurus/plugin-content-docs';

const sidebars = {
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
        'fine-tuning/limits',
      ],
    },
    {
      type: 'category',
      label: 'Guides',
      items: [
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
      items: [{ type: 'link', label: 'Operations and schemas', href: '/api' }, 'errors', 'changelog'],
    },
    'ai-agents',
  ],
} satisfies SidebarsConfig;

export default sidebars;

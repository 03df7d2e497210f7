/**
 * The example tabs beside a body's schema (./bodyExamples.ts says which), as our TabItems, for a
 * body's SchemaTabs (./Tabs.tsx): a list of tabs, not a component, as a tab group takes its tabs as
 * its children. Each shows its code in a code block, highlighted at build time (../highlights.ts
 * highlights the same list); a named example shows its summary above it.
 */
import React, { type ReactNode } from 'react';
import { translate } from '@docusaurus/Translate';
import CodeBlock from '@theme/CodeBlock';
import TabItem from '@site/lib/ui/Tabs/TabItem';
import { bodyExamples, type BodyExample, type MediaExamples } from './bodyExamples';
import { BuiltHtml } from './schemaText';

/** A tab's label and value: the named example's name, else the theme's fixed labels (translated) and values. */
function labelOf(example: BodyExample): { label: string; value: string } {
  if (example.kind === 'named') return { label: example.name ?? '', value: example.name ?? '' };
  if (example.kind === 'auto') return { label: translate({ id: 'theme.openapi.responseExamples.autoExample', message: 'Example (auto)' }), value: 'Example (auto)' };
  return { label: translate({ id: 'theme.openapi.responseExamples.example', message: 'Example' }), value: 'Example' };
}

export function exampleTabs(direction: 'request' | 'response', schema: unknown, media: MediaExamples | undefined, mimeType: string): ReactNode[] {
  return bodyExamples(direction, schema, media, mimeType).map((example) => {
    const { label, value } = labelOf(example);
    return (
      <TabItem key={value} label={label} value={value}>
        {example.summary && <BuiltHtml html={example.summary} />}
        <div className="openapi-code__code-samples-container">
          <CodeBlock language={example.language}>{example.code as ReactNode}</CodeBlock>
        </div>
      </TabItem>
    );
  });
}

/** One MCP client's configuration for the docs server, from lib/mcp/clients.ts (the one definition), as a copyable code block. */
import React, { type ReactNode } from 'react';
import CodeBlock from '@theme/CodeBlock';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { clientConfigs } from '@site/lib/mcp/clients';
import type { Highlights } from '@site/lib/code/context';

/** The configurations highlighted at build time (plugins/mcp), loaded only for a block the browser renders itself. */
const highlights = () => import('@generated/mcp/default/highlights.json') as Promise<{ default: Highlights }>;

export default function McpClient({ id }: { id: string }): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  const config = clientConfigs({ title: siteConfig.title, url: `${siteConfig.url}${siteConfig.baseUrl}`.replace(/\/$/, '') }).find((c) => c.id === id);
  if (!config) throw new Error(`<McpClient id="${id}" />: no such client in lib/mcp/clients.ts`);
  return (
    <CodeBlock language={config.language} title={config.where} highlights={highlights}>
      {config.text}
    </CodeBlock>
  );
}

/**
 * How an MCP client starts the docs server: one definition, used for the configuration the build
 * publishes (/_mcp/clients.json, the server card) and checked against the README by a test.
 */

/** The server's name in every client's configuration. */
export const SERVER_NAME = 'emissary-docs';
/**
 * The npm package of the bundled server: one file, no dependencies (scripts/bundle-mcp.mjs writes
 * its package.json as build/_mcp/package.json; tests/mcp/package.test.ts checks the name is this one).
 */
export const PACKAGE_NAME = 'emissary-docs-mcp';

/** The command and arguments that start the server over stdio against a deployed site, with nothing installed first. */
export function stdioCommand(siteUrl: string): { command: string; args: string[] } {
  return { command: 'npx', args: ['-y', PACKAGE_NAME, '--site', siteUrl] };
}

export interface ClientConfig {
  id: string;
  label: string;
  /** Where the text goes: a command to run, or a file to create or extend. */
  where: string;
  language: 'bash' | 'json';
  text: string;
}

export function clientConfigs(siteUrl: string): ClientConfig[] {
  const { command, args } = stdioCommand(siteUrl);
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      id: 'claude-code',
      label: 'Claude Code',
      where: 'Run in a terminal',
      language: 'bash',
      text: `claude mcp add ${SERVER_NAME} -- ${command} ${args.join(' ')}`,
    },
    {
      id: 'cursor',
      label: 'Cursor',
      where: '.cursor/mcp.json',
      language: 'json',
      text: json({ mcpServers: { [SERVER_NAME]: { command, args } } }),
    },
    {
      id: 'vscode',
      label: 'VS Code',
      where: '.vscode/mcp.json',
      language: 'json',
      text: json({ servers: { [SERVER_NAME]: { type: 'stdio', command, args } } }),
    },
  ];
}

/** The server's version, in its MCP `serverInfo` and in the server card. */
export const SERVER_VERSION = '1.0.0';
export const SERVER_DESCRIPTION = 'Search and read the Emissary docs, API operations, errors, changes; check datasets.';

/** The MCP Catalog (/.well-known/mcp/catalog.json) and Server Card of the experimental server-card extension (SEP-2127). */
export const CATALOG_FILE = '.well-known/mcp/catalog.json';
export const SERVER_CARD_FILE = '.well-known/mcp/server-card.json';
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json';

/** The _headers block (plugins/csp) for the discovery files: the discovery draft asks for CORS, as browser-based clients read them. */
export const DISCOVERY_HEADERS = ['/.well-known/mcp/*', '  Access-Control-Allow-Origin: *'];

/** Reverse-DNS name of the card (`com.withemissary.docs/emissary-docs`), from the site's host. */
export const cardName = (siteUrl: string) => `${new URL(siteUrl).hostname.split('.').reverse().join('.')}/${SERVER_NAME}`;

/**
 * The server card. `remote`: the Streamable HTTP endpoint of a self-hosted server; the static site
 * hosts none, so its card has no `remotes`: its `packages` and `_meta` say how to start the server locally.
 */
export function serverCard(siteUrl: string, repositoryUrl: string, remote?: string) {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: cardName(siteUrl),
    version: SERVER_VERSION,
    title: 'Emissary Docs',
    description: SERVER_DESCRIPTION,
    websiteUrl: siteUrl,
    repository: { url: repositoryUrl, source: 'github', subfolder: 'mcp' },
    ...(remote ? { remotes: [{ type: 'streamable-http', url: remote }] } : {}),
    packages: [{ registryType: 'npm', identifier: PACKAGE_NAME, transport: { type: 'stdio' }, packageArguments: [{ type: 'named', name: '--site', value: siteUrl }] }],
    _meta: { [`${new URL(siteUrl).hostname}/stdio`]: stdioCommand(siteUrl) },
  };
}

/** The MCP Catalog: one entry, the card. */
export function mcpCatalog(siteUrl: string, cardUrl: string) {
  return {
    specVersion: 'draft',
    entries: [
      { identifier: `urn:air:${new URL(siteUrl).hostname}:${SERVER_NAME}`, displayName: 'Emissary Docs', type: 'application/mcp-server-card+json', url: cardUrl },
    ],
  };
}

/** `<McpClient id="…" />` lines of a page source as the same code blocks in Markdown, for its twin (plugins/llms-txt). */
export function mcpClientsToMarkdown(source: string, siteUrl: string): string {
  const configs = clientConfigs(siteUrl);
  return source.replace(/^<McpClient\s+id="([^"]+)"\s*\/>\s*$/gm, (_, id: string) => {
    const config = configs.find((c) => c.id === id);
    if (!config) throw new Error(`<McpClient id="${id}" />: no such client in lib/mcp/clients.ts`);
    return `${config.where}:\n\n\`\`\`${config.language}\n${config.text}\n\`\`\``;
  });
}

/**
 * How an MCP client starts the docs server: one definition, used for the configuration the build
 * publishes (/_mcp/clients.json, the server card) and checked against the README by a test.
 */

/** The site the server reads: its name and address, scheme and host (the bundle's `site`). */
export type McpSite = { title: string; url: string };

/** The server's name in every client's configuration and its `serverInfo`: the site's title in kebab case (`emissary-docs`). */
export const serverName = ({ title }: Pick<McpSite, 'title'>) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'api-docs';
/**
 * The npm package of the bundled server (`emissary-docs-mcp`): one file, no dependencies. The server
 * card publishes it (`packages`), and scripts/bundle-mcp.mjs names build/_mcp/package.json from the card.
 */
export const packageName = (site: Pick<McpSite, 'title'>) => `${serverName(site)}-mcp`;

/** The command and arguments that start the server over stdio against a deployed site, with nothing installed first. */
export function stdioCommand(site: McpSite): { command: string; args: string[] } {
  return { command: 'npx', args: ['-y', packageName(site), '--site', site.url] };
}

export interface ClientConfig {
  id: string;
  label: string;
  /** Where the text goes: a command to run, or a file to create or extend. */
  where: string;
  language: 'bash' | 'json';
  text: string;
}

export function clientConfigs(site: McpSite): ClientConfig[] {
  const { command, args } = stdioCommand(site);
  const name = serverName(site);
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      id: 'claude-code',
      label: 'Claude Code',
      where: 'Run in a terminal',
      language: 'bash',
      text: `claude mcp add ${name} -- ${command} ${args.join(' ')}`,
    },
    {
      id: 'cursor',
      label: 'Cursor',
      where: '.cursor/mcp.json',
      language: 'json',
      text: json({ mcpServers: { [name]: { command, args } } }),
    },
    {
      id: 'vscode',
      label: 'VS Code',
      where: '.vscode/mcp.json',
      language: 'json',
      text: json({ servers: { [name]: { type: 'stdio', command, args } } }),
    },
  ];
}

/** The server's version, in its MCP `serverInfo` and in the server card. */
export const SERVER_VERSION = '1.0.0';

/** The MCP Catalog (/.well-known/mcp/catalog.json) and Server Card of the experimental server-card extension (SEP-2127). */
export const CATALOG_FILE = '.well-known/mcp/catalog.json';
export const SERVER_CARD_FILE = '.well-known/mcp/server-card.json';
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json';

/** The _headers block (plugins/csp) for the discovery files: the discovery draft asks for CORS, as browser-based clients read them. */
export const DISCOVERY_HEADERS = ['/.well-known/mcp/*', '  Access-Control-Allow-Origin: *'];

/** Reverse-DNS name of the card (`com.withemissary.docs/emissary-docs`), from the site's host and title. */
export const cardName = (site: McpSite) => `${new URL(site.url).hostname.split('.').reverse().join('.')}/${serverName(site)}`;

/**
 * The server card. `remote`: the Streamable HTTP endpoint of a self-hosted server; the static site
 * hosts none, so its card has no `remotes`: its `packages` and `_meta` say how to start the server locally.
 * `repositoryUrl`: where the server's code is (the site's own repository); without it, none is named.
 */
export function serverCard(site: McpSite, repositoryUrl?: string, remote?: string) {
  const { title, url: siteUrl } = site;
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: cardName(site),
    version: SERVER_VERSION,
    title,
    // The draft allows 100 characters: the site's name is the title's, not here.
    description: 'Search and read these docs: pages, API operations, errors, changes; check datasets.',
    websiteUrl: siteUrl,
    ...(repositoryUrl ? { repository: { url: repositoryUrl, source: 'github', subfolder: 'mcp' } } : {}),
    ...(remote ? { remotes: [{ type: 'streamable-http', url: remote }] } : {}),
    packages: [{ registryType: 'npm', identifier: packageName(site), transport: { type: 'stdio' }, packageArguments: [{ type: 'named', name: '--site', value: siteUrl }] }],
    _meta: { [`${new URL(siteUrl).hostname}/stdio`]: stdioCommand(site) },
  };
}

/** The MCP Catalog: one entry, the card. */
export function mcpCatalog(site: McpSite, cardUrl: string) {
  return {
    specVersion: 'draft',
    entries: [
      { identifier: `urn:air:${new URL(site.url).hostname}:${serverName(site)}`, displayName: site.title, type: 'application/mcp-server-card+json', url: cardUrl },
    ],
  };
}

/** `<McpClient id="…" />` lines of a page source as the same code blocks in Markdown, for its twin (plugins/llms-txt). */
export function mcpClientsToMarkdown(source: string, site: McpSite): string {
  const configs = clientConfigs(site);
  return source.replace(/^<McpClient\s+id="([^"]+)"\s*\/>\s*$/gm, (_, id: string) => {
    const config = configs.find((c) => c.id === id);
    if (!config) throw new Error(`<McpClient id="${id}" />: no such client in lib/mcp/clients.ts`);
    return `${config.where}:\n\n\`\`\`${config.language}\n${config.text}\n\`\`\``;
  });
}

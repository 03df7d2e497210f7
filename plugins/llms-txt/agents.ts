/**
 * The section of llms.txt for AI agents: where to send requests and how to authenticate (from the
 * OpenAPI document), where the spec and the Markdown twins are, and what is risky (deletes) or
 * billed, as far as the reference documents it: the billed calls are the site's configuration
 * (`billed`, lib/site.ts), never a list of this code's own.
 */
import { stdioCommand, type McpSite } from '../../lib/mcp/clients';
import { sampleTarget } from '../../lib/openapi/samples';
import { listOperations, type ApiOperationEntry, type OpenApiDocument } from '../../lib/openapi/spec';
import type { SiteIdentity } from '../../lib/site';
import { authSentence } from './api-markdown';

/** The command that starts the docs MCP server with nothing installed (lib/mcp/clients.ts). */
const noInstall = (site: McpSite) => ((c) => [c.command, ...c.args].join(' '))(stdioCommand(site));

const opLink = (siteUrl: string, entry: ApiOperationEntry) => `[${entry.operation.summary ?? entry.operation.operationId}](${siteUrl}${entry.route}.md)`;

/**
 * What an AI agent must know, in the two places the llms.txt format gives it (llmstxt.org): `prose`
 * goes between the summary and the first H2 (free Markdown, no headings), `links` is the
 * "## For AI agents" section, which may hold only `- [name](url): notes` lines. Links are absolute
 * (`siteUrl` ends without a slash).
 */
export function agentSection(doc: OpenApiDocument, siteUrl: string, site: Pick<SiteIdentity, 'title' | 'postmanFile' | 'pages' | 'billed'>): { prose: string[]; links: string[] } {
  // The host and credentials the code samples use (lib/openapi/samples.ts), for the whole API.
  const { baseUrl, auth } = sampleTarget(doc, {});
  // `servers` is optional (webhook-only documents have none): then the base URL is not documented.
  const base = doc.servers?.[0]?.url
    ? `Base URL: \`${baseUrl}\`.`
    : 'Base URL: not documented (the OpenAPI document lists no servers); ask the API\'s provider before you send a request.';
  const operations = listOperations(doc);
  const deletes = operations.filter((e) => e.method === 'delete');
  // The configuration is the site's own content: a billed call it names that the document lacks fails loudly.
  const billed = (site.billed?.operations ?? []).map((id) => {
    const entry = operations.find((e) => e.operation.operationId === id);
    if (!entry) throw new Error(`llms-txt: operation ${id} (a billed call, in the site's configuration) is not in the OpenAPI document`);
    return entry;
  });
  const prose = [
    'If you are an AI agent calling this API:',
    '',
    `- ${base} Authentication: ${authSentence(auth)} Never put a key in code that runs in a browser.`,
    '- Every page of this site is also Markdown at its URL plus `.md` (the links below). The files under "For AI agents" describe the whole API.',
    ...(deletes.length
      ? [`- Deletes (${deletes.map((e) => opLink(siteUrl, e)).join(', ')}): the reference does not document whether a deleted object can be restored. ` +
          'Treat every delete as irreversible and ask the user before you call one.']
      : []),
    site.billed
      ? `- Calls that cost money: ${site.billed.note.replaceAll('{operations}', billed.map((e) => opLink(siteUrl, e)).join(', '))}`
      : '- Calls that cost money: not documented. Ask the user before you call anything that creates or starts a resource.',
  ];
  const links = [
    '## For AI agents',
    '',
    `- [OpenAPI document](${siteUrl}/openapi.yaml): every operation and schema of the API in one YAML file, the source of this reference`,
    `- [OpenAPI document as JSON](${siteUrl}/openapi.json): the same document as JSON`,
    `- [All pages as one file](${siteUrl}/llms-full.txt): every page of this site as Markdown, each under its source URL`,
    `- [Postman collection](${siteUrl}/${site.postmanFile}): every request of the API, to import into Postman`,
    // /ai-agents is one of the guides (docs/ai-agents.mdx): listed when the site keeps them.
    ...(site.pages.guides
      ? [`- [Connect an MCP client](${siteUrl}/ai-agents.md): an MCP server that searches and reads these docs, operations, errors and changes, and checks datasets; nothing to install: \`${noInstall({ title: site.title, url: siteUrl })}\` (configuration for Claude Code, Cursor and VS Code)`]
      : []),
  ];
  return { prose, links };
}

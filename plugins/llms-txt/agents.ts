/**
 * The section of llms.txt for AI agents: where to send requests and how to authenticate (from the
 * OpenAPI document), where the spec and the Markdown twins are, and what is risky (deletes) or
 * billed, as far as the reference documents it.
 */
import { stdioCommand } from '../../lib/mcp/clients';
import { sampleTarget } from '../../lib/openapi/samples';
import { listOperations, type ApiOperationEntry, type OpenApiDocument } from '../../lib/openapi/spec';
import { authSentence } from './api-markdown';

/** The command that starts the docs MCP server with nothing installed (lib/mcp/clients.ts). */
const noInstall = (siteUrl: string) => ((c) => [c.command, ...c.args].join(' '))(stdioCommand(siteUrl));

/**
 * The operations that make a deployment or engine active: the reference says only that a deactivated
 * one is not billed ("a deactivated deployment is not billed", the same for engines).
 */
const BILLED_WHILE_ACTIVE = ['createDeployment', 'reactivateDeploymentById', 'createEngine', 'reactivateEngineById'];

const opLink = (siteUrl: string, entry: ApiOperationEntry) => `[${entry.operation.summary ?? entry.operation.operationId}](${siteUrl}${entry.route}.md)`;

/**
 * What an AI agent must know, in the two places the llms.txt format gives it (llmstxt.org): `prose`
 * goes between the summary and the first H2 (free Markdown, no headings), `links` is the
 * "## For AI agents" section, which may hold only `- [name](url): notes` lines. Links are absolute
 * (`siteUrl` ends without a slash).
 */
export function agentSection(doc: OpenApiDocument, siteUrl: string, postmanFile: string, agentsPage = true): { prose: string[]; links: string[] } {
  // The host and credentials the code samples use (lib/openapi/samples.ts), for the whole API.
  const { baseUrl, auth } = sampleTarget(doc, {});
  // `servers` is optional (webhook-only documents have none): then the base URL is not documented.
  const base = doc.servers?.[0]?.url
    ? `Base URL: \`${baseUrl}\`.`
    : 'Base URL: not documented (the OpenAPI document lists no servers); ask the API\'s provider before you send a request.';
  const operations = listOperations(doc);
  const deletes = operations.filter((e) => e.method === 'delete');
  const found = BILLED_WHILE_ACTIVE.map((id) => operations.find((e) => e.operation.operationId === id));
  const billed = found.filter((e): e is ApiOperationEntry => e !== undefined);
  // Another API (a fixture) has none of them; Emissary's document with one renamed fails loudly.
  if (billed.length && billed.length < found.length) {
    throw new Error(`llms-txt: operation ${BILLED_WHILE_ACTIVE[found.indexOf(undefined)]} (a billed call) is not in the OpenAPI document`);
  }
  const prose = [
    'If you are an AI agent calling this API:',
    '',
    `- ${base} Authentication: ${authSentence(auth)} Never put a key in code that runs in a browser.`,
    '- Every page of this site is also Markdown at its URL plus `.md` (the links below). The files under "For AI agents" describe the whole API.',
    ...(deletes.length
      ? [`- Deletes (${deletes.map((e) => opLink(siteUrl, e)).join(', ')}): the reference does not document whether a deleted object can be restored. ` +
          'Treat every delete as irreversible and ask the user before you call one.']
      : []),
    billed.length
      ? `- Calls that cost money: the reference says a deactivated deployment or inference engine is not billed, so treat an active one as billed ` +
        `(${billed.map((e) => opLink(siteUrl, e)).join(', ')} make one active). Prices, and how training jobs and inference requests are billed, ` +
        'are not documented: ask the user before you start training, deploy or reactivate anything.'
      : '- Calls that cost money: not documented. Ask the user before you call anything that creates or starts a resource.',
  ];
  const links = [
    '## For AI agents',
    '',
    `- [OpenAPI document](${siteUrl}/openapi.yaml): every operation and schema of the API in one YAML file, the source of this reference`,
    `- [OpenAPI document as JSON](${siteUrl}/openapi.json): the same document as JSON`,
    `- [All pages as one file](${siteUrl}/llms-full.txt): every page of this site as Markdown, each under its source URL`,
    `- [Postman collection](${siteUrl}/${postmanFile}): every request of the API, to import into Postman`,
    // /ai-agents is one of the guides (docs/ai-agents.mdx): listed when the site keeps them.
    ...(agentsPage
      ? [`- [Connect an MCP client](${siteUrl}/ai-agents.md): an MCP server that searches and reads these docs, operations, errors and changes, and checks datasets; nothing to install: \`${noInstall(siteUrl)}\` (configuration for Claude Code, Cursor and VS Code)`]
      : []),
  ];
  return { prose, links };
}

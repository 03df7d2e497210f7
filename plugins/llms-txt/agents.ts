/**
 * The section of llms.txt for AI agents: where to send requests and how to authenticate (from the
 * OpenAPI document), where the spec and the Markdown twins are, and what is risky (deletes) or
 * billed, as far as the reference documents it.
 */
import { deref, listOperations, type ApiOperationEntry, type OpenApiDocument } from '../api-reference/spec';

interface SecurityScheme {
  $ref?: string;
  type?: string;
  in?: string;
  name?: string;
  scheme?: string;
}

/**
 * The operations the reference says start billing: a deployment or engine is billed while it is
 * active ("a deactivated deployment is not billed", "an inactive engine is not billed").
 */
const BILLED_WHILE_ACTIVE = ['createDeployment', 'reactivateDeploymentById', 'createEngine', 'reactivateEngineById'];

/** How a request authenticates, from the document's global `security` and its `securitySchemes`. */
export function authInstruction(doc: OpenApiDocument): string {
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, SecurityScheme>;
  const names = ((doc as { security?: Array<Record<string, unknown>> }).security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (!names.length) throw new Error('llms-txt: the OpenAPI document declares no global security requirement');
  return names
    .map((name) => {
      const scheme = schemes[name] && deref(doc, schemes[name]);
      if (!scheme) throw new Error(`llms-txt: security scheme ${name} is not in components.securitySchemes`);
      if (scheme.type === 'apiKey') return `send your API key in the \`${scheme.name}\` ${scheme.in === 'header' ? 'header' : `${scheme.in} parameter`} of every request`;
      if (scheme.type === 'http') return `send \`Authorization: ${scheme.scheme === 'bearer' ? 'Bearer' : scheme.scheme} <credentials>\` with every request`;
      throw new Error(`llms-txt: security scheme ${name} has a type (${scheme.type}) this section does not describe`);
    })
    .join(', or ');
}

const opLink = (siteUrl: string, entry: ApiOperationEntry) => `[${entry.operation.summary ?? entry.operation.operationId}](${siteUrl}${entry.route}.md)`;

/** The Markdown of the section, with absolute links (`siteUrl` ends without a slash). */
export function agentSection(doc: OpenApiDocument, siteUrl: string): string[] {
  const server = doc.servers?.[0]?.url;
  if (!server) throw new Error('llms-txt: the OpenAPI document has no servers[0].url to name as the base URL');
  const operations = listOperations(doc);
  const deletes = operations.filter((e) => e.method === 'delete');
  const billed = BILLED_WHILE_ACTIVE.map((id) => {
    const entry = operations.find((e) => e.operation.operationId === id);
    if (!entry) throw new Error(`llms-txt: operation ${id} (a billed call) is not in the OpenAPI document`);
    return entry;
  });
  return [
    '## For AI agents',
    '',
    `- Base URL: \`${server}\`. Authentication: ${authInstruction(doc)}. Never put the key in code that runs in a browser.`,
    `- The API is described by the OpenAPI document at ${siteUrl}/openapi.yaml (also ${siteUrl}/openapi.json). ` +
      `Every page of this site is also Markdown at its URL plus \`.md\` (the links below); ${siteUrl}/llms-full.txt holds them all.`,
    `- Deletes (${deletes.map((e) => opLink(siteUrl, e)).join(', ')}): the reference does not document whether a deleted object can be restored. ` +
      'Treat every delete as irreversible and ask the user before you call one.',
    `- Calls that cost money: a deployment or inference engine is billed while it is active, and is not billed once deactivated ` +
      `(${billed.map((e) => opLink(siteUrl, e)).join(', ')} make one active). Prices, and how training jobs and inference requests are billed, ` +
      'are not documented: ask the user before you start training, deploy or reactivate anything.',
  ];
}

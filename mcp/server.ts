/**
 * The Emissary docs MCP server (issue #29): search, pages, operations, schemas, changes, errors and
 * the dataset checker, read from a build of this site (its MCP bundle, plugins/mcp) or from the
 * deployed site. This file makes one server on a prepared site (`docsServer`, the factory every
 * transport calls); cli.ts runs it over stdio or Node's HTTP, edge.ts on a fetch-handler platform.
 * What it builds from the site (bundle, page list, resources, the dataset rules' check) is built
 * once per process (`prepare`).
 */
import { McpServer, type ToolCallback } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { RULES_FILE } from '../lib/mcp/format';
import { serverName, SERVER_VERSION } from '../lib/mcp/clients';
import { RULES_SHA256 } from './rules';
import { SiteError } from './site';
import { listModels, MODEL_NAMES } from './models';
import {
  allPages,
  checkDatasetTool,
  compact,
  getOperation,
  getPage,
  getSchema,
  listChanges,
  listOperations,
  lookupError,
  MAX_ANSWER_CHARS,
  MAX_BUDGET,
  MAX_INPUT,
  MIN_BUDGET,
  pageResource,
  searchDocs,
  TASKS,
  ToolError,
  type Answer,
  type Docs,
} from './tools';

type Result = { content: Array<{ type: 'text'; text: string }>; isError?: boolean };

export const log = (line: string) => console.error(`emissary-docs MCP server: ${line}`);

/** A tool's answer, or its failure as an error result naming what was wrong (the server keeps running). */
async function answer(work: () => Promise<string | Answer> | string | Answer): Promise<Result> {
  try {
    const out = await work();
    return { content: [{ type: 'text', text: typeof out === 'string' ? out : out.text }] };
  } catch (error) {
    if (error instanceof ToolError || error instanceof SiteError) return { content: [{ type: 'text', text: error.message }], isError: true };
    // An unexpected failure: its details (paths, stack) go to the log, not to the caller.
    log(`internal error: ${error instanceof Error ? error.stack : String(error)}`);
    return { content: [{ type: 'text', text: 'internal error: the server could not answer; its log has the details' }], isError: true };
  }
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** A string input with its length limit. */
const text = (max: number, description: string) => z.string().max(max).describe(description);
/** Every tool's budget: how many characters of the answer, from where. */
const BUDGET = {
  max_chars: z.number().int().min(MIN_BUDGET).max(MAX_BUDGET).optional().describe(`Most characters to return (default ${MAX_ANSWER_CHARS}); a longer answer is cut and says how to get the rest`),
  offset: z.number().int().min(0).max(100_000_000).optional().describe('Where to start in the answer: the offset a cut answer gives, to read on'),
};

/** What every server of this process shares, built once: the site, its pages as resources, the dataset rules' check. */
export interface Prepared {
  docs: Docs;
  resources: Array<{ route: string; title: string; uri: string }>;
  rulesMatch: boolean;
  /** Runs check_dataset: a worker pool on Node (cli.ts, check-pool.ts), a bounded call on the edge (edge.ts); else on the event loop. */
  check?: (input: Parameters<typeof checkDatasetTool>[1]) => Promise<Answer>;
}

export function prepare(docs: Docs): Prepared {
  const resources = allPages(docs).map(([route, title]) => ({ route, title, uri: `${docs.bundle.site.url}${route === '/' ? '/index' : route}.md` }));
  const rulesMatch = RULES_SHA256 === docs.bundle.datasetRules.sha256;
  return { docs, resources, rulesMatch };
}

/**
 * An MCP server on the prepared site: cheap (closures over `prepared`), one per stdio connection or
 * HTTP request. Its tools and resources never change while it runs, so it declares no `listChanged`.
 */
export function docsServer({ docs, resources, rulesMatch, check }: Prepared): McpServer {
  const server = new McpServer(
    { name: serverName(docs.bundle.site), title: docs.bundle.site.title, version: SERVER_VERSION },
    {
      instructions:
        `Documentation of the Emissary fine-tuning and inference API (${docs.bundle.site.url}). ` +
        'Start with search_docs (its hits carry the text of the matching sections); read a page or one of its sections with get_page; look up API calls with list_operations and get_operation. ' +
        `Answers hold at most ${MAX_ANSWER_CHARS} characters unless you pass max_chars; a cut answer says so and gives the offset to read on.`,
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
    },
  );
  const languages = docs.bundle.languages.map((l) => l.id) as [string, ...string[]];
  /** A read-only tool: its title, description and input (plus the budget); a thrown error becomes a tool error. */
  const tool = <S extends z.ZodRawShape>(name: string, title: string, description: string, shape: S, run: (input: z.infer<z.ZodObject<S & typeof BUDGET>>) => ReturnType<Parameters<typeof answer>[0]>) => {
    const inputSchema = z.object({ ...shape, ...BUDGET });
    // The SDK types the callback by a conditional type that a generic shape cannot narrow.
    server.registerTool(name, { title, description, inputSchema, annotations: READ_ONLY }, ((input: z.infer<z.ZodObject<S & typeof BUDGET>>) => answer(() => run(input))) as unknown as ToolCallback<typeof inputSchema>);
  };
  const language = z.enum(languages);

  // Each tool: name, title, description, input, and what it answers.
  tool('search_docs', 'Search the docs', "Search guides and API reference with the site's own ranking. Words or a question of up to 20 words. Returns pages best first, each with the text of its best match around the query's words (up to 420 characters) and its other matching sections named with their URLs; when nothing matches, says so and names the closest titles.", {
    query: text(MAX_INPUT.query, 'Words, an operationId or a path, e.g. "create training job" or "/v1/datasets"'),
    limit: z.number().int().min(1).max(20).optional().describe('Pages to return (default 5)'),
  }, ({ query, limit, max_chars, offset }) => searchDocs(docs, query, limit, { max_chars, offset }));
  tool('get_page', 'Read a page', 'A page as Markdown (its twin), whole or one section, optionally with the code samples of one language only. The page is a URL or path such as /fine-tuning/datasets; the section an anchor (from search_docs URLs) or heading.', {
    page: text(MAX_INPUT.page, 'URL or path of the page, e.g. /fine-tuning/datasets or https://docs.withemissary.com/errors#404'),
    section: text(MAX_INPUT.section, 'Anchor or heading of one section, e.g. "404" or "Common causes"').optional(),
    language: language.optional().describe(`Keep only this language's code samples (${languages.join(', ')}); others are left out`),
  }, ({ page, section, language, max_chars, offset }) => getPage(docs, page, section, language, { max_chars, offset }));
  tool('list_operations', 'List API operations', 'Every operation of the API (method, path, operationId, summary, tags, page URL), optionally filtered by tag and by words.', {
    tag: text(MAX_INPUT.tag, 'Only operations with this tag, e.g. "Datasets"').optional(),
    text: text(MAX_INPUT.text, 'Words every listed operation contains in its id, summary or path').optional(),
  }, ({ tag, text, max_chars, offset }) => listOperations(docs, tag, text, { max_chars, offset }));
  tool('get_operation', 'Describe an API operation', 'One operation as JSON: method, path, parameters, request and response schemas with examples, its code sample in the chosen language (as on its page), and its error statuses with their body and, once, the /errors guidance.', {
    operation: text(MAX_INPUT.operation, 'operationId (e.g. createTrainingJob), "METHOD /path", or the page URL'),
    language: language.optional().describe(`Code sample language (default curl): ${languages.join(', ')}`),
  }, ({ operation, language, max_chars, offset }) => getOperation(docs, operation, language, { max_chars, offset }));
  tool('get_schema', 'Describe a schema', 'A component schema of the API by name: its fields, types, constraints and example; named schemas inside are named, not expanded.', {
    name: text(MAX_INPUT.name, 'Schema name, e.g. TrainingJobDetail (any case)'),
  }, ({ name, max_chars, offset }) => getSchema(docs, name, { max_chars, offset }));
  tool('list_changes', 'List API changes', 'The API changelog: changes of each release after a release or date, breaking ones marked, with migration notes.', {
    since: text(MAX_INPUT.since, 'A release (e.g. 2025-09) or date (YYYY-MM-DD): only later releases').optional(),
    breaking_only: z.boolean().optional().describe('Only breaking changes'),
  }, ({ since, breaking_only, max_chars, offset }) => listChanges(docs, since, breaking_only, { max_chars, offset }));
  tool('lookup_error', 'Explain an API error', "What an error response means: its documented body (for the operation, when given: some declare a status with no body), common causes, what to do and whether a retry helps (from /errors). Give the status, the body, or both.", {
    status: z.union([z.number().int().min(100).max(599), text(MAX_INPUT.status, 'HTTP status')]).optional().describe('HTTP status, e.g. 404'),
    body: text(MAX_INPUT.body, 'The error response body as received, e.g. {"status":404,"error":"..."}').optional(),
    operation: text(MAX_INPUT.operation, 'The call that got the error: operationId, "METHOD /path" or page URL').optional(),
  }, ({ status, body, operation, max_chars, offset }) => lookupError(docs, status, body, operation, { max_chars, offset }));
  const checkDataset =
    'Checks JSON Lines or CSV training data against the documented dataset rules, as the checker on /fine-tuning/datasets does: problems by line with their fix, and a summary. ' +
    `Give rows (pasted text, at most ${MAX_INPUT.rows.toLocaleString('en')} characters) or file (a path inside the server's data folder, at most 20 MB).`;
  tool('check_dataset', 'Check a fine-tuning dataset', checkDataset, {
    rows: text(MAX_INPUT.rows, 'Rows as text: JSON Lines (one object per line) or CSV with its header').optional(),
    file: text(MAX_INPUT.file, 'Path of a .jsonl or .csv file, relative to the data folder').optional(),
    task: z.enum(TASKS as [string, ...string[]]).optional().describe('The task_type to check for; without it the checker picks the layout'),
    dashboard: z.boolean().optional().describe('The file goes through the dashboard, not the API: no API upload size limit'),
    model: z.enum(MODEL_NAMES).optional().describe('A base model (list_models): count each row with its tokenizer and report the rows over its context window, as the page does'),
  }, async (input) => {
    const out = await (check ?? ((i) => checkDatasetTool(docs, i)))(input);
    return rulesMatch ? out : { ...out, text: `${out.text}\n\nNote: ${docs.site.where} was built with other dataset rules than this server's ${RULES_FILE}; update your clone.` };
  });

  tool('list_models', 'List base models', 'The base models with their context windows, tokenizers and prompt formats, from the public model card of each (the platform documents neither); the catalogue the dataset checker uses.', {
    name: text(MAX_INPUT.name, 'Only the models whose name contains this (any case), e.g. "Llama"').optional(),
  }, ({ name, max_chars, offset }) => compact(listModels(name), '', { max_chars, offset }));

  // Each page, whole: a resource is read on purpose, so it is never cut (a tool's answer is).
  for (const { route, title, uri } of resources) {
    server.registerResource(title, uri, { title, mimeType: 'text/markdown', description: `Markdown of ${docs.bundle.site.url}${route}` }, async () => ({
      contents: [{ uri, mimeType: 'text/markdown', text: await pageResource(docs, route) }],
    }));
  }
  return server;
}

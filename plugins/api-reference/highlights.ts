/**
 * The highlighting of an API page's code, done by the generator (issue #39): beside each page it
 * writes `<page>.highlights.json`, the highlighted lines (token form, plugins/code-blocks/lines.ts) of every code block the page shows by
 * plugins/code-blocks/key.ts; the page module exports a lazy import of it (`highlights`,
 * page.mustache, schema.mustache), and components/ApiPage.tsx provides that to the code blocks, which load it
 * only for blocks the browser renders itself (plugins/code-blocks/theme/CodeBlock).
 * Those are the request samples, the schema page's example, and the request and response examples
 * the OpenAPI theme builds as it renders (`lib/theme/ResponseExamples/index.js`: a named example,
 * the example, or one sampled from the schema with the plugin's own `sampleResponseFromSchema`,
 * formatted as the theme formats them). A block the page shows without an entry here is shown plain;
 * tests/site/code-blocks.test.ts fails on any for Emissary's pages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sampleResponseFromSchema } from 'docusaurus-plugin-openapi-docs/lib/openapi/createResponseExample';
import { highlightsOf } from '../code-blocks/highlight';

export interface Block {
  language: string;
  code: string;
}

type MediaType = { schema?: object; example?: unknown; examples?: Record<string, { value?: unknown }> };
type Body = { content?: Record<string, MediaType> } | undefined;

/** The language the theme gives a media type's examples. */
const languageOf = (mime: string) => (mime.endsWith('json') ? 'json' : mime.endsWith('xml') ? 'xml' : 'shell');
const shown = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value, null, 2) : value);

/** The theme's sample of a schema, formatted as it shows it; none where the sampler fails on another document's schema (that example then shows plain). */
function sampled(schema: object): string | undefined {
  try {
    return JSON.stringify(sampleResponseFromSchema(schema), null, 2);
  } catch {
    return undefined;
  }
}

/** The examples the theme shows for a request or response body. XML built from a schema is left out (shown plain). */
export function bodyBlocks(body: Body): Block[] {
  return Object.entries(body?.content ?? {}).flatMap(([mime, media]) => {
    const language = languageOf(mime);
    const codes: unknown[] = [];
    if (media?.schema && language !== 'xml') codes.push(sampled(media.schema));
    for (const example of Object.values(media?.examples ?? {})) codes.push(shown(example?.value));
    if (media?.example !== undefined) codes.push(shown(media.example));
    return codes.filter((code): code is string => typeof code === 'string').map((code) => ({ language, code }));
  });
}

/** The code blocks of an operation page beyond its samples: request body and response examples. */
export function operationBlocks(requestBody: Body, responses: Record<string, Body> | undefined): Block[] {
  return [...bodyBlocks(requestBody), ...Object.values(responses ?? {}).flatMap(bodyBlocks)];
}

/**
 * Writes the page's highlights file, `<dir>/<id>.highlights.json` (the generator writes relative to
 * its working folder, as the plugin writes the pages), and returns its name for the page's import;
 * none when the page shows no code.
 */
export function writePageHighlights(dir: string, id: string, blocks: Block[]): string | undefined {
  if (!blocks.length) return undefined;
  const name = `${path.basename(id)}.highlights.json`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), JSON.stringify(highlightsOf(blocks)));
  return name;
}

/**
 * The highlighting of an API page's code, done by the generator (issue #39): beside each page it
 * writes `<page>.highlights.json`, the highlighted lines (token form, lib/code/lines.ts) of every code block the page shows by
 * lib/code/key.ts; the page module exports a lazy import of it (`highlights`,
 * page.mustache, schema.mustache), and components/ApiPage.tsx provides that to the code blocks, which load it
 * only for blocks the browser renders itself (plugins/code-blocks/theme/CodeBlock).
 * Those are the request samples, the schema page's example, and the request and response examples
 * the page shows beside each body's schema (components/bodyExamples.ts, the same function the page
 * renders them with: a named example, the example, or one built from the schema by
 * components/schemaExample.ts). A block the page shows without an entry here is shown plain;
 * tests/site/code-blocks.test.ts fails on any for Emissary's pages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { highlightsOf } from '../../lib/code/highlight';
import { bodyExamples, type MediaExamples } from './components/bodyExamples';

export interface Block {
  language: string;
  code: string;
}

type Body = { content?: Record<string, MediaExamples> } | undefined;

/**
 * The examples the page shows for a request or response body (components/Body.tsx), in every media
 * type that has a schema; a request body's only media type stands for its own schema without one.
 */
export function bodyBlocks(direction: 'request' | 'response', body: Body): Block[] {
  const media = Object.entries(body?.content ?? {});
  return media.flatMap(([mimeType, type]) => {
    const schema = type?.schema ?? (direction === 'request' && media.length === 1 ? type : undefined);
    if (!schema) return [];
    return bodyExamples(direction, schema, type, mimeType).flatMap(({ language, code }) => (typeof code === 'string' ? [{ language, code }] : []));
  });
}

/** The code blocks of an operation page beyond its samples: request body and response examples. */
export function operationBlocks(requestBody: Body, responses: Record<string, Body> | undefined): Block[] {
  return [...bodyBlocks('request', requestBody), ...Object.values(responses ?? {}).flatMap((response) => bodyBlocks('response', response))];
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

/**
 * The OpenAPI document as the plugins read it: each file parsed once per build (the first process
 * that reads it parses it, the later ones read what it wrote: ../shared/computed-once.ts) and shared
 * within a process (the API reference's downloads, the changelog and error catalogue, search,
 * llms.txt, the MCP bundle). Read again only when the file changed on disk (a running `npm start`).
 * Callers must not modify the document they get.
 */
import { readFileSync, statSync } from 'node:fs';
import { computedOnce, hashOf, siteFile } from '../computed-once';
import { parseOpenApi, type OpenApiDocument } from './spec';
import { normalizeDocument } from './normalize';

interface Loaded {
  text: string;
  doc: OpenApiDocument;
  stamp: string;
}

/** Emissary's own document, relative to the site: the one the changelog's releases record. */
export const RECORDED_SPEC = 'openapi/emissary.yaml';

const loaded = new Map<string, Loaded>();

/** The document at `file` (an absolute path): its text and its parsed form. */
export function openApiDocument(file: string): { text: string; doc: OpenApiDocument } {
  const { mtimeMs, size } = statSync(file);
  const stamp = `${mtimeMs}:${size}`;
  let entry = loaded.get(file);
  if (entry?.stamp !== stamp) {
    const text = readFileSync(file, 'utf8');
    const doc = computedOnce('parse', siteFile(file), hashOf(text), () => parseOpenApi(text));
    entry = { text, doc, stamp };
    loaded.set(file, entry);
  }
  return { text: entry.text, doc: entry.doc };
}

/**
 * The document at `file` normalized (./normalize.ts: safe titles; another company's links to its own
 * site), once per build: the generator's copy (plugins/api-reference) and the Markdown twins
 * (plugins/llms-txt) read the same result.
 */
export function normalizedDocument(file: string, providerLinks: boolean): ReturnType<typeof normalizeDocument> {
  const { text, doc } = openApiDocument(file);
  return computedOnce('normalize', siteFile(file), hashOf(text, String(providerLinks)), () => normalizeDocument(doc, { providerLinks }));
}

/**
 * Builds the search index from the pages' text and the OpenAPI document's names: postings sharded
 * by term prefix, page blocks for display, and a small manifest. Pure (no files): ./index.ts writes them.
 */
import { createHash } from 'node:crypto';
import { deref, entryRef, jsonPointer, listOperations, type OpenApiDocument, type Schema } from '../../lib/openapi/spec';
import type { PageSection } from './extract';
import { BLOCK_SIZE, BODY_CAP, EXCERPT_SOURCE, identifierWords, pathTerms, shardKey, stemOf, WEIGHT, words, type Manifest, type PageInfo, type Shard } from '../../lib/search/matcher';
import { CODE_LANGUAGES, codeTerm, nameTerm } from '../../lib/search/normalize';
import { errorCatalogue, ERRORS_ROUTE } from '../../lib/changelog/errors';

/** A page to index: what search shows of it and the names that should find it first. */
export interface IndexPage {
  url: string;
  title: string;
  label: string;
  sections: PageSection[];
  /** Words of the page's top with a weight of their own (operationId, path, parameter names). */
  fields: Array<{ words: string[]; weight: number }>;
  /**
   * Verbs that say two words of the title at once: "Create deployment" is what a reader who types
   * "deploy" wants. Indexed as title words; the title then counts one word less.
   */
  titleVerbs?: string[];
  /** Words of one section (by anchor) with a weight of their own: an error code where /errors defines it. */
  sectionFields?: Array<{ anchor: string; words: string[]; weight: number }>;
}

/** The verb a "Create <noun>" title stands for, when the noun is a verb's noun (deployment → deploy). */
export function createVerb(title: string): string[] {
  const noun = /^create\s+([a-z]+)/i.exec(title)?.[1];
  const verb = noun && stemOf(noun.toLowerCase());
  return verb ? [verb] : [];
}

/** The start of a section's text kept for excerpts, cut at a word. */
export function excerptSource(text: string): string {
  if (text.length <= EXCERPT_SOURCE) return text;
  const cut = text.lastIndexOf(' ', EXCERPT_SOURCE);
  return `${text.slice(0, cut > 0 ? cut : EXCERPT_SOURCE)} …`;
}

/** Property names of a schema, nested ones included (a few levels: request bodies are shallow). */
function propertyNames(doc: OpenApiDocument, node: Schema | undefined, depth = 0, out = new Set<string>()): Set<string> {
  if (!node || typeof node !== 'object' || depth > 4) return out;
  const schema = deref(doc, node);
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    out.add(name);
    propertyNames(doc, child, depth + 1, out);
  }
  for (const child of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? []), schema.items]) propertyNames(doc, child, depth + 1, out);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') propertyNames(doc, schema.additionalProperties, depth + 1, out);
  return out;
}

/** A name as one word (`learning_rate`): its parts are in the page's text already, with the weight of text. */
const nameWords = (names: Iterable<string>) => [...names].map(nameTerm);

/** An identifier whole (createTrainingJob) weighs as an operationId; its words as a heading's. */
const identifierFields = (name: string): IndexPage['fields'] => {
  const [whole, ...parts] = identifierWords(name);
  return [
    { words: [whole], weight: WEIGHT.operationId },
    { words: parts, weight: WEIGHT.heading },
  ];
};

/**
 * Per API route: its label and the names that should find it. `pages`: the generated pages' routes
 * by OpenAPI node (lib/openapi/generated.ts).
 */
export function apiFields(doc: OpenApiDocument, pages: ReadonlyMap<string, string>): Map<string, Pick<IndexPage, 'label' | 'fields' | 'titleVerbs'>> {
  const out = new Map<string, Pick<IndexPage, 'label' | 'fields' | 'titleVerbs'>>();
  const pageOf = (ref: string) => {
    const route = pages.get(ref);
    if (!route) throw new Error(`search: the OpenAPI plugin generated no page for ${ref}`);
    return route;
  };
  for (const entry of listOperations(doc)) {
    const { operation, method, path } = entry;
    const route = pageOf(entryRef(doc, entry));
    const params = new Set((operation.parameters ?? []).map((p) => deref(doc, p).name));
    for (const media of Object.values(deref(doc, operation.requestBody ?? {}).content ?? {})) propertyNames(doc, media.schema, 0, params);
    const { segments, ends } = pathTerms(path);
    out.set(route, {
      label: `${method.toUpperCase()} ${path}`,
      titleVerbs: createVerb(operation.summary ?? ''),
      fields: [
        ...(operation.operationId ? identifierFields(operation.operationId) : []),
        { words: segments, weight: WEIGHT.path },
        { words: segments.flatMap(words), weight: WEIGHT.pathWord },
        { words: ends, weight: WEIGHT.pathEnd },
        { words: [method], weight: WEIGHT.method },
        { words: nameWords(params), weight: WEIGHT.param },
      ],
    });
  }
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    out.set(pageOf(jsonPointer('components', 'schemas', name)), {
      label: 'Schema',
      fields: [
        ...identifierFields(name),
        { words: nameWords(propertyNames(doc, schema)), weight: WEIGHT.schemaProperty },
      ],
    });
  }
  return out;
}

/** The codes of each error status's documented body (`object_not_found`), on its section of /errors, weighted as an operationId. */
export function errorFields(doc: OpenApiDocument): Pick<IndexPage, 'sectionFields'> & { route: string } {
  const codes = (value: unknown): string[] =>
    typeof value === 'string' ? (/^[a-z]+(?:_[a-z]+)+$/.test(value) ? [value] : []) : value && typeof value === 'object' ? Object.values(value).flatMap(codes) : [];
  const sectionFields = errorCatalogue(doc).flatMap((e) => (codes(e.example).length ? [{ anchor: e.anchor, words: codes(e.example), weight: WEIGHT.operationId }] : []));
  return { route: ERRORS_ROUTE, sectionFields };
}

/** Languages a query can ask code in: only their code blocks get a term. */
const ASKED_LANGUAGES = new Set(Object.values(CODE_LANGUAGES));

export interface BuiltIndex {
  manifest: Manifest;
  /** File name under /search/ → JSON text. */
  files: Map<string, string>;
}

const hashed = (stem: string, text: string) => `${stem}.${createHash('sha256').update(text).digest('hex').slice(0, 10)}.json`;

/** Originals before copies and guides before the API: the order ties are broken in. */
export function pageOrder(a: IndexPage, b: IndexPage): number {
  const api = (p: IndexPage) => (p.url.startsWith('/api') ? 1 : 0);
  return api(a) - api(b) || a.url.length - b.url.length || a.url.localeCompare(b.url);
}

export function buildIndex(unsorted: IndexPage[]): BuiltIndex {
  const pages = [...unsorted].sort(pageOrder);
  // term → page → section → [body count, best field weight, in title]
  const postings = new Map<string, Map<number, Map<number, [number, number, boolean]>>>();
  const add = (term: string, page: number, section: number, field: number, title = false) => {
    let byPage = postings.get(term);
    if (!byPage) postings.set(term, (byPage = new Map()));
    let bySection = byPage.get(page);
    if (!bySection) byPage.set(page, (bySection = new Map()));
    const entry = bySection.get(section) ?? [0, 0, false];
    if (field === WEIGHT.body) entry[0]++;
    else entry[1] = Math.max(entry[1], field);
    entry[2] ||= title;
    bySection.set(section, entry);
  };
  const titleWords: number[] = [];
  pages.forEach((p, page) => {
    const title = [...new Set(words(p.title))];
    const verbs = (p.titleVerbs ?? []).filter((v) => !title.includes(v));
    titleWords.push(Math.max(1, title.length - verbs.length));
    for (const w of [...title, ...verbs]) add(w, page, 0, WEIGHT.title, true);
    for (const f of p.fields) for (const w of f.words) add(w, page, 0, f.weight);
    p.sections.forEach((s, section) => {
      for (const w of words(s.heading)) add(w, page, section, WEIGHT.heading);
      for (const w of words(s.text)) add(w, page, section, WEIGHT.body);
      for (const language of s.code ?? []) if (ASKED_LANGUAGES.has(language)) add(codeTerm(language), page, section, WEIGHT.heading);
    });
    for (const f of p.sectionFields ?? []) {
      const section = p.sections.findIndex((s) => s.anchor === f.anchor);
      if (section < 0) throw new Error(`search: ${p.url} has no section #${f.anchor}`);
      for (const w of f.words) add(w, page, section, f.weight);
    }
  });

  const shards = new Map<string, Shard>();
  for (const term of [...postings.keys()].sort()) {
    const flat: number[] = [];
    let previous = 0;
    for (const [page, bySection] of [...postings.get(term)!].sort((a, b) => a[0] - b[0])) {
      for (const [section, [body, field, title]] of [...bySection].sort((a, b) => a[0] - b[0])) {
        const weight = field + Math.min(body, BODY_CAP) * WEIGHT.body;
        flat.push(page - previous, section, (weight << 1) | (title ? 1 : 0));
        previous = page;
      }
    }
    const key = shardKey(term);
    if (!shards.has(key)) shards.set(key, {});
    shards.get(key)![term] = flat;
  }

  const files = new Map<string, string>();
  const manifest: Manifest = { pages: pages.length, shards: {}, blocks: [], titleWords };
  for (const [key, shard] of shards) {
    const text = JSON.stringify(shard);
    const name = hashed(`t-${Buffer.from(key).toString('hex')}`, text);
    manifest.shards[key] = name;
    files.set(name, text);
  }
  for (let i = 0; i < pages.length; i += BLOCK_SIZE) {
    const block = pages.slice(i, i + BLOCK_SIZE).map((p): PageInfo => [p.url, p.title, p.label, p.sections.map((s) => [s.anchor, s.heading, excerptSource(s.text)])]);
    const text = JSON.stringify(block);
    const name = hashed(`p-${i / BLOCK_SIZE}`, text);
    manifest.blocks.push(name);
    files.set(name, text);
  }
  return { manifest, files };
}

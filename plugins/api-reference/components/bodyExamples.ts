/**
 * The examples an API page shows beside a body's schema, one tab each (./ExampleTabs.tsx), as the
 * code and language of each: the page renders them, and the generator highlights exactly those
 * at build time (../highlights.ts), so the two cannot disagree. In order:
 * - "Example (auto)", built from the schema (./schemaExample.ts): always for a response, for a
 *   request only when its media type gives no example. XML media types show it as XML (`xmlExample`);
 * - each named example of the media type (`examples`), with its summary;
 * - the media type's `example`.
 * JSON values are shown indented by two spaces; a string as it is.
 */
import { schemaExample } from './schemaExample';

export interface MediaExamples {
  schema?: unknown;
  example?: unknown;
  examples?: Record<string, { value?: unknown; summary?: string }>;
}

export interface BodyExample {
  /** Which of the three kinds above; a named example also has its name. */
  kind: 'auto' | 'named' | 'example';
  name?: string;
  /** The named example's summary (HTML, rendered at build time by ../descriptions.ts). */
  summary?: string;
  language: string;
  /** What the code block shows: a string for any JSON value; a named example's value that is no object as it is. */
  code: unknown;
}

/** The language of a media type's examples. */
const languageOf = (mimeType: string) => (mimeType.endsWith('json') ? 'json' : mimeType.endsWith('xml') ? 'xml' : 'shell');
const shown = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value, null, 2) : value);

/** Text as XML content or an attribute value: markup characters escaped, tabs and line breaks dropped. */
const xmlText = (value: unknown) =>
  String(value)
    .replace(/[\t\n]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/**
 * A JSON value as XML, indented by two spaces: each key an element (an array repeats its key),
 * keys starting with "@" the element's attributes, "#text" and "#cdata" its content, null an empty
 * element. A value that is not one element (several keys, an array) goes in a `<root>` element.
 */
function xmlExample(value: unknown): string {
  const element = (v: unknown, name: string, depth: number): string => {
    const pad = '  '.repeat(depth);
    if (Array.isArray(v)) return v.map((item) => element(item, name, depth)).join('\n');
    if (v === null || typeof v !== 'object') return v === null ? `${pad}<${name}/>` : `${pad}<${name}>${xmlText(v)}</${name}>`;
    const entries = Object.entries(v);
    const attributes = entries.filter(([key]) => key.startsWith('@')).map(([key, a]) => ` ${key.slice(1)}="${xmlText(a)}"`).join('');
    const children = entries.filter(([key]) => !key.startsWith('@'));
    const content = (key: string, child: unknown) => (key === '#cdata' ? `<![CDATA[${String(child)}]]>` : xmlText(child));
    if (!children.length) return `${pad}<${name}${attributes}/>`;
    if (children.every(([key]) => key === '#text' || key === '#cdata')) return `${pad}<${name}${attributes}>${children.map(([key, c]) => content(key, c)).join('')}</${name}>`;
    const lines = children.map(([key, child]) => (key === '#text' || key === '#cdata' ? `${pad}  ${content(key, child)}` : element(child, key, depth + 1)));
    return [`${pad}<${name}${attributes}>`, ...lines, `${pad}</${name}>`].join('\n');
  };
  const top = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [];
  const [name, only] = top.length === 1 ? top[0] : [];
  if (name !== undefined && !name.startsWith('@') && !name.startsWith('#') && (!Array.isArray(only) || only.length === 1)) return element(only, name, 0);
  return element(value, 'root', 0);
}

/** The "Example (auto)" of a schema, if it has one. */
function autoExample(schema: unknown, mimeType: string): BodyExample | undefined {
  const value = schemaExample(schema);
  if (mimeType.endsWith('xml') && value !== undefined && typeof value === 'object') {
    // As JSON has it: keys whose value is undefined left out, undefined items null.
    return { kind: 'auto', language: 'xml', code: xmlExample(JSON.parse(JSON.stringify(value))) };
  }
  if (typeof value === 'object' || typeof value === 'string') return { kind: 'auto', language: 'json', code: JSON.stringify(value, null, 2) };
  return undefined;
}

/** The examples shown beside `schema`, a body's schema for `mimeType` (`media` its media type object). */
export function bodyExamples(direction: 'request' | 'response', schema: unknown, media: MediaExamples | undefined, mimeType: string): BodyExample[] {
  const language = languageOf(mimeType);
  const out: BodyExample[] = [];
  const auto = direction === 'response' || (!media?.example && !media?.examples) ? autoExample(schema, mimeType) : undefined;
  if (auto) out.push(auto);
  for (const [name, example] of Object.entries(media?.examples ?? {})) {
    out.push({ kind: 'named', name, summary: example.summary, language, code: shown(example.value) });
  }
  if (media?.example) out.push({ kind: 'example', language, code: shown(media.example) });
  return out;
}

/**
 * The MDX of the generated API pages: our own page generators, handed to
 * docusaurus-plugin-openapi-docs through its public `markdownGenerators` option (options.ts), so no
 * module of the plugin's `lib/` is imported. Each function takes the plugin's page item (the
 * document's operation, info or schema, with our descriptions already in place) and returns the
 * page's MDX body; the plugin puts it into page.mustache or schema.mustache as `markdown`.
 *
 * The pages render with our components (./components), the shared TabItem and theme-classic's
 * Heading. Written after the plugin's 5.2 generators (lib/markdown/index.js and the lib/markdown/*.js
 * it calls), whose markup it keeps: tests/unit/page-mdx.test.ts compares the pages with theirs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the generated pages import this plugin's components from (./components). */
const COMPONENTS = '@site/plugins/api-reference/components';

// ---------------------------------------------------------------------------------------------
// Escaping

/**
 * HTML elements a description may write as raw tags: `<` before one of these names (or `</name`)
 * stays, and so does `>` right after one (a lookbehind on the name, as the plugin did). Matched as
 * prefixes, as the plugin matched them: `<pre`, `<abbr` and `<api_token>` stay as well, and the
 * page's MDX compile decides (descriptions.ts, `mdxDescription`, renders such a description to HTML).
 */
const RAW_TAGS = [
  'button', 'code', 'details', 'summary', 'hr', 'br', 'span', 'strong', 'small', 'table', 'thead', 'tbody',
  'td', 'tr', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'title', 'p', 'em', 'b', 'i', 'u', 'strike', 'bold',
  'a', 'li', 'ol', 'ul', 'img', 'svg', 'div', 'center',
];
/**
 * A `<` that opens none of RAW_TAGS (nor a closing one, `</name` or `< /name`). The plugin's 5.2
 * rule took the `=` of a `<=` with it (`x <= 3` showed as `x < 3`); ours keeps it.
 */
const LESS_THAN = new RegExp(`<(?!(${RAW_TAGS.map((tag) => `${tag}|\\s?\\/${tag}`).join('|')}))`, 'gu');
/** A `>` that closes none of RAW_TAGS and follows no `/`, white space or quote. */
const GREATER_THAN = new RegExp(`(?<!(${RAW_TAGS.join('|')}|\\/|\\s|"|'))>`, 'gu');
/** Text between backticks (one to three), where an escaped `\>` gets its `>` back. */
const CODE_SPAN = /`{1,3}[\s\S]*?`{1,3}/g;
/** Fenced blocks (a line of three backticks to the next) and code spans: the parts `clean` leaves as written. */
const CODE = /(^```.*[\s\S]*?```$|`[^`].+?`)/gm;

/**
 * A Markdown description made safe for the page's MDX outside code: stray `<` and `>` become
 * entities, `{` and `}` are escaped (MDX would read an expression). Code blocks and code spans are
 * left as written. The rules of the plugin's 5.2 `clean` (lib/markdown/utils.js), but for `<=` (LESS_THAN).
 */
export function clean(value: string | undefined): string {
  if (!value) return '';
  // split() with a capturing group keeps the code parts in the list, each starting with a backtick.
  return value
    .split(CODE)
    .map((part) =>
      part.startsWith('`')
        ? part
        : part
            .replace(LESS_THAN, '&lt;')
            .replace(GREATER_THAN, '&gt;')
            .replace(CODE_SPAN, (span) => span.replace(/\\>/g, '>'))
            .replace(/([{}])/g, '\\$1'),
    )
    .join('');
}

// ---------------------------------------------------------------------------------------------
// JSX

/** The components whose (large) props go to a JSON file beside the page, which the page spreads. */
const PROPS_IN_FILE = new Set(['ParamsDetails', 'RequestSchema', 'StatusCodes', 'Schema']);

/**
 * The JSON files of one page's props: `<page id>.<Component>[.<n>].json` in the page's folder.
 * The MDX compiler parses a large JSX attribute expression slower than the bundler reads a JSON file
 * (the reason the plugin's 5.2 `externalJsonProps` exists; it is off in options.ts, this replaces it).
 */
export class PropsFiles {
  private readonly counts = new Map<string, number>();
  /** Each file's name and content, in the order the page uses them. */
  readonly files: { name: string; content: string }[] = [];
  constructor(private readonly pageId: string) {}

  /** The name of a new file that holds `props` (a second one of a component gets `.2`, and so on). */
  add(component: string, props: Record<string, unknown>): string {
    const n = (this.counts.get(component) ?? 0) + 1;
    this.counts.set(component, n);
    const name = `${path.basename(this.pageId)}.${component}${n > 1 ? `.${n}` : ''}.json`;
    this.files.push({ name, content: JSON.stringify(props) });
    return name;
  }

  /** Writes the files into `dir` (the folder of the page; the generator runs with the site as its working folder). */
  write(dir: string): void {
    if (!this.files.length) return;
    mkdirSync(dir, { recursive: true });
    for (const file of this.files) writeFileSync(path.join(dir, file.name), file.content);
  }
}

const indent = (text: string) => text.replace(/^/gm, '  ');

/**
 * One JSX element as the generated pages write it: each prop on its own line as a JSON literal
 * (undefined ones left out), then the children indented between the tags. `childrenProp` passes
 * the children as a `children` string prop instead (text that must show as written). Props of
 * PROPS_IN_FILE components with any value go to `files`.
 */
function element(tag: string, props: Record<string, unknown>, children = '', { childrenProp = false, files }: { childrenProp?: boolean; files?: PropsFiles } = {}): string {
  let attributes = '';
  if (files && PROPS_IN_FILE.has(tag) && Object.values(props).some((v) => v !== undefined && v !== null)) {
    attributes = `\n  {...require("./${files.add(tag, props)}")}`;
  } else {
    for (const [key, value] of Object.entries(props)) if (value !== undefined) attributes += `\n  ${key}={${JSON.stringify(value)}}`;
  }
  if (childrenProp) attributes += `\n  children={${JSON.stringify(children)}}`;
  if (attributes) attributes += '\n';
  return `<${tag}${attributes}>\n${childrenProp ? '' : `${indent(children)}\n`}</${tag}>`;
}

/** A description between blank lines (none: the blank lines alone). */
const description = (markdown: string | undefined) => `\n\n${clean(markdown)}\n\n`;

/** A heading of the page whose text shows as written. */
const heading = (text: string, as: 'h1' | 'h2', id?: string) =>
  element('Heading', { ...(id && { id }), as, className: as === 'h1' ? 'openapi__heading' : 'openapi-tabs__heading' }, text, { childrenProp: true });

// ---------------------------------------------------------------------------------------------
// Operation and webhook pages

type Json = Record<string, unknown>;

/** What the operation page shows of the plugin's item `api` (descriptions already HTML, see options.ts). */
export interface PageOperation {
  method: string;
  path: string;
  description?: string;
  deprecated?: boolean;
  'x-deprecated-description'?: string;
  parameters?: unknown[];
  requestBody?: Json;
  responses?: Json;
  callbacks?: Record<string, Record<string, Partial<Record<string, { description?: string; requestBody?: Json; responses?: Json }>>>>;
}

const API_PAGE_IMPORTS = [
  `import MethodEndpoint from "${COMPONENTS}/MethodEndpoint";`,
  `import ParamsDetails from "${COMPONENTS}/ParamsDetails";`,
  `import RequestSchema from "${COMPONENTS}/RequestSchema";`,
  `import StatusCodes from "${COMPONENTS}/StatusCodes";`,
  `import { OperationTabs } from "${COMPONENTS}/Tabs";`,
  `import TabItem from "@site/lib/ui/Tabs/TabItem";`,
  `import Heading from "@theme/Heading";`,
  `import Translate from "@docusaurus/Translate";`,
].join('\n');

/** The methods a callback's path item may have, in the order its tabs show them. */
const CALLBACK_METHODS = ['delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'trace'];

/** The operation's callbacks: one tab per callback and method, each with its endpoint, body and responses. */
function callbackTabs(callbacks: PageOperation['callbacks'], files: PropsFiles): string {
  const names = Object.keys(callbacks ?? {});
  if (!callbacks || !names.length) return '';
  const tabs = names.flatMap((name) => {
    // The first path of each callback (its runtime expression), as the plugin showed it.
    const [expression] = Object.keys(callbacks[name]);
    const pathItem = callbacks[name][expression];
    return CALLBACK_METHODS.flatMap((method) => {
      const operation = pathItem[method];
      if (!operation) return [];
      const body = [
        `${element('MethodEndpoint', { method, path: expression, context: 'callback' })}\n\n`,
        description(operation.description),
        `${element('RequestSchema', { title: 'Body', body: operation.requestBody }, '', { files })}\n\n`,
        `${element('StatusCodes', { id: 'callbacks-responses', label: 'Callbacks Responses', responses: operation.responses }, '', { files })}\n\n`,
      ].join('');
      return [element('TabItem', { label: `${method.toUpperCase()} ${name}`, value: `${method}-${name}` }, body)];
    });
  });
  return element(
    'div',
    {},
    [element('div', { className: 'openapi__divider' }), heading('Callbacks', 'h2', 'callbacks'), element('OperationTabs', { className: 'openapi-tabs__operation' }, tabs.join(''))].join(''),
  );
}

/** The deprecation notice of a deprecated operation: its own text, or a standard one. */
function deprecationNotice(operation: PageOperation): string {
  if (!operation.deprecated) return '';
  const text = operation['x-deprecated-description'] ? clean(operation['x-deprecated-description']) : 'This endpoint has been deprecated and may be replaced or removed in future versions of the API.';
  return `:::caution[deprecated]\n\n${text}\n\n:::`;
}

/**
 * An operation's (or webhook's) page: title, method and path, deprecation notice, description,
 * then the request (parameters, body), the responses and the callbacks. The props of the
 * parameters, body and responses go to `files`.
 */
export function apiPageMdx(title: string, operation: PageOperation, files: PropsFiles): string {
  const { parameters, requestBody, responses } = operation;
  return [
    `${API_PAGE_IMPORTS}\n\n`,
    `${heading(title, 'h1')}\n\n`,
    `${element('MethodEndpoint', { method: operation.method, path: operation.path, context: 'endpoint' })}\n\n`,
    deprecationNotice(operation),
    description(operation.description),
    requestBody || parameters
      ? `${element('Heading', { id: 'request', as: 'h2', className: 'openapi-tabs__heading' }, '<Translate id="theme.openapi.request.title">Request</Translate>')}\n\n`
      : '',
    `${element('ParamsDetails', { parameters }, '', { files })}\n\n`,
    `${element('RequestSchema', { title: 'Body', body: requestBody }, '', { files })}\n\n`,
    `${element('StatusCodes', { responses }, '', { files })}\n\n`,
    callbackTabs(operation.callbacks, files),
  ].join('');
}

// ---------------------------------------------------------------------------------------------
// The info page

/** A security scheme as the info page shows it (its texts made safe by descriptions.ts, `mdxSecuritySchemes`). */
export interface PageSecurityScheme {
  type: string;
  description?: string;
  name?: string;
  in?: string;
  scheme?: string;
  bearerFormat?: string;
  openIdConnectUrl?: string;
  flows?: Record<string, { authorizationUrl?: string; tokenUrl?: string; refreshUrl?: string; scopes?: Record<string, string> }>;
}

/** A table row: a header cell and a data cell. */
const row = (header: string, data: string) => element('tr', {}, element('th', {}, header) + element('td', {}, data));

/** The facts of one scheme as a table (none for a type we do not know, such as mutualTLS). */
function schemeTable(scheme: PageSecurityScheme): string {
  const rows: string[] = [row('Security Scheme Type:', scheme.type)];
  switch (scheme.type) {
    case 'apiKey': {
      const where = scheme.in ?? '';
      rows.push(row(`${where.charAt(0).toUpperCase()}${where.slice(1)} parameter name:`, scheme.name ?? ''));
      break;
    }
    case 'http':
      rows.push(row('HTTP Authorization Scheme:', scheme.scheme ?? ''));
      if (scheme.bearerFormat) rows.push(row('Bearer format:', scheme.bearerFormat));
      break;
    case 'oauth2':
      for (const [flow, { authorizationUrl, tokenUrl, refreshUrl, scopes }] of Object.entries(scheme.flows ?? {})) {
        const urls = [
          tokenUrl && element('div', {}, `Token URL: ${tokenUrl}`),
          authorizationUrl && element('div', {}, `Authorization URL: ${authorizationUrl}`),
          refreshUrl && element('div', {}, `Refresh URL: ${refreshUrl}`),
        ];
        const scopeList = element('ul', {}, Object.entries(scopes ?? {}).map(([scope, text]) => element('li', {}, `${scope}: ${text}`)).join(''));
        rows.push(row(`OAuth Flow (${flow}):`, [...urls.filter(Boolean), element('span', {}, 'Scopes:'), scopeList].join('')));
      }
      break;
    case 'openIdConnect':
      if (scheme.openIdConnectUrl) rows.push(row('OpenID Connect URL:', scheme.openIdConnectUrl));
      break;
    default:
      return '';
  }
  return element('div', {}, element('table', {}, element('tbody', {}, rows.join(''))));
}

/** A scheme's tab label: its kind and name, or the key in words for another HTTP scheme. */
function schemeLabel(key: string, { type, scheme }: PageSecurityScheme): string {
  if (type === 'oauth2') return `OAuth 2.0: ${key}`;
  if (type === 'apiKey') return `API Key: ${key}`;
  if (type === 'http' && scheme === 'basic') return 'HTTP: Basic Auth';
  if (type === 'http' && scheme === 'bearer') return 'HTTP: Bearer Auth';
  if (type === 'openIdConnect') return `OpenID Connect: ${key}`;
  return key
    .replace(/[_-]/g, ' ')
    .trim()
    .replace(/\w\S*/g, (word) => word.charAt(0).toUpperCase() + word.slice(1))
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2');
}

/** The "Authentication" section: one tab per security scheme, its description and its facts. */
export function authenticationMdx(schemes: Record<string, PageSecurityScheme> | undefined): string {
  if (!schemes || !Object.keys(schemes).length) return '';
  const tabs = Object.entries(schemes).map(([key, scheme]) => element('TabItem', { label: schemeLabel(key, scheme), value: key }, description(scheme.description) + schemeTable(scheme)));
  const section = heading('Authentication', 'h2', 'authentication') + element('SchemaTabs', { className: 'openapi-tabs__security-schemes' }, tabs.join(''));
  return element('div', { style: { marginBottom: '2rem' } }, section);
}

const INFO_PAGE_IMPORTS = [
  `import ApiLogo from "${COMPONENTS}/ApiLogo";`,
  `import Heading from "@theme/Heading";`,
  `import { SchemaTabs } from "${COMPONENTS}/Tabs";`,
  `import TabItem from "@site/lib/ui/Tabs/TabItem";`,
  `import Export from "${COMPONENTS}/Export";`,
].join('\n');

/** What the info page shows of the document's `info` (the plugin's item `info`, `x-logo` as `logo`). */
export interface PageInfo {
  title: string;
  version?: string;
  description?: string;
  logo?: unknown;
  darkLogo?: unknown;
  contact?: { email?: string };
  license?: { name?: string; url?: string };
  termsOfService?: string;
}

/**
 * The API's introduction: version, download link, title, logo, description, authentication, then
 * contact, terms and license as a Markdown list (as JSX, MDX wrapped their text in `<p>` inside
 * headings: invalid nesting).
 */
export function infoPageMdx(info: PageInfo, securitySchemes: Record<string, PageSecurityScheme> | undefined, downloadUrl: string | undefined): string {
  const { contact, license, termsOfService } = info;
  const facts = [
    contact?.email && `- Contact: [${contact.email}](mailto:${contact.email})`,
    termsOfService && `- Terms of service: [${termsOfService}](${termsOfService})`,
    license?.name && `- License: ${license.url ? `[${license.name}](${license.url})` : license.name}`,
  ].filter(Boolean);
  const markdown = [
    `${INFO_PAGE_IMPORTS}\n\n`,
    // The version as written (a JSON string prop: no character of it is read as MDX).
    info.version ? `${element('span', { className: 'theme-doc-version-badge badge badge--secondary' }, `Version: ${info.version}`, { childrenProp: true })}\n\n` : '',
    downloadUrl ? `${element('Export', { url: downloadUrl })}\n\n` : '',
    `${heading(info.title, 'h1')}\n\n`,
    info.logo || info.darkLogo ? element('ApiLogo', { logo: info.logo, darkLogo: info.darkLogo }) : '',
    description(info.description),
    authenticationMdx(securitySchemes),
  ].join('');
  return facts.length ? `${markdown}\n\n## Contact and license\n\n${facts.join('\n')}\n` : markdown;
}

// ---------------------------------------------------------------------------------------------
// Schema pages

const SCHEMA_PAGE_IMPORTS = [`import Schema from "${COMPONENTS}/Schema";`, `import Heading from "@theme/Heading";`].join('\n');

/** A schema's page: its title, its description, and the schema drawn by our Schema component (its props go to `files`). */
export function schemaPageMdx(schema: { title?: string; description?: string }, files: PropsFiles): string {
  return [
    `${SCHEMA_PAGE_IMPORTS}\n\n`,
    `${heading(schema.title ?? '', 'h1')}\n\n`,
    description(schema.description),
    element('Schema', { schema, schemaType: 'response' }, '', { files }),
  ].join('');
}

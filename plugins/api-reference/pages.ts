/**
 * The MDX of the generated pages, written by us and handed to docusaurus-plugin-openapi-docs as its
 * public `markdownGenerators` option (options.ts): an operation's page, a schema's page and the
 * introduction. Each page imports our components (./components) and the guides' TabItem; the
 * page's large props (parameters, bodies, responses, a schema) go to a JSON file beside the page
 * (`<id>.<Component>.json`, read by ./props-loader.cjs in the browser build), which the page spreads.
 *
 * The MDX has the shape the plugin's own generators give it (one JSX element per block, each prop a
 * JSON expression), so the pages render as they did with them.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { clean } from './descriptions';

/** Where the generated pages import this plugin's components from (./components). */
const COMPONENTS = '@site/plugins/api-reference/components';

/** What an element holds: text (MDX), or pieces of it; `undefined` pieces are left out. */
type Children = string | undefined | Children[];

/** Joins the pieces of `children` in order. */
function render(children: Children): string {
  if (Array.isArray(children)) return children.map(render).join('');
  return children ?? '';
}

/** `render(children)` when `value` is set (0 counts as set), else nothing. */
const when = <T>(value: T | undefined | null | false | '', children: (value: T) => Children): string =>
  value || value === 0 ? render(children(value as T)) : '';

/**
 * One JSX element: each defined prop as `key={JSON}`, or all of them spread from `propsFile` when
 * given, and the children indented below. `inline`: the children go as a `children` prop, a string
 * MDX does not read as Markdown (a heading's text).
 */
function element(tag: string, props: Record<string, unknown>, children?: Children, { inline = false, propsFile }: { inline?: boolean; propsFile?: string } = {}): string {
  let attributes = propsFile
    ? `\n  {...require("./${propsFile}")}`
    : Object.entries(props)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `\n  ${key}={${JSON.stringify(value)}}`)
        .join('');
  let inner = inline ? '' : render(children).replace(/^/gm, '  ');
  if (inline) attributes += `\n  children={${JSON.stringify(children)}}`;
  if (attributes) attributes += '\n';
  if (inner) inner += '\n';
  return `<${tag}${attributes}>\n${inner}</${tag}>`;
}

/**
 * Writes the props of a page's elements to JSON files beside the page: `<dir>/<id>.<Component>.json`,
 * then `.2`, `.3`… for the same component again (callbacks repeat the body and responses). The
 * generator writes relative to the working folder (scripts/gen-api.mjs runs it in a staging folder).
 */
class PropsFiles {
  private readonly counts = new Map<string, number>();
  constructor(
    private readonly dir: string,
    private readonly id: string,
  ) {}

  /** The element with its props in a file, or inline when it has none set (nothing to write). */
  element(tag: string, props: Record<string, unknown>): string {
    if (!Object.values(props).some((value) => value !== undefined && value !== null)) return element(tag, props);
    const count = (this.counts.get(tag) ?? 0) + 1;
    this.counts.set(tag, count);
    const file = `${this.id}.${tag}${count > 1 ? `.${count}` : ''}.json`;
    writeFileSync(path.join(this.dir, file), JSON.stringify(props), 'utf8');
    return element(tag, props, undefined, { propsFile: file });
  }
}

/** The page's title, the first heading. */
const heading = (title: string) => [element('Heading', { as: 'h1', className: 'openapi__heading' }, title, { inline: true }), '\n\n'];

/** A description block: Markdown, escaped where MDX would read it as syntax (`clean`). */
const description = (markdown: string | undefined) => `\n\n${clean(markdown)}\n\n`;

/** A second-level heading of the page's sections. */
const sectionHeading = (id: string, text: string) => element('Heading', { id, as: 'h2', className: 'openapi-tabs__heading' }, text, { inline: true });

/** What a generated operation page shows, as the generator's item gives it. */
export interface ApiPageInput {
  title: string;
  api: {
    method: string;
    path: string;
    deprecated?: boolean;
    'x-deprecated-description'?: string;
    description?: string;
    parameters?: unknown;
    requestBody?: unknown;
    responses?: unknown;
    callbacks?: Record<string, Record<string, Record<string, { description?: string; requestBody?: unknown; responses?: unknown } | undefined>>>;
  };
}

/** The methods a callback's path item may hold, in the order its tabs show them. */
const CALLBACK_METHODS = ['delete', 'get', 'head', 'options', 'patch', 'post', 'put', 'trace'] as const;

/**
 * An operation's page (`<dir>/<id>.api.mdx`): title, method and path, a deprecation notice,
 * description, the request (parameters and body), the responses and the callbacks, each in a tab.
 */
export function apiPageMdx({ title, api }: ApiPageInput, dir: string, id: string): string {
  const files = new PropsFiles(dir, id);
  const { deprecated, 'x-deprecated-description': deprecatedDescription, method, path: apiPath, parameters, requestBody, responses, callbacks } = api;
  const callbackNames = Object.keys(callbacks ?? {});
  return render([
    `import MethodEndpoint from "${COMPONENTS}/MethodEndpoint";\n`,
    `import ParamsDetails from "${COMPONENTS}/ParamsDetails";\n`,
    `import RequestSchema from "${COMPONENTS}/RequestSchema";\n`,
    `import StatusCodes from "${COMPONENTS}/StatusCodes";\n`,
    `import { OperationTabs } from "${COMPONENTS}/Tabs";\n`,
    `import TabItem from "@site/src/components/Tabs/TabItem";\n`,
    `import Heading from "@theme/Heading";\n`,
    `import Translate from "@docusaurus/Translate";\n\n`,
    heading(title),
    element('MethodEndpoint', { method, path: apiPath, context: 'endpoint' }),
    '\n\n',
    when(deprecated, () => `:::caution[deprecated]\n\n${deprecatedDescription ? clean(deprecatedDescription) : 'This endpoint has been deprecated and may be replaced or removed in future versions of the API.'}\n\n:::`),
    description(api.description),
    requestBody || parameters
      ? [element('Heading', { id: 'request', as: 'h2', className: 'openapi-tabs__heading' }, '<Translate id="theme.openapi.request.title">Request</Translate>'), '\n\n']
      : undefined,
    files.element('ParamsDetails', { parameters }),
    '\n\n',
    files.element('RequestSchema', { title: 'Body', body: requestBody }),
    '\n\n',
    files.element('StatusCodes', { id: undefined, label: undefined, responses }),
    '\n\n',
    callbackNames.length
      ? element('div', {}, [
          element('div', { className: 'openapi__divider' }),
          sectionHeading('callbacks', 'Callbacks'),
          element(
            'OperationTabs',
            { className: 'openapi-tabs__operation' },
            callbackNames.flatMap((name) => {
              // A callback's first path item (the theme shows one per callback).
              const [callbackPath] = Object.keys(callbacks![name]);
              const item = callbacks![name][callbackPath];
              return CALLBACK_METHODS.flatMap((m) => {
                const operation = item[m];
                if (!operation) return [];
                return [
                  element('TabItem', { label: `${m.toUpperCase()} ${name}`, value: `${m}-${name}` }, [
                    element('MethodEndpoint', { method: m, path: callbackPath, context: 'callback' }),
                    '\n\n',
                    description(operation.description),
                    files.element('RequestSchema', { title: 'Body', body: operation.requestBody }),
                    '\n\n',
                    files.element('StatusCodes', { id: 'callbacks-responses', label: 'Callbacks Responses', responses: operation.responses }),
                    '\n\n',
                  ]),
                ];
              });
            }),
          ),
        ])
      : undefined,
  ]);
}

/** A security scheme as the info page shows it (its text already made safe for MDX: descriptions.ts `mdxSecuritySchemes`). */
export interface SecuritySchemeInput {
  type?: string;
  description?: string;
  name?: string;
  in?: string;
  scheme?: string;
  bearerFormat?: string;
  openIdConnectUrl?: string;
  flows?: Record<string, { authorizationUrl?: string; tokenUrl?: string; refreshUrl?: string; scopes?: Record<string, string> }>;
}

/** A table row: a header cell and a value cell. */
const row = (header: string, value: Children) => element('tr', {}, [element('th', {}, header), element('td', {}, value)]);

/** The facts of one security scheme as a table (none for a type the theme does not know). */
function schemeTable(scheme: SecuritySchemeInput): string {
  const typeRow = row('Security Scheme Type:', scheme.type);
  const table = (rows: Children) => element('div', {}, [element('table', {}, element('tbody', {}, rows))]);
  switch (scheme.type) {
    case 'apiKey': {
      const where = scheme.in ?? '';
      return table([typeRow, row(`${where.charAt(0).toUpperCase()}${where.slice(1)} parameter name:`, scheme.name)]);
    }
    case 'http':
      return table([typeRow, row('HTTP Authorization Scheme:', scheme.scheme), when(scheme.bearerFormat, (format) => row('Bearer format:', format))]);
    case 'oauth2':
      return table([
        typeRow,
        Object.entries(scheme.flows ?? {})
          .map(([flow, { authorizationUrl, tokenUrl, refreshUrl, scopes }]) =>
            row(`OAuth Flow (${flow}):`, [
              when(tokenUrl, (url) => element('div', {}, `Token URL: ${url}`)),
              when(authorizationUrl, (url) => element('div', {}, `Authorization URL: ${url}`)),
              when(refreshUrl, (url) => element('div', {}, `Refresh URL: ${url}`)),
              element('span', {}, 'Scopes:'),
              element('ul', {}, Object.entries(scopes ?? {}).map(([scope, text]) => element('li', {}, `${scope}: ${text}`))),
            ]),
          )
          .join(''),
      ]);
    case 'openIdConnect':
      return table([typeRow, when(scheme.openIdConnectUrl, (url) => row('OpenID Connect URL:', url))]);
    default:
      return '';
  }
}

/** A scheme's tab label: its kind and name ("API Key: key", "HTTP: Bearer Auth"), else its key in words. */
function schemeLabel(key: string, { type, scheme }: SecuritySchemeInput): string {
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

/** The info page's "Authentication" section: one tab per security scheme, with its description and facts. */
export function authenticationMdx(schemes: Record<string, SecuritySchemeInput> | undefined): string {
  if (!schemes || !Object.keys(schemes).length) return '';
  return element(
    'div',
    { style: { marginBottom: '2rem' } },
    [
      sectionHeading('authentication', 'Authentication'),
      element(
        'SchemaTabs',
        { className: 'openapi-tabs__security-schemes' },
        Object.entries(schemes).map(([key, scheme]) => element('TabItem', { label: schemeLabel(key, scheme), value: key }, [description(scheme.description), schemeTable(scheme)])),
      ),
    ],
  );
}

/** What the introduction page shows. */
export interface InfoPageInput {
  info: { title: string; version?: string; description?: string; logo?: unknown; darkLogo?: unknown };
  securitySchemes?: Record<string, SecuritySchemeInput>;
  downloadUrl?: string;
}

/** The introduction (`<id>.info.mdx`): version, the document's download, title, logo, description and authentication. */
export function infoPageMdx({ info: { title, version, description: text, logo, darkLogo }, securitySchemes, downloadUrl }: InfoPageInput): string {
  return render([
    `import ApiLogo from "@theme/ApiLogo";\n`,
    `import Heading from "@theme/Heading";\n`,
    `import { SchemaTabs } from "${COMPONENTS}/Tabs";\n`,
    `import TabItem from "@site/src/components/Tabs/TabItem";\n`,
    `import Export from "@theme/ApiExplorer/Export";\n\n`,
    when(version, (v) => [element('span', { className: 'theme-doc-version-badge badge badge--secondary' }, `Version: ${v}`, { inline: true }), '\n\n']),
    when(downloadUrl, (url) => [element('Export', { url }), '\n\n']),
    heading(title),
    when(logo || darkLogo, () => element('ApiLogo', { logo, darkLogo })),
    description(text),
    authenticationMdx(securitySchemes),
  ]);
}

/** A schema page (`<dir>/<id>.schema.mdx`): title, description and the schema's tree; `props` is what the tree gets. */
export function schemaPageMdx({ title, description: text }: { title?: string; description?: string }, props: unknown, dir: string, id: string): string {
  const files = new PropsFiles(dir, id);
  return render([
    `import Schema from "${COMPONENTS}/Schema";\n`,
    `import Heading from "@theme/Heading";\n\n`,
    heading(title ?? ''),
    description(text),
    files.element('Schema', { schema: props, schemaType: 'response' }),
  ]);
}

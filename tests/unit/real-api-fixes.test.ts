// Minimal reproductions of what broke the build from public OpenAPI documents (issue 28); the
// documents themselves are built by tests/fixture/real-apis.test.ts. Each description is checked as
// the page's MDX compiler (@mdx-js/mdx, as Docusaurus runs it) and React render it.
import '../support/docusaurus-translate';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Script } from 'node:vm';
import React from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { mergeAllOf } from '../../plugins/api-reference/components/schemaNormalize';
import { authenticationMdx, clean } from '../../plugins/api-reference/page-mdx';
import { descriptionHtml, mdxDescription, mdxSecuritySchemes, withHtmlDescriptions, withMdxDescriptions } from '../../plugins/api-reference/descriptions';
import { normalizeDocument, providerLinksWarning, withProviderLinks } from '../../lib/openapi/normalize';
import { generateSamples, MAX_GENERATED_BODY_CHARS, sampleRequestFromOperation, type ApiOperation } from '../../lib/openapi/samples';
import { deref, listOperations, type OpenApiDocument } from '../../lib/openapi/spec';
import { BuiltHtml, Qualifier } from '../../plugins/api-reference/components/schemaText';
import { guardedSchema, withAgreeingAllOf } from '../../plugins/api-reference/components/allOfGuard';

/** A page's description as the reader gets it: through the generator's escaping, MDX and React. */
async function pageHtml(markdown: string): Promise<string> {
  const mdx = withMdxDescriptions(`\n\n${clean(mdxDescription(markdown, 'test'))}\n\n`);
  // ESM only: imported at run time (this file runs as CommonJS).
  const { evaluate } = await import('@mdx-js/mdx');
  const { default: Content } = await evaluate(mdx, { ...runtime, baseUrl: import.meta.url } as never);
  return renderToStaticMarkup(React.createElement(Content as React.ComponentType));
}

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

describe('Descriptions MDX would read as syntax', () => {
  it('show a lone <br/> line and the paragraphs around it', async () => {
    const html = await pageHtml('First line.\n\n<br/>\n\nSecond <b>bold</b> line.');
    assert.match(html, /<p>First line\.<\/p>\s*<br\/>\s*<p>Second <b>bold<\/b> line\.<\/p>/);
  });

  it('keep the <pre> of a fenced block next to an anchor', async () => {
    const html = await pageHtml('See <a href="https://example.com/x">the guide</a>.\n\n```\ncurl https://example.com/{id}\n```');
    assert.match(html, /<pre><code>curl https:\/\/example.com\/\{id\}\n<\/code><\/pre>/);
    assert.match(html, /<a href="https:\/\/example.com\/x" target="_blank" rel="noopener noreferrer">the guide<\/a>/);
  });

  it('show <api_token> and \\{ in indented code as written', async () => {
    assert.match(text(await pageHtml('Send `Authorization: Token` then <api_token> in the header.')), /then <api_token> in the header/);
    const html = await pageHtml('A template:\n\n    {"name": "\\{user\\}"}\n\nEnd.');
    assert.equal(text(html.match(/<pre>[\s\S]*<\/pre>/)?.[0] ?? ''), '{"name": "\\{user\\}"}\n');
  });

  it('leave Markdown that MDX reads as Markdown as it is', () => {
    for (const md of ['Plain *text* with `code`.', '```json\n{"a": 1}\n```', 'Braces {like this} are escaped by the generator.']) {
      assert.equal(mdxDescription(md, 'test'), md);
    }
  });
});

describe("The info page's security schemes", () => {
  it('show descriptions, names and scopes with <, { and Markdown characters as written (Stripe)', async () => {
    const schemes = {
      basicAuth: { type: 'http', scheme: 'basic', description: 'Allowed headers-- Authorization: Basic <api_key> | Authorization: Basic <base64 hash of `api_key:`>' },
      key: { type: 'apiKey', in: 'header', name: 'X-Key_{v}', description: 'A key.\n\n    indented {code}' },
      oauth: { type: 'oauth2', description: 'OAuth.', flows: { implicit: { authorizationUrl: 'https://example.com/auth?a=1&b=2', scopes: { 'read:<org>': 'Reads {org} *data* <b>now</b>' } } } },
    };
    // The section as the info page's generator writes it, compiled by MDX without the theme's components.
    const mdx = withMdxDescriptions(authenticationMdx(mdxSecuritySchemes(schemes, 'test')))
      .replace(/<(\/?)(Heading|SchemaTabs|TabItem)\b[^>]*>/g, '<$1div>');
    const { evaluate } = await import('@mdx-js/mdx');
    const { default: Content } = await evaluate(mdx, { ...runtime, baseUrl: import.meta.url } as never);
    const shown = text(renderToStaticMarkup(React.createElement(Content as React.ComponentType)));
    for (const written of ['Authorization: Basic <api_key> | Authorization: Basic <base64 hash of api_key:>', 'X-Key_{v}', 'indented {code}', 'https://example.com/auth?a=1&b=2', 'read:<org>: Reads {org} *data* <b>now</b>']) {
      assert.ok(shown.includes(written), `${written} in ${shown}`);
    }
    // Without them, MDX rejects the section.
    await assert.rejects(evaluate(authenticationMdx(schemes).replace(/<(\/?)(Heading|SchemaTabs|TabItem)\b[^>]*>/g, '<$1div>'), { ...runtime, baseUrl: import.meta.url } as never));
  });
});

describe('Descriptions of every schema position are rendered at build time', () => {
  it('treats properties named default, example and enum as properties', () => {
    const schema = { type: 'object', properties: { default: { type: 'string', description: 'The *default* one.' }, enum: { type: 'array', description: 'Values `a`.' }, example: { description: 'An example.' } } };
    const out = withHtmlDescriptions(schema, 'test') as typeof schema;
    assert.equal(out.properties.default.description, '<p>The <em>default</em> one.</p>');
    assert.equal(out.properties.enum.description, '<p>Values <code>a</code>.</p>');
    assert.equal(out.properties.example.description, '<p>An example.</p>');
    assert.deepEqual(withHtmlDescriptions({ default: 'x', enum: ['a'], example: 1 }, 'test'), { default: 'x', enum: ['a'], example: 1 });
  });

  it('shows a pattern and an enum value with a backtick in the "Possible values" line as written (SendGrid\'s)', () => {
    const pattern = '^[a-zA-Z\\u0080-\\u024F\\s\\/\\-\\)\\(\\`\\.\\"\\\']+$';
    const html = renderToStaticMarkup(React.createElement(Qualifier, { schema: { type: 'string', maxLength: 5, pattern, enum: ['a`b', 'c'] } }));
    assert.deepEqual([...html.matchAll(/<code>([^<]*)<\/code>/g)].map((m) => text(m[1])), ['<= 5 characters', pattern, 'a`b', 'c'], html);
  });

  it('renders a description that opens with an HTML comment', () => {
    const html = descriptionHtml('<!-- generated -->\nThe *account*.', 'test');
    assert.equal(renderToStaticMarkup(React.createElement(BuiltHtml, { html })), '<div><p>The <em>account</em>.</p></div>');
  });
});

describe('Operations without operationId', () => {
  const doc = {
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: { '/info.0.json': { get: { summary: 'Comic' } }, '/{comic_id}/info.0.json': { get: { summary: 'Comic' }, delete: {} } },
  } as unknown as OpenApiDocument;

  it('get a page named after method and path, the same in the reader and in the generator copy', () => {
    assert.deepEqual(listOperations(doc).map((e) => e.slug), ['get-info-0-json', 'get-comic-id-info-0-json', 'delete-comic-id-info-0-json']);
    const copy = normalizeDocument(doc).doc;
    const ops = Object.values(copy.paths).flatMap((item) => Object.values(item)) as Array<{ operationId: string; summary: string }>;
    assert.deepEqual(ops.map((o) => o.operationId), ['get-info-0-json', 'get-comic-id-info-0-json', 'delete-comic-id-info-0-json']);
    assert.equal(ops[2].summary, 'DELETE /{comic_id}/info.0.json');
    assert.deepEqual(listOperations(copy).map((e) => e.slug), listOperations(doc).map((e) => e.slug));
  });
});

describe('A $ref with percent-encoded characters', () => {
  it("resolves (DigitalOcean's '#/paths/~1keys~1%7Bssh_key_identifier%7D/get/parameters/0')", () => {
    const parameter = { name: 'ssh_key_identifier', in: 'path', required: true, schema: { type: 'string' } };
    const doc = {
      openapi: '3.0.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/keys/{ssh_key_identifier}': {
          get: { operationId: 'getKey', parameters: [parameter], responses: { 200: { description: 'OK' } } },
          delete: { operationId: 'deleteKey', parameters: [{ $ref: '#/paths/~1keys~1%7Bssh_key_identifier%7D/get/parameters/0' }], responses: { 204: { description: 'Gone' } } },
        },
      },
    } as unknown as OpenApiDocument;
    const entry = listOperations(doc).find((e) => e.operation.operationId === 'deleteKey')!;
    assert.equal(deref(doc, entry.operation.parameters![0] as never), parameter);
  });
});

describe('An allOf whose parts disagree', () => {
  const schema = {
    type: 'object',
    properties: {
      workflow_job: {
        allOf: [
          // GitHub's workflow_job webhooks: run_id is a number in one part, an integer in the other.
          { type: 'object', properties: { run_id: { type: 'number' }, id: { type: 'integer' } } },
          { type: 'object', properties: { run_id: { type: 'integer' } } },
        ],
      },
    },
  };

  it("leaves a property undefined in the theme's merge, which the guard takes from the last part", () => {
    const warn = console.warn;
    console.warn = () => {};
    try {
      const upstream = mergeAllOf(schema.properties.workflow_job) as { properties: Record<string, unknown> };
      assert.ok('run_id' in upstream.properties && upstream.properties.run_id === undefined, "the theme's merge keeps the disputed property (this guard is still needed)");
    } finally {
      console.warn = warn;
    }
    const guarded = withAgreeingAllOf(schema) as unknown as { properties: { workflow_job: { allOf?: unknown; properties: Record<string, unknown> } } };
    assert.equal(guarded.properties.workflow_job.allOf, undefined);
    assert.deepEqual(guarded.properties.workflow_job.properties.run_id, { type: 'integer' });
    assert.deepEqual(guarded.properties.workflow_job.properties.id, { type: 'integer' });
    const agreeing = { allOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'string' } } }] };
    assert.equal(withAgreeingAllOf(agreeing), agreeing, 'an allOf whose parts agree is left to the theme');
  });

  // Mailchimp's Facebook ads report (getReportingFacebookAds), reduced: two parts of the items' allOf
  // give report_summary, and disagree one level down, on impressions (number / integer).
  const report = {
    type: 'object',
    properties: {
      facebook_ads: {
        type: 'array',
        items: {
          allOf: [
            { type: 'object', properties: { id: { type: 'string' }, report_summary: { type: 'object', properties: { impressions: { type: 'number' }, reach: { type: 'integer' } } } } },
            { type: 'object', properties: { report_summary: { type: 'object', properties: { impressions: { type: 'integer' }, clicks: { type: 'integer' } } } } },
          ],
        },
      },
    },
  };

  /** Every place the theme's SchemaEdge would be handed no schema, after its own merges (as it renders). */
  function emptyPlaces(node: unknown, path = ''): string[] {
    if (!node || typeof node !== 'object') return [];
    const n = node as Record<string, unknown>;
    const quiet = console.warn;
    console.warn = () => {};
    let shown: Record<string, unknown>;
    try {
      shown = Array.isArray(n.allOf) ? (mergeAllOf(n) as Record<string, unknown>) : n;
    } finally {
      console.warn = quiet;
    }
    const out: string[] = [];
    for (const [name, value] of Object.entries((shown.properties ?? {}) as Record<string, unknown>)) {
      if (!value || typeof value !== 'object') out.push(`${path}${name}`);
      else out.push(...emptyPlaces(value, `${path}${name}.`));
    }
    if ('items' in shown) out.push(...(shown.items && typeof shown.items === 'object' ? emptyPlaces(shown.items, `${path}[].`) : [`${path}[]`]));
    return out;
  }

  it('one level down (Mailchimp\'s report_summary.impressions) is taken from the last part too', () => {
    assert.deepEqual(emptyPlaces(report), ['facebook_ads.[].report_summary.impressions'], 'the theme would crash here (this guard is still needed)');
    const { schema: guarded, holes } = guardedSchema(report);
    assert.deepEqual(emptyPlaces(guarded), []);
    assert.deepEqual(holes, []);
    const items = (guarded as unknown as { properties: { facebook_ads: { items: { properties: Record<string, { properties: Record<string, unknown> }> } } } }).properties.facebook_ads.items;
    assert.deepEqual(items.properties.report_summary.properties, { impressions: { type: 'integer' }, reach: { type: 'integer' }, clicks: { type: 'integer' } });
    assert.ok(items.properties.id, 'the other properties stay');
  });

  it("shows OpenAPI 3.1's boolean schemas, and a place with no schema as a note the build reports", () => {
    const schema = {
      type: 'object',
      properties: {
        anything: true,
        nothing: false,
        // YAML's "note:" with nothing after it: null, no schema.
        note: null,
        list: { type: 'array', items: null },
        example_like: { type: 'object', example: { properties: { a: null } } },
      },
    };
    const { schema: guarded, holes } = guardedSchema(schema);
    const properties = (guarded as unknown as { properties: Record<string, Record<string, unknown>> }).properties;
    assert.deepEqual(properties.anything, {});
    assert.match(String(properties.nothing.description), /No value is allowed/);
    assert.match(String(properties.note.description), /^<p><em>Not shown: /);
    assert.match(String((properties.list.items as Record<string, unknown>).description), /^<p><em>Not shown: /);
    assert.deepEqual(properties.example_like, schema.properties.example_like, 'an example is data, left as written');
    assert.deepEqual(holes.sort(), ['list.[]', 'note']);
    assert.deepEqual(emptyPlaces(guarded), []);
    assert.equal(guardedSchema(schema).schema, guarded, 'the same schema is guarded once');
  });
});

describe('Samples send every query, header and cookie parameter', () => {
  const op: ApiOperation = {
    method: 'get',
    path: '/conversations.list',
    operationId: 'conversations_list',
    parameters: [
      { name: 'token', in: 'header', required: true, description: 'Authentication token.', schema: { type: 'string' } },
      { name: 'X-Request-Id', in: 'header', example: 'req-1', schema: { type: 'string' } },
      { name: 'session', in: 'cookie', example: 'abc', schema: { type: 'string' } },
      { name: 'theme', in: 'cookie', schema: { type: 'string', enum: ['dark', 'light'] } },
      { name: 'Accept', in: 'header', example: 'text/plain', schema: { type: 'string' } },
      { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 5 } },
      { name: 'channel', in: 'query', required: true, example: 'C1' },
      { name: 'key', in: 'query', schema: { type: 'string' } },
    ],
    responses: {},
  };

  it('in the curl sample a reader copies', () => {
    const curl = generateSamples(sampleRequestFromOperation(op, { baseUrl: 'https://slack.example/api' })).find((s) => s.id === 'curl')!.code;
    assert.match(curl, /--header 'token: [^']+'/);
    assert.match(curl, /--header 'X-Request-Id: req-1'/);
    assert.match(curl, /--header 'Cookie: session=abc; theme=dark'/);
    assert.doesNotMatch(curl, /Accept: text\/plain/, 'Accept, Content-Type and Authorization parameters are ignored, as OpenAPI says');
    assert.match(curl, /conversations\.list\?limit=5&channel=C1&key=string'/, 'optional query parameters too, with a value of their schema');
  });

  it('in every language, with the query key of the credentials sent once', () => {
    const target = { baseUrl: 'https://slack.example/api', auth: { in: 'query' as const, name: 'key', value: 'YOUR_API_KEY' } };
    const samples = generateSamples(sampleRequestFromOperation(op, target));
    assert.deepEqual(samples.map((s) => s.id), ['python', 'curl', 'go', 'nodejs', 'ruby', 'java', 'powershell']);
    for (const { id, code } of samples) {
      assert.match(code, /conversations\.list\?limit=5&channel=C1&key=YOUR_API_KEY["']/, `${id}: the query parameters`);
      assert.match(code, /Cookie["']?[:,)\]]?\s*(= )?["']?session=abc; theme=dark/, `${id}: the cookie parameters`);
      assert.match(code, /token/, `${id}: the header parameter`);
    }
  });
});

describe('Webhooks', () => {
  it('written as a callback get their operations; an invalid one is left out with a problem naming it, and the rest is kept', () => {
    // Vonage's messages document: a webhook written as a callback (a runtime expression, then the path item).
    const doc = {
      openapi: '3.0.1',
      info: { title: 'T', version: '1' },
      paths: {},
      'x-webhooks': {
        'inbound-message': { '{$request.body#/callback}': { post: { summary: 'Inbound' } } },
        broken: { notify: 'text' },
        status: { post: { summary: 'Status' } },
      },
    } as unknown as OpenApiDocument;
    const { doc: copy, problems } = normalizeDocument(doc);
    assert.deepEqual(problems, ['webhook "broken" has "notify", which is not an HTTP method or a path item field: it gets no page']);
    assert.deepEqual((copy as unknown as Record<string, unknown>)['x-webhooks'], {
      'inbound-message': { post: { summary: 'Inbound' } },
      broken: {},
      status: { post: { summary: 'Status' } },
    });
  });
});

describe('A document without servers', () => {
  it("builds llms.txt's agent section, saying the base URL is not documented", async () => {
    // Adyen's report notification document: webhooks only, no `servers` (optional in OpenAPI).
    const { agentSection } = await import('../../plugins/llms-txt/agents');
    const doc = { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {}, webhooks: {} } as unknown as OpenApiDocument;
    const { prose } = agentSection(doc, 'https://docs.example.com', { title: 'T', postmanFile: 't.postman_collection.json', pages: { guides: false, errors: false, changelog: false } });
    assert.match(prose.join('\n'), /Base URL: not documented \(the OpenAPI document lists no servers\)/);
  });
});

describe('A blank summary', () => {
  it("is no summary: the page is titled by the operationId, else by method and path (Apacta's empty sidebar label failed the build)", () => {
    const doc = {
      openapi: '3.0.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/products/{id}/uploadImage': { post: { operationId: 'upload-image', summary: '', description: 'Upload or delete a product image.', responses: {} } },
        '/products': { get: { summary: '  ', responses: {} }, post: { summary: '![](logo.png)', responses: {} } },
      },
    } as unknown as OpenApiDocument;
    const { doc: out } = normalizeDocument(doc);
    const op = (path: string, method: string) => (out.paths[path] as Record<string, { summary?: string; operationId?: string; description?: string }>)[method];
    assert.equal(op('/products/{id}/uploadImage', 'post').summary, undefined);
    assert.equal(op('/products/{id}/uploadImage', 'post').description, 'Upload or delete a product image.');
    assert.equal(op('/products', 'get').summary, 'GET /products');
    assert.equal(op('/products', 'post').summary, undefined, 'Markdown with no text is no title either');
    for (const entry of listOperations(out)) assert.ok((entry.operation.summary ?? entry.operation.operationId ?? '').trim(), `${entry.method} ${entry.path} has a title`);
  });

  it("with an empty operationId (Apacta's GET /reports), the page and every link to it are named by method and path", () => {
    const doc = { openapi: '3.0.0', info: { title: 'T', version: '1' }, paths: { '/reports': { get: { operationId: '', summary: '', responses: {} } } } } as unknown as OpenApiDocument;
    assert.deepEqual(listOperations(doc).map((e) => e.route), ['/api/get-reports']);
    const { doc: out } = normalizeDocument(doc);
    assert.equal((out.paths['/reports'] as Record<string, { operationId?: string }>).get.operationId, 'get-reports');
  });
});

describe("Another company's site-relative links", () => {
  it("lead to the provider's site, or stay as text where the document names none; Emissary's own stay", async () => {
    // Spotify's document: "/documentation/web-api/concepts/api-calls#response-status-codes" in its descriptions.
    const description = 'See [status codes](/documentation/api-calls#codes), <a href="/guide">the guide</a> and [ours](https://x.example/a).';
    const doc = (info: object) =>
      ({ openapi: '3.0.0', info: { title: 'T', version: '1', ...info }, paths: { '/a': { get: { description, responses: { 200: { description } } } } } }) as unknown as OpenApiDocument;
    const get = (d: OpenApiDocument) => (d.paths['/a'] as { get: { description: string; responses: Record<string, { description: string }> } }).get;
    const linked = get(normalizeDocument(doc({ termsOfService: 'https://developer.example.com/terms/' }), { providerLinks: true }).doc);
    const expected = 'See [status codes](https://developer.example.com/documentation/api-calls#codes), <a href="https://developer.example.com/guide">the guide</a> and [ours](https://x.example/a).';
    assert.equal(linked.description, expected);
    assert.equal(linked.responses[200].description, expected);
    const html = descriptionHtml(linked.description, 'test');
    assert.doesNotMatch(html, /href="\//, html);
    assert.equal(get(normalizeDocument(doc({}), { providerLinks: true }).doc).description, 'See status codes, <a>the guide</a> and [ours](https://x.example/a).');
    assert.equal(get(normalizeDocument(doc({})).doc).description, description);
    // AWS's: relative to its documentation site's root; Slack's sections of its own page (#types) keep their text; mail links stay.
    assert.equal(
      withProviderLinks('[Import](kms/latest/importing-keys.html#reimport) [the Types section](#types) <a href="#x">X</a> [mail](mailto:a@b.example)', 'https://docs.example.com'),
      '[Import](https://docs.example.com/kms/latest/importing-keys.html#reimport) the Types section <a>X</a> [mail](mailto:a@b.example)',
    );
  });

  it("in a summary's Markdown, moved to the description, lead there too; the build warns once per target with its count", () => {
    // OpenAI's: "Compact a conversation. …\n\nLearn … in the [conversation state guide](/docs/guides/conversation-state#managing-the-context-window)".
    const summary = 'Compact a conversation.\n\nSee the [guide](/docs/guides/state#window) and [advanced](</docs/guides/state#advanced>).';
    const doc = (info: object) =>
      ({
        openapi: '3.1.0',
        info: { title: 'T', version: '1', ...info },
        paths: { '/c': { post: { operationId: 'compact', summary, responses: { 200: { description: 'Also the [guide](/docs/guides/state#window).' } } } } },
      }) as unknown as OpenApiDocument;
    const op = (d: OpenApiDocument) => (d.paths['/c'] as { post: { summary: string; description: string } }).post;
    const linked = normalizeDocument(doc({ contact: { url: 'https://help.example.com/support' } }), { providerLinks: true });
    assert.equal(op(linked.doc).summary, 'Compact a conversation.');
    assert.equal(op(linked.doc).description, 'See the [guide](https://help.example.com/docs/guides/state#window) and [advanced](https://help.example.com/docs/guides/state#advanced).');
    assert.deepEqual(linked.problems, []);
    assert.deepEqual([linked.links], [
      "3 link(s) of its descriptions to the provider's own site lead to https://help.example.com (the provider's site, from the document's externalDocs, info.contact.url or info.termsOfService): /docs/guides/state#window (2), /docs/guides/state#advanced (1)",
    ]);
    const unlinked = normalizeDocument(doc({}), { providerLinks: true });
    assert.equal(op(unlinked.doc).description, 'See the guide and advanced.');
    assert.match(unlinked.links ?? '', /^3 link\(s\) .* are kept as text without the link .*: \/docs\/guides\/state#window \(2\), \/docs\/guides\/state#advanced \(1\)$/);
    // Emissary's own document: nothing rewritten, no warning (the link check fails the build on its broken links).
    const ours = normalizeDocument(doc({}));
    assert.match(op(ours.doc).description, /\]\(\/docs\/guides\/state#window\)/);
    assert.equal(ours.links, undefined);
    assert.equal(providerLinksWarning(new Map(), 'https://x.example'), undefined);
  });

  it('written as reference definitions (Box\'s "[1]: ../advanced-files-and-folders/#get-collections") do too', () => {
    const text = 'Use the\n[List all collections][1] endpoint, [the API][api] and [Docs].\n\n[1]: ../advanced-files-and-folders/#get-collections\n[api]: https://api.example.com "Home"\n[docs]: #docs';
    assert.equal(
      withProviderLinks(text, 'https://developer.example.com'),
      'Use the\n[List all collections][1] endpoint, [the API][api] and Docs.\n\n[1]: https://developer.example.com/../advanced-files-and-folders/#get-collections\n[api]: https://api.example.com "Home"\n',
    );
    const unlinked = withProviderLinks(text, undefined);
    assert.equal(unlinked, 'Use the\nList all collections endpoint, [the API][api] and Docs.\n\n\n[api]: https://api.example.com "Home"\n');
    // As the page renders it: no link but the absolute one.
    assert.deepEqual([...descriptionHtml(unlinked, 'test').matchAll(/href="([^"]*)"/g)].map((m) => m[1]), ['https://api.example.com']);
  });
});

describe('A request body too large for a sample (DocuSign)', () => {
  // DocuSign's Tabs, reduced: 30 kinds of tab, each an array of one shared shape with 60 fields and
  // a metadata object beside each. Built whole, one body was 418 KB, in 7 languages on 42 pages.
  const metadata = { type: 'object', properties: { options: { type: 'array', items: { type: 'string' } }, rights: { type: 'string' } } };
  const field = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [[`field${i}`, { type: 'string' }], [`field${i}Metadata`, { $ref: '#/components/schemas/propertyMetadata' }]]).flat());
  const schemas: Record<string, unknown> = { propertyMetadata: metadata, tab: { type: 'object', required: ['field59'], properties: field } };
  const tabs = { type: 'object', properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`kind${i}Tabs`, { type: 'array', items: { $ref: '#/components/schemas/tab' } }])) };
  const resolve = (ref: string) => schemas[ref.split('/').pop()!] as never;
  const op = (schema: object) =>
    ({ method: 'post', path: '/envelopes/{envelopeId}/tabs', parameters: [{ name: 'envelopeId', in: 'path', required: true, example: 'e1' }], requestBody: { content: { 'application/json': { schema } } }, responses: {} }) as unknown as ApiOperation;
  const target = { baseUrl: 'https://demo.docusign.example/restapi' };

  it('is cut to the first fields of each object (and every required one), says so in every language, and stays valid code', () => {
    const missing: string[] = [];
    const request = sampleRequestFromOperation(op(tabs), target, resolve, (w) => missing.push(w));
    assert.deepEqual(missing, ['JSON request body of  (POST /envelopes/{envelopeId}/tabs)'], 'the build still says the body is built from its schema');
    assert.ok(request.shortened, 'the request says its body is shortened (the build warns naming the page)');
    const body = (request.body as { value: Record<string, Array<Record<string, unknown>>> }).value;
    assert.ok(JSON.stringify(body, null, 2).length <= MAX_GENERATED_BODY_CHARS);
    const kinds = Object.keys(body);
    assert.equal(kinds.length, request.shortened.maxProperties, 'the first tab kinds, up to the limit');
    assert.deepEqual(kinds, Object.keys(tabs.properties).slice(0, kinds.length), 'in the order of the schema');
    const tab = body[kinds[0]][0];
    assert.ok('field59' in tab, 'a required field is kept');
    assert.equal(Object.keys(tab).length, request.shortened.maxProperties);
    const samples = generateSamples(request);
    for (const { id, code } of samples) {
      assert.ok(code.length < 2 * MAX_GENERATED_BODY_CHARS, `${id}: ${code.length} characters`);
      const comment = id === 'go' || id === 'nodejs' || id === 'java' ? '//' : '#';
      assert.ok(code.startsWith(`${comment} The full request body is too large for a sample`), `${id} opens with the note as a comment`);
      assert.match(code, /The request body schema lists them all\.\n/);
    }
    const curl = samples.find((s) => s.id === 'curl')!.code;
    assert.deepEqual(JSON.parse(/--data '([^']*)'/.exec(curl)![1]), body, 'curl sends the shortened body as JSON');
    // The Node.js sample still parses as JavaScript with its note.
    new Script(samples.find((s) => s.id === 'nodejs')!.code);
  });

  it('is left whole below the limit, with no note', () => {
    const small = { type: 'object', properties: { kind0Tabs: tabs.properties.kind0Tabs } };
    const request = sampleRequestFromOperation(op(small), target, resolve);
    assert.equal(request.shortened, undefined);
    assert.equal(Object.keys((request.body as { value: { kind0Tabs: object[] } }).value.kind0Tabs[0]).length, 120);
    assert.ok(generateSamples(request).every(({ code }) => !code.includes('too large for a sample')));
  });

  it("is never cut from the document's own example", () => {
    const whole = sampleRequestFromOperation(op(tabs), target, resolve).body;
    assert.equal(whole?.kind, 'json');
    const example = Object.fromEntries(Object.keys(tabs.properties).map((k) => [k, [Object.fromEntries(Object.keys(field).map((f) => [f, 'x'.repeat(20)]))]]));
    const request = sampleRequestFromOperation({ ...op(tabs), requestBody: { content: { 'application/json': { schema: tabs, example } } } } as ApiOperation, target, resolve);
    assert.equal(request.shortened, undefined);
    assert.deepEqual((request.body as { value: unknown }).value, example);
  });
});

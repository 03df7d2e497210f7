/** The llms-txt plugin's converters: MDX → Markdown for guides, OpenAPI → Markdown for API pages. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docToMarkdown, firstSentence, mdxToMarkdown } from '../../lib/markdown';
import { operationMarkdown, schemaMarkdown } from '../../plugins/llms-txt/api-markdown';
import { readFileSync } from 'node:fs';
import { agentSection } from '../../plugins/llms-txt/agents';
import { kebabCase, listOperations, parseOpenApi, type OpenApiDocument } from '../../lib/openapi/spec';
import { postmanCollection } from '../../plugins/api-reference/postman';
import { siteInput } from '../../lib/site';

test('imports go, but imports inside code blocks stay', () => {
  const md = mdxToMarkdown(
    ["import Tabs from '@site/lib/ui/Tabs';", "import TabItem from '@site/lib/ui/Tabs/TabItem';", '', 'Text.', '', '```python', 'import os', '```'].join('\n'),
  );
  assert.equal(md, ['Text.', '', '```python', 'import os', '```', ''].join('\n'));
});

test('tabs become #### headings followed by their code blocks', () => {
  const md = mdxToMarkdown(
    [
      '<Tabs groupId="api-language">',
      '<TabItem value="python" label="Python">',
      '',
      '```python',
      'print("hi")',
      '```',
      '',
      '</TabItem>',
      '<TabItem value="curl" label="curl">',
      '',
      '```bash',
      'curl https://api.withemissary.com/v1/projects',
      '```',
      '',
      '</TabItem>',
      '</Tabs>',
    ].join('\n'),
  );
  assert.equal(
    md,
    ['#### Python', '', '```python', 'print("hi")', '```', '', '#### curl', '', '```bash', 'curl https://api.withemissary.com/v1/projects', '```', ''].join('\n'),
  );
  assert.doesNotMatch(md, /<\/?Tab/);
});

test('tabs shown inside a code block are left alone', () => {
  const source = ['````mdx', '<Tabs groupId="x">', '<TabItem value="a" label="A">', '</TabItem>', '</Tabs>', '````'].join('\n');
  assert.equal(mdxToMarkdown(source), `${source}\n`);
});

test('img elements become Markdown images', () => {
  const md = mdxToMarkdown('<img src="/img/diagrams/lifecycle.svg" alt="Lifecycle of a project" width="760" height="200" />');
  assert.equal(md, '![Lifecycle of a project](/img/diagrams/lifecycle.svg)\n');
});

test('admonitions become block quotes with a bold label', () => {
  assert.equal(
    mdxToMarkdown([':::note', 'Files can be up to 5 MB.', 'Use the dashboard for more.', ':::', 'After.'].join('\n')),
    ['> **Note:**', '> Files can be up to 5 MB.', '> Use the dashboard for more.', '', 'After.', ''].join('\n'),
  );
  assert.equal(
    mdxToMarkdown([':::warning[Upload limit]', 'At most 5 MB.', ':::'].join('\n')),
    ['> **Warning: Upload limit**', '>', '> At most 5 MB.', ''].join('\n'),
  );
  // A code block inside an admonition stays inside the quote.
  assert.equal(
    mdxToMarkdown([':::tip', '```bash', 'ls', '```', ':::'].join('\n')),
    ['> **Tip:**', '> ```bash', '> ls', '> ```', ''].join('\n'),
  );
});

test('explicit heading ids are dropped, links stay', () => {
  const md = mdxToMarkdown(['## Available base models {#available-base-models}', '', 'See [parameters](/fine-tuning/parameters#available-base-models).'].join('\n'));
  assert.equal(md, ['## Available base models', '', 'See [parameters](/fine-tuning/parameters#available-base-models).', ''].join('\n'));
});

test('a page\'s <head> line goes from its twin, as front matter does; a code block showing one stays', () => {
  const source = ['---', 'title: Page', '---', '', '<head><meta name="robots" content="noindex" /></head>', '', '# Page', '', '```mdx', '<head><title>x</title></head>', '```'].join('\n');
  assert.equal(docToMarkdown(source), ['# Page', '', '```mdx', '<head><title>x</title></head>', '```', ''].join('\n'));
});

test('a doc twin starts with its title and description, without front matter', () => {
  const source = ['---', 'title: Datasets', 'description: Choose the right file layout.', 'sidebar_label: Data', '---', '', '# Datasets', '', 'Body text.'].join('\n');
  assert.equal(docToMarkdown(source), ['# Datasets', '', '> Choose the right file layout.', '', 'Body text.', ''].join('\n'));
  assert.equal(docToMarkdown(source, { title: 'Other', description: 'Given.' }).split('\n').slice(0, 3).join('\n'), '# Other\n\n> Given.');
});

test('firstSentence keeps one sentence without links', () => {
  assert.equal(firstSentence('Returns the jobs. Use [Retrieve](/api/x) for one.'), 'Returns the jobs.');
  assert.equal(firstSentence('Returns one [training job](/api/x)\nin full.\n\nMore.'), 'Returns one training job in full.');
});

test('page slugs follow lodash kebabCase', () => {
  assert.equal(kebabCase('createGRPOTrainingJob'), 'create-grpo-training-job');
  assert.equal(kebabCase('unDeployFromEngine'), 'un-deploy-from-engine');
  assert.equal(kebabCase('retrieveProjectById'), 'retrieve-project-by-id');
  assert.equal(kebabCase('Emissary API'), 'emissary-api');
});

const doc: OpenApiDocument = {
  info: { title: 'Emissary API', version: '0.1.0' },
  servers: [{ url: 'https://api.withemissary.com' }],
  security: [{ api_key: [] }],
  tags: [{ name: 'Training Jobs' }, { name: 'Projects' }],
  paths: {
    '/v1/projects': { get: { operationId: 'listProjects', summary: 'List projects', tags: ['Projects'], responses: { '200': { description: 'OK' } } } },
    '/v1/projects/{project_id}/training-jobs': {
      post: {
        operationId: 'createTrainingJob',
        summary: 'Create SFT training job',
        description: 'Starts a supervised fine-tuning job.',
        tags: ['Training Jobs'],
        parameters: [{ $ref: '#/components/parameters/ProjectId' } as never],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['train_dataset_id'],
                properties: {
                  train_dataset_id: { type: 'string', description: 'ID of the dataset to train on.' },
                  parameters: { type: 'object', properties: { learning_rate: { type: 'number', description: 'Step size.' } } },
                },
              },
              example: { train_dataset_id: 'ds-1', parameters: { learning_rate: 0.0002 } },
            },
          },
        },
        responses: {
          '201': { description: 'Created.', content: { 'application/json': { schema: { $ref: '#/components/schemas/TrainingJobSummary' } } } },
          '404': { $ref: '#/components/responses/NotFound' },
        },
      },
    },
  },
  components: {
    securitySchemes: { api_key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
    parameters: { ProjectId: { name: 'project_id', in: 'path', required: true, description: 'ID of the project.', schema: { type: 'string' }, example: 'ms-123' } },
    responses: { NotFound: { description: 'Nothing matches.', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorNotFound' } } } } },
    schemas: {
      TrainingJobSummary: {
        type: 'object',
        description: 'The main facts about a training job.',
        required: ['id'],
        properties: { id: { type: 'string', description: 'ID of the job.' }, status: { type: 'string', enum: ['Pending', 'Success'] } },
        example: { id: 'tr-1', status: 'Pending' },
      },
      ApiErrorNotFound: { type: 'object', properties: { status: { type: 'integer' } } },
    },
  },
};

const ROUTES = new Map([
  ['TrainingJobSummary', '/api/schemas/trainingjobsummary'],
  ['ApiErrorNotFound', '/api/schemas/apierrornotfound'],
]);

test('an operation twin has method and path, parameters, body fields, responses and samples', () => {
  const ops = listOperations(doc);
  assert.deepEqual(ops.map((o) => o.route), ['/api/create-training-job', '/api/list-projects'], 'grouped in tag order');
  const md = operationMarkdown(doc, ops[0], ROUTES, { errorLinks: true });
  assert.match(md, /^# Create SFT training job\n/);
  assert.ok(md.includes('`POST /v1/projects/{project_id}/training-jobs`'));
  assert.ok(md.includes('Starts a supervised fine-tuning job.'));
  assert.ok(md.includes('| `project_id` | path | string | yes | ID of the project. Example: `ms-123`. |'));
  assert.ok(md.includes('| `train_dataset_id` | string | yes | ID of the dataset to train on. |'));
  assert.ok(md.includes('| `parameters.learning_rate` | number | no | Step size. |'), 'nested fields get dotted names');
  assert.ok(md.includes('| 201 | Created. | [TrainingJobSummary](/api/schemas/trainingjobsummary) |'));
  assert.ok(md.includes('| 404 | Nothing matches. See [Errors](/errors#404). | [ApiErrorNotFound](/api/schemas/apierrornotfound) |'), '$ref responses are resolved, errors linked to /errors');
  assert.ok(md.includes('```bash\ncurl --location --request POST \'https://api.withemissary.com/v1/projects/ms-123/training-jobs\''));
  assert.ok(md.includes("--header 'X-API-Key: YOUR_API_KEY'"));
  assert.ok(md.includes('```python\nimport requests'));
  assert.ok(md.indexOf('### Python') < md.indexOf('### curl'), 'samples keep the pages\' language order');
});

test('a schema twin has a fields table and the example', () => {
  const md = schemaMarkdown(doc, ROUTES, 'TrainingJobSummary', doc.components!.schemas!.TrainingJobSummary);
  assert.match(md, /^# TrainingJobSummary\n\nThe main facts about a training job\./);
  assert.ok(md.includes('| `id` | string | yes | ID of the job. |'));
  assert.ok(md.includes('| `status` | string | no | Allowed values: `Pending`, `Success`. |'));
  assert.ok(md.includes('"id": "tr-1"'));
});

test('the Postman collection groups requests by tag and fills in examples', () => {
  const collection = postmanCollection(doc, 'https://api.withemissary.com', 'https://docs.withemissary.com/');
  assert.deepEqual(collection.item.map((f) => f.name), ['Training Jobs', 'Projects']);
  const request = collection.item[0].item[0].request;
  assert.equal(request.method, 'POST');
  assert.equal(request.url.raw, '{{baseUrl}}/v1/projects/:project_id/training-jobs');
  assert.deepEqual(request.url.variable?.map((v) => [v.key, v.value]), [['project_id', 'ms-123']]);
  assert.deepEqual(JSON.parse((request.body as { raw: string }).raw), { train_dataset_id: 'ds-1', parameters: { learning_rate: 0.0002 } });
  assert.deepEqual(collection.variable.map((v) => v.key), ['baseUrl', 'apiKey']);
  assert.equal(collection.auth?.type, 'apikey');
});

test("the agent section of llms.txt takes the base URL and the auth header from the document, says where it has none, and fails loudly without a billed call the site's configuration names", () => {
  const real = parseOpenApi(readFileSync('openapi/emissary.yaml', 'utf8'));
  // Emissary's site as config/site.yaml describes it (its billed calls among them).
  const { site } = siteInput('.', {});
  const moved = { ...real, servers: [{ url: 'https://api.example.test' }], components: { ...real.components, securitySchemes: { api_key: { type: 'apiKey', in: 'header', name: 'X-Other-Key' } } } };
  const { prose, links } = agentSection(moved, 'https://docs.example.test', site);
  const text = [...prose, ...links].join('\n');
  assert.doesNotMatch(prose.join('\n'), /^#/m, 'no heading in the prose part');
  assert.equal(links[0], '## For AI agents');
  for (const line of links.slice(1).filter(Boolean)) assert.match(line, /^- \[[^\]]+\]\(https:\/\/docs\.example\.test\/[^)\s]+\): \S/, line);
  assert.ok(text.includes('Base URL: `https://api.example.test`'), text);
  assert.ok(text.includes('`X-Other-Key` header'), text);
  assert.ok(text.includes('https://docs.example.test/openapi.yaml') && text.includes('https://docs.example.test/openapi.json'));
  // Every DELETE operation of the document is named, with its twin.
  for (const slug of ['delete-project-by-id', 'delete-dataset-by-id', 'delete-training-job-by-id', 'delete-deployment-by-id', 'delete-engine-by-id']) {
    assert.ok(text.includes(`(https://docs.example.test/api/${slug}.md)`), slug);
  }
  assert.match(text, /not document whether a deleted object can be restored\. Treat every delete as irreversible/);
  const bearer = agentSection({ ...real, components: { ...real.components, securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } }, security: [{ bearer: [] }] } as typeof real, 'https://d', site).prose.join('\n');
  assert.ok(bearer.includes('`Authorization` header as `Bearer '), bearer);
  assert.match(text, /deactivated deployment or inference engine is not billed, so treat an active one as billed \(\[Create deployment\]\(https:\/\/docs\.example\.test\/api\/create-deployment\.md\), \[/);
  // The same document without that configuration: the generic wording, nothing about deployments or engines.
  const generic = agentSection(real, 'https://d', { ...site, billed: undefined }).prose.find((line) => line.includes('cost money'));
  assert.equal(generic, '- Calls that cost money: not documented. Ask the user before you call anything that creates or starts a resource.');
  // No servers (optional in OpenAPI): the base URL is not documented, and the section says so.
  assert.match(agentSection({ ...real, servers: [] }, 'https://d', site).prose.join('\n'), /Base URL: not documented/);
  const withoutEngines = { ...real, paths: Object.fromEntries(Object.entries(real.paths).filter(([p]) => !p.startsWith('/v1/engines'))) };
  assert.throws(() => agentSection(withoutEngines, 'https://d', site), /createEngine \(a billed call, in the site's configuration\)/);
});

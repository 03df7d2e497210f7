/** Every route of the product spec §2 (plus the GRPO guide this site adds), with its expected page title. */
const SITE = 'Emissary Docs';

export const OPERATION_SLUGS = [
  'create-project', 'list-projects', 'retrieve-project-by-id', 'delete-project-by-id',
  'create-dataset', 'list-datasets', 'retrieve-dataset-by-id', 'delete-dataset-by-id',
  'create-training-job', 'create-grpo-training-job', 'list-training-jobs', 'retrieve-training-job-by-id',
  'cancel-training-job-by-id', 'delete-training-job-by-id', 'list-checkpoints',
  'create-deployment', 'list-deployments', 'retrieve-deployment-by-id', 'delete-deployment-by-id',
  'reactivate-deployment-by-id',
  'create-engine', 'list-engines', 'get-engine', 'deactivate-engine-by-id', 'reactivate-engine-by-id',
  'delete-engine-by-id', 'deploy-on-engine', 'un-deploy-from-engine',
  'list-base-models', 'retrieve-base-model-by-name', 'list-test-functions',
  'get-chat-completions', 'get-completions-from-deployment', 'get-classification-from-deployment',
  'get-embeddings-from-deployment',
] as const;

export const SCHEMA_SLUGS = [
  'apierrorinvalidinput', 'apierrornotfound', 'apierrorunauthorized', 'apiresponse', 'basemodelsummary',
  'chatcompletionobject', 'completionobject', 'datasetdetail', 'datasetsummary', 'deploymentdetail',
  'deploymentsummary', 'inferenceenginedetail', 'inferenceenginesummary', 'projectdetail', 'projectsummary',
  'testingfunctionsummary', 'trainingjobcheckpoint', 'trainingjobdetail', 'trainingjobsummary',
] as const;

export const GUIDE_ROUTES = [
  '/fine-tuning/quickstart', '/fine-tuning/training-input', '/fine-tuning/datasets', '/fine-tuning/parameters', '/fine-tuning/testing', '/fine-tuning/deployment',
  '/guides/classification', '/guides/data-extraction', '/guides/embeddings', '/guides/emissary-classification',
  '/guides/emissary-regression', '/guides/finetuning-pdf-docs', '/guides/grpo',
] as const;

export const TUTORIAL_ROUTES = [
  '/tutorial-basics/congratulations', '/tutorial-basics/create-a-blog-post', '/tutorial-basics/create-a-document',
  '/tutorial-basics/create-a-page', '/tutorial-basics/deploy-your-site', '/tutorial-basics/markdown-features',
  '/tutorial-extras/manage-docs-versions', '/tutorial-extras/translate-your-site',
] as const;

/** Routes whose page has no docs sidebar. */
export const NO_SIDEBAR_ROUTES = [...TUTORIAL_ROUTES] as const;

export const ALL_ROUTES: readonly string[] = [
  '/', '/intro', '/markdown-page', '/tags', '/tags/test',
  ...GUIDE_ROUTES, ...TUTORIAL_ROUTES,
  '/api', '/api/emissary-api',
  ...OPERATION_SLUGS.map((s) => `/api/${s}`),
  ...SCHEMA_SLUGS.map((s) => `/api/schemas/${s}`),
];

/** Exact titles where the spec fixes them; every other page must end with the site title. */
export const EXACT_TITLES: Record<string, string> = {
  '/api': `Emissary API Specification | ${SITE}`,
  '/api/emissary-api': `Emissary API | ${SITE}`,
  '/api/create-project': `Create project | ${SITE}`,
  '/api/get-chat-completions': `Chat Completions | ${SITE}`,
  '/api/schemas/apiresponse': `ApiResponse | ${SITE}`,
  '/intro': `Introduction | ${SITE}`,
  '/fine-tuning/quickstart': `Quickstart | ${SITE}`,
};

export const SITE_TITLE = SITE;

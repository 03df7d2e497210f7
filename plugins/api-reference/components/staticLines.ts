/**
 * Which field lines of an API page are plain markup, kept as the server sent them when the page
 * hydrates (lib/ui/Static, `StaticPart`): a line is static unless it draws example tabs
 * (./Field's `Examples` draws tabs for two or more `examples`, whatever `example` holds) or holds
 * something its caller adds below it.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- schemas are whatever the document holds */
type S = any;

/** Whether `<Examples examples={examples}>` draws tabs: a list, or a map of named examples, of two or more. */
export function examplesTabbed(examples: unknown): boolean {
  if (Array.isArray(examples)) return examples.length > 1;
  return Boolean(examples && typeof examples === 'object' && Object.keys(examples).length > 1);
}

/** A schema property's or response header's line (`SchemaField`), given what its caller adds below it. */
export const staticFieldLine = (schema: S, added: unknown): boolean => added == null && !examplesTabbed(schema?.examples);

/** A parameter's line (`ParamField`): its own examples, else its schema's. */
export const staticParamLine = (param: { examples?: unknown }, schema: S): boolean => !examplesTabbed(param.examples ?? schema?.examples);

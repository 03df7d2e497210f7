/**
 * The `validateOptions` of our local plugins (docusaurus.config.ts lists each as [plugin, options]):
 * the options a plugin takes, checked when the site loads, so a plugin given none, or given them
 * wrong, fails naming the plugin and what is wrong. Docusaurus adds `id` (`default` unless given).
 */
import * as z from 'zod';

export function optionsValidator<S extends z.ZodRawShape>(plugin: string, shape: S) {
  const schema = z.object(shape).extend({ id: z.string().optional() }).strict();
  return ({ options }: { options: unknown }) => {
    const result = schema.safeParse(options);
    if (!result.success) throw new Error(`${plugin}: invalid options (docusaurus.config.ts):\n${z.prettifyError(result.error)}`);
    const data = result.data as z.infer<z.ZodObject<S>> & { id?: string };
    return { ...data, id: data.id ?? 'default' };
  };
}

/**
 * The base models for agents: list_models, and check_dataset's rows over a model's context window,
 * counted as the checker on /fine-tuning/datasets counts them (its tokenizers, its templates). The
 * catalogue is docs/_scripts/data/base-models.json, read through plugins/shared/dataset-check/models.ts.
 */
import { DEFAULT_MODEL, MODELS, modelNamed, TEMPLATES, templateOf, TOKENIZERS } from '../lib/dataset-check/models';
import { countRows, loadCounter } from '../lib/dataset-check/tokenize';
import { RULES } from '../lib/dataset-check/rules';

export const MODEL_NAMES = MODELS.map((m) => m.name) as [string, ...string[]];

/** list_models: every base model with its context window, tokenizer and the public card they come from. */
export function listModels(name?: string): string {
  const models = MODELS.filter((m) => !name || m.name.toLowerCase().includes(name.trim().toLowerCase()));
  if (!models.length) return `No base model's name contains ${JSON.stringify(name!.slice(0, 60))}. The models: ${MODEL_NAMES.join(', ')}.`;
  const lines = [
    `Base models (${MODELS.length}) as the dashboard offers them; GET /v1/models is the live list, so take the names you send in base_model from it. ` +
      'The platform documents neither the context windows nor the tokenizers: both come from each model\u2019s public card (source).',
    '',
  ];
  for (const m of models) {
    const window = m.context === null ? 'context window not documented' : `context window ${m.context.toLocaleString('en')} tokens`;
    const tokenizer = m.tokenizer ? `tokenizer ${TOKENIZERS[m.tokenizer]}` : 'no tokenizer here';
    const template = templateOf(m);
    lines.push(`- ${m.name}${m.name === DEFAULT_MODEL ? ' (the checker\u2019s default)' : ''}: ${window}; ${tokenizer}${template ? `; prompt format adds ${template.fixed} + ${template.per_message} per message tokens` : ''}${m.source ? `; source ${m.source}` : ''}${m.note ? `. Note: ${m.note}` : ''}`);
  }
  lines.push('', `Prompt formats: ${Object.entries(TEMPLATES).map(([id, t]) => `${id} (${t.what}; ${t.source})`).join('; ')}.`);
  return lines.join('\n');
}

/**
 * The lines check_dataset adds for `model`: rows whose tokens (with the model's template) do not fit
 * its context window, counted with its own tokenizer, or why they cannot be counted.
 */
export async function windowLines(name: string, texts: Array<[number, string[], number]>): Promise<string[]> {
  const model = modelNamed(name)!;
  if (model.context === null) return [`Context window of ${model.name}: not documented, so rows are not checked against it.`];
  if (!model.tokenizer) return [`This server has no tokenizer for ${model.name}${model.note ? ` (${model.note})` : ''}: rows are not checked against its ${model.context}-token window.`];
  if (!texts.length) return [];
  const counted = await countRows(texts, await loadCounter(model.tokenizer), model.context, undefined, templateOf(model));
  const head = `Tokens, counted with the ${TOKENIZERS[model.tokenizer]} tokenizer of ${model.name}: ${counted!.total} in ${counted!.rows} rows, the longest ${counted!.longest[0]?.tokens ?? 0}.`;
  if (!counted!.overCount) return [head, `Every row fits the ${model.context}-token context window of ${model.name}.`];
  return [
    head,
    `Warning: ${counted!.overCount} row(s) do not fit the ${model.context}-token context window of ${model.name} (with the tokens of its prompt format, when its card documents one).`,
    // The first ones (countRows keeps LISTED), as the page lists them.
    ...counted!.over.map((r) => `- line ${r.line}: ${r.tokens} tokens`),
    `over-context: ${RULES.problems['over-context']}`,
  ];
}

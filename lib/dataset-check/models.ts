/** The base models a reader picks from (docs/_scripts/data/base-models.json, the one source), typed. No tokenizer here. */
import data from '../../docs/_scripts/data/base-models.json';

export type TokenizerId = 'llama3' | 'llama2' | 'mistral' | 'wordpiece';

export interface BaseModel {
  name: string;
  /** What the model is for, in a few words (the table of /fine-tuning/parameters). */
  kind: string;
  /** null: this page has no tokenizer for the model, and its counts stay an estimate. */
  tokenizer: TokenizerId | null;
  /** The context window in tokens, from the model card at `source`; null when not documented. */
  context: number | null;
  source: string | null;
  note?: string;
  /** The documented prompt format whose tokens a row gets around its text (`templates`), if its card documents one. */
  template?: string;
}

/** Tokens a documented prompt format adds to a row: `fixed` once, `per_message` for each message. */
export interface Template {
  fixed: number;
  per_message: number;
  /** What the tokens are, in words. */
  what: string;
  /** The public page that documents the format. */
  source: string;
}

export const MODELS = data.models as BaseModel[];
export const TOKENIZERS = data.tokenizers as Record<TokenizerId, string>;
export const TEMPLATES = data.templates as Record<string, Template>;
export const templateOf = (model: BaseModel | undefined): Template | undefined => (model?.template ? TEMPLATES[model.template] : undefined);
export const DEFAULT_MODEL = data.default;
export const modelNamed = (name: string | undefined): BaseModel | undefined => MODELS.find((m) => m.name === name);

/** The context window as the table of /fine-tuning/parameters writes it (tokens), or why there is none. */
export const windowText = (m: BaseModel): string => (m.context === null ? 'not documented' : m.context.toLocaleString('en'));

/** The base-models table as Markdown: `<BaseModels />` in a guide's source becomes it, on the page (docusaurus.config.ts, markdown.preprocessor) and in its twin. */
export function baseModelsToMarkdown(source: string): string {
  return source.replace(/^<BaseModels\s*\/>\s*$/gm, () =>
    [
      '| Model | Kind | Context window (tokens) |',
      '|---|---|---|',
      ...MODELS.map((m) => `| \`${m.name}\` | ${m.kind} | ${m.source ? `[${windowText(m)}](${m.source})` : windowText(m)} |`),
    ].join('\n'),
  );
}

/** The base models a reader picks from (docs/_scripts/data/base-models.json, the one source), typed. No tokenizer here. */
import data from '../../../docs/_scripts/data/base-models.json';

export type TokenizerId = 'llama3' | 'llama2' | 'mistral' | 'wordpiece';

export interface BaseModel {
  name: string;
  /** null: this page has no tokenizer for the model, and its counts stay an estimate. */
  tokenizer: TokenizerId | null;
  /** The context window in tokens, from the model card at `source`; null when not documented. */
  context: number | null;
  source: string | null;
  note?: string;
}

export const MODELS = data.models as BaseModel[];
export const TOKENIZERS = data.tokenizers as Record<TokenizerId, string>;
export const DEFAULT_MODEL = data.default;
export const modelNamed = (name: string | undefined): BaseModel | undefined => MODELS.find((m) => m.name === name);

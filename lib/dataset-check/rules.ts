/** The dataset rules (docs/_scripts/data/dataset-rules.json, the one source), typed for the in-page checker. */
import data from '../../docs/_scripts/data/dataset-rules.json';

/** The subset of JSON Schema the rules use; tests/unit/dataset-checker.test.ts fails on any other keyword. */
export interface Schema {
  type?: 'string' | 'number' | 'integer' | 'object' | 'array';
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  minLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: Schema;
  contains?: Schema;
  minProperties?: number;
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  description?: string;
}

export type Format = 'jsonl' | 'csv';

export interface Layout {
  id: string;
  title: string;
  task_type: string;
  format: Format;
  keys: string[];
  decode?: Record<string, 'number' | 'json-object'>;
  same_kind?: string[];
  /** What the model reads of a row (the rules file's `counted`): every string value when absent. */
  counted?: { keys: string[]; each?: boolean };
  row: Schema;
  advice?: Schema;
}

/** Keys of OpenAI's fine-tuning files that no layout has, and the guide that converts them. */
export interface OpenAiOnly {
  guide: string;
  keys: string[];
}

export interface Rules {
  limits: { api_upload_bytes: number; encoding: string; extensions: Record<string, Format> };
  csv_number: string;
  tasks: string[];
  openai_only: OpenAiOnly;
  problems: Record<string, string>;
  layouts: Layout[];
}

export const RULES = data as unknown as Rules;
export type ProblemKind = keyof typeof data.problems;

/** The dataset checker's sample files (docs/_scripts/data/datasets) and what each checker must say about them. */
import path from 'node:path';

export const SAMPLES = path.resolve(__dirname, '../../docs/_scripts/data/datasets');

/** Bad samples: the task they are checked with and the lines the checkers must name as errors. */
export const BAD: Record<string, { task?: string; lines: number[]; says?: RegExp }> = {
  'regression-quoted.jsonl': { task: 'regression', lines: [2, 3, 4], says: /number without quotes/ },
  'broken-lines.jsonl': { lines: [2, 3, 4, 5], says: /not valid JSON/ },
  'chat-roles.jsonl': { lines: [1, 2, 3], says: /must be one of "system", "user", "assistant"/ },
  'classification-values.jsonl': { task: 'classification', lines: [2, 3, 4], says: /0 or 1/ },
  'classification-mixed.csv': { task: 'classification', lines: [3, 4, 5], says: /one form/ },
  'embedding-pairs.csv': { lines: [3, 4, 5], says: /quote cells that contain commas/ },
  'wrong-header.csv': { lines: [1], says: /expected input,expected_output/ },
  'ratings.csv': { task: 'regression', lines: [1], says: /documented as jsonl/ },
  'not-utf8.csv': { lines: [3], says: /not UTF-8/ },
  'array.json': { lines: [1], says: /use a \.jsonl or \.csv file/ },
};

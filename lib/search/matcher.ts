/**
 * The search index's format and its matcher, shared by the builder (./build-index.ts, at build
 * time) and the browser (./engine.ts): the same tokenizer on both sides, so a query
 * finds exactly the words the build indexed.
 *
 * The index is sharded by the first two characters of each term: a query fetches the shards of its
 * own terms only. A posting is three numbers: page delta, section within the page, and
 * `weight << 1 | inTitle`.
 */

import { alternatives, CODE_LANGUAGES, codeTerm, mayJoin, normalize, rawWords, stem, STOP_WORDS, termsOf } from './normalize';

/** /search/manifest.json: what a query needs before it fetches any shard. */
export interface Manifest {
  /** Pages in the index (for idf). */
  pages: number;
  /** Shard key (first two characters of its terms) → file under /search/. */
  shards: Record<string, string>;
  /** Page-block files under /search/, BLOCK_SIZE pages each, in page order. */
  blocks: string[];
  /** Per page: how many distinct words its title has (to spot a query that is the whole title). */
  titleWords: number[];
}

/** A shard: term → postings, flat [pageDelta, section, weight << 1 | inTitle, …]. */
export type Shard = Record<string, number[]>;

/**
 * What a result shows of a page: its URL, title, a label (method and path, "Schema", "Guide") and per
 * section [anchor, heading, the start of its text (up to EXCERPT_SOURCE characters)]; section 0 is the top.
 */
export type PageInfo = [url: string, title: string, label: string, sections: Array<[anchor: string, heading: string, text: string]>];

/** How much of a section's text the index keeps for excerpts, and how much of it a result shows. */
export const EXCERPT_SOURCE = 300;
export const EXCERPT_LENGTH = 140;

export const BLOCK_SIZE = 16;

/** Field weights: what a word is worth where it appears (body words count once each, up to BODY_CAP). */
export const WEIGHT = { body: 1, heading: 8, title: 16, operationId: 16, path: 12, pathWord: 6, pathEnd: 6, param: 10, schemaProperty: 4, method: 6 } as const;
export const BODY_CAP = 4;

/** A word a typo may hide in: at least this long, one edit away. */
export const TYPO_MIN_LENGTH = 5;

export const shardKey = (term: string): string => term.slice(0, 2);

/** `{id}` and `:id` path parameters, written one way. */
const normalizeSegment = (segment: string): string => (/^(\{.*\}|:.+)$/.test(segment) ? '{}' : segment.toLowerCase());

/** Literal segments of a path, and the terms that say how it ends (`$training-jobs`, `$training-jobs/{}`). */
export function pathTerms(path: string): { segments: string[]; ends: string[] } {
  const parts = path.split('/').filter(Boolean).map(normalizeSegment);
  const segments = [...new Set(parts.filter((s) => s !== '{}'))];
  const ends = parts.length ? [`$${parts[parts.length - 1]}`] : [];
  if (parts.length > 1) ends.push(`$${parts.slice(-2).join('/')}`);
  return { segments, ends };
}

/** Terms of running text (./normalize.ts): stems, compounds, numbers with units; an identifier with `_` gives itself and its parts. */
export const words = termsOf;

/** The terms of an identifier such as createGrpoTrainingJob: the whole, lowercased, and its camelCase parts, stemmed. */
export function identifierWords(name: string): string[] {
  const parts = name.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g) ?? [];
  return [...new Set([name.toLowerCase(), ...parts.map((p) => p.toLowerCase())].filter((w) => !STOP_WORDS.has(w)).map(stem))];
}

export interface QueryTerm {
  text: string;
  /** What was typed for it, when that differs from the term (a stem's word, a typo). */
  raw?: string;
  /** Other terms that count for it (synonyms.json), a little less than the term itself. */
  alts?: string[];
  /** The last word, still being typed: longer words that start with it match too. */
  prefix: boolean;
  /** A bonus only: not required for a page to match (how a typed path ends). */
  optional: boolean;
}

/**
 * A query's terms, written as the index writes them (./normalize.ts), with their synonyms; a path
 * (`/v1/training-jobs`) gives its segments and how it ends. A language ("… in python") is a bonus for
 * sections with code in it, not a word every page must have.
 */
export function queryTerms(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  const open = !/\s$/.test(query);
  const tokens = query.trim().split(/\s+/).filter(Boolean);
  let run: string[] = [];
  const flush = (endsQuery: boolean) => {
    const found = normalize(run);
    const alts = alternatives(found.map((t) => t.text));
    found.forEach((t, j) => terms.push({ text: t.text, raw: t.raw, prefix: endsQuery && open && t.at === run.length - 1, optional: false, ...(alts[j].length && { alts: alts[j] }) }));
    run = [];
  };
  tokens.forEach((token, i) => {
    if (!token.includes('/')) return void run.push(...rawWords(token));
    flush(false);
    const last = open && i === tokens.length - 1;
    const { segments, ends } = pathTerms(token);
    segments.forEach((s, j) => terms.push({ text: s, prefix: last && j === segments.length - 1 && !token.endsWith('/'), optional: false }));
    for (const end of ends) terms.push({ text: end, prefix: false, optional: true });
  });
  flush(true);
  const languages = terms.filter((t) => t.raw && CODE_LANGUAGES[t.raw]);
  if (languages.length && languages.length < terms.filter((t) => !t.optional).length) {
    for (const t of languages) t.optional = true;
    for (const code of new Set(languages.map((t) => CODE_LANGUAGES[t.raw!]))) terms.push({ text: codeTerm(code), prefix: false, optional: true });
  }
  // A word of one letter says too little (and its shards are many); wait for the next key.
  return terms.filter((t) => t.text.length > 1 || !t.prefix);
}

/** Whether two words are at most one edit apart (insertion, deletion, substitution or swap of neighbours). */
export function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return a === b;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Shard keys a query needs (the manifest may lack some: no term there). */
export function shardKeys(terms: QueryTerm[]): string[] {
  return [...new Set(terms.flatMap((t) => [t.text, ...(t.alts ?? [])].map(shardKey)))];
}

/** Endings that make another form of the same word ("deploy" → "deployment", "checkpoint" → "checkpoints"). */
const WORD_FORM = /^(?:ment|ments|ing|ed|d|er|ers|ion|ions|es)$/;
const MIN_STEM = 4;

/** The stem of a word in another form (`deployment` → `deploy`, `training` → `train`), or null. */
export function stemOf(word: string): string | null {
  for (let cut = MIN_STEM; cut < word.length; cut++) if (WORD_FORM.test(word.slice(cut))) return word.slice(0, cut);
  return null;
}

/** Endings a word a typo hides in may have beyond its stem in the index ("trainnig" → train + ing). */
const TYPO_ENDINGS = ['', 's', 'e', 'es', 'ing', 'ed', 'er', 'ers', 'ion', 'ions', 'ment', 'ments', 'y', 'ies'];

/**
 * How much a term of the index counts for a query term: exact 1, its plural or singular 0.9, another
 * form 0.8, a synonym 0.8, a prefix of it 0.6, one typo away (from the word typed, or from a form of the
 * term) 0.45.
 */
export function matchFactor(q: QueryTerm, term: string): number {
  const factor = formFactor(q, term);
  return factor < 0.8 && q.alts?.includes(term) ? 0.8 : factor;
}

function formFactor(q: QueryTerm, term: string): number {
  if (term === q.text) return 1;
  const [short, long] = term.length < q.text.length ? [term, q.text] : [q.text, term];
  if (long.length === short.length + 1 && long.endsWith('s') && long.startsWith(short)) return 0.9;
  // Two forms of one stem share its first MIN_STEM letters: most terms stop here.
  if (short.length >= MIN_STEM && long.startsWith(short.slice(0, MIN_STEM))) {
    if (long.startsWith(short) && WORD_FORM.test(long.slice(short.length))) return 0.8;
    // Two forms of one stem: "deploying" and "deployment".
    const stem = stemOf(long);
    if (stem && stemOf(short) === stem) return 0.8;
  }
  const typed = q.raw ?? q.text;
  if (q.prefix && term.startsWith(typed)) return 0.6;
  // The stem of the word being typed: "trainin" finds "train".
  if (q.prefix && term.length >= MIN_STEM && typed.startsWith(term) && typed.length - term.length <= 3) return 0.6;
  if (typed.length >= TYPO_MIN_LENGTH && Math.abs(typed.length - term.length) <= 6 && /^[a-z]+$/.test(term)) {
    if (oneEditApart(q.text, term)) return 0.45;
    // Only the endings that make the lengths one apart at most, tried without building the others.
    for (const ending of TYPO_ENDINGS) if (Math.abs(typed.length - term.length - ending.length) <= 1 && oneEditApart(typed, term + ending)) return 0.45;
  }
  return 0;
}

export interface RankedSection {
  section: number;
  score: number;
}
export interface RankedPage {
  page: number;
  score: number;
  /** Sections that matched, best first (section 0, the page's top, included). */
  sections: RankedSection[];
}

/** What a query finds: its pages, best first; none when nothing reaches the floor, and then the pages closest to it. */
export interface Ranked {
  pages: RankedPage[];
  /** Pages to offer when nothing matched: those whose titles have some of the query's words, most first. */
  closest: number[];
}

/** Required terms a page must match: all of up to three, three of four or five, at least 60% of a longer question. */
export const neededTerms = (required: number): number => (required <= 3 ? required : Math.ceil(required * 0.6));
/** Closest titles offered when nothing matched. */
export const CLOSEST = 3;

/**
 * Pages for a query, best first. A page must match enough of the required terms somewhere
 * (neededTerms): below that, nothing matched. Its score: per term the best section, plus half of its
 * best single section (terms together beat terms apart), plus a bonus when the query names its whole
 * title or most of it, times the share of the required terms it matched.
 */
export function rank(terms: QueryTerm[], shards: Map<string, Shard>, manifest: Manifest): Ranked {
  // page → section → term index → best contribution
  const hits = new Map<number, Map<number, number[]>>();
  // page → query terms found in its title: exactly (weight 1) or as the prefix being typed (0.6)
  const titleHits = new Map<number, Map<number, number>>();
  terms.forEach((q, qi) => {
    for (const key of new Set([q.text, ...(q.alts ?? [])].map(shardKey))) {
      const shard = shards.get(key);
      if (shard) scoreTerm(q, qi, terms.length, shard, manifest, hits, titleHits);
    }
  });

  const required = terms.flatMap((t, i) => (t.optional ? [] : [i]));
  const needed = neededTerms(required.length);
  const pages: RankedPage[] = [];
  // Pages below the floor whose titles have some of the query's words: the closest, if nothing matched.
  const near: Array<{ page: number; titled: number; score: number }> = [];
  for (const [page, sections] of hits) {
    const best = new Array<number>(terms.length).fill(0);
    for (const perTerm of sections.values()) for (let qi = 0; qi < perTerm.length; qi++) if (perTerm[qi] > best[qi]) best[qi] = perTerm[qi];
    let covered = 0;
    for (const qi of required) if (best[qi] > 0) covered++;
    const titled = [...(titleHits.get(page)?.values() ?? [])];
    const below = covered < needed || (needed === 0 && required.length > 0);
    if (below && !titled.length) continue;
    const scored: RankedSection[] = [];
    for (const [section, perTerm] of sections) scored.push({ section, score: perTerm.reduce((a, b) => a + b, 0) });
    scored.sort((a, b) => b.score - a.score || a.section - b.section);
    const titleWords = manifest.titleWords[page] || 1;
    // The whole title typed out ranks a page first; part of it, or a prefix, helps a little.
    const whole = titled.filter((f) => f === 1).length >= titleWords;
    const titleBonus = whole ? 40 : (12 * titled.length) / titleWords;
    const share = required.length ? covered / required.length : 1;
    const score = (best.reduce((a, b) => a + b, 0) + scored[0].score / 2 + titleBonus) * share;
    if (below) near.push({ page, titled: titled.length, score });
    else pages.push({ page, score, sections: scored });
  }
  pages.sort((a, b) => b.score - a.score || a.page - b.page);
  const closest = pages.length ? [] : near.sort((a, b) => b.titled - a.titled || b.score - a.score || a.page - b.page).slice(0, CLOSEST).map((r) => r.page);
  return { pages, closest };
}

/** Adds what one query term finds in one shard to the pages' hits. */
function scoreTerm(q: QueryTerm, qi: number, count: number, shard: Shard, manifest: Manifest, hits: Map<number, Map<number, number[]>>, titleHits: Map<number, Map<number, number>>): void {
  for (const [term, postings] of Object.entries(shard)) {
    const factor = matchFactor(q, term);
    if (!factor) continue;
    let df = 0;
    for (let i = 0; i < postings.length; i += 3) if (postings[i] !== 0 || i === 0) df++;
    const idf = Math.log(1 + manifest.pages / df);
    let page = 0;
    for (let i = 0; i < postings.length; i += 3) {
      page += postings[i];
      const section = postings[i + 1];
      const value = postings[i + 2];
      const score = (value >> 1) * factor * idf;
      let sections = hits.get(page);
      if (!sections) hits.set(page, (sections = new Map()));
      let perTerm = sections.get(section);
      if (!perTerm) sections.set(section, (perTerm = new Array<number>(count).fill(0)));
      if (score > perTerm[qi]) perTerm[qi] = score;
      if (value & 1 && factor >= 0.6) {
        let titled = titleHits.get(page);
        if (!titled) titleHits.set(page, (titled = new Map()));
        titled.set(qi, Math.max(titled.get(qi) ?? 0, factor));
      }
    }
  }
}

/** A piece of an excerpt: its text, and whether it is a word the query matched (shown marked). */
export type ExcerptPart = [text: string, matched: boolean];

/** Whether a word of the text is one the query finds (the same rule as the index's terms). */
function wordMatches(terms: QueryTerm[], token: string): boolean {
  const lower = token.toLowerCase();
  // A plain word is its stem (or a stop word); the rest (identifiers, 5MB) goes through the whole normalization.
  const found = /^[a-z]+$/.test(lower) ? (STOP_WORDS.has(lower) ? [] : [stem(lower)]) : words(token);
  return found.some((w) => terms.some((q) => matchFactor(q, w) > 0));
}

/** The words to mark for a query: its terms, a path segment (`training-jobs`) as its words. */
const markTerms = (terms: QueryTerm[]): QueryTerm[] =>
  terms.filter((q) => !q.optional).flatMap((q) => (/^[a-z0-9_]+$/.test(q.text) ? [q] : words(q.text).map((text) => ({ ...q, text }))));

/**
 * A short excerpt of a section's stored text for a query: about `length` characters around the first
 * word the query matches (the start when none does), cut at word boundaries, with the matched words
 * marked. Plain text pieces: the browser renders them as text, never as HTML.
 */
export function excerpt(text: string, terms: QueryTerm[], length = EXCERPT_LENGTH): ExcerptPart[] {
  if (!text) return [];
  terms = markTerms(terms);
  const tokens = [...text.matchAll(/[A-Za-z0-9_]+/g)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, hit: wordMatches(terms, m[0]) }));
  // Two words the index reads as one term (API-Key, 5 MB, fine-tuning): both marked when that term matched.
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (!next || !mayJoin(text.slice(t.start, t.end)) || !/^[\s-]?$/.test(text.slice(t.end, next.start))) return;
    const [a, b] = [text.slice(t.start, t.end), text.slice(next.start, next.end)];
    const single = new Set([...words(a), ...words(b)]);
    if (words(`${a} ${b}`).some((w) => !single.has(w) && terms.some((q) => matchFactor(q, w) > 0))) t.hit = next.hit = true;
  });
  const firstHit = tokens.find((t) => t.hit);
  let from = 0;
  if (firstHit && firstHit.end > length) {
    // Some words before the match, so it reads as part of a sentence.
    const before = Math.max(0, firstHit.start - Math.floor(length / 3));
    from = tokens.find((t) => t.start >= before)?.start ?? firstHit.start;
  }
  let to = Math.min(text.length, from + length);
  if (to < text.length) {
    const cut = text.lastIndexOf(' ', to);
    if (cut > from) to = cut;
  }
  const parts: ExcerptPart[] = [];
  const push = (piece: string, matched: boolean) => {
    if (!piece) return;
    const last = parts[parts.length - 1];
    if (last && last[1] === matched && !matched) last[0] += piece;
    else parts.push([piece, matched]);
  };
  if (from > 0) push('… ', false);
  let at = from;
  for (const t of tokens) {
    if (t.start < from || t.end > to || !t.hit) continue;
    push(text.slice(at, t.start), false);
    push(text.slice(t.start, t.end), true);
    at = t.end;
  }
  push(text.slice(at, to), false);
  if (to < text.length) push(' …', false);
  return parts;
}

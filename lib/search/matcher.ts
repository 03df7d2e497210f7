/**
 * The search index's format and its matcher, shared by the builder (./build-index.ts, at build
 * time) and the browser (./engine.ts): the same tokenizer on both sides, so a query
 * finds exactly the words the build indexed.
 *
 * The index is sharded by the first two characters of each term: a query fetches the shards of its
 * own terms only. A posting is three numbers: page delta, section within the page, and
 * `weight << 1 | inTitle`.
 */

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

/** Words too common to help; never indexed, dropped from queries. */
const STOP_WORDS = new Set(
  'a an and are as at be by can do for from has have how if in is it its of on or that the this to was what when which will with you your'.split(' '),
);

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

/** Words of running text: lowercase letters and digits; an identifier with `_` gives itself and its parts. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const token of text.toLowerCase().match(/[a-z0-9_]+/g) ?? []) {
    const word = token.replace(/^_+|_+$/g, '');
    if (!word) continue;
    if (!STOP_WORDS.has(word)) out.push(word);
    if (word.includes('_')) for (const part of word.split('_')) if (part && !STOP_WORDS.has(part)) out.push(part);
  }
  return out;
}

/** The words of an identifier such as createGrpoTrainingJob: the whole, lowercased, and its camelCase parts. */
export function identifierWords(name: string): string[] {
  const parts = name.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+/g) ?? [];
  return [...new Set([name.toLowerCase(), ...parts.map((p) => p.toLowerCase())])].filter((w) => !STOP_WORDS.has(w));
}

export interface QueryTerm {
  text: string;
  /** The last word, still being typed: longer words that start with it match too. */
  prefix: boolean;
  /** A bonus only: not required for a page to match (how a typed path ends). */
  optional: boolean;
}

/** A query's terms: words as the index has them; a path (`/v1/training-jobs`) gives its segments and how it ends. */
export function queryTerms(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  const open = !/\s$/.test(query);
  const tokens = query.trim().split(/\s+/).filter(Boolean);
  tokens.forEach((token, i) => {
    const last = open && i === tokens.length - 1;
    if (token.includes('/')) {
      const { segments, ends } = pathTerms(token);
      segments.forEach((s, j) => terms.push({ text: s, prefix: last && j === segments.length - 1 && !token.endsWith('/'), optional: false }));
      for (const end of ends) terms.push({ text: end, prefix: false, optional: true });
      return;
    }
    const found = token.toLowerCase().match(/[a-z0-9_]+/g) ?? [];
    found.forEach((raw, j) => {
      const text = raw.replace(/^_+|_+$/g, '');
      if (text && !STOP_WORDS.has(text)) terms.push({ text, prefix: last && j === found.length - 1, optional: false });
    });
  });
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
  return [...new Set(terms.map((t) => shardKey(t.text)))];
}

/** Endings that make another form of the same word ("deploy" → "deployment", "checkpoint" → "checkpoints"). */
const WORD_FORM = /^(?:ment|ments|ing|ed|d|er|ers|ion|ions|es)$/;
const MIN_STEM = 4;

/** The stem of a word in another form (`deployment` → `deploy`, `training` → `train`), or null. */
export function stemOf(word: string): string | null {
  for (let cut = MIN_STEM; cut < word.length; cut++) if (WORD_FORM.test(word.slice(cut))) return word.slice(0, cut);
  return null;
}

/** How much a term of the index counts for a query term: exact 1, its plural or singular 0.9, another form 0.8, a prefix of it 0.6, one typo away 0.45. */
export function matchFactor(q: QueryTerm, term: string): number {
  if (term === q.text) return 1;
  if (term === `${q.text}s` || q.text === `${term}s`) return 0.9;
  const [short, long] = term.length < q.text.length ? [term, q.text] : [q.text, term];
  if (short.length >= MIN_STEM && long.startsWith(short) && WORD_FORM.test(long.slice(short.length))) return 0.8;
  // Two forms of one stem: "deploying" and "deployment".
  const stem = stemOf(long);
  if (stem && stemOf(short) === stem) return 0.8;
  if (q.prefix && term.startsWith(q.text)) return 0.6;
  if (q.text.length >= TYPO_MIN_LENGTH && oneEditApart(q.text, term)) return 0.45;
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

/**
 * Pages for a query, best first. A page must match every required term somewhere (if no page does,
 * those matching most terms come first). Its score: per term the best section, plus half of its best
 * single section (terms together beat terms apart), plus a bonus when the query names its whole
 * title or most of it.
 */
export function rank(terms: QueryTerm[], shards: Map<string, Shard>, manifest: Manifest): RankedPage[] {
  // page → section → term index → best contribution
  const hits = new Map<number, Map<number, number[]>>();
  // page → query terms found in its title: exactly (weight 1) or as the prefix being typed (0.6)
  const titleHits = new Map<number, Map<number, number>>();
  terms.forEach((q, qi) => {
    const shard = shards.get(shardKey(q.text));
    if (!shard) return;
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
        if (!perTerm) sections.set(section, (perTerm = new Array<number>(terms.length).fill(0)));
        if (score > perTerm[qi]) perTerm[qi] = score;
        if (value & 1 && factor >= 0.6) {
          let titled = titleHits.get(page);
          if (!titled) titleHits.set(page, (titled = new Map()));
          titled.set(qi, Math.max(titled.get(qi) ?? 0, factor));
        }
      }
    }
  });

  const required = terms.flatMap((t, i) => (t.optional ? [] : [i]));
  const ranked: Array<RankedPage & { covered: number }> = [];
  for (const [page, sections] of hits) {
    const best = new Array<number>(terms.length).fill(0);
    const scored: RankedSection[] = [];
    for (const [section, perTerm] of sections) {
      perTerm.forEach((s, qi) => (best[qi] = Math.max(best[qi], s)));
      scored.push({ section, score: perTerm.reduce((a, b) => a + b, 0) });
    }
    scored.sort((a, b) => b.score - a.score || a.section - b.section);
    const covered = required.filter((qi) => best[qi] > 0).length;
    const titled = [...(titleHits.get(page)?.values() ?? [])];
    const titleWords = manifest.titleWords[page] || 1;
    // The whole title typed out ranks a page first; part of it, or a prefix, helps a little.
    const whole = titled.filter((f) => f === 1).length >= titleWords;
    const titleBonus = whole ? 40 : (12 * titled.length) / titleWords;
    ranked.push({ page, covered, score: best.reduce((a, b) => a + b, 0) + scored[0].score / 2 + titleBonus, sections: scored });
  }
  const most = Math.max(0, ...ranked.map((r) => r.covered));
  return ranked
    .filter((r) => r.covered === most && (most > 0 || required.length === 0))
    .sort((a, b) => b.score - a.score || a.page - b.page)
    .map(({ page, score, sections }) => ({ page, score, sections }));
}

/** A piece of an excerpt: its text, and whether it is a word the query matched (shown marked). */
export type ExcerptPart = [text: string, matched: boolean];

/** Whether a word of the text is one the query finds (the same rule as the index's terms). */
function wordMatches(terms: QueryTerm[], token: string): boolean {
  return words(token).some((w) => terms.some((q) => matchFactor(q, w) > 0));
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

/**
 * Turning what a person typed into a search of the lunr index, and highlighting what matched. Shared by
 * the server (/search) and the search page's script (search-as-you-type), so both answer the same way.
 *
 * User text never reaches lunr's query parser (`index.search` throws QueryParseError on `budget:`):
 * words are cleaned of lunr's syntax characters, run through the same trimmer, stop-word filter and
 * stemmer as the index, and evaluated against the index here (see runQuery for why not by lunr's own
 * evaluator). Every word is required and may be the start of a longer word, so "curr ro" finds
 * "Curry Road"; a word that matches nothing is matched to words one typing slip away ("cury road").
 */
import lunr from 'lunr';

/** Longer input is cut: nobody types more, and it keeps a hostile query cheap. */
export const MAX_QUERY_CHARS = 200;
export const MAX_QUERY_WORDS = 8;

export interface QueryWord {
  /** The stemmed term, as it is stored in the index. */
  term: string;
  /** Also match longer words that start with it (all but one-letter words). */
  prefix: boolean;
}

/** Words already stemmed: highlighting a page of a PDF meets the same few hundred words again and again. */
const stemmed = new Map<string, string>();
const MAX_REMEMBERED = 50_000;

/** What lunr's own pipeline does to a word: lower case, trim non-word characters, stem. */
export function normalizeWord(raw: string): string {
  let term = stemmed.get(raw);
  if (term !== undefined) return term;
  const trimmed = raw.toLowerCase().replace(/^\W+/, '').replace(/\W+$/, '');
  term = trimmed ? lunr.stemmer(new lunr.Token(trimmed, {})).toString() : '';
  if (stemmed.size >= MAX_REMEMBERED) stemmed.clear();
  stemmed.set(raw, term);
  return term;
}

function isStopWord(word: string): boolean {
  return !lunr.stopWordFilter(new lunr.Token(word, {}));
}

/** The words of a query, ready for the index. Never throws; may return [] (nothing searchable). */
export function queryWords(input: unknown, opts: { typing?: boolean } = {}): QueryWord[] {
  const text = String(input ?? '')
    .normalize('NFKC')
    .slice(0, MAX_QUERY_CHARS)
    // lunr's query syntax characters mean nothing here; `*` would become a wildcard inside a term.
    .replace(/[*:~^+"`'()[\]{}<>\\|!?;,]/g, ' ');
  const raw = text.split(/[\s-]+/).filter(Boolean);
  const words: QueryWord[] = [];
  const seen = new Set<string>();
  raw.forEach((w, i) => {
    const lower = w.toLowerCase().replace(/^\W+/, '').replace(/\W+$/, '');
    if (!lower) return;
    const typingIt = Boolean(opts.typing) && i === raw.length - 1 && !/\s$/.test(text);
    // A finished stop word ("the", "and") is not in the index; the word being typed may be the start of one that is.
    if (isStopWord(lower) && !typingIt) return;
    const term = normalizeWord(lower);
    if (!term || seen.has(term)) return;
    seen.add(term);
    words.push({ term: term.slice(0, 60), prefix: term.length >= 2 });
  });
  return words.slice(0, MAX_QUERY_WORDS);
}

export interface MatchedDoc {
  ref: string;
  score: number;
  /** field → index terms that matched in it. */
  fields: Record<string, string[]>;
}

/** A word that is the start of more than this many indexed words uses the shortest ones only. */
export const MAX_EXPANSIONS = 40;

/** Per field: the documents (by number, ascending) holding a term, and the term's weight in each. */
export interface TermData {
  docs: Int32Array[];
  weights: Float64Array[];
  size: number;
}

/**
 * What a query is evaluated against: the server's whole index (index-builder.ts), the browser's
 * prefix shards (search-shards.ts), or, in tests, lunr's own index (tests/support/lunr-source.ts).
 * Weights are lunr's BM25 scores, field boosts included.
 */
export interface TermSource {
  fields: string[];
  /** Document number → its ref. */
  refs: string[];
  /** Indexed terms, sorted, among them every one that starts with `term` (the whole index, or its shard). */
  sortedFor(term: string): readonly string[];
  /** A term's postings; undefined when it is not indexed. */
  data(term: string): TermData | undefined;
}

/** Counting arrays reused from query to query (a query allocates no array the size of the index; fewer pauses). */
let counts: { hits: Int32Array; score: Float64Array } | undefined;
function scratch(n: number): { hits: Int32Array; score: Float64Array } {
  if (!counts || counts.hits.length < n) counts = { hits: new Int32Array(n), score: new Float64Array(n) };
  counts.hits.fill(0, 0, n);
  counts.score.fill(0, 0, n);
  return counts;
}

function contains(sorted: Int32Array, n: number): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === n) return true;
    if (sorted[mid] < n) lo = mid + 1;
    else hi = mid;
  }
  return false;
}

/** The first position in `sorted` whose word is not before `term`. */
function lowerBound(sorted: readonly string[], term: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Indexed words equal to `term` or, for a prefix, starting with it: the exact word first, then the shortest. */
export function expand(source: TermSource, word: QueryWord, max = MAX_EXPANSIONS): string[] {
  if (!word.prefix) return source.data(word.term) ? [word.term] : [];
  const sorted = source.sortedFor(word.term);
  const found: string[] = [];
  for (let i = lowerBound(sorted, word.term); i < sorted.length && sorted[i].startsWith(word.term); i++)
    found.push(sorted[i]);
  if (found.length > max) found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  return found.slice(0, max);
}

/** Words this short are not corrected: one letter changed makes too many other words. */
export const MIN_CORRECTED_LENGTH = 4;

/**
 * True when `a` becomes `b` by at most one edit: a letter added, dropped or changed, or two neighbours swapped
 * ("cury" and "curri", "fnece" and "fenc").
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * For a word that matches nothing, the indexed words spelled nearly like it: one edit from the word, or, for a
 * word that may be the start of a longer one, one edit from that word's start ("cury ro" finds Curry Road). Only
 * words with the same first two letters are tried, the same on the server and in the browser's prefix shards,
 * so both answer alike; the shortest first.
 */
export function nearSpellings(source: TermSource, word: QueryWord, max = MAX_EXPANSIONS): string[] {
  if (word.term.length < MIN_CORRECTED_LENGTH) return [];
  const head = word.term.slice(0, 2);
  const sorted = source.sortedFor(word.term);
  const found: string[] = [];
  const n = word.term.length;
  for (let i = lowerBound(sorted, head); i < sorted.length && sorted[i].startsWith(head); i++) {
    const t = sorted[i];
    const near =
      oneEditApart(word.term, t) ||
      (word.prefix &&
        t.length > n &&
        (oneEditApart(word.term, t.slice(0, n)) ||
          oneEditApart(word.term, t.slice(0, n - 1)) ||
          oneEditApart(word.term, t.slice(0, n + 1))));
    if (near) found.push(t);
  }
  found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  return found.slice(0, max);
}

/**
 * Run a query built from `input`; [] when there is nothing to search for. Never throws on user text.
 *
 * User text never reaches lunr's query parser. Every word must match (in any field), and may be the
 * start of a longer word. lunr's own evaluator does that with a trailing wildcard, but it unions the
 * postings of every expansion one at a time and builds match objects for every document of every term:
 * minutes for "NYR1" (the start of ten thousand permit numbers) and most of a second for "road" at
 * 10,000 projects. So the evaluation is done here, over the index's postings and BM25 weights (field
 * boosts included): each prefix is expanded to at most MAX_EXPANSIONS words, documents are counted
 * word by word in a typed array, and only those with every word are scored, an exact word counting
 * five times a word it merely starts.
 */
export function runQuery(
  index: TermSource,
  input: unknown,
  opts: { limit?: number; typing?: boolean } = {},
): MatchedDoc[] {
  const limit = opts.limit ?? 50;
  const words = queryWords(input, opts);
  if (words.length === 0) return [];
  try {
    // A word spelled as indexed counts five times a word it starts, and that twice a near spelling.
    const expansions = words.map((w) => {
      const exact = expand(index, w).map((term) => ({ term, data: index.data(term)!, boost: term === w.term ? 5 : 1 }));
      return exact.length
        ? exact
        : nearSpellings(index, w).map((term) => ({ term, data: index.data(term)!, boost: 0.5 }));
    });
    if (expansions.some((e) => e.length === 0)) return [];
    // Rarest word first: hits[d] counts the words document d has, in order, so it ends at words.length.
    const order = expansions
      .map((e, i) => ({ i, size: e.reduce((n, x) => n + x.data.size, 0) }))
      .sort((a, b) => a.size - b.size);
    const { hits, score } = scratch(index.refs.length);
    order.forEach(({ i }, k) => {
      for (const { data, boost } of expansions[i]) {
        for (let f = 0; f < data.docs.length; f++) {
          const docs = data.docs[f];
          const weights = data.weights[f];
          for (let j = 0; j < docs.length; j++) {
            const d = docs[j];
            if (hits[d] === k || hits[d] === k + 1) {
              hits[d] = k + 1;
              score[d] += boost * weights[j];
            }
          }
        }
      }
    });
    const all = words.length;
    const candidates: number[] = [];
    for (const { data } of expansions[order[0].i])
      for (const docs of data.docs) for (const d of docs) if (hits[d] === all) candidates.push(d);
    const unique = [...new Set(candidates)].sort((a, b) => score[b] - score[a] || a - b).slice(0, limit);
    return unique.map((d) => {
      // Which words matched in which field, for highlighting (only for the results shown).
      // No prototype: a field named like an Object method ("constructor") is an ordinary key.
      const fields: Record<string, string[]> = Object.create(null);
      for (const list of expansions) {
        for (const { term, data } of list) {
          data.docs.forEach((docs, f) => {
            if (contains(docs, d)) (fields[index.fields[f]] ??= []).push(term);
          });
        }
      }
      return { ref: index.refs[d], score: Math.round(score[d] * 1000) / 1000, fields };
    });
  } catch {
    // Defensive: a bug must not become a 500 on a search page.
    return [];
  }
}

export interface Segment {
  text: string;
  mark: boolean;
}

/**
 * Split `text` into plain and matching pieces. A piece matches when lunr would index it as one of
 * `terms`. Callers render the pieces escaped (Astro expressions, textContent), wrapping marks in <mark>.
 */
export function highlight(text: string, terms: string[]): Segment[] {
  if (!text) return [];
  const wanted = new Set(terms);
  const out: Segment[] = [];
  const push = (s: string, mark: boolean) => {
    if (!s) return;
    const prev = out[out.length - 1];
    if (prev && prev.mark === mark) prev.text += s;
    else out.push({ text: s, mark });
  };
  for (const piece of text.split(/([\s-]+)/)) {
    if (!piece) continue;
    const m = /^(\W*)(.*?)(\W*)$/s.exec(piece);
    const core = m?.[2] ?? '';
    if (core && wanted.size && wanted.has(normalizeWord(core))) {
      push(m![1], false);
      push(core, true);
      push(m![3], false);
    } else push(piece, false);
  }
  return out;
}

/**
 * A window of a long text around its first match (about `size` characters), with "…" where cut.
 * Short texts come back whole.
 */
export function snippet(text: string, terms: string[], size = 180, prefer: string[] = []): Segment[] {
  const all = highlight(text, terms);
  if (text.length <= size) return all;
  // Around the first match, or where the most words spelled as typed (`prefer`) stand close together.
  const preferred = new Set(prefer);
  const marks: Array<{ at: number; term: string }> = [];
  let offset = 0;
  for (const s of all) {
    if (s.mark) marks.push({ at: offset, term: normalizeWord(s.text) });
    offset += s.text.length;
  }
  let first = marks.length ? marks[0].at : -1;
  let most = 0;
  marks.forEach((m, i) => {
    if (!preferred.has(m.term)) return;
    const near = new Set<string>();
    for (let j = i; j < marks.length && marks[j].at - m.at < size / 2; j++)
      if (preferred.has(marks[j].term)) near.add(marks[j].term);
    if (near.size > most) {
      most = near.size;
      first = m.at;
    }
  });
  let start = first < 0 ? 0 : Math.max(0, first - Math.floor(size / 3));
  // Start and end on word boundaries.
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space > 0 && space < start + 20) start = space + 1;
  }
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + size / 2) end = space;
  }
  const window = highlight(text.slice(start, end), terms);
  if (start > 0) window.unshift({ text: '…', mark: false });
  if (end < text.length) window.push({ text: '…', mark: false });
  return window;
}

/** Words for a field in "Matched in …". */
export const FIELD_LABEL: Record<string, string> = {
  title: 'Name',
  address: 'Site address',
  cross: 'Cross street',
  ids: 'Permit or tax parcel',
  parties: 'Operator or contractor',
  body: 'Description',
  docs: 'Document',
};

/**
 * Turning what a person typed into a search of the lunr index, and highlighting what matched. Shared by
 * the server (/search) and the search page's script (search-as-you-type), so both answer the same way.
 *
 * User text never reaches lunr's query parser (`index.search` throws QueryParseError on `budget:`):
 * words are cleaned of lunr's syntax characters, run through the same trimmer, stop-word filter and
 * stemmer as the index, and evaluated against the index here (see runQuery for why not by lunr's own
 * evaluator). Every word is required and may be the start of a longer word, so "curr ro" finds
 * "Curry Road".
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

/** What lunr's own pipeline does to a word: lower case, trim non-word characters, stem. */
export function normalizeWord(raw: string): string {
  const trimmed = raw.toLowerCase().replace(/^\W+/, '').replace(/\W+$/, '');
  if (!trimmed) return '';
  return lunr.stemmer(new lunr.Token(trimmed, {})).toString();
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

/** Run a query built from `input`; [] when there is nothing to search for. Never throws on user text. */
/** A word that is the start of more than this many indexed words uses the shortest ones only. */
export const MAX_EXPANSIONS = 40;

type Posting = Record<string, Record<string, unknown>> & { _index: number };
interface Terms {
  sorted: string[];
  postings: Record<string, Posting>;
}
const termsCache = new WeakMap<lunr.Index, Terms>();

function termsOf(index: lunr.Index): Terms {
  let t = termsCache.get(index);
  if (!t) {
    // lunr keeps the inverted index private; it is the documented serialized shape.
    const postings = (index as unknown as { invertedIndex: Record<string, Posting> }).invertedIndex;
    t = { sorted: Object.keys(postings).sort(), postings };
    termsCache.set(index, t);
  }
  return t;
}

/** Indexed words equal to `term` or, for a prefix, starting with it: the exact word first, then the shortest. */
export function expand(index: lunr.Index, word: QueryWord, max = MAX_EXPANSIONS): string[] {
  const { sorted, postings } = termsOf(index);
  if (!word.prefix) return word.term in postings ? [word.term] : [];
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < word.term) lo = mid + 1;
    else hi = mid;
  }
  const found: string[] = [];
  for (let i = lo; i < sorted.length && sorted[i].startsWith(word.term); i++) found.push(sorted[i]);
  if (found.length > max) found.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  return found.slice(0, max);
}

/** lunr's weight (BM25, field boost included) of the term with `termIndex` in one field vector. */
function weightIn(vector: { elements: number[] } | undefined, termIndex: number): number {
  const e = vector?.elements;
  if (!e) return 0;
  let lo = 0;
  let hi = e.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const at = e[mid * 2];
    if (at === termIndex) return e[mid * 2 + 1];
    if (at < termIndex) lo = mid + 1;
    else hi = mid;
  }
  return 0;
}

/**
 * Run a query built from `input`; [] when there is nothing to search for. Never throws on user text.
 *
 * User text never reaches lunr's query parser. Every word must match (in any field), and may be the
 * start of a longer word. lunr's own evaluator does that with a trailing wildcard, but it unions the
 * postings of every expansion one at a time and builds match objects for every document of every term:
 * minutes for "NYR1" (the start of ten thousand permit numbers) and most of a second for "road" at
 * 10,000 projects. So the evaluation is done here, over lunr's index (its inverted index and the
 * BM25 weights in its field vectors, field boosts included): each prefix is expanded to at most
 * MAX_EXPANSIONS words, the documents holding every word are intersected with plain sets, and only
 * those are scored, an exact word counting five times a word it merely starts.
 */
export function runQuery(index: lunr.Index, input: unknown, opts: { limit?: number; typing?: boolean } = {}): MatchedDoc[] {
  const limit = opts.limit ?? 50;
  const words = queryWords(input, opts);
  if (words.length === 0) return [];
  try {
    const { postings } = termsOf(index);
    const { fieldVectors: vectors, fields: indexFields } = index as unknown as { fieldVectors: Record<string, { elements: number[] }>; fields: string[] };
    const expansions = words.map((w) => expand(index, w));
    if (expansions.some((e) => e.length === 0)) return [];
    // Documents that have every word: intersect, smallest first.
    const order = expansions.map((terms, i) => ({ i, df: terms.reduce((n, t) => n + indexFields.reduce((m: number, f: string) => m + Object.keys(postings[t][f] ?? {}).length, 0), 0) })).sort((a, b) => a.df - b.df);
    let required: Set<string> | undefined;
    for (const { i } of order) {
      const docs = new Set<string>();
      for (const term of expansions[i]) {
        for (const field of indexFields) for (const ref of Object.keys(postings[term][field] ?? {})) if (!required || required.has(ref)) docs.add(ref);
      }
      required = docs;
      if (required.size === 0) return [];
    }
    const scores = new Map<string, number>();
    const matched = new Map<string, Record<string, string[]>>();
    words.forEach((w, i) => {
      for (const term of expansions[i]) {
        const posting = postings[term];
        const boost = term === w.term ? 5 : 1;
        for (const field of indexFields) {
          for (const ref of Object.keys(posting[field] ?? {})) {
            if (!required!.has(ref)) continue;
            scores.set(ref, (scores.get(ref) ?? 0) + boost * weightIn(vectors[`${field}/${ref}`], posting._index));
            let fields = matched.get(ref);
            if (!fields) matched.set(ref, (fields = {}));
            (fields[field] ??= []).push(term);
          }
        }
      }
    });
    return [...scores.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([ref, score]) => ({ ref, score, fields: matched.get(ref)! }));
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
export function snippet(text: string, terms: string[], size = 180): Segment[] {
  const all = highlight(text, terms);
  if (text.length <= size) return all;
  let offset = 0;
  let first = -1;
  for (const s of all) {
    if (s.mark) {
      first = offset;
      break;
    }
    offset += s.text.length;
  }
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

/**
 * Turning what a person typed into a lunr query, and highlighting what matched. Shared by the server
 * (/search) and the search page's script (search-as-you-type), so both answer the same way.
 *
 * User text never reaches lunr's query parser (`index.search` throws QueryParseError on `budget:`):
 * words are cleaned of lunr's syntax characters, run through the same trimmer, stop-word filter and
 * stemmer as the index, and added with the query builder. Every word is required and may be the start
 * of a longer word, so "curr ro" finds "Curry Road".
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
export function runQuery(index: lunr.Index, input: unknown, opts: { limit?: number; typing?: boolean } = {}): MatchedDoc[] {
  const limit = opts.limit ?? 50;
  const words = queryWords(input, opts);
  if (words.length === 0) return [];
  let results: lunr.Index.Result[];
  try {
    results = index.query((q) => {
      for (const w of words) {
        // Required: the word (or a word it starts) must appear in some field.
        q.term(w.term, {
          usePipeline: false,
          presence: lunr.Query.presence.REQUIRED,
          wildcard: w.prefix ? lunr.Query.wildcard.TRAILING : lunr.Query.wildcard.NONE,
          boost: 1,
        });
        // Optional: an exact word ranks above a word that merely starts with it.
        if (w.prefix) q.term(w.term, { usePipeline: false, presence: lunr.Query.presence.OPTIONAL, boost: 5 });
      }
    });
  } catch {
    // Defensive: the builder does not parse, but a bug must not become a 500 on a search page.
    return [];
  }
  return results.slice(0, limit).map((r) => {
    const fields: Record<string, string[]> = {};
    for (const [term, byField] of Object.entries(r.matchData.metadata)) {
      for (const field of Object.keys(byField)) (fields[field] ??= []).push(term);
    }
    return { ref: r.ref, score: r.score, fields };
  });
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

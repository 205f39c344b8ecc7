/**
 * A lunr.Index read as a search-query.ts term source, so tests can check that our index and query
 * evaluation answer exactly as lunr's own index would (lunr 2.3.9, pinned). Test-only: the portal builds
 * its own index (index-builder.ts) and the browser reads prefix shards, so neither ships this.
 */
import type lunr from 'lunr';
import type { TermData, TermSource } from '#lib/shared/search-query.ts';

type Posting = Record<string, Record<string, unknown>> & { _index: number };

const fromLunr = new WeakMap<lunr.Index, TermSource>();

/** lunr's weight of the term with `termIndex` in one field vector. */
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

/** A lunr.Index read as a term source (its inverted index and the BM25 weights in its field vectors; lunr 2.3.9, pinned). */
export function fromLunrIndex(index: lunr.Index): TermSource {
  let source = fromLunr.get(index);
  if (source) return source;
  const raw = index as unknown as {
    invertedIndex: Record<string, Posting>;
    fieldVectors: Record<string, { elements: number[] }>;
    fields: string[];
  };
  const refs: string[] = [];
  const refNo = new Map<string, number>();
  for (const key of Object.keys(raw.fieldVectors)) {
    const ref = key.slice(key.indexOf('/') + 1);
    if (!refNo.has(ref)) {
      refNo.set(ref, refs.length);
      refs.push(ref);
    }
  }
  const sorted = Object.keys(raw.invertedIndex).sort();
  const cache = new Map<string, TermData>();
  source = {
    fields: raw.fields,
    refs,
    sortedFor: () => sorted,
    data(term) {
      if (!Object.hasOwn(raw.invertedIndex, term)) return undefined;
      let t = cache.get(term);
      if (!t) {
        const posting = raw.invertedIndex[term];
        const docs: Int32Array[] = [];
        const weights: Float64Array[] = [];
        let size = 0;
        for (const field of raw.fields) {
          const d = Int32Array.from(
            Object.keys(posting[field] ?? {})
              .map((ref) => refNo.get(ref) ?? -1)
              .filter((n) => n >= 0)
              .sort((a, b) => a - b),
          );
          const w = new Float64Array(d.length);
          for (let i = 0; i < d.length; i++)
            w[i] = weightIn(raw.fieldVectors[`${field}/${refs[d[i]]}`], posting._index);
          docs.push(d);
          weights.push(w);
          size += d.length;
        }
        t = { docs, weights, size };
        cache.set(term, t);
      }
      return t;
    },
  };
  fromLunr.set(index, source);
  return source;
}

/**
 * The browser's search index, cut into shards by the first two letters of each indexed word, so a
 * browser downloads only the shards of the words typed ("curr ro" needs "cu" and "ro"), never the
 * whole index. Every word that starts with a given prefix of two or more letters lies in one shard;
 * a one-letter word is its own shard. The server writes them (engine.ts), the search page's script
 * reads them through `shardSource`, and both answer with runQuery (search-query.ts).
 */
import type { TermData, TermSource } from './search-query.ts';

/** What /search/index.json says: the version, the fields, and which shards exist. */
export interface SearchManifest {
  p: 2;
  version: string;
  fields: string[];
  /** Number of documents (the display list has one row per document, in document order). */
  docs: number;
  /** Shard keys that exist; a word whose shard is missing matches nothing. */
  shards: string[];
}

/** One shard: its terms (sorted) and, per term and field, flat [document number delta, weight × 1000, …]. */
export interface Shard {
  terms: string[];
  post: number[][][];
}

/** The shard a term lives in: its first two characters (code points). */
export function shardKey(term: string): string {
  return Array.from(term).slice(0, 2).join('');
}

/** The file name of a shard (hex of its key's UTF-8 bytes: any character is safe in a URL). */
export function shardFile(key: string): string {
  let hex = '';
  for (const byte of new TextEncoder().encode(key)) hex += byte.toString(16).padStart(2, '0');
  return `${hex || '_'}.json`;
}

/** A shard's postings as runQuery reads them (decoded per term on first use). */
function decode(shard: Shard, fields: number): Map<string, () => TermData> {
  const out = new Map<string, () => TermData>();
  shard.terms.forEach((term, t) => {
    let data: TermData | undefined;
    out.set(term, () => {
      if (data) return data;
      const docs: Int32Array[] = [];
      const weights: Float64Array[] = [];
      let size = 0;
      for (let f = 0; f < fields; f++) {
        const flat = shard.post[t][f] ?? [];
        const d = new Int32Array(flat.length / 2);
        const w = new Float64Array(flat.length / 2);
        let doc = 0;
        for (let i = 0; i < d.length; i++) {
          doc += flat[2 * i];
          d[i] = doc;
          w[i] = flat[2 * i + 1] / 1000;
        }
        docs.push(d);
        weights.push(w);
        size += d.length;
      }
      return (data = { docs, weights, size });
    });
  });
  return out;
}

/** The shards loaded so far, as one term source (`refs`: document number → ref, from the display list). */
export function shardSource(manifest: SearchManifest, refs: string[], shards: Map<string, Shard>): TermSource {
  const decoded = new Map<Shard, Map<string, () => TermData>>();
  const terms = (term: string) => {
    const shard = shards.get(shardKey(term));
    if (!shard) return undefined;
    let d = decoded.get(shard);
    if (!d) decoded.set(shard, (d = decode(shard, manifest.fields.length)));
    return { shard, d };
  };
  return {
    fields: manifest.fields,
    refs,
    sortedFor: (term) => terms(term)?.shard.terms ?? [],
    data: (term) => terms(term)?.d.get(term)?.(),
  };
}

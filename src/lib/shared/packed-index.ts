/**
 * A compact wire form of a serialized lunr index, for the browser. lunr's own JSON repeats every
 * document ref in every posting (`"p123":{}`) and every field vector key (`"title/p123"`); here refs are
 * listed once and referred to by number (postings delta-encoded), and vector scores are integers in
 * thousandths (lunr keeps three decimals anyway). `unpackIndex` rebuilds exactly the JSON that
 * `lunr.Index.load` takes. About half the size of lunr's JSON, before and after compression.
 */

/** lunr's serialized index (lunr.Index#toJSON), as much of it as this module needs. */
export interface LunrJson {
  version: string;
  fields: string[];
  fieldVectors: Array<[string, number[]]>;
  invertedIndex: Array<[string, Record<string, unknown> & { _index: number }]>;
  pipeline: string[];
}

export interface PackedIndex {
  /** Format version of this packing. */
  p: 1;
  version: string;
  fields: string[];
  pipeline: string[];
  refs: string[];
  /** Terms in lunr's (sorted) order. */
  terms: string[];
  /** Each term's `_index` (its position in the field vectors). */
  termIndex: number[];
  /** postings[t][f]: ref numbers (delta-encoded, ascending) having term t in field f. */
  postings: number[][][];
  /** vectors[f][r]: flat [termIndex delta, score × 1000, …] for field f of ref r. */
  vectors: number[][][];
}

export function packIndex(index: LunrJson): PackedIndex {
  const refs: string[] = [];
  const refNo = new Map<string, number>();
  const no = (ref: string) => {
    let n = refNo.get(ref);
    if (n === undefined) {
      n = refs.length;
      refs.push(ref);
      refNo.set(ref, n);
    }
    return n;
  };
  // Refs in field-vector order (every document has a vector for every field).
  for (const [key] of index.fieldVectors) no(key.slice(key.indexOf('/') + 1));
  const fieldNo = new Map(index.fields.map((f, i) => [f, i]));
  const vectors: number[][][] = index.fields.map(() => refs.map(() => []));
  for (const [key, elements] of index.fieldVectors) {
    const slash = key.indexOf('/');
    const flat: number[] = [];
    let prev = 0;
    for (let i = 0; i < elements.length; i += 2) {
      flat.push(elements[i] - prev, Math.round(elements[i + 1] * 1000));
      prev = elements[i];
    }
    vectors[fieldNo.get(key.slice(0, slash))!][no(key.slice(slash + 1))] = flat;
  }
  const terms: string[] = [];
  const termIndex: number[] = [];
  const postings: number[][][] = [];
  for (const [term, posting] of index.invertedIndex) {
    terms.push(term);
    termIndex.push(posting._index);
    postings.push(
      index.fields.map((f) => {
        const ids = Object.keys((posting[f] as Record<string, unknown>) ?? {})
          .map(no)
          .sort((a, b) => a - b);
        let prev = 0;
        return ids.map((id) => {
          const d = id - prev;
          prev = id;
          return d;
        });
      }),
    );
  }
  return { p: 1, version: index.version, fields: index.fields, pipeline: index.pipeline, refs, terms, termIndex, postings, vectors };
}

export function unpackIndex(packed: PackedIndex): LunrJson {
  const { fields, refs } = packed;
  const invertedIndex: LunrJson['invertedIndex'] = packed.terms.map((term, t) => {
    const posting: Record<string, unknown> & { _index: number } = { _index: packed.termIndex[t] };
    fields.forEach((f, fi) => {
      const docs: Record<string, object> = {};
      let id = 0;
      for (const d of packed.postings[t][fi]) {
        id += d;
        docs[refs[id]] = {};
      }
      posting[f] = docs;
    });
    return [term, posting];
  });
  const fieldVectors: LunrJson['fieldVectors'] = [];
  fields.forEach((f, fi) => {
    refs.forEach((ref, ri) => {
      const flat = packed.vectors[fi][ri] ?? [];
      const elements: number[] = [];
      let idx = 0;
      for (let i = 0; i < flat.length; i += 2) {
        idx += flat[i];
        elements.push(idx, flat[i + 1] / 1000);
      }
      fieldVectors.push([`${f}/${ref}`, elements]);
    });
  });
  return { version: packed.version, fields, fieldVectors, invertedIndex, pipeline: packed.pipeline };
}

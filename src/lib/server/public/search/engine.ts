/**
 * The search engine proper: the index built from search documents (index-builder.ts, lunr's rules),
 * and answering a query with ranked, highlighted hits. No database, no threads: the index worker and
 * the unit tests call it.
 *
 * One build serves both:
 * - the server: every field, used by /search (works without JavaScript);
 * - the browser: only the short fields people type into a search box (name, address, cross street,
 *   permit and parcel numbers), cut into prefix shards (search-shards.ts) so search-as-you-type
 *   downloads only the shards of the words typed. What a result shows travels separately (the display
 *   list), so the shards carry no text they do not search. The shards' weights are the server's, so
 *   the browser ranks as the server does over those fields.
 */
import { gzipSync, brotliCompressSync, constants as zlib } from 'node:zlib';
import { createHash } from 'node:crypto';
import { FIELD_LABEL, highlight, runQuery, snippet, type Segment } from '#lib/shared/search-query.ts';
import { shardFile, shardKey, type SearchManifest, type Shard } from '#lib/shared/search-shards.ts';
import { buildIndex, type BuiltIndex } from './index-builder.ts';
import type { SearchDoc } from './documents.ts';

const SERVER_FIELDS: Array<[keyof SearchDoc['fields'], number]> = [
  ['title', 10],
  ['address', 6],
  ['ids', 5],
  ['cross', 3],
  ['parties', 3],
  ['docs', 1.5],
  ['body', 1],
];
/** The fields the browser searches (a subset of the server's, so their weights are the server's). */
export const BROWSER_FIELDS: Array<keyof SearchDoc['fields']> = ['title', 'address', 'ids', 'cross'];
/** Long fields are shown as a window around the match. */
const LONG_FIELDS = new Set(['body', 'docs', 'parties']);

/** One entry of the display list sent to browsers: [ref, title, url, status, address, cross, ids]. */
export type DisplayRow = [string, string, string, string, string, string, string];

export interface Compressed {
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface BrowserAssets {
  /** A short hash of every file; changes whenever any does. */
  version: string;
  /** /search/index.json: the manifest (SearchManifest). */
  index: Compressed;
  display: Compressed;
  /** Shard file name (shardFile) → the shard. */
  shards: Map<string, Compressed>;
}

/**
 * Brotli 7 and gzip 6: at 10,000 projects (3.8 MB of JSON) brotli 9 took 1.2 s for 1.5% fewer bytes,
 * gzip 9 0.4 s for 1.3% fewer (measured in the bench's search scenario).
 */
function compressed(json: string): Compressed {
  const raw = Buffer.from(json, 'utf8');
  return {
    json: raw,
    gzip: gzipSync(raw, { level: 6 }),
    br: brotliCompressSync(raw, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 7, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
  };
}

export interface Engine {
  index: BuiltIndex;
  docs: Map<string, SearchDoc>;
}

export function buildEngine(docs: SearchDoc[]): Engine {
  return { index: buildIndex(docs, SERVER_FIELDS), docs: new Map(docs.map((d) => [d.ref, d])) };
}

/** The browser's shards, one per two-letter prefix: only terms found in the browser's fields, with the server's weights. */
export function browserShards(index: BuiltIndex): Map<string, Shard> {
  const columns = BROWSER_FIELDS.map((f) => index.fields.indexOf(f));
  const shards = new Map<string, Shard>();
  for (const term of index.sorted) {
    if (!term) continue;
    const data = index.data(term)!;
    if (!columns.some((c) => data.docs[c].length > 0)) continue;
    const key = shardKey(term);
    let shard = shards.get(key);
    if (!shard) shards.set(key, (shard = { terms: [], post: [] }));
    shard.terms.push(term);
    shard.post.push(
      columns.map((c) => {
        const flat: number[] = [];
        let prev = 0;
        data.docs[c].forEach((d, i) => {
          flat.push(d - prev, Math.round(data.weights[c][i] * 1000));
          prev = d;
        });
        return flat;
      }),
    );
  }
  return shards;
}

/** The browser's manifest, shards and display list, serialized and compressed. Built from the server's index. */
export function buildBrowserAssets(docs: SearchDoc[], engine: Engine = buildEngine(docs)): BrowserAssets {
  const byRef = engine.docs;
  // Document numbers are the index's: row n of the display list is document n.
  const display: DisplayRow[] = engine.index.refs.map((ref) => {
    const d = byRef.get(ref)!;
    return [
      d.ref,
      d.title,
      d.url,
      d.status ?? '',
      d.kind === 'project' ? d.subtitle : '',
      d.fields.cross ?? '',
      d.fields.ids ?? '',
    ];
  });
  const displayJson = JSON.stringify(display);
  const hash = createHash('sha256').update(displayJson);
  const shardJson = new Map<string, string>();
  for (const [key, shard] of browserShards(engine.index)) {
    const json = JSON.stringify(shard);
    shardJson.set(key, json);
    hash.update('\0').update(key).update('\0').update(json);
  }
  const version = hash.digest('base64url').slice(0, 16);
  const manifest: SearchManifest = {
    p: 2,
    version,
    fields: [...BROWSER_FIELDS],
    docs: display.length,
    shards: [...shardJson.keys()],
  };
  return {
    version,
    index: compressed(JSON.stringify(manifest)),
    display: compressed(displayJson),
    shards: new Map([...shardJson].map(([key, json]) => [shardFile(key), compressed(json)])),
  };
}

export interface SearchHit {
  ref: string;
  kind: SearchDoc['kind'];
  url: string;
  status?: SearchDoc['status'];
  subtitle: string;
  score: number;
  /** The title, with matching words marked. */
  title: Segment[];
  /** The most telling other field that matched, if the title alone does not explain the hit. */
  match?: { field: string; label: string; segments: Segment[] };
}

/** Ranked hits for what a person typed. Never throws on user input. */
export function searchEngine(engine: Engine, input: unknown, limit = 50): SearchHit[] {
  return runQuery(engine.index, input, { limit }).flatMap((m) => {
    const doc = engine.docs.get(m.ref);
    if (!doc) return [];
    const titleTerms = m.fields.title ?? [];
    // The highest-boosted other field with a word the title does not already show explains the hit best.
    const others = SERVER_FIELDS.map(([f]) => f).filter((f) => f !== 'title' && m.fields[f]?.length);
    const other =
      others.find((f) => m.fields[f].some((t) => !titleTerms.includes(t))) ??
      (titleTerms.length ? undefined : others[0]);
    const label = doc.kind === 'help' && other === 'body' ? 'Text' : (FIELD_LABEL[other ?? ''] ?? other ?? '');
    const text = other ? (doc.fields[other] ?? '') : '';
    return [
      {
        ref: doc.ref,
        kind: doc.kind,
        url: doc.url,
        status: doc.status,
        subtitle: doc.subtitle,
        score: Math.round(m.score * 1000) / 1000,
        title: highlight(doc.title, titleTerms),
        match:
          other && text
            ? {
                field: other,
                label,
                segments: LONG_FIELDS.has(other) ? snippet(text, m.fields[other]) : highlight(text, m.fields[other]),
              }
            : undefined,
      },
    ];
  });
}

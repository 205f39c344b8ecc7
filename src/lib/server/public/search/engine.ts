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
import {
  FIELD_LABEL,
  highlight,
  normalizeWord,
  queryWords,
  runQuery,
  snippet,
  type QueryWord,
  type Segment,
} from '#lib/shared/search-query.ts';
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
/** A PDF's words: one field, in an index of their own (below). */
const PDF_FIELDS: Array<[keyof SearchDoc['fields'], number]> = [['text', 1]];
/** The fields the browser searches (a subset of the server's, so their weights are the server's). */
export const BROWSER_FIELDS: Array<keyof SearchDoc['fields']> = ['title', 'address', 'ids', 'cross'];
/** Long fields are shown as a window around the match. */
const LONG_FIELDS = new Set(['body', 'docs', 'parties', 'text']);

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
  /**
   * Public PDFs' words, indexed apart: lunr's length norm and word rarity are counted over an index's
   * documents, so a thousand reports in the projects' index would make every project's name count for
   * little (and change what the browser's shards weigh). Their hits come after the projects' and help's.
   */
  pdfs: BuiltIndex;
  docs: Map<string, SearchDoc>;
}

export function buildEngine(docs: SearchDoc[]): Engine {
  return {
    index: buildIndex(
      docs.filter((d) => d.kind !== 'document'),
      SERVER_FIELDS,
    ),
    pdfs: buildIndex(
      docs.filter((d) => d.kind === 'document'),
      PDF_FIELDS,
    ),
    docs: new Map(docs.map((d) => [d.ref, d])),
  };
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
  /** A PDF: the page the words are on (the url opens it there). */
  page?: number;
}

/**
 * The page of a PDF that best shows why it matched: the first page holding the most of the words typed, a
 * word spelled as typed counting twice a longer word it starts or a near spelling ("silt fence" opens the
 * page about silt fence, not the one about silty loam and a fenced yard). Reading stops at a page holding
 * every word as typed.
 */
export function bestPage(doc: SearchDoc, words: QueryWord[], terms: string[]): { page: number; text: string } {
  const text = doc.fields.text ?? '';
  const starts = doc.pageStarts ?? [0];
  // Each matched term stands for the word it was found for (a near spelling shares its first two letters).
  const wordOf = new Map<string, number>();
  for (const t of terms) {
    const i = words.findIndex((w) => t === w.term || t.startsWith(w.term));
    wordOf.set(t, i >= 0 ? i : words.findIndex((w) => t.slice(0, 2) === w.term.slice(0, 2)));
  }
  const full = 2 * words.length;
  let best = { page: 1, points: -1, text: '' };
  for (let i = 0; i < starts.length; i++) {
    const page = text.slice(starts[i], i + 1 < starts.length ? starts[i + 1] : text.length).trim();
    if (!page) continue;
    const got = new Array<number>(words.length).fill(0);
    for (const raw of page.toLowerCase().split(/[\s-]+/)) {
      const term = normalizeWord(raw);
      const w = wordOf.get(term);
      if (w !== undefined && w >= 0) got[w] = Math.max(got[w], term === words[w].term ? 2 : 1);
    }
    const points = got.reduce((a, b) => a + b, 0);
    if (points > best.points) best = { page: i + 1, points, text: page };
    if (points === full) break;
  }
  return { page: best.page, text: best.text };
}

/**
 * A project's PDFs shown at most: its weekly reports all carry its name and address, and "curry road" must
 * list Curry Road's project and its neighbours, not fifty reports of one site. The best of them are shown.
 */
export const PDFS_PER_PROJECT = 2;
/** PDFs keep this many places among the results even when projects and help would fill them. */
export const PDFS_AT_LEAST = 10;

/**
 * Ranked hits for what a person typed: projects and help first, then PDFs (at most PDFS_PER_PROJECT of a
 * project, and at least a few when there are any). Never throws on user input.
 */
export function searchEngine(engine: Engine, input: unknown, limit = 50): SearchHit[] {
  const entities = runQuery(engine.index, input, { limit });
  const shown = new Map<string, number>();
  // More are asked for than shown, so that the PDFs passed over leave room for the next best.
  const pdfs = runQuery(engine.pdfs, input, { limit: limit * 3 }).filter((m) => {
    const project = engine.docs.get(m.ref)?.project ?? m.ref;
    const n = (shown.get(project) ?? 0) + 1;
    shown.set(project, n);
    return n <= PDFS_PER_PROJECT;
  });
  const words = pdfs.length ? queryWords(input) : [];
  const pdfRoom = Math.max(limit - entities.length, Math.min(PDFS_AT_LEAST, pdfs.length));
  const matches = [...entities.slice(0, limit - Math.min(pdfRoom, pdfs.length)), ...pdfs.slice(0, pdfRoom)];
  return matches.flatMap((m): SearchHit[] => {
    const doc = engine.docs.get(m.ref);
    if (!doc) return [];
    if (doc.kind === 'document') {
      const terms = m.fields.text ?? [];
      const { page, text } = bestPage(doc, words, terms);
      return [
        {
          ref: doc.ref,
          kind: doc.kind,
          url: `${doc.url}#page=${page}`,
          subtitle: doc.subtitle,
          score: Math.round(m.score * 1000) / 1000,
          title: highlight(doc.title, []),
          match: {
            field: 'text',
            label: `Page ${page}`,
            segments: snippet(
              text,
              terms,
              180,
              words.map((w) => w.term),
            ),
          },
          page,
        },
      ];
    }
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

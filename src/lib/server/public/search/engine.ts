/**
 * The search engine proper: lunr indexes built from search documents, and answering a query with
 * ranked, highlighted hits. No database, no threads: the index worker and the unit tests call it.
 *
 * Two indexes come out of one build:
 * - the server index: every field, used by /search (works without JavaScript);
 * - the browser index: only the short fields people type into a search box (name, address, cross
 *   street, permit and parcel numbers), serialized small for search-as-you-type. What a result shows
 *   travels separately (the display list), so the index carries no text it does not search.
 */
import { gzipSync, brotliCompressSync, constants as zlib } from 'node:zlib';
import { createHash } from 'node:crypto';
import lunr from 'lunr';
import { packIndex, type LunrJson } from '#lib/shared/packed-index.ts';
import { FIELD_LABEL, highlight, runQuery, snippet, type Segment } from '#lib/shared/search-query.ts';
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
const BROWSER_FIELDS: Array<[keyof SearchDoc['fields'], number]> = [
  ['title', 10],
  ['address', 6],
  ['ids', 5],
  ['cross', 3],
];
/** Long fields are shown as a window around the match. */
const LONG_FIELDS = new Set(['body', 'docs', 'parties']);

function buildIndex(docs: SearchDoc[], fields: Array<[keyof SearchDoc['fields'], number]>, include: (d: SearchDoc) => boolean): lunr.Index {
  return lunr(function () {
    this.ref('ref');
    for (const [name, boost] of fields) this.field(name, { boost });
    for (const d of docs) {
      if (!include(d)) continue;
      const doc: Record<string, string> = { ref: d.ref };
      for (const [name] of fields) doc[name] = d.fields[name] ?? '';
      this.add(doc);
    }
  });
}

/** One entry of the display list sent to browsers: [ref, title, url, status, address, cross, ids]. */
export type DisplayRow = [string, string, string, string, string, string, string];

export interface BrowserAssets {
  /** A short hash of the two files; changes whenever either does. */
  version: string;
  index: { json: Buffer; gzip: Buffer; br: Buffer };
  display: { json: Buffer; gzip: Buffer; br: Buffer };
}

function compressed(json: string) {
  const raw = Buffer.from(json, 'utf8');
  return {
    json: raw,
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
  };
}

export interface Engine {
  index: lunr.Index;
  docs: Map<string, SearchDoc>;
}

export function buildEngine(docs: SearchDoc[]): Engine {
  return { index: buildIndex(docs, SERVER_FIELDS, () => true), docs: new Map(docs.map((d) => [d.ref, d])) };
}

/** The browser's index (projects' short fields and help page titles) and display list, serialized and compressed. */
export function buildBrowserAssets(docs: SearchDoc[]): BrowserAssets {
  const index = buildIndex(docs, BROWSER_FIELDS, () => true);
  const display: DisplayRow[] = docs.map((d) => [
    d.ref,
    d.title,
    d.url,
    d.status ?? '',
    d.kind === 'project' ? d.subtitle : '',
    d.fields.cross ?? '',
    d.fields.ids ?? '',
  ]);
  // Packed (refs once, numbers for the rest): about half of lunr's own JSON. The browser unpacks it.
  const indexJson = JSON.stringify(packIndex(index.toJSON() as unknown as LunrJson));
  const displayJson = JSON.stringify(display);
  const version = createHash('sha256').update(indexJson).update('\0').update(displayJson).digest('base64url').slice(0, 16);
  return { version, index: compressed(indexJson), display: compressed(displayJson) };
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
    const other = others.find((f) => m.fields[f].some((t) => !titleTerms.includes(t))) ?? (titleTerms.length ? undefined : others[0]);
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
        match: other && text ? { field: other, label, segments: LONG_FIELDS.has(other) ? snippet(text, m.fields[other]) : highlight(text, m.fields[other]) } : undefined,
      },
    ];
  });
}

/**
 * The browser's search index in prefix shards: every term in exactly the shard its first two letters
 * name, weights the server's, a query answered from its own shards alone exactly as the server's index
 * answers over the same fields, and a shard served compressed with its version like the other files.
 */
import { describe, expect, it } from 'vitest';
import { browserShards, buildBrowserAssets, buildEngine, BROWSER_FIELDS } from '#lib/server/public/search/engine.ts';
import type { SearchDoc } from '#lib/server/public/search/documents.ts';
import { assetResponse } from '#lib/server/public/search/http.ts';
import { buildIndex } from '#lib/server/public/search/index-builder.ts';
import { queryWords, runQuery } from '#lib/shared/search-query.ts';
import { shardFile, shardKey, shardSource, type SearchManifest, type Shard } from '#lib/shared/search-shards.ts';

const STREETS = ['Curry Road', 'Curtis Lane', 'Westcott Road', 'Altamont Avenue', 'Route 7', 'Rosa Road', 'Çelik Way'];
const docs: SearchDoc[] = Array.from({ length: 60 }, (_, i) => {
  const street = STREETS[i % STREETS.length];
  return {
    ref: `p${i + 1}`,
    kind: 'project',
    title: `${street.split(' ')[0]} ${['Plaza', 'Townhomes', 'Car Wash', 'Storage'][i % 4]} ${i}`,
    url: `/projects/p-${i}`,
    subtitle: `${100 + i} ${street}`,
    status: 'active',
    fields: {
      title: `${street.split(' ')[0]} ${['Plaza', 'Townhomes', 'Car Wash', 'Storage'][i % 4]} ${i}`,
      address: `${100 + i} ${street} 12309`,
      cross: STREETS[(i + 3) % STREETS.length],
      ids: `SD-2026-${String(i).padStart(3, '0')}, NYR10${i}Z, 58.${i}-3-35`,
      body: `A description with warehouse and ${i % 2 ? 'basin' : 'pond'} words.`,
    },
  };
});

const engine = buildEngine(docs);
const assets = buildBrowserAssets(docs, engine);
const manifest = JSON.parse(assets.index.json.toString()) as SearchManifest;
const shards = new Map<string, Shard>(
  manifest.shards.map((k) => [k, JSON.parse(assets.shards.get(shardFile(k))!.json.toString()) as Shard]),
);
const refs = (JSON.parse(assets.display.json.toString()) as string[][]).map((r) => r[0]);

/** The server's index read over the browser's fields only (same weights, same documents). */
const server = {
  ...engine.index,
  fields: BROWSER_FIELDS as string[],
  data: (term: string) => {
    const d = engine.index.data(term);
    if (!d) return undefined;
    const cols = BROWSER_FIELDS.map((f) => engine.index.fields.indexOf(f));
    const docsOut = cols.map((c) => d.docs[c]);
    const size = docsOut.reduce((n, x) => n + x.length, 0);
    return size ? { docs: docsOut, weights: cols.map((c) => d.weights[c]), size } : undefined;
  },
  sortedFor: () => engine.index.sorted.filter((t) => server.data(t)),
};

const QUERIES = [
  'curr',
  'curry ro',
  'cu',
  'westc',
  'route 7',
  'r',
  'altamont ave',
  'sd 2026',
  'nyr1',
  '58.1',
  'çel',
  'storage curtis',
  'warehouse',
  'zzz',
  '',
  // One typing slip: answered from the near spellings, alike on both sides.
  'cury ro',
  'westcot road',
  'altmont',
  'stroage',
];

describe('the browser search index in prefix shards', () => {
  it('puts every term of the browser fields in the one shard its first two letters name, and nothing else', () => {
    const seen = new Set<string>();
    for (const [key, shard] of shards) {
      expect([...shard.terms].sort()).toEqual(shard.terms);
      for (const term of shard.terms) {
        expect(shardKey(term)).toBe(key);
        expect(seen.has(term)).toBe(false);
        seen.add(term);
      }
    }
    expect([...seen].sort()).toEqual(server.sortedFor().filter(Boolean));
    expect(seen.has('warehous')).toBe(false);
    expect(refs).toEqual(engine.index.refs);
    expect(manifest.docs).toBe(docs.length);
  });

  it('a query answered from only the shards of its own words matches the server index over the same fields', () => {
    for (const q of QUERIES) {
      const only = new Map(
        [...shards].filter(([key]) => queryWords(q, { typing: true }).some((w) => shardKey(w.term) === key)),
      );
      const fromShards = runQuery(shardSource(manifest, refs, only), q, { typing: true });
      expect(fromShards, q).toEqual(runQuery(server, q, { typing: true }));
    }
    expect(runQuery(shardSource(manifest, refs, shards), 'curry ro', { typing: true })[0]?.ref).toBe(
      docs.find((d) => d.title.startsWith('Curry'))!.ref,
    );
  });

  it('keeps the server weights to the thousandth', () => {
    const source = shardSource(manifest, refs, shards);
    const term = shards.get('cu')!.terms[0];
    const a = source.data(term)!;
    const b = server.data(term)!;
    expect(a.docs.map((x) => [...x])).toEqual(b.docs.map((x) => [...x]));
    expect(a.weights.map((x) => [...x])).toEqual(b.weights.map((x) => [...x]));
  });

  it('names shard files safely for any letters, and serves them compressed with the version', async () => {
    expect(shardFile('cu')).toBe('6375.json');
    expect(shardFile('ç/')).toMatch(/^[0-9a-f]+\.json$/);
    const name = shardFile('cu');
    const res = assetResponse(
      new Request(`http://portal.test/search/shards/${name}?v=${assets.version}`, {
        headers: { 'accept-encoding': 'br' },
      }),
      assets,
      { shard: name },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(
      assetResponse(new Request('http://portal.test/search/shards/ffff.json'), assets, { shard: 'ffff.json' }).status,
    ).toBe(404);
  });

  it('a shard holds far less than the whole index: one word downloads one shard', () => {
    const total = [...assets.shards.values()].reduce((n, c) => n + c.json.length, 0);
    expect(assets.shards.get(shardFile('we'))!.json.length).toBeLessThan(total / 4);
    expect(browserShards(buildIndex([], [['title', 1]])).size).toBe(0);
  });
});

/**
 * Search forgives one typing slip: a word that matches nothing is matched to the indexed words one edit away
 * (a letter added, dropped, changed, or two swapped), also as the start of a longer word; words spelled as
 * indexed always rank first and are never widened; short words are not corrected, and the first two letters are
 * trusted (the browser holds the index in shards by its words' first two letters and must answer as the server).
 */
import { describe, expect, it } from 'vitest';
import { buildEngine, searchEngine } from '#lib/server/public/search/engine.ts';
import type { SearchDoc } from '#lib/server/public/search/documents.ts';
import { oneEditApart } from '#lib/shared/search-query.ts';

const project = (ref: string, title: string, address: string, body = ''): SearchDoc => ({
  ref,
  kind: 'project',
  title,
  url: `/projects/${ref}`,
  subtitle: address,
  status: 'active',
  fields: { title, address, body },
});

const engine = buildEngine([
  project('curry', 'Curry Road Plaza', '1520 Curry Road', 'Silt fence along the west side.'),
  project('curtis', 'Curtis Lane Townhomes', '12 Curtis Lane'),
  project('fence', 'Fence Company Yard', '3 Main Street'),
  project('cury', 'Cury Family Storage', '9 Helderberg Avenue'),
]);
const refs = (q: string) => searchEngine(engine, q).map((h) => h.ref);

describe('search forgives a typing slip', () => {
  it('finds Curry Road from "curyy road" when no word starts with the slip', () => {
    expect(refs('curri road')).toEqual(['curry']);
    expect(refs('curyy road')).toEqual(['curry']);
    expect(refs('cruty road')).toEqual([]);
  });

  it('never widens a word spelled as indexed: "cury" is a family name here, so Curry Road is not offered', () => {
    expect(refs('cury')).toEqual(['cury']);
  });

  it('corrects a word being typed as the start of a longer one', () => {
    expect(refs('curr roa')).toEqual(['curry']);
    expect(refs('curtsi la')).toEqual(['curtis']);
  });

  it('corrects a swap of two letters, in any field', () => {
    expect(refs('silt fecne')).toEqual(['curry']);
  });

  it("trusts the first two letters, as the browser's prefix shards must", () => {
    expect(refs('slit fence')).toEqual([]);
  });

  it('leaves words under four letters alone', () => {
    expect(refs('cyr')).toEqual([]);
  });

  it('counts one edit exactly', () => {
    expect(oneEditApart('cury', 'curri')).toBe(false);
    expect(oneEditApart('curi', 'curri')).toBe(true);
    expect(oneEditApart('fnece', 'fence')).toBe(true);
    expect(oneEditApart('fence', 'fenc')).toBe(true);
    expect(oneEditApart('fence', 'hence')).toBe(true);
    expect(oneEditApart('fence', 'hens')).toBe(false);
    expect(oneEditApart('abcd', 'badc')).toBe(false);
  });
});

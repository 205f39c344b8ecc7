/**
 * The search index: what goes in (public records only), how people's queries are answered (partial
 * words, hostile input never throws), highlighting, and a rebuild that never stops the old index serving.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documents, parties, projects } from '#db/schema.ts';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import {
  helpSearchDocs,
  loadProjectDocs,
  markdownToText,
  searchFingerprint,
  splitHelpPage,
} from '#lib/server/public/search/documents.ts';
import { buildBrowserAssets, buildEngine, searchEngine } from '#lib/server/public/search/engine.ts';
import { SearchService } from '#lib/server/public/search/service.ts';
import lunr from 'lunr';
import { buildIndex, toLunrJson } from '#lib/server/public/search/index-builder.ts';
import { highlight, queryWords, runQuery } from '#lib/shared/search-query.ts';
import { fromLunrIndex } from '../support/lunr-source.ts';

type NewProject = typeof projects.$inferInsert;

function addProject(db: DB, p: Partial<NewProject> & Pick<NewProject, 'slug' | 'name' | 'siteAddress'>) {
  return db
    .insert(projects)
    .values({ kind: 'major', status: 'active', description: '', ...p })
    .returning({ id: projects.id })
    .get().id;
}

function addDocument(db: DB, projectId: number, title: string, isPublic: boolean) {
  db.insert(documents)
    .values({
      projectId,
      type: 'other',
      title,
      filename: 'x.pdf',
      sha256: 'a'.repeat(64),
      mimeType: 'application/pdf',
      sizeBytes: 1,
      public: isPublic,
    })
    .run();
}

function seedTown(db: DB) {
  const curry = addProject(db, {
    slug: 'curry-road-distribution-center',
    name: 'Curry Road Distribution Center',
    siteAddress: '1475 Curry Road',
    crossStreet: 'Westcott Road',
    taxMapParcels: '58.14-3-35, 58.14-3-36.1',
    townPermitNo: 'SD-2026-004',
    spdesPermitId: 'NYR10Z612',
    description: 'A warehouse and distribution building with truck parking on a former farm field.',
  });
  db.insert(parties)
    .values({ projectId: curry, role: 'owner_operator', companyName: 'Curry Road Logistics Partners, LLC' })
    .run();
  db.insert(parties).values({ projectId: curry, role: 'contractor', companyName: 'Mohawk Valley Earthworks' }).run();
  addDocument(db, curry, 'Sediment basin SB-1 design report', true);
  addDocument(db, curry, 'Confidential letter of credit', false);
  addProject(db, {
    slug: 'altamont-avenue-plaza',
    name: 'Altamont Avenue Plaza Redevelopment',
    siteAddress: '2210 Altamont Avenue',
    description: 'Grocery store.',
  });
  addProject(db, {
    slug: 'secret-draft',
    name: 'Quixotic Unpublished Tower',
    siteAddress: '9 Hidden Lane',
    published: false,
  });
  return { curry };
}

const HELP = helpSearchDocs(
  splitHelpPage(
    {
      id: 'ordinance',
      title: 'Erosion and Sediment Control law',
      description: 'The law in full.',
      body: 'Intro words.\n\n## Stop-work orders\n\nThe Stormwater Management Officer may issue a **stop-work order** when a site violates the law.\n',
    },
    (h) => (h === 'Stop-work orders' ? 'stop-work-orders' : undefined),
  ),
);

function engineFor(db: DB) {
  return buildEngine([...loadProjectDocs(db), ...HELP]);
}

describe('what goes into the public index', () => {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  seedTown(db);
  const docs = loadProjectDocs(db);

  it('holds published projects only, with public document titles only', () => {
    expect(docs.map((d) => d.title).sort()).toEqual([
      'Altamont Avenue Plaza Redevelopment',
      'Curry Road Distribution Center',
    ]);
    const all = JSON.stringify(docs);
    expect(all).not.toContain('Quixotic');
    expect(all).not.toContain('Confidential letter of credit');
    expect(all).toContain('Sediment basin SB-1 design report');
  });

  it('never finds an unpublished project or a non-public document, on the server or in the browser index', () => {
    const engine = engineFor(db);
    expect(searchEngine(engine, 'Quixotic')).toEqual([]);
    expect(searchEngine(engine, 'confidential')).toEqual([]);
    const browser = buildBrowserAssets([...docs, ...HELP]);
    for (const part of [browser.index.json, browser.display.json]) {
      expect(part.toString()).not.toMatch(/quixot|confidential/i);
    }
  });

  it('the browser index carries only the short fields; descriptions stay on the server', () => {
    const browser = buildBrowserAssets(docs);
    const manifest = JSON.parse(browser.index.json.toString());
    expect(manifest.fields).toEqual(['title', 'address', 'ids', 'cross']);
    const shards = [...browser.shards.values()].map((c) => c.json.toString()).join('\n');
    expect(shards).toContain('curri');
    expect(shards).not.toContain('warehous');
    expect(browser.index.json.toString()).not.toContain('warehous');
  });

  it('the index is exactly the one lunr.Builder builds (terms, postings, BM25 weights), and answers the same', () => {
    const all = [...docs, ...HELP];
    const fields: Array<[string, number]> = [
      ['title', 10],
      ['address', 6],
      ['ids', 5],
      ['cross', 3],
      ['parties', 3],
      ['docs', 1.5],
      ['body', 1],
    ];
    const original = lunr(function () {
      this.ref('ref');
      for (const [f, boost] of fields) this.field(f, { boost });
      for (const d of all) this.add({ ref: d.ref, ...d.fields });
    });
    const json = JSON.parse(JSON.stringify(original));
    const ours = buildIndex(all, fields);
    const mine = JSON.parse(JSON.stringify(toLunrJson(ours)));
    expect(mine.invertedIndex).toEqual(json.invertedIndex);
    expect(mine.fieldVectors).toEqual(json.fieldVectors);
    expect(mine.fields).toEqual(json.fields);
    // lunr can load it, and every way of asking answers alike.
    const loaded = lunr.Index.load(mine);
    for (const q of ['curr', 'westcott road', '58.14', 'altamont', 'stop-work order', 'earthworks', 'a']) {
      expect(runQuery(ours, q), q).toEqual(runQuery(fromLunrIndex(original), q));
      expect(runQuery(fromLunrIndex(loaded), q), q).toEqual(runQuery(fromLunrIndex(original), q));
    }
  });

  it('the fingerprint changes when a project is published or edited, and not otherwise', () => {
    const before = searchFingerprint(db);
    expect(searchFingerprint(db)).toBe(before);
    db.$client
      .prepare("update projects set published = 1, updated_at = updated_at + 1 where slug = 'secret-draft'")
      .run();
    expect(searchFingerprint(db)).not.toBe(before);
  });
});

describe('answering people', () => {
  const db = openDatabase(':memory:');
  migrateDatabase(db);
  seedTown(db);
  const engine = engineFor(db);
  const first = (q: string) => searchEngine(engine, q)[0];

  it('finds a project by a partial street name, and by the start of a word being typed', () => {
    expect(first('curr')?.url).toBe('/projects/curry-road-distribution-center');
    expect(first('curr ro')?.url).toBe('/projects/curry-road-distribution-center');
    expect(first('westc')?.url).toBe('/projects/curry-road-distribution-center');
    expect(first('altamont ave')?.url).toBe('/projects/altamont-avenue-plaza');
  });

  it('finds by permit number, tax parcel, company and public document title', () => {
    expect(first('NYR10Z612')?.match?.label).toBe('Permit or tax parcel');
    expect(first('58.14-3-36.1')?.url).toBe('/projects/curry-road-distribution-center');
    expect(first('earthworks')?.match?.label).toBe('Operator or contractor');
    expect(first('sediment basin')?.match?.label).toBe('Document');
  });

  it('every word must match somewhere (in any field)', () => {
    expect(searchEngine(engine, 'curry grocery')).toEqual([]);
    expect(first('curry westcott')?.url).toBe('/projects/curry-road-distribution-center');
  });

  it('finds the ordinance section and links to it', () => {
    const hit = first('stop-work order');
    expect(hit?.kind).toBe('help');
    expect(hit?.url).toBe('/help/ordinance#stop-work-orders');
  });

  it('marks the words that matched, in the field that matched', () => {
    const hit = first('curry westcott')!;
    expect(hit.title.filter((s) => s.mark).map((s) => s.text)).toEqual(['Curry']);
    expect(hit.match).toMatchObject({ field: 'cross', label: 'Cross street' });
    expect(hit.match!.segments.filter((s) => s.mark).map((s) => s.text)).toEqual(['Westcott']);
  });

  it('highlighting keeps every character of the text, markup included, for the page to escape', () => {
    const text = '<script>alert("x")</script> Curry Road, & more';
    const segments = highlight(text, ['curri']);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.mark).map((s) => s.text)).toEqual(['Curry']);
  });

  const HOSTILE = [
    '"',
    ':',
    '*',
    '~2',
    'curry~2',
    'title:curry',
    'budget:',
    '+',
    '-',
    '^',
    '+curry -road',
    'curry^10',
    '***',
    '*curr*',
    '\\',
    '"unterminated',
    '(curry) [road] {x}',
    '🚧🏗️💧',
    'curry 🚧 road',
    'x'.repeat(1000),
    'curry '.repeat(200),
    'a'.repeat(999) + '*',
    '\u0000\u0001\uffff',
    '<script>alert(1)</script>',
    "'; drop table projects; --",
    '',
    '   ',
  ];
  it.each(HOSTILE.map((q) => [JSON.stringify(q).slice(0, 40), q]))('answers %s without an error', (_label, q) => {
    expect(() => searchEngine(engine, q)).not.toThrow();
    expect(Array.isArray(searchEngine(engine, q))).toBe(true);
  });

  it('query words are cleaned of lunr syntax and capped', () => {
    expect(queryWords('title:curry~2 +road^3 -x*')).toEqual([
      { term: 'titl', prefix: true },
      { term: 'curri', prefix: true },
      { term: '2', prefix: false },
      { term: 'road', prefix: true },
      { term: '3', prefix: false },
      { term: 'x', prefix: false },
    ]);
    expect(queryWords('word '.repeat(100)).length).toBeLessThanOrEqual(8);
    expect(queryWords('the curry')).toEqual([{ term: 'curri', prefix: true }]);
    // While typing, the last word may be the start of a longer one even if it is a stop word now.
    expect(queryWords('curry an', { typing: true }).map((w) => w.term)).toEqual(['curri', 'an']);
  });

  it('markdown is indexed as words', () => {
    expect(markdownToText('## Heading\n\nSee [the law](/help/ordinance) and **bold** | cell |')).toBe(
      'Heading See the law and bold cell',
    );
  });
});

describe('the search service', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-search-'));
  const dbPath = path.join(dir, 'portal.db');
  const db = openDatabase(dbPath);
  migrateDatabase(db);
  seedTown(db);
  let release: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  const service = new SearchService({
    dbPath,
    help: async () => {
      await gate;
      return [];
    },
    checkEveryMs: 0,
    debounceMs: 10,
    idleCheckMs: 0,
    log: () => {},
  });
  afterAll(async () => {
    await service.close();
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('says it is not ready before the first build, without waiting for it', async () => {
    const answer = await service.search('curry');
    expect(answer).toEqual({ ready: false, generation: 0, hits: [], answered: false });
  });

  it('keeps serving the old index while a rebuild runs, then swaps in the new one', async () => {
    expect(await service.rebuild()).toBe(true);
    const g1 = (await service.search('curry')).generation;
    expect((await service.search('curry')).hits[0]?.url).toBe('/projects/curry-road-distribution-center');

    addProject(db, {
      slug: 'burdeck-street-car-wash',
      name: 'Burdeck Street Car Wash',
      siteAddress: '1600 Burdeck Street',
    });
    // Hold the next build at its start, so "during the rebuild" is certain rather than a race.
    gate = new Promise((resolve) => (release = resolve));
    const rebuilding = service.rebuild();

    const during = await service.search('burdeck');
    expect(during.ready).toBe(true);
    expect(during.generation).toBe(g1);
    expect(during.hits).toEqual([]);
    expect((await service.search('curry')).hits).toHaveLength(1);

    release();
    expect(await rebuilding).toBe(true);
    const after = await service.search('burdeck');
    expect(after.generation).toBe(g1 + 1);
    expect(after.hits[0]?.url).toBe('/projects/burdeck-street-car-wash');
    expect(service.browserAssets()?.display.json.toString()).toContain('Burdeck Street Car Wash');
  });

  it('notices a change by its fingerprint and rebuilds in the background', async () => {
    const g = service.stats()!.generation;
    addProject(db, {
      slug: 'carman-road-child-care-center',
      name: 'Carman Road Child Care Center',
      siteAddress: '12 Carman Road',
    });
    await service.checkForChanges(true);
    await expect.poll(() => service.stats()!.generation, { timeout: 15_000 }).toBe(g + 1);
    expect((await service.search('carman')).hits[0]?.url).toBe('/projects/carman-road-child-care-center');
  });
});

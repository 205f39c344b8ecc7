/**
 * "We do not have it" is not a denial. POL §89(3)(a): the agency certifies that it does not have possession
 * of the record, or that it cannot be found after a diligent search. Per item, with the certification text,
 * apart from the §87(2) denials: on the tracking page, in the mail, the public log and the statistics, and
 * not offered as something to appeal.
 */
process.env.TRACKING_LINK_SECRET = 'unit-test-secret-for-tracking-links';

import { beforeEach, describe, expect, it } from 'vitest';
import { seedReferenceData } from '#db/seed/reference.ts';
import { seedTownProfile } from '#db/seed/town-profiles.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { decideItem } from '#lib/server/records-requests/decisions.ts';
import {
  checkItemDecision,
  isNoRecord,
  noRecordCertification,
  noRecordLines,
  releasableDocumentIds,
  requestOutcome,
} from '#lib/server/records-requests/item-decisions.rules.ts';
import { logItemOutcome } from '#lib/server/records-requests/public-log.rules.ts';
import { itemRows } from '#lib/server/records-requests/billing.ts';
import { publicLog } from '#lib/server/records-requests/public-log.ts';
import { recordsRequestStats } from '#lib/server/records-requests/statistics.ts';
import { checkSelection, createRecordsRequest } from '#lib/server/records-requests/submit.ts';
import { loadRequestView } from '#lib/server/records-requests/view.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const BASE = 'https://portal.example';
const NOW = townInstant('2026-12-01', '10:00');
let db: DB;
let clerk: { userId: number };
let swpppId: number;

beforeEach(async () => {
  db = openDatabase(':memory:');
  migrateDatabase(db);
  await seedReferenceData(db, { now: NOW });
  seedTownProfile(db, NOW);
  const projectId = Number(
    db
      .insert(schema.projects)
      .values({
        slug: 'curry-road',
        name: 'Curry Road',
        siteAddress: '1 Curry Road',
        kind: 'major',
        status: 'active',
        published: true,
      })
      .run().lastInsertRowid,
  );
  swpppId = Number(
    db
      .insert(schema.documents)
      .values({
        projectId,
        type: 'swppp',
        title: 'SWPPP',
        filename: 'swppp.pdf',
        sha256: 'a'.repeat(64),
        mimeType: 'application/pdf',
        sizeBytes: 1000,
        pageCount: 3,
        documentDate: '2025-11-06',
        public: true,
      })
      .run().lastInsertRowid,
  );
  const clerkId = Number(
    db.insert(schema.users).values({ email: 'clerk@example.org', name: 'Dana Clerk' }).run().lastInsertRowid,
  );
  db.insert(schema.userRoles).values({ userId: clerkId, role: 'clerk' }).run();
  clerk = { userId: clerkId };
});

const mail = (kind: string) =>
  db
    .select()
    .from(schema.outbox)
    .all()
    .filter((m) => m.kind === kind);

/** A request for the SWPPP and for June's inspection reports, of which the Town holds none. */
async function request(): Promise<{ id: number; swpppItem: number; rangeItem: number }> {
  const selection = await checkSelection(asyncOf(db), 'curry-road', {
    documentIds: [swpppId],
    reportsFrom: '2026-06-01',
    reportsTo: '2026-06-30',
  });
  expect(selection.problems).toEqual([]);
  const r = await createRecordsRequest(
    asyncOf(db),
    {
      channel: 'web',
      receivedAt: NOW,
      selection,
      delivery: 'electronic',
      requester: { name: 'Pat Requester', email: 'pat@example.org' },
    },
    { label: 'requester' },
    BASE,
  );
  if (!r.ok) throw new Error('limited');
  const items = await itemRows(asyncOf(db), r.id);
  return {
    id: r.id,
    swpppItem: items.find((i) => i.documentId != null)!.id,
    rangeItem: items.find((i) => i.dateFrom != null)!.id,
  };
}

describe('a record the Town does not have is certified, not denied (POL §89(3)(a))', () => {
  it('not found after a diligent search: the certification text on the tracking page and in the mail, with the search described', async () => {
    const r = await request();
    const search = 'The Department of Public Works searched its files and the operator filings for June 2026.';
    expect(
      await decideItem(
        asyncOf(db),
        clerk,
        r.id,
        r.rangeItem,
        { decision: 'not_found', groundId: null, reason: search, withheldDocumentIds: [] },
        BASE,
        NOW,
      ),
    ).toEqual({ ok: true });
    const view = (await loadRequestView(asyncOf(db), r.id, { forRequester: true, now: NOW }))!;
    expect(view.noRecord).toEqual([
      `Inspection reports, June 1, 2026 to June 30, 2026: the Town of Rotterdam certifies that this record cannot be found after a diligent search (Public Officers Law §89(3)(a)). This is not a denial of access. The search: ${search}`,
    ]);
    expect(view.withheld).toEqual([]);
    expect(view.appeal).toBeNull();
    expect(view.canAppeal).toBe(false);
    expect(mail('request-items-withheld')).toHaveLength(0);
    expect(mail('request-item-no-record')[0].textBody).toContain(
      'certifies that this record cannot be found after a diligent search',
    );
  });

  it('a diligent search must be described; a document on file cannot be certified away', async () => {
    const r = await request();
    expect(
      await decideItem(
        asyncOf(db),
        clerk,
        r.id,
        r.rangeItem,
        { decision: 'not_found', groundId: null, reason: ' ', withheldDocumentIds: [] },
        BASE,
        NOW,
      ),
    ).toMatchObject({ ok: false, fields: { reason: expect.any(String) } });
    expect(
      await decideItem(
        asyncOf(db),
        clerk,
        r.id,
        r.swpppItem,
        { decision: 'not_held', groundId: null, reason: '', withheldDocumentIds: [] },
        BASE,
        NOW,
      ),
    ).toMatchObject({ ok: false, fields: { decision: expect.any(String) } });
    expect(
      await decideItem(
        asyncOf(db),
        clerk,
        r.id,
        r.rangeItem,
        { decision: 'not_held', groundId: null, reason: '', withheldDocumentIds: [] },
        BASE,
        NOW,
      ),
    ).toEqual({ ok: true });
    expect((await loadRequestView(asyncOf(db), r.id, { forRequester: true, now: NOW }))!.noRecord[0]).toContain(
      'certifies that it does not have possession of this record',
    );
  });

  it('the public log shows the item as no record, and the statistics count it apart from denials', async () => {
    const r = await request();
    await decideItem(
      asyncOf(db),
      clerk,
      r.id,
      r.rangeItem,
      { decision: 'not_held', groundId: null, reason: '', withheldDocumentIds: [] },
      BASE,
      NOW,
    );
    const log = await publicLog(asyncOf(db), { page: 1, perPage: 25 }, BASE, NOW);
    if (!log.ok) throw new Error(log.message);
    const outcomes = log.log.rows[0].items.map((i) => [i.title, i.outcome, i.ground]);
    expect(outcomes).toContainEqual(['Inspection reports, June 1, 2026 to June 30, 2026', 'not_held', null]);
    expect((await recordsRequestStats(asyncOf(db), NOW)).total).toMatchObject({
      certifiedNoRecord: 1,
      denied: 0,
      grantedInPart: 0,
    });
  });
});

describe('the rules of a certification (pure)', () => {
  const input = (decision: 'not_held' | 'not_found', reason = '', withheldDocumentIds: number[] = []) => ({
    decision,
    groundId: null,
    reason,
    withheldDocumentIds,
  });

  it('a certified item withholds nothing and denies nothing: the request is not denied or granted in part for it', () => {
    expect(requestOutcome(['not_held'])).toBe('granted');
    expect(requestOutcome(['not_found', 'granted'])).toBe('granted');
    expect(requestOutcome(['not_held', 'denied'])).toBe('denied');
    expect(requestOutcome(['not_held', 'denied', 'granted'])).toBe('granted_in_part');
    expect(releasableDocumentIds([1, 2], 'not_found', null)).toEqual([]);
    expect([
      isNoRecord('not_held'),
      isNoRecord('not_found'),
      isNoRecord('denied'),
      isNoRecord(null),
      isNoRecord(undefined),
    ]).toEqual([true, true, false, false, false]);
  });

  it('the checks: no ground needed, nothing ticked, the search described, no document on file', () => {
    expect(checkItemDecision(input('not_held'), { documentIds: [], released: false }, [])).toEqual({});
    expect(
      checkItemDecision(input('not_found', 'Searched the DPW files.'), { documentIds: [], released: false }, []),
    ).toEqual({});
    expect(checkItemDecision(input('not_held', '', [3]), { documentIds: [], released: false }, [])).toEqual({
      withheld: 'A certification that there is no record withholds nothing: untick the documents.',
    });
    expect(checkItemDecision(input('not_held'), { documentIds: [3, 4], released: false }, []).decision).toBe(
      'This item covers 2 documents on file: the Town has the record, so grant it or deny it in writing.',
    );
    expect(checkItemDecision(input('not_held'), { documentIds: [3], released: false }, []).decision).toContain(
      'covers a document on file',
    );
  });

  it('the certification text, in the statute’s words, with the reason only when one is given', () => {
    expect(noRecordCertification('Inspection reports, June 2026', 'not_held', 'Town of Example', null)).toBe(
      'Inspection reports, June 2026: the Town of Example certifies that it does not have possession of this record (Public Officers Law §89(3)(a)). This is not a denial of access.',
    );
    expect(noRecordCertification('X', 'not_held', 'Town of Example', ' Never filed with the Town. ')).toMatch(
      / Why: Never filed with the Town\.$/,
    );
    expect(noRecordCertification('X', 'not_found', 'Town of Example', 'Basement archive.')).toMatch(
      / The search: Basement archive\.$/,
    );
    expect(
      noRecordLines(
        [
          { label: 'A', decision: 'denied', reason: null },
          { label: 'B', decision: 'not_found', reason: 'Files.' },
          { label: 'C', decision: null, reason: null },
        ],
        'Town of Example',
      ),
    ).toEqual([
      'B: the Town of Example certifies that this record cannot be found after a diligent search (Public Officers Law §89(3)(a)). This is not a denial of access. The search: Files.',
    ]);
  });

  it('the public log shows the certification whatever became of the rest of the request', () => {
    const facts = {
      status: 'denied' as const,
      dueOn: '2026-12-08',
      acknowledgedOn: null,
      fulfilledOn: null,
      deniedOn: '2026-12-02',
      withdrawnOn: null,
      ground: null,
    };
    expect(logItemOutcome({ decision: 'not_found', ground: null }, facts)).toEqual({
      outcome: 'not_found',
      ground: null,
    });
    expect(
      logItemOutcome(
        { decision: 'not_held', ground: null },
        { ...facts, status: 'fulfilled', fulfilledOn: '2026-12-02' },
      ),
    ).toEqual({ outcome: 'not_held', ground: null });
  });
});

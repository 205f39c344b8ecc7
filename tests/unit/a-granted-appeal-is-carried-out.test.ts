/**
 * POL §89(4)(a), decision 0065: an appeal granted in whole or part must be carried out. The records it
 * covers are reopened (their withholding decision lifted), the request leaves "Fulfilled" or "Denied" and is
 * open again with the day access is owed, which the requester sees and mail gives; the clerk's queue lists it
 * first; the public log shows the appeal's outcome and the reopened records as pending until provided.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { accessDueOn } from '#lib/server/records-requests/appeals.rules.ts';
import { decideAppeal, fileAppeal } from '#lib/server/records-requests/appeals.ts';
import { billRequest } from '#lib/server/records-requests/billing.ts';
import { decideItem } from '#lib/server/records-requests/decisions.ts';
import { listGrounds } from '#lib/server/records-requests/grounds.ts';
import { parsePublicLogQuery, publicLog } from '#lib/server/records-requests/public-log.ts';
import { loadQueue, parseQueueQuery } from '#lib/server/records-requests/queue.ts';
import { recordsRequestStats } from '#lib/server/records-requests/statistics.ts';
import { loadRequestView } from '#lib/server/records-requests/view.ts';
import { deny, fulfill } from '#lib/server/records-requests/workflow.ts';
import { loadCalendar } from '#lib/server/platform/time/calendar.ts';
import { BASE, requestsTown, type RequestsTown } from '../support/requests-db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const RECEIVED = townInstant('2026-11-13', '10:00'); // due November 20
const DECIDED = townInstant('2026-11-16', '10:00');
const APPEALED = townInstant('2026-11-17', '10:00'); // the officer's answer is due December 2 (Thanksgiving skipped)
const GRANTED = townInstant('2026-11-24', '10:00');

let t: RequestsTown;
beforeEach(async () => {
  t = await requestsTown(RECEIVED);
});

const ground = async () => (await listGrounds(asyncOf(t.db))).find((g) => g.citation === 'POL §87(2)(d)')!;
const logRow = async (now: Date) => {
  const q = parsePublicLogQuery(new URLSearchParams());
  const log = q.ok ? await publicLog(asyncOf(t.db), q.value, BASE, now) : undefined;
  return log?.ok ? log.log.rows[0] : undefined;
};

describe('the day access is owed after a grant (pure rule)', () => {
  it('the appeal’s own due date; on or after it, the next business day', async () => {
    const calendar = loadCalendar(t.db);
    expect(accessDueOn('2026-12-02', '2026-11-24', calendar)).toBe('2026-12-02');
    expect(accessDueOn('2026-12-02', '2026-12-02', calendar)).toBe('2026-12-03');
    expect(accessDueOn('2026-12-02', '2026-12-04', calendar)).toBe('2026-12-07');
  });
});

describe('an appeal granted on records withheld from a fulfilled request', () => {
  let id: number;
  let swpppItem: number;
  beforeEach(async () => {
    id = (await t.request(RECEIVED, { documentIds: [t.docs.swppp, t.docs.reports[0]] })).id;
    swpppItem = (await loadRequestView(asyncOf(t.db), id))!.items.find((i) => i.item.documentId === t.docs.swppp)!.item
      .id;
    expect(
      await decideItem(
        asyncOf(t.db),
        t.clerk,
        id,
        swpppItem,
        { decision: 'denied', groundId: (await ground()).id, reason: 'Trade secrets.', withheldDocumentIds: [] },
        BASE,
        DECIDED,
      ),
    ).toEqual({ ok: true });
    expect(await billRequest(asyncOf(t.db), t.clerk, id, { counts: [] }, BASE, DECIDED)).toMatchObject({ ok: true });
    expect(t.row(id)).toMatchObject({ status: 'fulfilled', fulfilledOn: '2026-11-16' });
    expect(
      await fileAppeal(
        asyncOf(t.db),
        { label: 'requester' },
        id,
        { body: 'The SWPPP is public under L(4).' },
        BASE,
        APPEALED,
      ),
    ).toMatchObject({ ok: true, dueOn: '2026-12-02' });
  });

  const appealId = async () => (await loadRequestView(asyncOf(t.db), id))!.appeals[0].id;

  it('granted in part needs the records it is granted for', async () => {
    expect(
      await decideAppeal(
        asyncOf(t.db),
        t.officer,
        await appealId(),
        { outcome: 'granted_in_part', decisionText: 'Part.' },
        BASE,
        GRANTED,
      ),
    ).toMatchObject({ ok: false, fields: { itemIds: expect.any(String) } });
    expect(
      await decideAppeal(
        asyncOf(t.db),
        t.officer,
        await appealId(),
        { outcome: 'granted_in_part', decisionText: 'The plan, not the cover letter.', itemIds: [swpppItem] },
        BASE,
        GRANTED,
      ),
    ).toEqual({ ok: true });
    expect(t.row(id)).toMatchObject({ status: 'received', accessDueOn: '2026-12-02' });
  });

  it('reopens the records with a due date the requester sees, first in the clerk’s queue, and the log shows the appeal', async () => {
    const other = (await t.request(townInstant('2026-11-10', '10:00'))).id; // overdue since November 17: first on its own
    expect(
      await decideAppeal(
        asyncOf(t.db),
        t.officer,
        await appealId(),
        { outcome: 'granted', decisionText: 'The SWPPP is a public document: provide it.' },
        BASE,
        GRANTED,
      ),
    ).toEqual({ ok: true });
    expect(t.row(id)).toMatchObject({
      status: 'received',
      accessDueOn: '2026-12-02',
      respondBy: '2026-12-02',
      fulfilledOn: '2026-11-16',
    });
    const view = (await loadRequestView(asyncOf(t.db), id, { forRequester: true, now: GRANTED }))!;
    expect(view.items.find((i) => i.item.id === swpppItem)!.item.decision).toBeNull();
    expect(view.withheld).toEqual([]);
    // The determination, then the note that a copy went to the Committee on Open Government.
    expect(view.events.at(-2)!.body).toContain('The Town must now provide the records by December 2, 2026.');
    expect(view.events.at(-1)!.body).toContain('Committee on Open Government');
    expect(t.mail('request-appeal-decided')[0].textBody).toContain('must provide them by December 2, 2026');

    const queue = await loadQueue(asyncOf(t.db), parseQueueQuery(new URLSearchParams()), GRANTED);
    expect(queue.appealGrants.map((r) => r.id)).toEqual([id]);
    expect(queue.rows.map((r) => r.id)).toEqual([other, id]);

    expect(await logRow(GRANTED)).toMatchObject({
      status: 'received',
      appeal: { outcome: 'granted', decidedOn: '2026-11-24' },
    });
    expect((await logRow(GRANTED))!.items.map((i) => i.outcome).sort()).toEqual(['pending', 'pending']);

    // Provided again: the first answer (November 16) stays the answer the five days were measured by.
    expect(
      await fulfill(
        asyncOf(t.db),
        t.clerk,
        id,
        'The SWPPP released after the appeal.',
        townInstant('2026-11-30', '10:00'),
      ),
    ).toEqual({ ok: true });
    expect(t.row(id)).toMatchObject({ status: 'fulfilled', fulfilledOn: '2026-11-16', respondBy: null });
    expect((await loadQueue(asyncOf(t.db), parseQueueQuery(new URLSearchParams()), GRANTED)).appealGrants).toEqual([]);
    expect((await logRow(GRANTED))!.items.map((i) => i.outcome)).toEqual(['released', 'released']);
    expect((await loadRequestView(asyncOf(t.db), id, { now: GRANTED }))!.missed).toBe(false);
    expect((await recordsRequestStats(asyncOf(t.db), GRANTED)).total).toMatchObject({
      notAnsweredInTime: 1,
      appealsGranted: 1,
    }); // the other request only
  });

  it('a denied appeal changes nothing', async () => {
    expect(
      await decideAppeal(
        asyncOf(t.db),
        t.officer,
        await appealId(),
        { outcome: 'denied', decisionText: 'Trade secrets indeed.' },
        BASE,
        GRANTED,
      ),
    ).toEqual({ ok: true });
    expect(t.row(id)).toMatchObject({ status: 'fulfilled', accessDueOn: null });
    expect(await logRow(GRANTED)).toMatchObject({ appeal: { outcome: 'denied' } });
  });
});

describe('an appeal granted on a whole denial', () => {
  it('opens the request again with the day access is owed, not the old due date', async () => {
    const { id } = await t.request(RECEIVED);
    expect(
      await deny(
        asyncOf(t.db),
        t.clerk,
        id,
        { groundId: (await ground()).id, reason: 'Trade secrets.' },
        BASE,
        DECIDED,
      ),
    ).toEqual({
      ok: true,
    });
    expect(
      await fileAppeal(asyncOf(t.db), { label: 'requester' }, id, { body: 'Public by law.' }, BASE, APPEALED),
    ).toMatchObject({
      ok: true,
    });
    const appealId = (await loadRequestView(asyncOf(t.db), id))!.appeals[0].id;
    expect(
      await decideAppeal(
        asyncOf(t.db),
        t.officer,
        appealId,
        { outcome: 'granted', decisionText: 'Provide it.' },
        BASE,
        townInstant('2026-12-03', '10:00'),
      ),
    ).toEqual({ ok: true });
    expect(t.row(id)).toMatchObject({ status: 'received', accessDueOn: '2026-12-04', respondBy: '2026-12-04' });
  });
});

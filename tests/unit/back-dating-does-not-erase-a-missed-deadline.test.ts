/**
 * Decision 0064: an act recorded after its deadline keeps the day it was recorded for the law's clock; the
 * date the clerk states is kept as the Town's claim, shown as such. Recording on December 5 an acknowledgment
 * dated November 19 for a request due November 20 does not clear "not answered in time", and the requester is
 * not mailed a back-dated acknowledgment. The same for a mailing of paper copies (it stops the clock too).
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { schema } from '#lib/server/platform/db.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { clockDay, townDeadline } from '#lib/server/records-requests/request.rules.ts';
import { recordHandover } from '#lib/server/records-requests/delivery.ts';
import { loadRequestView } from '#lib/server/records-requests/view.ts';
import { recordsRequestStats } from '#lib/server/records-requests/statistics.ts';
import { acknowledge } from '#lib/server/records-requests/workflow.ts';
import { BASE, requestsTown, type RequestsTown } from '../support/requests-db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const RECEIVED = townInstant('2026-11-13', '10:00'); // a Friday: due Friday, November 20
const DEC5 = townInstant('2026-12-05', '10:00');

describe('the day an act counts for (pure rule)', () => {
  it.each<[string, string, string, string, string, { on: string; claimedOn: string | null }]>([
    [
      'recorded while the deadline runs: the stated day stands',
      '2026-11-19',
      '2026-11-20',
      '2026-11-20',
      '2026-11-20',
      { on: '2026-11-19', claimedOn: null },
    ],
    [
      'recorded after it passed, dated before it: the day recorded',
      '2026-11-19',
      '2026-12-05',
      '2026-11-20',
      '2026-12-05',
      { on: '2026-12-05', claimedOn: '2026-11-19' },
    ],
    [
      'recorded after it passed, dated on it: the day recorded',
      '2026-11-20',
      '2026-11-23',
      '2026-11-20',
      '2026-11-23',
      { on: '2026-11-23', claimedOn: '2026-11-20' },
    ],
    [
      'recorded after it passed, dated after it too: late either way, the stated day',
      '2026-11-24',
      '2026-12-05',
      '2026-11-20',
      '2026-12-05',
      { on: '2026-11-24', claimedOn: null },
    ],
    [
      'recorded after close of business on the due day, dated that day',
      '2026-11-20',
      '2026-11-20',
      '2026-11-20',
      '2026-11-21',
      { on: '2026-11-20', claimedOn: null },
    ],
  ])('%s', (_, stated, recordedOn, deadline, overdueBefore, expected) => {
    expect(clockDay(stated, recordedOn, deadline, overdueBefore)).toEqual(expected);
  });

  it('the deadline an act meets: the promised date once acknowledged in time, else the due date', () => {
    expect(townDeadline({ dueOn: '2026-11-20', acknowledgedOn: '2026-11-18', promisedOn: '2026-12-04' })).toBe(
      '2026-12-04',
    );
    expect(townDeadline({ dueOn: '2026-11-20', acknowledgedOn: '2026-11-23', promisedOn: '2026-12-04' })).toBe(
      '2026-11-20',
    );
    expect(townDeadline({ dueOn: '2026-11-20', acknowledgedOn: null, promisedOn: null })).toBe('2026-11-20');
  });
});

describe('back-dating after the deadline', () => {
  let t: RequestsTown;
  beforeEach(async () => {
    t = await requestsTown(RECEIVED);
  });

  it('an acknowledgment dated November 19 recorded on December 5 counts from December 5 and does not clear the missed deadline', async () => {
    const { id } = await t.request(RECEIVED);
    expect(t.row(id).dueOn).toBe('2026-11-20');
    expect(
      await acknowledge(
        asyncOf(t.db),
        t.clerk,
        id,
        { acknowledgedOn: '2026-11-19', promisedOn: '2026-12-18' },
        BASE,
        DEC5,
      ),
    ).toEqual({ ok: true });
    expect(t.row(id)).toMatchObject({ acknowledgedOn: '2026-12-05', respondBy: '2026-11-20' });
    const view = (await loadRequestView(asyncOf(t.db), id, { forRequester: true, now: DEC5 }))!;
    expect(view).toMatchObject({ missed: true, missedOn: '2026-11-20', flag: 'overdue', canAppeal: true });
    expect(view.events.at(-1)!.body).toContain(
      'Acknowledged in writing on December 5, 2026. The Town dates this November 19, 2026, but recorded it on December 5, 2026, after the deadline of November 20, 2026',
    );
    const ack = t.mail('request-acknowledged');
    expect(ack).toHaveLength(1);
    expect(ack[0].textBody).toContain('as of December 5, 2026');
    expect(ack[0].textBody).not.toContain('November 19');
    expect(ack[0].textBody).toContain('This acknowledgment is late');
    expect((await recordsRequestStats(asyncOf(t.db), DEC5)).total).toMatchObject({ notAnsweredInTime: 1 });
  });

  it('the same acknowledgment recorded on November 20, before the deadline passed, keeps its date', async () => {
    const { id } = await t.request(RECEIVED);
    expect(
      await acknowledge(
        asyncOf(t.db),
        t.clerk,
        id,
        { acknowledgedOn: '2026-11-19', promisedOn: '2026-12-18' },
        BASE,
        townInstant('2026-11-20', '11:00'),
      ),
    ).toEqual({ ok: true });
    expect(t.row(id).acknowledgedOn).toBe('2026-11-19');
    expect((await loadRequestView(asyncOf(t.db), id, { now: DEC5 }))!.missed).toBe(false);
  });

  it('copies mailed "on November 19", recorded on December 5, answer the request on December 5', async () => {
    const { id } = await t.request(RECEIVED, {
      delivery: 'paper_mail',
      requester: { name: 'Pat Requester', email: 'pat@example.org', address: '1 Main St' },
    });
    t.db
      .update(schema.recordsRequests)
      .set({ status: 'copies_ready', copiesReadyOn: '2026-11-16' })
      .where(eq(schema.recordsRequests.id, id))
      .run();
    expect(await recordHandover(asyncOf(t.db), t.clerk, id, { how: 'mail', on: '2026-11-19' }, BASE, DEC5)).toEqual({
      ok: true,
    });
    expect(t.row(id)).toMatchObject({ status: 'fulfilled', fulfilledOn: '2026-12-05', mailedOn: '2026-11-19' });
    const view = (await loadRequestView(asyncOf(t.db), id, { forRequester: true, now: DEC5 }))!;
    expect(view.missed).toBe(true);
    expect(view.events.at(-1)!.body).toContain(
      'The copies were mailed on November 19, 2026. The request is fulfilled. The Town dates this November 19, 2026, but recorded it on December 5, 2026',
    );
  });
});

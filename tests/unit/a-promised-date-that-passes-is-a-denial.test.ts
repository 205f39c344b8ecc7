/**
 * POL §89(3)(a) and 21 NYCRR 1401.5 (decision 0063): the approximate date the Town gives with its
 * acknowledgment is a time limit of its own. A request acknowledged in time with November 20 and still
 * unanswered on December 5 is a denial: the tracking page says so, the requester is mailed once, may
 * appeal, the statistics and the public log count it, and the clerk may not extend the date once passed.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import {
  decidedOn,
  missedDeadline,
  missedDeadlineOn,
  promiseMissed,
  type AnswerFacts,
} from '#lib/server/records-requests/request.rules.ts';
import { sendMissedDeadlineNotices } from '#lib/server/records-requests/digest.ts';
import { loadRequestView } from '#lib/server/records-requests/view.ts';
import { recordsRequestStats } from '#lib/server/records-requests/statistics.ts';
import { parsePublicLogQuery, publicLog } from '#lib/server/records-requests/public-log.ts';
import { acknowledge, extend, fulfill } from '#lib/server/records-requests/workflow.ts';
import { BASE, requestsTown, type RequestsTown } from '../support/requests-db.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const RECEIVED = townInstant('2026-11-12', '10:00'); // a Thursday: due Thursday, November 19
const ACKNOWLEDGED = townInstant('2026-11-13', '10:00');
const DEC5 = townInstant('2026-12-05', '10:00');

const facts = (f: Partial<AnswerFacts>): AnswerFacts => ({
  status: 'acknowledged',
  dueOn: '2026-11-19',
  acknowledgedOn: '2026-11-13',
  promisedOn: '2026-11-20',
  fulfilledOn: null,
  deniedOn: null,
  withdrawnOn: null,
  ...f,
});

describe('the promised date as a time limit (pure rules)', () => {
  it.each<[string, Partial<AnswerFacts>, string, boolean]>([
    ['unanswered, the promised day not yet over', {}, '2026-11-20', false],
    ['unanswered once the promised day is over', {}, '2026-11-21', true],
    ['granted on the promised day', { status: 'fulfilled', fulfilledOn: '2026-11-20' }, '2026-12-05', false],
    ['granted the day after', { status: 'fulfilled', fulfilledOn: '2026-11-23' }, '2026-12-05', true],
    ['denied in writing by the date', { status: 'denied', deniedOn: '2026-11-19' }, '2026-12-05', false],
    [
      'billed by the date, paid later',
      { status: 'fulfilled', billedOn: '2026-11-20', fulfilledOn: '2026-12-01' },
      '2026-12-05',
      false,
    ],
    ['billed after the date', { status: 'awaiting_payment', billedOn: '2026-11-24' }, '2026-12-05', true],
    ['withdrawn before the date passed', { status: 'withdrawn', withdrawnOn: '2026-11-20' }, '2026-12-05', false],
    ['withdrawn after it passed', { status: 'withdrawn', withdrawnOn: '2026-11-23' }, '2026-12-05', true],
    [
      'closed as a duplicate in time',
      { status: 'closed_duplicate', duplicateClosedOn: '2026-11-18' },
      '2026-12-05',
      false,
    ],
    ['no date was given', { promisedOn: null }, '2026-12-05', false],
    ['never acknowledged', { acknowledgedOn: null, promisedOn: '2026-11-20', status: 'received' }, '2026-11-19', false],
  ])('%s', (_, f, overdueBefore, missed) => {
    expect(promiseMissed(facts(f), overdueBefore)).toBe(missed);
  });

  it('the missed day is the due date when the five days were missed, else the promised date', () => {
    expect(missedDeadlineOn(facts({}), '2026-12-05')).toBe('2026-11-20');
    expect(missedDeadline(facts({}), '2026-12-05')).toBe(true);
    expect(missedDeadlineOn(facts({ acknowledgedOn: '2026-11-23', promisedOn: '2026-12-01' }), '2026-12-05')).toBe(
      '2026-11-19',
    );
    expect(missedDeadlineOn(facts({}), '2026-11-20')).toBeNull();
  });

  it('decided is more than acknowledged: the first grant, denial, bill or copies made available', () => {
    expect(decidedOn(facts({}))).toBeNull();
    expect(decidedOn(facts({ fulfilledOn: '2026-11-25', billedOn: '2026-11-21' }))).toBe('2026-11-21');
    expect(decidedOn(facts({ delivery: 'paper_pickup', copiesReadyOn: '2026-11-18', fulfilledOn: '2026-11-30' }))).toBe(
      '2026-11-18',
    );
  });
});

describe('a request acknowledged in time whose promised date passes (the services)', () => {
  let t: RequestsTown;
  let id: number;
  beforeEach(async () => {
    t = await requestsTown(RECEIVED);
    id = (await t.request(RECEIVED)).id;
    expect(t.row(id).dueOn).toBe('2026-11-19');
    expect(
      await acknowledge(
        asyncOf(t.db),
        t.clerk,
        id,
        { acknowledgedOn: '2026-11-13', promisedOn: '2026-11-20' },
        BASE,
        ACKNOWLEDGED,
      ),
    ).toEqual({ ok: true });
  });

  it('is not answered in time on December 5: the tracking page says so and offers the appeal from November 20', async () => {
    expect(
      (await loadRequestView(asyncOf(t.db), id, { forRequester: true, now: townInstant('2026-11-20', '15:00') }))!
        .missed,
    ).toBe(false);
    const view = (await loadRequestView(asyncOf(t.db), id, { forRequester: true, now: DEC5 }))!;
    expect(view).toMatchObject({
      missed: true,
      missedOn: '2026-11-20',
      canAppeal: true,
      appeal: { kind: 'missed_deadline', deniedOn: '2026-11-20', lastDay: '2026-12-21' },
    });
    expect(view.missedText).toContain('gave November 20, 2026 as the date it would be answered');
    expect(view.flag).toBe('overdue');
  });

  it('mails the requester once, with the promised date and the appeal rights', async () => {
    expect(await sendMissedDeadlineNotices(asyncOf(t.db), townInstant('2026-11-20', '15:00'), BASE)).toBe(0);
    expect(await sendMissedDeadlineNotices(asyncOf(t.db), DEC5, BASE)).toBe(1);
    expect(await sendMissedDeadlineNotices(asyncOf(t.db), DEC5, BASE)).toBe(0);
    const m = t.mail('request-missed-deadline');
    expect(m).toHaveLength(1);
    expect(m[0].textBody).toContain('gave November 20, 2026 as the date it would be answered');
    expect(m[0].textBody).toContain('by December 21, 2026 (30 days)');
    expect(
      (await loadRequestView(asyncOf(t.db), id, { forRequester: true, now: DEC5 }))!.events.at(-1)!.body,
    ).toContain('the date the Town gave with its acknowledgment, November 20, 2026, passed');
  });

  it('counts in the statistics and the public log, and stays counted after a late grant', async () => {
    expect((await recordsRequestStats(asyncOf(t.db), DEC5)).total).toMatchObject({ notAnsweredInTime: 1 });
    expect(await fulfill(asyncOf(t.db), t.clerk, id, undefined, DEC5)).toEqual({ ok: true });
    expect((await recordsRequestStats(asyncOf(t.db), DEC5)).total).toMatchObject({ notAnsweredInTime: 1 });
    const q = parsePublicLogQuery(new URLSearchParams());
    const log = q.ok ? await publicLog(asyncOf(t.db), q.value, BASE, DEC5) : undefined;
    expect(log?.ok && log.log.rows[0]).toMatchObject({ notAnsweredInTime: true });
  });

  it('the clerk may extend the date before it passes, never after', async () => {
    expect(
      await extend(asyncOf(t.db), t.clerk, id, { promisedOn: '2026-12-10', reason: 'Too late.' }, BASE, DEC5),
    ).toMatchObject({
      ok: false,
      fields: {
        promisedOn:
          'The date given, November 20, 2026, has passed: it cannot be extended. Grant or deny the request now.',
      },
    });
    expect(
      await extend(
        asyncOf(t.db),
        t.clerk,
        id,
        { promisedOn: '2026-12-10', reason: 'Plan sheets to scan.' },
        BASE,
        townInstant('2026-11-20', '11:00'),
      ),
    ).toEqual({ ok: true });
    expect((await loadRequestView(asyncOf(t.db), id, { now: DEC5 }))!.missed).toBe(false);
  });
});

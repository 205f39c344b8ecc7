/**
 * The time the municipality aims to answer a resident's report in (site-reports/response-time.rules.ts,
 * decision 0100): the day is counted in business days after the day of filing on the town's calendar; a
 * report answered on that day is in time and one answered the day after is late; "answered" is the first
 * public step after the receipt, and its SQL form agrees with its TypeScript form; the open-data share
 * counts a report left unanswered past its day against the municipality and waits for one still in time.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { siteReportCategories, siteReportEvents, siteReports } from '#db/schema.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { moveStatus, submitReport } from '#lib/server/site-reports/report.ts';
import {
  aimWords,
  answeredAt,
  answeredAtSql,
  answersReport,
  parseResponseDays,
  RESPONSE_DAYS_PROBLEM,
  respondByDay,
  responseShare,
  responseStanding,
  standingWords,
} from '#lib/server/site-reports/response-time.rules.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const calendar = new BusinessCalendar();

describe('the day to answer by', () => {
  it('counts business days after the day of filing, skipping weekends and public holidays', () => {
    // Monday → Tuesday; Friday → Monday; the Friday before Thanksgiving, five days → the Monday after it.
    expect(respondByDay('2026-12-07', 1, calendar)).toBe('2026-12-08');
    expect(respondByDay('2026-12-04', 1, calendar)).toBe('2026-12-07');
    expect(respondByDay('2026-11-20', 5, calendar)).toBe('2026-11-30');
    // Filed on a Saturday: the count still starts after that day.
    expect(respondByDay('2026-12-05', 1, calendar)).toBe('2026-12-07');
  });

  it('a day the town closed is not counted', () => {
    const snowDay = new BusinessCalendar([{ date: '2026-12-08', name: 'Snow day', active: true }]);
    expect(respondByDay('2026-12-07', 1, snowDay)).toBe('2026-12-09');
  });

  it('no time promised: no day', () => {
    expect(respondByDay('2026-12-07', null, calendar)).toBeNull();
  });
});

describe('in time at both ends of the window', () => {
  const by = '2026-12-08';
  it.each([
    ['the day it was filed', '2026-12-07', 'in_time'],
    ['the last day', '2026-12-08', 'in_time'],
    ['the day after the last', '2026-12-09', 'late'],
  ])('answered on %s (%s): %s', (_, answeredOn, kind) => {
    expect(responseStanding(by, answeredOn, '2026-12-20').kind).toBe(kind);
  });

  it('not answered: awaited through the last day, passed the day after', () => {
    expect(responseStanding(by, null, '2026-12-08')).toEqual({ kind: 'awaited', respondBy: by, passed: false });
    expect(responseStanding(by, null, '2026-12-09')).toEqual({ kind: 'awaited', respondBy: by, passed: true });
  });

  it('says so in words naming the municipality', () => {
    expect(standingWords(responseStanding(by, null, '2026-12-07'), 'village')).toBe(
      'Expected response by Tuesday, December 8, 2026.',
    );
    expect(standingWords(responseStanding(by, null, '2026-12-09'), 'village')).toBe(
      'Expected response by Tuesday, December 8, 2026. That day has passed and the village has not answered yet.',
    );
    expect(standingWords(responseStanding(by, '2026-12-08', '2026-12-09'), 'town')).toBe(
      'Answered on Tuesday, December 8, 2026, within the time the town aims for (by Tuesday, December 8, 2026).',
    );
    expect(standingWords(responseStanding(by, '2026-12-09', '2026-12-09'), 'town')).toContain(
      'later than the town aimed for',
    );
    expect(standingWords(responseStanding(null, null, '2026-12-09'), 'town')).toBeNull();
    expect(aimWords('village', 1)).toBe('The village aims to respond within 1 business day.');
    expect(aimWords('town', 5)).toBe('The town aims to respond within 5 business days.');
    expect(aimWords('town', null)).toBeNull();
  });
});

describe('the officer’s entry', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['1', 1],
    [' 5 ', 5],
    ['30', 30],
  ])('"%s" is %s', (typed, days) => expect(parseResponseDays(typed)).toEqual({ ok: true, days }));

  it.each(['0', '31', '2.5', '-1', 'five', '1e1', '007x'])('"%s" is refused in words', (typed) =>
    expect(parseResponseDays(typed)).toEqual({ ok: false, message: RESPONSE_DAYS_PROBLEM }),
  );
});

describe('answered: the first public step after the receipt', () => {
  const at = (iso: string) => new Date(iso);
  it('the receipt and a note only staff read do not answer; any other public step does', () => {
    expect(answersReport({ at: at('2026-12-07T14:00:00Z'), status: 'received', public: true })).toBe(false);
    expect(answersReport({ at: at('2026-12-07T15:00:00Z'), status: 'under_review', public: false })).toBe(false);
    expect(answersReport({ at: at('2026-12-07T16:00:00Z'), status: null, public: true })).toBe(true);
    expect(
      answeredAt([
        { at: at('2026-12-07T14:00:00Z'), status: 'received', public: true },
        { at: at('2026-12-09T16:00:00Z'), status: 'closed', public: true },
        { at: at('2026-12-08T16:00:00Z'), status: 'under_review', public: true },
      ]),
    ).toEqual(at('2026-12-08T16:00:00Z'));
    expect(answeredAt([{ at: at('2026-12-07T14:00:00Z'), status: 'received', public: true }])).toBeNull();
  });

  it('the SQL form gives the same instant as the TypeScript form, on reports filed and answered', async () => {
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    const mud = db.select().from(siteReportCategories).where(eq(siteReportCategories.code, 'mud_on_road')).get()!;
    expect(mud.responseBusinessDays).toBe(1);
    const filedAt = townInstant('2026-12-07', '18:30');
    const file = async () => {
      const r = await submitReport(
        asyncOf(db),
        {
          categoryId: mud.id,
          description: 'Mud across both lanes by the gate.',
          point: { latitude: 42.79, longitude: -73.96 },
          place: 'Curry Road',
          observedOn: '2026-12-07',
          observedTime: null,
          name: null,
          email: null,
          phone: null,
          photos: [],
          ip: null,
          source: 'web',
        },
        filedAt,
      );
      if (!r.ok) throw new Error(JSON.stringify(r));
      return r.id;
    };
    const waiting = await file();
    const answered = await file();
    // After hours on the Monday: still counted from that day, so due Tuesday.
    expect(db.select().from(siteReports).where(eq(siteReports.id, waiting)).get()!.respondBy).toBe('2026-12-08');
    db.insert(siteReportEvents)
      .values({
        reportId: answered,
        at: townInstant('2026-12-08', '10:00'),
        status: null,
        words: 'A note.',
        public: false,
      })
      .run();
    expect(
      (
        await moveStatus(
          asyncOf(db),
          { label: 'system' },
          answered,
          'under_review',
          null,
          townInstant('2026-12-08', '16:00'),
        )
      ).ok,
    ).toBe(true);
    for (const id of [waiting, answered]) {
      const steps = db.select().from(siteReportEvents).where(eq(siteReportEvents.reportId, id)).all();
      const sqlForm = db
        .select({ at: answeredAtSql(siteReports.id) })
        .from(siteReports)
        .where(eq(siteReports.id, id))
        .get()!.at;
      expect(sqlForm == null ? null : new Date(sqlForm)).toEqual(answeredAt(steps));
    }
    expect(answeredAt(db.select().from(siteReportEvents).where(eq(siteReportEvents.reportId, answered)).all())).toEqual(
      townInstant('2026-12-08', '16:00'),
    );
    db.$client.close();
  });
});

describe('the share answered in time', () => {
  it('counts one left unanswered past its day against it, and waits for one still in time', () => {
    const share = responseShare(
      [
        { respondBy: '2026-12-08', answeredOn: '2026-12-08' },
        { respondBy: '2026-12-08', answeredOn: '2026-12-10' },
        { respondBy: '2026-12-08', answeredOn: null },
        { respondBy: '2026-12-08', answeredOn: '2026-12-07' },
        { respondBy: '2026-12-15', answeredOn: null },
        { respondBy: null, answeredOn: '2026-12-07' },
      ],
      '2026-12-11',
    );
    expect(share).toEqual({ inTime: 2, late: 1, overdue: 1, awaited: 1, counted: 4, percent: 50 });
  });

  it('nothing to count: no percent', () => {
    expect(responseShare([{ respondBy: null, answeredOn: null }], '2026-12-11').percent).toBeNull();
    expect(responseShare([], '2026-12-11')).toMatchObject({ counted: 0, percent: null });
  });
});

/**
 * The public log's rules (public-log.rules.ts): titles only (never the requester's words), each item's
 * outcome from the clerk's decision and the request's answer, on time or late by the statistics' one
 * definition, and business days counted on the Town's calendar.
 */
import { describe, expect, it } from 'vitest';
import { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import {
  OWN_WORDS_TITLE,
  UNLISTED_DOCUMENT_TITLE,
  answeredOn,
  answeredOnTime,
  businessDaysTaken,
  logEndDay,
  logItemOutcome,
  logItemTitle,
  logTimeliness,
  notAnsweredInTime,
  type LogItemFacts,
  type LogRequestFacts,
} from '#lib/server/records-requests/public-log.rules.ts';

const item = (patch: Partial<LogItemFacts> = {}): LogItemFacts => ({
  documentId: null,
  document: null,
  documentType: null,
  dateFrom: null,
  dateTo: null,
  decision: null,
  ground: null,
  ...patch,
});
const req = (patch: Partial<LogRequestFacts> = {}): LogRequestFacts => ({
  status: 'received',
  dueOn: '2026-03-10',
  acknowledgedOn: null,
  fulfilledOn: null,
  deniedOn: null,
  withdrawnOn: null,
  ground: null,
  ...patch,
});
const privacy = { citation: 'POL §87(2)(b)', label: 'unwarranted invasion of personal privacy' };
const trade = { citation: 'POL §87(2)(d)', label: 'trade secrets' };

describe('what the log shows as the records asked for', () => {
  it('a published document: its title and date; a public-by-law one too, whatever the switch', () => {
    expect(
      logItemTitle(
        item({ documentId: 1, document: { title: 'SWPPP', type: 'swppp', public: true, documentDate: '2026-02-01' } }),
      ),
    ).toBe('SWPPP (February 1, 2026)');
    expect(
      logItemTitle(
        item({
          documentId: 1,
          document: { title: 'Inspection 3', type: 'inspection_report', public: false, documentDate: null },
        }),
      ),
    ).toBe('Inspection 3');
  });

  it('a document neither published nor public by law, or gone: not its title', () => {
    expect(
      logItemTitle(
        item({ documentId: 1, document: { title: 'Private memo', type: 'other', public: false, documentDate: null } }),
      ),
    ).toBe(UNLISTED_DOCUMENT_TITLE);
    expect(logItemTitle(item({ documentId: 1, document: null }))).toBe(UNLISTED_DOCUMENT_TITLE);
  });

  it('a date range: generated words; the requester’s own words: never shown', () => {
    expect(
      logItemTitle(item({ documentType: 'inspection_report', dateFrom: '2026-03-01', dateTo: '2026-03-31' })),
    ).toBe('Inspection reports, March 1, 2026 to March 31, 2026');
    expect(logItemTitle(item({ documentType: 'monthly_summary', dateFrom: '2026-03-01', dateTo: '2026-03-31' }))).toBe(
      'Monthly inspection summaries, March 1, 2026 to March 31, 2026',
    );
    expect(logItemTitle(item({ documentType: 'inspection_report', dateFrom: '2026-03-01' }))).toBe(OWN_WORDS_TITLE);
    expect(logItemTitle(item())).toBe(OWN_WORDS_TITLE);
    expect(logItemTitle(item({ dateTo: '2026-03-31' }))).toBe(OWN_WORDS_TITLE);
    expect(logItemTitle(item({ dateFrom: '2026-03-01', dateTo: '2026-03-31' }))).toBe(OWN_WORDS_TITLE);
    expect(OWN_WORDS_TITLE).toBe('Other records, described in the requester’s own words (not shown)');
    expect(UNLISTED_DOCUMENT_TITLE).toBe('A document not published on the portal');
  });
});

describe('each item’s outcome', () => {
  it('the clerk’s item decision comes first: denied with its ground, even in a fulfilled request', () => {
    expect(logItemOutcome({ decision: 'denied', ground: privacy }, req({ status: 'fulfilled' }))).toEqual({
      outcome: 'denied',
      ground: privacy,
    });
  });
  it('a whole-request denial denies undecided items on the request’s ground (or the item’s own)', () => {
    expect(logItemOutcome({ decision: null, ground: null }, req({ status: 'denied', ground: trade }))).toEqual({
      outcome: 'denied',
      ground: trade,
    });
    expect(
      logItemOutcome({ decision: 'granted_in_part', ground: privacy }, req({ status: 'denied', ground: trade })),
    ).toEqual({ outcome: 'denied', ground: privacy });
  });
  it('withdrawn; granted in part (released in part once fulfilled); released; pending', () => {
    expect(logItemOutcome({ decision: 'granted_in_part', ground: privacy }, req({ status: 'withdrawn' }))).toEqual({
      outcome: 'withdrawn',
      ground: null,
    });
    expect(logItemOutcome({ decision: 'granted_in_part', ground: privacy }, req({ status: 'acknowledged' }))).toEqual({
      outcome: 'granted_in_part',
      ground: privacy,
    });
    expect(logItemOutcome({ decision: 'granted_in_part', ground: privacy }, req({ status: 'fulfilled' }))).toEqual({
      outcome: 'released_in_part',
      ground: privacy,
    });
    expect(logItemOutcome({ decision: 'granted', ground: null }, req({ status: 'fulfilled' }))).toEqual({
      outcome: 'released',
      ground: null,
    });
    expect(logItemOutcome({ decision: null, ground: null }, req({ status: 'fulfilled' }))).toEqual({
      outcome: 'released',
      ground: null,
    });
    expect(logItemOutcome({ decision: 'granted', ground: null }, req({ status: 'awaiting_payment' }))).toEqual({
      outcome: 'pending',
      ground: null,
    });
  });
});

describe('on time or late (the statistics’ definition: answered on or before the due date)', () => {
  it('answered on the due date is on time; the day after is late; a denial counts as an answer', () => {
    expect(logTimeliness(req({ status: 'fulfilled', fulfilledOn: '2026-03-10' }), '2026-04-01')).toBe('on_time');
    expect(logTimeliness(req({ status: 'fulfilled', fulfilledOn: '2026-03-11' }), '2026-04-01')).toBe('late');
    expect(logTimeliness(req({ status: 'denied', deniedOn: '2026-03-09' }), '2026-04-01')).toBe('on_time');
  });
  it('open: overdue once the due date has passed (at close of business), else not yet due; withdrawn is its own', () => {
    expect(logTimeliness(req(), '2026-03-10')).toBe('not_yet_due');
    expect(logTimeliness(req(), '2026-03-11')).toBe('overdue');
    expect(logTimeliness(req({ status: 'acknowledged', acknowledgedOn: '2026-03-05' }), '2026-03-11')).toBe('overdue');
    expect(logTimeliness(req({ status: 'withdrawn', withdrawnOn: '2026-03-20' }), '2026-04-01')).toBe('withdrawn');
  });
  it('not answered in time: no first answer within the five business days (POL §89(4)(a)), even if later answered', () => {
    expect(notAnsweredInTime(req({ status: 'fulfilled', fulfilledOn: '2026-03-12' }), '2026-04-01')).toBe(true);
    expect(
      notAnsweredInTime(
        req({ status: 'fulfilled', acknowledgedOn: '2026-03-09', fulfilledOn: '2026-03-20' }),
        '2026-04-01',
      ),
    ).toBe(false);
    expect(notAnsweredInTime(req(), '2026-03-10')).toBe(false);
    expect(notAnsweredInTime(req(), '2026-03-11')).toBe(true);
  });
});

describe('business days taken', () => {
  const calendar = new BusinessCalendar();
  it('from the day received to the day answered, weekends not counted', () => {
    // Tuesday March 3 to Tuesday March 10, 2026: five business days.
    expect(
      businessDaysTaken('2026-03-03', req({ status: 'fulfilled', fulfilledOn: '2026-03-10' }), '2026-04-01', calendar),
    ).toBe(5);
    expect(
      businessDaysTaken('2026-03-03', req({ status: 'denied', deniedOn: '2026-03-03' }), '2026-04-01', calendar),
    ).toBe(0);
  });
  it('to the day withdrawn, or so far while open; never negative', () => {
    expect(logEndDay(req({ status: 'withdrawn', withdrawnOn: '2026-03-05' }), '2026-04-01')).toBe('2026-03-05');
    expect(logEndDay(req({ status: 'withdrawn' }), '2026-04-01')).toBe('2026-04-01');
    expect(logEndDay(req({ status: 'received', withdrawnOn: '2026-03-05' }), '2026-04-01')).toBe('2026-04-01');
    // Only a fulfilled or denied request has been answered, whatever dates it carries.
    expect(answeredOn(req({ status: 'withdrawn', deniedOn: '2026-03-05', fulfilledOn: '2026-03-06' }))).toBeNull();
    expect(answeredOnTime(req({ status: 'acknowledged', deniedOn: '2026-03-05' }))).toBeNull();
    expect(
      businessDaysTaken('2026-03-03', req({ status: 'withdrawn', withdrawnOn: '2026-03-05' }), '2026-04-01', calendar),
    ).toBe(2);
    expect(businessDaysTaken('2026-03-03', req(), '2026-03-06', calendar)).toBe(3);
    expect(
      businessDaysTaken('2026-03-10', req({ status: 'fulfilled', fulfilledOn: '2026-03-09' }), '2026-04-01', calendar),
    ).toBe(0);
  });
});

describe('requests closed as duplicates and paper copies in the log', () => {
  it('a request closed as a duplicate is neither pending nor overdue: its items say so and its clock stopped that day', () => {
    const r = req({ status: 'closed_duplicate', duplicateClosedOn: '2026-03-05' });
    expect(logItemOutcome(item(), r).outcome).toBe('duplicate');
    expect(logTimeliness(r, '2026-03-20')).toBe('duplicate');
    expect(logEndDay(r, '2026-03-20')).toBe('2026-03-05');
    expect(notAnsweredInTime(r, '2026-03-20')).toBe(false);
    expect(notAnsweredInTime(req({ status: 'closed_duplicate', duplicateClosedOn: '2026-03-12' }), '2026-03-20')).toBe(
      true,
    );
  });

  it('copies to pick up answer the request the day they wait at Town Hall, not the day of the visit (decision 0030)', () => {
    const ready = req({ status: 'copies_ready', delivery: 'paper_pickup', copiesReadyOn: '2026-03-09' });
    expect(answeredOn(ready)).toBe('2026-03-09');
    expect(logItemOutcome(item(), ready).outcome).toBe('released');
    const pickedUp = req({
      status: 'fulfilled',
      delivery: 'paper_pickup',
      copiesReadyOn: '2026-03-09',
      fulfilledOn: '2026-03-16',
    });
    expect(answeredOn(pickedUp)).toBe('2026-03-09');
    expect(answeredOnTime(pickedUp)).toBe(true);
    expect(logTimeliness(pickedUp, '2026-03-20')).toBe('on_time');
  });

  it('copies to be mailed answer the request only when mailed (the day fulfilled)', () => {
    const waiting = req({ status: 'copies_ready', delivery: 'paper_mail', copiesReadyOn: '2026-03-09' });
    expect(answeredOn(waiting)).toBeNull();
    expect(logTimeliness(waiting, '2026-03-20')).toBe('overdue');
    const mailed = req({
      status: 'fulfilled',
      delivery: 'paper_mail',
      copiesReadyOn: '2026-03-09',
      fulfilledOn: '2026-03-12',
    });
    expect(answeredOn(mailed)).toBe('2026-03-12');
    expect(answeredOnTime(mailed)).toBe(false);
  });
});

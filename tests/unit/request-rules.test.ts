/**
 * The pure records-request rules (request.rules.ts), as tables: what is open, the date the town must next
 * act by (a late acknowledgment does not clear it), when a due date has passed, the missed deadline that
 * counts as a denial (POL §89(4)(a)) and stays missed, closures that move only due dates not yet passed,
 * numbers, hashes, and the words the requester reads.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DELIVERY_METHODS, REQUEST_STATUSES } from '#db/enums.ts';
import { ROTTERDAM_WORDS as T } from '#db/seed/town-profiles.ts';
import {
  acknowledgedLate,
  appealRights,
  DELIVERY_PHRASE,
  dueDateAfterCalendarChange,
  duePassed,
  explainAfterDueDate,
  firstAnswerOn,
  formatNumber,
  howToPay,
  isOpen,
  missedDeadlineText,
  missedDeadline,
  OPEN_STATUSES,
  readyText,
  REQUEST_CHANNELS_FOR_CLERK,
  requestStatusMeaning,
  respondBy,
  submissionFingerprint,
  submissionKeyHash,
  type AnswerFacts,
  type TimelineFacts,
} from '#lib/server/records-requests/request.rules.ts';

describe('open statuses: a request is open until fulfilled, denied or withdrawn', () => {
  it.each([
    ['received', true],
    ['acknowledged', true],
    ['awaiting_cost_approval', true],
    ['awaiting_payment', true],
    ['copies_ready', true],
    ['fulfilled', false],
    ['denied', false],
    ['withdrawn', false],
  ] as const)('%s → open %s', (status, open) => {
    expect(isOpen(status)).toBe(open);
    expect((OPEN_STATUSES as readonly string[]).includes(status)).toBe(open);
  });
});

describe('respond-by: the date the town must next act by', () => {
  const base = {
    dueOn: '2026-12-08',
    promisedOn: '2026-12-22' as string | null,
    acknowledgedOn: null as string | null,
  };
  it.each([
    ['received: the statutory due date', { ...base, status: 'received' as const }, '2026-12-08'],
    [
      'acknowledged on time: the promised date',
      { ...base, status: 'acknowledged' as const, acknowledgedOn: '2026-12-08' },
      '2026-12-22',
    ],
    [
      'acknowledged without a promise: the due date',
      { ...base, status: 'acknowledged' as const, acknowledgedOn: '2026-12-03', promisedOn: null },
      '2026-12-08',
    ],
    [
      'acknowledged late: stays the missed due date (overdue)',
      { ...base, status: 'acknowledged' as const, acknowledgedOn: '2026-12-09' },
      '2026-12-08',
    ],
    ['waiting for the requester: none', { ...base, status: 'awaiting_cost_approval' as const }, null],
    ['waiting for payment: none', { ...base, status: 'awaiting_payment' as const }, null],
    ['closed: none', { ...base, status: 'fulfilled' as const }, null],
  ])('%s', (_name, r, expected) => {
    expect(respondBy(r)).toBe(expected);
  });
});

describe('a late acknowledgment is one dated after the due date', () => {
  it.each([
    [null, false],
    ['2026-12-07', false],
    ['2026-12-08', false],
    ['2026-12-09', true],
  ])('acknowledged %s, due 2026-12-08 → late %s', (acknowledgedOn, late) => {
    expect(acknowledgedLate({ dueOn: '2026-12-08', acknowledgedOn })).toBe(late);
  });
});

describe('a due date passes at close of business on that day', () => {
  // overdueBefore is today before close of business, tomorrow after it (deadlineWindow).
  it.each([
    ['2026-12-08', '2026-12-08', false],
    ['2026-12-08', '2026-12-09', true],
    ['2026-12-07', '2026-12-08', true],
    ['2026-12-09', '2026-12-08', false],
  ])('due %s, overdue before %s → passed %s', (dueOn, overdueBefore, passed) => {
    expect(duePassed(dueOn, overdueBefore)).toBe(passed);
  });
});

describe('the five business days ran out unanswered: a denial the requester may appeal (POL §89(4)(a))', () => {
  const r = (p: Partial<AnswerFacts>): AnswerFacts => ({
    status: 'received',
    dueOn: '2026-12-08',
    acknowledgedOn: null,
    fulfilledOn: null,
    deniedOn: null,
    withdrawnOn: null,
    ...p,
  });
  it.each([
    ['unanswered, due date not yet passed', r({}), '2026-12-08', false],
    ['unanswered, due date passed at close of business', r({}), '2026-12-09', true],
    ['acknowledged on the due date', r({ status: 'acknowledged', acknowledgedOn: '2026-12-08' }), '2027-01-15', false],
    [
      'acknowledged the day after: late, still missed',
      r({ status: 'acknowledged', acknowledgedOn: '2026-12-09' }),
      '2027-01-15',
      true,
    ],
    ['fulfilled on time', r({ status: 'fulfilled', fulfilledOn: '2026-12-04' }), '2027-01-15', false],
    ['fulfilled late, never acknowledged', r({ status: 'fulfilled', fulfilledOn: '2026-12-10' }), '2027-01-15', true],
    [
      'acknowledged on time, fulfilled months later',
      r({ status: 'fulfilled', acknowledgedOn: '2026-12-04', fulfilledOn: '2027-03-01' }),
      '2027-03-02',
      false,
    ],
    ['denied in writing on time', r({ status: 'denied', deniedOn: '2026-12-08' }), '2027-01-15', false],
    ['denied late', r({ status: 'denied', deniedOn: '2026-12-11' }), '2027-01-15', true],
    ['withdrawn before the due date', r({ status: 'withdrawn', withdrawnOn: '2026-12-07' }), '2027-01-15', false],
    ['withdrawn on the due date', r({ status: 'withdrawn', withdrawnOn: '2026-12-08' }), '2027-01-15', false],
    ['withdrawn after it ran out', r({ status: 'withdrawn', withdrawnOn: '2026-12-10' }), '2027-01-15', true],
  ])('%s', (_name, facts, overdueBefore, missed) => {
    expect(missedDeadline(facts, overdueBefore)).toBe(missed);
  });

  it('the first written answer is the earliest of acknowledgment, grant and denial', () => {
    expect(firstAnswerOn(r({}))).toBeNull();
    expect(firstAnswerOn(r({ acknowledgedOn: '2026-12-10', fulfilledOn: '2026-12-03' }))).toBe('2026-12-03');
    expect(firstAnswerOn(r({ acknowledgedOn: '2026-12-02', deniedOn: '2026-12-20' }))).toBe('2026-12-02');
    expect(firstAnswerOn(r({ deniedOn: '2026-12-05', fulfilledOn: '2026-12-11' }))).toBe('2026-12-05');
  });

  it('the requester is told it counts as a denial and may be appealed', () => {
    const MISSED_DEADLINE_TEXT = missedDeadlineText(T.kindWord);
    expect(MISSED_DEADLINE_TEXT).toContain('five business days');
    expect(MISSED_DEADLINE_TEXT).toContain('§89(4)(a)');
    expect(MISSED_DEADLINE_TEXT).toContain('counts as a denial');
    expect(MISSED_DEADLINE_TEXT).toContain('appeal');
  });
});

describe('a closure moves only due dates that have not yet passed', () => {
  it.each([
    ['a future due date moves later', '2026-12-08', '2026-12-09', '2026-12-07', '2026-12-09'],
    ['a future due date moves earlier (a day reopened)', '2026-12-09', '2026-12-08', '2026-12-07', '2026-12-08'],
    ['a due date that is today (before close) still moves', '2026-12-08', '2026-12-09', '2026-12-08', '2026-12-09'],
    ['a due date that passed never moves', '2026-12-04', '2026-12-07', '2026-12-08', '2026-12-04'],
    [
      'a due date that passed at close of business today never moves',
      '2026-12-08',
      '2026-12-09',
      '2026-12-09',
      '2026-12-08',
    ],
    ['a new date that would already be over is not taken', '2026-12-10', '2026-12-04', '2026-12-08', '2026-12-10'],
    ['a new date of today (before close) is taken', '2026-12-10', '2026-12-08', '2026-12-08', '2026-12-08'],
  ])('%s', (_name, current, recomputed, overdueBefore, expected) => {
    expect(dueDateAfterCalendarChange(current, recomputed, overdueBefore)).toBe(expected);
  });
});

describe('numbers, form keys and fingerprints', () => {
  it.each([
    ['R', '2026', 1, 'R-2026-0001'],
    ['INV', '2027', 42, 'INV-2027-0042'],
    ['R', '2026', 12345, 'R-2026-12345'],
  ] as const)('%s %s %i → %s', (prefix, year, n, expected) => {
    expect(formatNumber(prefix, year, n)).toBe(expected);
  });

  it('the form key is stored hashed under its own name, never as the plain SHA-256 of the key', () => {
    const key = 'k'.repeat(43);
    expect(submissionKeyHash(key)).toBe(createHash('sha256').update(`submission-key:${key}`).digest('hex'));
    expect(submissionKeyHash(key)).not.toBe(createHash('sha256').update(key).digest('hex'));
  });

  it('the same request hashes the same; a changed one does not', () => {
    expect(submissionFingerprint({ a: 1, b: ['x'] })).toBe(submissionFingerprint({ a: 1, b: ['x'] }));
    expect(submissionFingerprint({ a: 1 })).not.toBe(submissionFingerprint({ a: 2 }));
    expect(submissionFingerprint({ a: 1 })).toBe(createHash('sha256').update('{"a":1}').digest('hex'));
  });
});

describe('what the requester reads after the due date', () => {
  const f = (p: Partial<TimelineFacts>): TimelineFacts => ({
    status: 'received',
    dueOn: '2026-12-08',
    acknowledgedOn: null,
    promisedOn: null,
    extensionReason: null,
    costLimitCents: null,
    costApprovalRequestedAt: null,
    pendingCostCents: null,
    deniedOn: null,
    fulfilledOn: null,
    withdrawnOn: null,
    ...p,
  });
  it('nothing has happened yet: no lines', () => {
    expect(explainAfterDueDate(f({}), T)).toEqual([]);
  });
  it('acknowledged with a date and a reason', () => {
    expect(
      explainAfterDueDate(
        f({
          status: 'acknowledged',
          acknowledgedOn: '2026-12-03',
          promisedOn: '2026-12-18',
          extensionReason: 'The plan sheets are at the engineer.',
        }),
        T,
      ),
    ).toEqual([
      'On December 3, 2026 the Town acknowledged the request in writing and gave December 18, 2026 as the approximate date the records will be ready.',
      'Reason given for that date: The plan sheets are at the engineer.',
    ]);
  });
  it('acknowledged without a date', () => {
    expect(explainAfterDueDate(f({ status: 'acknowledged', acknowledgedOn: '2026-12-03' }), T)).toEqual([
      'On December 3, 2026 the Town acknowledged the request in writing.',
    ]);
  });
  it('a late acknowledgment says it was late', () => {
    expect(
      explainAfterDueDate(f({ status: 'acknowledged', acknowledgedOn: '2026-12-10', promisedOn: '2026-12-24' }), T)[1],
    ).toBe('That acknowledgment was late: it came after the due date, December 8, 2026.');
  });
  it('waiting for cost approval: since when, the amount and the limit', () => {
    const [line] = explainAfterDueDate(
      f({
        status: 'awaiting_cost_approval',
        costApprovalRequestedAt: new Date('2026-12-02T15:00:00Z'),
        pendingCostCents: 2350,
        costLimitCents: 1000,
      }),
      T,
    );
    expect(line).toBe(
      "The request has been waiting for your approval since Dec 2, 2026, 10:00 AM: the cost, $23.50, is more than the $10.00 you asked to be told about first. Nothing is copied or charged until you approve it, so the time it waits for you is not counted as the Town's delay.",
    );
  });
  it('waiting for cost approval without the facts: plain words still', () => {
    const [line] = explainAfterDueDate(f({ status: 'awaiting_cost_approval' }), T);
    // No limit was given, so the wait can only be for staff time (never "the limit you asked to be told about").
    expect(line).toContain(
      'The request has been waiting for your approval: the estimate includes staff time preparing electronic copies, which the law lets the Town charge only with your approval.',
    );
  });
  it.each([
    [
      { status: 'awaiting_payment' as const },
      'The records are ready and the invoice is issued; electronic copies are released as soon as it is paid.',
    ],
    [{ status: 'fulfilled' as const, fulfilledOn: '2026-12-04' }, 'The records were provided on December 4, 2026.'],
    [{ status: 'denied' as const, deniedOn: '2026-12-05' }, 'The request was denied in writing on December 5, 2026.'],
    [{ status: 'withdrawn' as const, withdrawnOn: '2026-12-06' }, 'The request was withdrawn on December 6, 2026.'],
  ])('how it ended: %o', (p, line) => {
    expect(explainAfterDueDate(f(p), T)).toEqual([line]);
  });
  it.each([
    { status: 'fulfilled' as const },
    { status: 'denied' as const },
    { status: 'withdrawn' as const },
    { status: 'received' as const, fulfilledOn: '2026-12-04', deniedOn: '2026-12-04', withdrawnOn: '2026-12-04' },
  ])('an ending is told only with its status and its date: %o', (p) => {
    expect(explainAfterDueDate(f(p), T)).toEqual([]);
  });
});

describe('the words of statuses, delivery and release', () => {
  it('every status has its own sentence for the requester', () => {
    const REQUEST_STATUS_MEANING = requestStatusMeaning(T);
    const sentences = REQUEST_STATUSES.map((s) => REQUEST_STATUS_MEANING[s]);
    for (const s of sentences) expect(s).toMatch(/^The .+\.$/);
    expect(new Set(sentences).size).toBe(REQUEST_STATUSES.length);
    expect(REQUEST_STATUS_MEANING.denied).toContain('appeal');
    expect(REQUEST_STATUS_MEANING.awaiting_cost_approval).toContain('staff time');
  });
  it('every delivery has its own phrase, and the release text follows it', () => {
    expect(new Set(DELIVERY_METHODS.map((d) => DELIVERY_PHRASE[d])).size).toBe(DELIVERY_METHODS.length);
    expect(readyText('electronic', T)).toBe(
      'The records are ready. Download them from your tracking page; electronic copies are free.',
    );
    // Paper copies are ready for pickup at Town Hall, or wait to be mailed (never "being mailed" before they are).
    expect(readyText('paper_pickup', T)).toBe(
      "Ready for pickup at Town Hall (the Town Clerk's office, 1100 Sunrise Boulevard, Rotterdam, NY 12306), during business hours (Monday to Friday, 8:30 a.m. to 4:30 p.m.). Electronic copies are on your tracking page too.",
    );
    expect(readyText('paper_mail', T)).toBe(
      'The paper copies are ready and will be mailed to you; you will get an email with the date they are mailed. Electronic copies are on your tracking page too.',
    );
    expect(readyText('cd', T)).toBe(
      "Ready for pickup at Town Hall (the Town Clerk's office, 1100 Sunrise Boulevard, Rotterdam, NY 12306), during business hours (Monday to Friday, 8:30 a.m. to 4:30 p.m.). Your copies are on a CD. Electronic copies are on your tracking page too.",
    );
    expect(readyText('usb', T)).toBe(
      "Ready for pickup at Town Hall (the Town Clerk's office, 1100 Sunrise Boulevard, Rotterdam, NY 12306), during business hours (Monday to Friday, 8:30 a.m. to 4:30 p.m.). Your copies are on a USB drive. Electronic copies are on your tracking page too.",
    );
    expect(readyText('inspect', T)).toBe(
      "The records are ready for you to inspect at the Town Clerk's office during business hours.",
    );
    expect(DELIVERY_PHRASE.electronic).toBe('by email or download');
    expect(DELIVERY_PHRASE.paper_pickup).toBe('as paper copies to pick up');
    expect(DELIVERY_PHRASE.paper_mail).toBe('as paper copies by mail');
    expect(DELIVERY_PHRASE.inspect).toBe('to inspect in person');
  });
  it('the appeal rights name the 30 days, the officer and the 10 business days; how to pay names the office', () => {
    const APPEAL_RIGHTS = appealRights(T);
    expect(APPEAL_RIGHTS).toContain('within 30 days');
    expect(APPEAL_RIGHTS).toContain(
      'Town of Rotterdam Records Access Appeals Officer (the Town Supervisor), 1100 Sunrise Boulevard',
    );
    expect(APPEAL_RIGHTS).toContain('Records Access Appeals Officer');
    expect(APPEAL_RIGHTS).toContain('10 business days');
    expect(howToPay(T)).toContain("Town Clerk's office, 1100 Sunrise Boulevard");
    expect(howToPay(T)).toContain('payable to "Town of Rotterdam"');
    expect(REQUEST_CHANNELS_FOR_CLERK).toEqual(['email', 'mail', 'walk_in', 'phone']);
  });
});

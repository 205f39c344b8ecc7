/**
 * Subsection L(4) in the compliance engine: a written request for records made to the operator and not answered
 * within five business days is one of the project's findings (public page, findings open data, officer's desk),
 * in the words of operator-requests/request.rules.ts (`unansweredFinding`). A due date passes at close of business:
 * the context's `overdueBefore` says when.
 */
import { describe, expect, it } from 'vitest';
import type { ComplianceContext, ComplianceProject } from '#lib/server/compliance/compliance.rules.ts';
import type { FindingFacts } from '#lib/server/operator-requests/request.rules.ts';
import { at, ctx, data, findings } from '../support/compliance-builders.ts';

const request = (over: Partial<FindingFacts> = {}): FindingFacts => ({
  number: 'OR-2026-0001',
  status: 'received',
  receivedOn: '2026-03-09',
  dueOn: '2026-03-16',
  answeredOn: null,
  availableOn: null,
  withdrawnOn: null,
  ...over,
});

function unanswered(requests: FindingFacts[], c: Partial<ComplianceContext>, p: Partial<ComplianceProject> = {}) {
  const { now, ...rest } = c;
  return findings(
    data({ p, operatorRequests: requests }),
    ctx(now ?? at('2026-03-17', '12:00'), rest),
    'records-request-unanswered',
  );
}

describe('Subsection L(4): a request to the operator not answered in five business days is a finding', () => {
  it('open the day after the due date, citing L(4), dated from that day, naming no one', () => {
    const [f] = unanswered([request()], { overdueBefore: '2026-03-17' });
    expect(f).toMatchObject({
      status: 'open',
      severity: 'medium',
      from: '2026-03-17',
      dueOn: '2026-03-16',
      source: 'ordinance',
      key: 'records-request-unanswered:OR-2026-0001',
    });
    expect(f.section).toMatch(/^Subsection L\(4\)/);
    expect(f.text).toBe(
      'A request for records made to the operator on March 9, 2026 was not answered within five business days (due March 16, 2026).',
    );
  });

  it('not yet on the due date before close of business, and the context decides when it has passed', () => {
    expect(unanswered([request()], { now: at('2026-03-16', '12:00'), overdueBefore: '2026-03-16' })).toEqual([]);
    // After close of business on the due day, deadlineWindow makes tomorrow the first day not overdue.
    expect(unanswered([request()], { now: at('2026-03-16', '17:00'), overdueBefore: '2026-03-17' })).toHaveLength(1);
    // Without the window, a due date counts as passed only the day after.
    expect(unanswered([request()], { now: at('2026-03-16', '17:00') })).toEqual([]);
  });

  it('answered late: a resolved finding on the day the records were available; answered in time: none', () => {
    expect(
      unanswered([request({ status: 'fulfilled', answeredOn: '2026-03-18', availableOn: '2026-03-18' })], {
        overdueBefore: '2026-03-20',
      }),
    ).toMatchObject([{ status: 'resolved', resolvedOn: '2026-03-18', title: 'Records request answered late' }]);
    expect(
      unanswered([request({ status: 'fulfilled', answeredOn: '2026-03-16', availableOn: '2026-03-16' })], {
        overdueBefore: '2026-03-20',
      }),
    ).toEqual([]);
  });

  it('an exempt activity (D(1)) has no SWPPP to make available: no finding', () => {
    expect(
      unanswered([request()], { overdueBefore: '2026-03-17' }, {
        exemption: 'agricultural',
      } as Partial<ComplianceProject>),
    ).toEqual([]);
  });

  it('before construction starts the duty already runs (the SWPPP exists once filed)', () => {
    expect(unanswered([request()], { overdueBefore: '2026-03-17' }, { actualStartOn: null })).toHaveLength(1);
  });
});

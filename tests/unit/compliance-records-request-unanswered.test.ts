/**
 * Subsection L(4) in the compliance engine: a written request for records made to the operator and not answered
 * within five business days is one of the project's findings (public page, findings open data, officer's desk),
 * in the words of operator-requests/request.rules.ts (`unansweredFinding`). A due date passes at close of business:
 * the context's `overdueBefore` says when.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPLIANCE_SETTINGS, evaluateCompliance, type ComplianceContext, type ComplianceProject, type ProjectComplianceData } from '#lib/server/compliance/compliance.rules.ts';
import type { FindingFacts } from '#lib/server/operator-requests/request.rules.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';

const project = (over: Partial<ComplianceProject> = {}): ComplianceProject => ({
  id: 1,
  slug: 'test-site',
  name: 'Test Site',
  status: 'active',
  actualStartOn: '2026-03-02',
  finalStabilizationOn: null,
  notFiledOn: null,
  maxDisturbedAtOnceAcres: 3,
  decFiveAcreApproval: false,
  decFiveAcreApprovalOn: null,
  winterShutdownFrom: null,
  winterShutdownTo: null,
  drainsToImpairedWaters: false,
  ...over,
});

const request = (over: Partial<FindingFacts> = {}): FindingFacts => ({ number: 'OR-2026-0001', status: 'received', receivedOn: '2026-03-09', dueOn: '2026-03-16', answeredOn: null, availableOn: null, withdrawnOn: null, ...over });

function findings(requests: FindingFacts[], ctx: Partial<ComplianceContext>, p: Partial<ComplianceProject> = {}) {
  const data: ProjectComplianceData = { project: project(p), inspections: [], summaries: [], corrective: [], operatorRequests: requests };
  return evaluateCompliance(data, { now: townInstant('2026-03-17', '12:00'), settings: DEFAULT_COMPLIANCE_SETTINGS, storms: [], ...ctx }).findings.filter((f) => f.rule === 'records-request-unanswered');
}

describe('Subsection L(4): a request to the operator not answered in five business days is a finding', () => {
  it('open the day after the due date, citing L(4), dated from that day, naming no one', () => {
    const [f] = findings([request()], { overdueBefore: '2026-03-17' });
    expect(f).toMatchObject({ status: 'open', severity: 'medium', from: '2026-03-17', dueOn: '2026-03-16', source: 'ordinance', key: 'records-request-unanswered:OR-2026-0001' });
    expect(f.section).toMatch(/^Subsection L\(4\)/);
    expect(f.text).toBe('A request for records made to the operator on March 9, 2026 was not answered within five business days (due March 16, 2026).');
  });

  it('not yet on the due date before close of business, and the context decides when it has passed', () => {
    expect(findings([request()], { now: townInstant('2026-03-16', '12:00'), overdueBefore: '2026-03-16' })).toEqual([]);
    // After close of business on the due day, deadlineWindow makes tomorrow the first day not overdue.
    expect(findings([request()], { now: townInstant('2026-03-16', '17:00'), overdueBefore: '2026-03-17' })).toHaveLength(1);
    // Without the window, a due date counts as passed only the day after.
    expect(findings([request()], { now: townInstant('2026-03-16', '17:00') })).toEqual([]);
  });

  it('answered late: a resolved finding on the day the records were available; answered in time: none', () => {
    expect(findings([request({ status: 'fulfilled', answeredOn: '2026-03-18', availableOn: '2026-03-18' })], { overdueBefore: '2026-03-20' })).toMatchObject([{ status: 'resolved', resolvedOn: '2026-03-18', title: 'Records request answered late' }]);
    expect(findings([request({ status: 'fulfilled', answeredOn: '2026-03-16', availableOn: '2026-03-16' })], { overdueBefore: '2026-03-20' })).toEqual([]);
  });

  it('an exempt activity (D(1)) has no SWPPP to make available: no finding', () => {
    expect(findings([request()], { overdueBefore: '2026-03-17' }, { exemption: 'agricultural' } as Partial<ComplianceProject>)).toEqual([]);
  });

  it('before construction starts the duty already runs (the SWPPP exists once filed)', () => {
    expect(findings([request()], { overdueBefore: '2026-03-17' }, { actualStartOn: null })).toHaveLength(1);
  });
});

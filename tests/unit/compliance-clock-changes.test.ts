/**
 * `clockChangesAt` says until when a project's compliance reads the same with the same data on the same
 * town day; the public project page is cached until then (decision 0056). Walked here across a whole day
 * that has every kind of instant the rules read the clock at: between two instants it names, the findings,
 * obligations and month-by-month history never change; at each of the day's real changes it names the
 * instant exactly. A rule that reads `ctx.now` in a new way, with its instant not added, fails the walk.
 */
import { describe, expect, it } from 'vitest';
import {
  clockChangesAt,
  evaluateCompliance,
  type ComplianceContext,
  type ProjectComplianceData,
} from '#lib/server/compliance/compliance.rules.ts';
import { complianceHistory } from '#lib/server/compliance/history.rules.ts';
import { overdueBefore, overdueBeforeMovesAt } from '#lib/server/platform/time/deadlines.rules.ts';
import { allSummaries, at, ctx, data, inspection, on } from '../support/compliance-builders.ts';

const DAY = '2026-06-17';

/** The context as complianceContext builds it at `now` (close of business 16:30). */
function context(now: Date): ComplianceContext {
  return ctx(now, {
    storms: [
      // Ended yesterday at 11:00: its 24-hour window closes today at 11:00 with no inspection in it.
      { id: 1, endedAt: at('2026-06-16', '11:00'), inches: 0.8 },
      // Ends today at 13:00; the inspection recorded for 14:00 answers it.
      { id: 2, endedAt: at(DAY, '13:00'), inches: 1.1 },
      // Too little rain to need an inspection: its instants change nothing.
      { id: 3, endedAt: at(DAY, '06:00'), inches: 0.1 },
    ],
    overdueBefore: overdueBefore(now),
    overdueBeforeMovesAt: overdueBeforeMovesAt(now),
  });
}

const project: ProjectComplianceData = data({
  p: { actualStartOn: '2026-06-01' },
  inspections: [...on('2026-06-01', '2026-06-08', '2026-06-15'), inspection(DAY, '14:00')],
  summaries: allSummaries('2026-05', '2026-05'),
  // Notice of a milestone tomorrow morning, given today at 09:00: under 48 hours, a late notice.
  notices: [
    { id: 1, milestone: 'final_grading_complete', givenAt: at(DAY, '09:00'), scheduledFor: at('2026-06-18', '08:00') },
  ],
  // A request to the operator due today: overdue once the town closes.
  operatorRequests: [
    {
      number: 'OR-2026-0001',
      status: 'received',
      receivedOn: '2026-06-10',
      dueOn: DAY,
      answeredOn: null,
      availableOn: null,
      withdrawnOn: null,
    },
  ],
});

/** Everything the project page shows from the rules at `now`. */
function reading(now: Date): string {
  const c = context(now);
  const result = evaluateCompliance(project, c);
  const history = complianceHistory({
    data: project,
    findings: result.findings,
    ctx: c,
    townInspectionDays: [],
    enforcementDays: [],
  });
  return JSON.stringify({ result, history });
}

describe('a project reads the same until clockChangesAt', () => {
  it('walking the day, nothing changes between the instants it names, and every real change is one of them', () => {
    const end = at('2026-06-18', '00:00').getTime();
    const changes: string[] = [];
    let t = at(DAY, '00:00').getTime();
    while (t < end) {
      const next = Math.min(clockChangesAt(project, context(new Date(t)))?.getTime() ?? end, end);
      expect(next).toBeGreaterThan(t);
      const here = reading(new Date(t));
      for (const s of [t + 1, Math.floor((t + next) / 2), next - 1])
        expect(reading(new Date(s)), new Date(s).toISOString()).toBe(here);
      if (next < end && reading(new Date(next)) !== here) changes.push(new Date(next).toISOString());
      t = next;
    }
    // The late notice, the first storm's window closing (a millisecond after its last instant), the second
    // storm ending, the inspection that answers it, close of business (EDT: UTC-4).
    expect(changes).toEqual([
      '2026-06-17T13:00:00.000Z',
      '2026-06-17T15:00:00.001Z',
      '2026-06-17T17:00:00.000Z',
      '2026-06-17T18:00:00.000Z',
      '2026-06-17T20:30:00.000Z',
    ]);
  });

  it('names instants after the day too (a new day drops the page first), and none when nothing reads the clock', () => {
    // After close of business, the next is the second storm's window closing tomorrow at 13:00.
    expect(clockChangesAt(project, context(at(DAY, '20:00')))?.toISOString()).toBe('2026-06-18T17:00:00.001Z');
    // A project with nothing recorded still turns on the town's storms.
    expect(clockChangesAt(data(), context(at(DAY, '10:00')))?.toISOString()).toBe('2026-06-17T15:00:00.001Z');
    expect(clockChangesAt(data(), ctx(at(DAY, '10:00')))).toBeUndefined();
  });
});

/**
 * Subsection L(1): the applicant notifies the Stormwater Management Officer at least 48 hours before each
 * inspection milestone (decision 0027).
 */
import { MILESTONE_LABEL } from '#lib/shared/labels.ts';
import { NOTICE_HOURS, noticeFinding } from '#lib/server/enforcement/inspection-notice.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { HOUR_MS, type ProjectComplianceData } from './facts.rules.ts';
import { fmtInstant, SECTIONS, type Finding } from './findings.rules.ts';

/**
 * Subsection L(1): notice at least 48 hours before each milestone. A notice given late, or after the
 * milestone, is a finding in the words and severity the staff inspections page shows (`noticeFinding`,
 * decision 0027). The lapse is over once notice is given: resolved that day, like a summary filed late.
 */
export function lateNotices(data: ProjectComplianceData, now: Date): Finding[] {
  const findings: Finding[] = [];
  for (const n of data.notices ?? []) {
    if (n.givenAt.getTime() > now.getTime()) continue;
    const f = noticeFinding(
      { milestone: MILESTONE_LABEL[n.milestone].toLowerCase(), givenAt: n.givenAt, scheduledFor: n.scheduledFor },
      fmtInstant,
    );
    if (!f) continue;
    const dueAt = new Date(n.scheduledFor.getTime() - NOTICE_HOURS * HOUR_MS);
    findings.push({
      rule: 'late-48-hour-notice',
      key: `late-48-hour-notice:${n.id}`,
      severity: f.severity,
      status: 'resolved',
      section: SECTIONS.notice,
      source: 'ordinance',
      title: f.title,
      text: f.text,
      from: townToday(dueAt),
      dueOn: townToday(dueAt),
      dueAt,
      resolvedOn: townToday(n.givenAt),
    });
  }
  return findings;
}

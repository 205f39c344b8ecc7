/**
 * The compliance rules engine: what the ordinance (and the state permit it builds on) requires of a
 * construction site's inspections and reports, checked against what was filed.
 *
 * Pure: input is plain project data (see `ProjectComplianceData`), output is findings (a requirement
 * that was not met, with severity, the ordinance section, dates and plain-language text) and
 * obligations (what is due next). No database, no clock: `now` comes in. Loading the data is
 * `compliance.ts` (its loader).
 *
 * This module composes the rule families, one file per duty of the law: inspections (L(3)), summaries (L(5)),
 * site controls (J(6), J(7), J(16)), corrective actions (L(3)(f)), start duties (E, L(3), J(6)), notices
 * (L(1)), and the operator's records requests (L(4), operator-requests/request.rules.ts). What they share is
 * in facts.rules.ts (what the rules are given) and findings.rules.ts (what they answer in); the monthly
 * summary's pre-fill is month-tally.rules.ts. Callers import from here.
 *
 * Calendar days are town-local `YYYY-MM-DD` (America/New_York); "within 24 hours" is elapsed time.
 * Findings cover the whole history: `status` says whether the lapse is still going on (`open`) or
 * ended (`resolved`, with the date it ended). Callers choose how far back to show.
 */
import { addDays, DAY_MS, dayNumber } from '#lib/shared/days.ts';
import { unansweredFinding } from '#lib/server/operator-requests/request.rules.ts';
import { exemptionInForce, type ExemptionFacts } from '#lib/server/projects/exemption.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { correctiveActions } from './corrective-actions.rules.ts';
import {
  constructionPeriod,
  HOUR_MS,
  type ComplianceContext,
  type ComplianceProject,
  type ComplianceStorm,
  type Prepared,
  type ProjectComplianceData,
} from './facts.rules.ts';
import { compareFindings, type Finding, type Obligation } from './findings.rules.ts';
import {
  postStorm,
  routineGaps,
  stormDuty,
  twiceWeekly,
  twiceWeeklyRule,
  type StormDuty,
  type TwiceWeeklyReason,
} from './inspections.rules.ts';
import { lateNotices } from './notices.rules.ts';
import { overFiveAcres, sediment, stabilization } from './site-controls.rules.ts';
import { startDuties } from './start-duties.rules.ts';
import { monthlySummaries } from './summaries.rules.ts';

export { correctiveDueLimit, nextBusinessDay } from './corrective-actions.rules.ts';
export {
  constructionPeriod,
  DEFAULT_COMPLIANCE_SETTINGS,
  type ComplianceContext,
  type ComplianceCorrective,
  type ComplianceInspection,
  type ComplianceNotice,
  type ComplianceProject,
  type ComplianceSettings,
  type ComplianceStorm,
  type ComplianceSummary,
  type ConstructionPeriod,
  type ProjectComplianceData,
} from './facts.rules.ts';
export {
  byCodePoint,
  cite,
  compareFindings,
  dutyKey,
  dutyOf,
  modelSection,
  recentFindings,
  SECTIONS,
  type Finding,
  type Obligation,
  type ObligationKind,
  type RuleId,
  type RuleSource,
  type SectionKey,
  type Severity,
} from './findings.rules.ts';
export { nextInspectionDue, twiceWeeklyRule, type StormDuty, type TwiceWeeklyReason } from './inspections.rules.ts';
export { tallyMonth, type MonthTally } from './month-tally.rules.ts';
export { SEDIMENT_STORAGE_PRACTICES } from './site-controls.rules.ts';
export { authorizationSection } from './start-duties.rules.ts';
export { summaryDueOn, summaryMonths, summarySection } from './summaries.rules.ts';

export interface ComplianceResult {
  projectId: number;
  findings: Finding[];
  /** What is due next, soonest first (nothing here is late: late things are open findings). */
  due: Obligation[];
  /** Whether construction inspections are required today. */
  underConstruction: boolean;
  twiceWeekly: TwiceWeeklyReason;
}

/**
 * The first instant after `ctx.now` at which `evaluateCompliance` (and `complianceHistory`) could say
 * something else for the same data on the same town day — the rule families read the clock at these
 * instants only: a storm ending, and its post-storm window closing (one millisecond after its last
 * instant); a 48-hour notice or an inspection recorded ahead of the clock coming into the past; close of
 * business, when an operator's L(4) deadline turns overdue. Undefined when there is none (an instant
 * after the town day is harmless: the page is dropped when the day changes). Generous by design: an
 * instant here that changes nothing only costs a page rendered again. The public project page is cached
 * until this instant (decision 0056), so a rule that reads `ctx.now` in a new way must add its instants
 * here (tests/unit/compliance-clock-changes.test.ts walks the day).
 */
export function clockChangesAt(data: ProjectComplianceData, ctx: ComplianceContext): Date | undefined {
  const now = ctx.now.getTime();
  let first = Infinity;
  const consider = (t: number) => {
    // Stryker disable next-line EqualityOperator: `t <= first` sets the same first
    if (t > now && t < first) first = t;
  };
  for (const n of data.notices ?? []) consider(n.givenAt.getTime());
  for (const i of data.inspections) consider(i.inspectedAt.getTime());
  const windowMs = ctx.settings.postStormHours * HOUR_MS;
  for (const storm of ctx.storms) {
    if (storm.inches < ctx.settings.stormInches) continue;
    consider(storm.endedAt.getTime());
    consider(storm.endedAt.getTime() + windowMs + 1);
  }
  if (data.operatorRequests?.length && ctx.overdueBeforeMovesAt) consider(ctx.overdueBeforeMovesAt.getTime());
  return first === Infinity ? undefined : new Date(first);
}

function exemptionFacts(p: ComplianceProject): ExemptionFacts {
  return {
    totalSiteAcres: p.totalSiteAcres ?? null,
    disturbedAcres: p.disturbedAcres ?? null,
    natureOfActivity: p.natureOfActivity ?? null,
  };
}

/**
 * The project's facts ready for the construction rules, or undefined when none apply as of `ctx.now`: work has
 * not started (no construction period yet, or it starts later). Exemptions are checked by the caller.
 */
function underConstruction(data: ProjectComplianceData, ctx: ComplianceContext): Prepared | undefined {
  const today = townToday(ctx.now);
  const period = constructionPeriod(data);
  if (!period || period.start > today) return undefined;
  const inspections = data.inspections
    .filter((i) => i.inspectedAt.getTime() <= ctx.now.getTime())
    .map((i) => ({ ...i, day: townToday(i.inspectedAt) }))
    .sort((a, b) => a.inspectedAt.getTime() - b.inspectedAt.getTime());
  // A completed project has an end (constructionPeriod): no end, still under way.
  const ongoing = !period.end;
  return { data, ctx, s: ctx.settings, today, period, until: period.end ?? today, ongoing, inspections };
}

/** What one storm asked of one site (the public storm page): the same reading as the post-storm findings. */
export function postStormDuty(data: ProjectComplianceData, ctx: ComplianceContext, storm: ComplianceStorm): StormDuty {
  if (exemptionInForce(data.project.exemption, exemptionFacts(data.project))) return { kind: 'none' };
  const x = underConstruction(data, ctx);
  return x ? stormDuty(x, storm) : { kind: 'none' };
}

/** Every finding and obligation for one project, as of `ctx.now`. */
export function evaluateCompliance(data: ProjectComplianceData, ctx: ComplianceContext): ComplianceResult {
  const s = ctx.settings;
  const today = townToday(ctx.now);
  const twice = twiceWeeklyRule(data, s);
  const result: ComplianceResult = {
    projectId: data.project.id,
    findings: [],
    due: [],
    underConstruction: false,
    twiceWeekly: twice,
  };
  // Subsection D(1): an exempt activity needs no SWPPP, so none of its inspections, reports or notices; an
  // exemption the project's own facts rule out (D(1)(c) on 24.5 disturbed acres) excuses nothing.
  if (exemptionInForce(data.project.exemption, exemptionFacts(data.project))) return result;
  // A milestone's notice is owed before work starts too (the start of construction is one).
  result.findings.push(...lateNotices(data, ctx.now));
  // L(4): the operator's five business days to make the SWPPP and reports available (operator-requests/).
  for (const r of data.operatorRequests ?? []) {
    const f = unansweredFinding(r, ctx.overdueBefore ?? today, (d) => addDays(d, 1));
    if (f) result.findings.push(f);
  }
  const x = underConstruction(data, ctx);
  if (!x) {
    result.findings.sort(compareFindings);
    return result;
  }
  const { ongoing } = x;
  result.underConstruction = ongoing;

  const parts = [
    routineGaps(x),
    twiceWeekly(x),
    postStorm(x),
    monthlySummaries(x),
    stabilization(x),
    sediment(x),
    correctiveActions(x),
  ];
  for (const part of parts) {
    result.findings.push(...part.findings);
    const d = part.due;
    if (Array.isArray(d)) result.due.push(...d);
    else if (d) result.due.push(d);
  }
  result.findings.push(...overFiveAcres(x), ...startDuties(x));
  if (!ongoing) result.due = result.due.filter((d) => d.kind === 'monthly-summary');
  result.findings.sort(compareFindings);
  result.due.sort(
    (a, b) =>
      (a.dueAt?.getTime() ?? dayNumber(a.dueOn) * DAY_MS + DAY_MS - 1) -
      (b.dueAt?.getTime() ?? dayNumber(b.dueOn) * DAY_MS + DAY_MS - 1),
  );
  return result;
}

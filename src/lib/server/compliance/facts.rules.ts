/**
 * What the compliance rules are given: the town's settings (the local law's numbers), one project's facts as
 * plain data (`ProjectComplianceData`, loaded by compliance.ts), the context (`now`, the storms, the business
 * calendar), and what every rule family works from: the construction period and the inspections in time order.
 *
 * Calendar days are town-local `YYYY-MM-DD` (America/New_York); "within 24 hours" is elapsed time.
 */
import type { InspectionType, ProjectStatus } from '#db/schema.ts';
import type { Milestone } from '#db/enums.ts';
import type { FindingFacts as OperatorRequestFacts } from '#lib/server/operator-requests/request.rules.ts';
import { maxDay } from '#lib/shared/days.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import type { SectionKey } from './findings.rules.ts';

// ---------------------------------------------------------------------------------------------
// Settings (the town can change these; see compliance.ts for where they are stored)

export interface ComplianceSettings {
  /** Inspections at least every N calendar days (ordinance: 7). */
  routineMaxDays: number;
  /**
   * The state permit's winter-shutdown allowance (30 days). Shown for information only: the ordinance's
   * own seven-day rule (Subsection L(3)) has no winter exception, so it never relaxes a finding here.
   */
  winterMaxDays: number;
  /** Post-storm inspection within N hours of the storm's end (ordinance: 24). */
  postStormHours: number;
  /** A storm of this many inches or more needs a post-storm inspection (ordinance: 0.5). */
  stormInches: number;
  /** Twice-weekly inspections when more than this many acres are disturbed at once (state permit: 5). */
  twiceWeeklyOverAcres: number;
  /** Twice-weekly inspections when the site drains to impaired (303(d)) waters. */
  twiceWeeklyImpaired: boolean;
  /**
   * Full calendar days between the two weekly inspections (state permit: "separated by a minimum of two
   * full calendar days", so Monday and Thursday, not Monday and Wednesday).
   */
  twiceWeeklyMinDaysApart: number;
  /**
   * The Town's copy of the monthly summary is due by this day of the following month: the Town's setting.
   * Subsection L(5) asks the operator to post the summary at the site each month and names no filing date.
   */
  summaryDueDay: number;
  /** More disturbed acres than this at once need DEC's prior written approval (ordinance: 5). */
  fiveAcreLimit: number;
  /** Sediment removed when a trap or pond reaches this % of its storage (ordinance: 50). */
  sedimentCleanoutPct: number;
  /** Stabilization begun within N days after work stops (ordinance: 14)… */
  stabilizationDays: number;
  /** …unless work resumes within N days (ordinance: 21). */
  resumeWithinDays: number;
  /**
   * Subsection E: the days the Town has to act on a complete plan, from the local law's settings (decision 0044;
   * the model law: 30). Absent, the model law's 30.
   */
  swpppReviewDays?: number;
  /**
   * The town's own citation for a requirement, where its local law letters it differently from the model
   * law (compliance/local-rules.rules.ts, decision 0040); absent, the findings cite SECTIONS.
   */
  citations?: Partial<Record<SectionKey, string>>;
  /** The municipality's word in the findings' sentences: "Town", "Village", "City" (its town profile). */
  municipality?: string;
}

export const DEFAULT_COMPLIANCE_SETTINGS: ComplianceSettings = {
  routineMaxDays: 7,
  winterMaxDays: 30,
  postStormHours: 24,
  stormInches: 0.5,
  twiceWeeklyOverAcres: 5,
  twiceWeeklyImpaired: true,
  twiceWeeklyMinDaysApart: 2,
  summaryDueDay: 10,
  fiveAcreLimit: 5,
  sedimentCleanoutPct: 50,
  stabilizationDays: 14,
  resumeWithinDays: 21,
};

// ---------------------------------------------------------------------------------------------
// Input

export interface ComplianceProject {
  id: number;
  slug: string;
  name: string;
  status: ProjectStatus;
  /** The day construction started; nothing is required before it. */
  actualStartOn: string | null;
  finalStabilizationOn: string | null;
  notFiledOn: string | null;
  /** Planned in the NOI. */
  maxDisturbedAtOnceAcres: number | null;
  decFiveAcreApproval: boolean;
  decFiveAcreApprovalOn: string | null;
  winterShutdownFrom: string | null;
  winterShutdownTo: string | null;
  /** A receiving water is on the state's 303(d) list of impaired waters. */
  drainsToImpairedWaters: boolean;
  /** Subsection D(1): the activity is exempt (the reason recorded); no SWPPP or its inspections are required. */
  exemption?: string | null;
  /** The day the qualified professional's pre-construction assessment was certified (Subsection L(3)). */
  preConstructionAssessmentOn?: string | null;
  /** The day the SWPPP was approved, or the Town's 30 days ran out on a complete plan (Subsection E). */
  authorizedOn?: string | null;
  /** Whether the authorization is known at all: false when the loader has no SWPPP review facts. */
  authorizationKnown?: boolean;
  /** Area to be disturbed over the whole project (Subsection J(6): phasing above 20 acres; D(1)(c)). */
  disturbedAcres?: number | null;
  /** The facts a D(1) exemption is checked against besides the disturbed area (projects/exemption.rules.ts). */
  totalSiteAcres?: number | null;
  natureOfActivity?: string | null;
  phaseCount?: number | null;
  phasing?: string | null;
}

export interface ComplianceInspection {
  id: number;
  inspectedAt: Date;
  type: InspectionType;
  stormEventId?: number | null;
  disturbedAcresActive: number | null;
  disturbedAcresInactive: number | null;
  tempStabilizedAcres?: number | null;
  finalStabilizedAcres?: number | null;
  snowCover: boolean;
  practices: Array<{ practice: string; practiceType: string; sedimentAccumulationPct: number | null }>;
  inactiveAreas: Array<{
    area: string;
    acres: number | null;
    workStoppedOn: string;
    stabilizationBegunOn: string | null;
    resumesOn: string | null;
  }>;
}

export interface ComplianceSummary {
  month: string;
  version: number;
  submittedAt: Date | null;
}

export interface ComplianceCorrective {
  id: number;
  description: string;
  responsibleParty: string | null;
  /** Local date of the inspection that opened it. */
  openedOn: string;
  dueOn: string | null;
  /** The written reason for a due date later than the next business day, if any. */
  dueReason?: string | null;
  closedOn: string | null;
}

export interface ComplianceStorm {
  id: number;
  endedAt: Date;
  inches: number;
  gauge?: string | null;
}

/** A 48-hour notice of an inspection milestone (Subsection L(1)). */
export interface ComplianceNotice {
  id: number;
  milestone: Milestone;
  givenAt: Date;
  /** When the milestone work was to happen. */
  scheduledFor: Date;
}

export interface ProjectComplianceData {
  project: ComplianceProject;
  /** Any order; superseded (refiled) reports already left out. */
  inspections: ComplianceInspection[];
  summaries: ComplianceSummary[];
  corrective: ComplianceCorrective[];
  /**
   * 48-hour notices, any order; leave out when not loaded. The path for a recorded fact that is itself a
   * finding: one bulk query in compliance.ts fills a field here, one rule function below turns it into
   * findings (`lateNotices`), and its id joins `RuleId` and FINDING_RULES (public/findings.ts).
   */
  notices?: ComplianceNotice[];
  /** Written requests for records made to the operator (Subsection L(4)); leave out when not loaded. */
  operatorRequests?: OperatorRequestFacts[];
}

export interface ComplianceContext {
  now: Date;
  settings: ComplianceSettings;
  /** Town-wide rain events, any order. */
  storms: ComplianceStorm[];
  /**
   * Moves a due date that falls on a day the town is closed to the next business day (General
   * Construction Law §25-a). Leave out to use the calendar date as it is.
   */
  onOrAfterBusinessDay?: (date: string) => string;
  /**
   * A due date before this day has passed: today, or tomorrow once the town has closed for the day
   * (deadlines.rules.ts deadlineWindow). Leave out to count a due date as passed only the day after.
   */
  overdueBefore?: string;
  /** When `overdueBefore` next moves on this town day (close of business); leave out when it does not. */
  overdueBeforeMovesAt?: Date;
}

export const HOUR_MS = 3_600_000;

// ---------------------------------------------------------------------------------------------
// The construction period: when inspections are required at all

export interface ConstructionPeriod {
  start: string;
  /** The last day inspections were required (final stabilization or NOT); undefined while work goes on. */
  end?: string;
}

/** From the start of construction to final stabilization (or the NOT); undefined before work starts. */
export function constructionPeriod(data: ProjectComplianceData): ConstructionPeriod | undefined {
  const p = data.project;
  if (!p.actualStartOn) return undefined;
  const finalInspection = data.inspections
    .filter((i) => i.type === 'final_stabilization')
    .map((i) => townToday(i.inspectedAt))
    .sort()
    .at(-1);
  const end =
    p.finalStabilizationOn ??
    finalInspection ??
    p.notFiledOn ??
    (p.status === 'complete' ? p.actualStartOn : undefined);
  return { start: p.actualStartOn, end: end ? maxDay(end, p.actualStartOn) : undefined };
}

export function winterWindow(p: ComplianceProject): { from: string; to: string } | undefined {
  // Stryker disable next-line ConditionalExpression: a date compared with null is false either way round
  return p.winterShutdownFrom && p.winterShutdownTo && p.winterShutdownFrom <= p.winterShutdownTo
    ? { from: p.winterShutdownFrom, to: p.winterShutdownTo }
    : undefined;
}

export function openAcres(i: ComplianceInspection): number {
  return (i.disturbedAcresActive ?? 0) + (i.disturbedAcresInactive ?? 0);
}

/** One project's facts made ready for the rule families: what each of them reads. */
export interface Prepared {
  data: ProjectComplianceData;
  ctx: ComplianceContext;
  s: ComplianceSettings;
  today: string;
  period: ConstructionPeriod;
  /** The last day to check: the end of construction or today. */
  until: string;
  ongoing: boolean;
  /** Inspections in time order with their local day. */
  inspections: Array<ComplianceInspection & { day: string }>;
}

/**
 * The public project page's view model: everything a resident reads about one published project, in
 * one call — the NOI record, documents grouped by type, monthly summaries, the SWPPP's status in the
 * law's words (the review clocks, including default approval after 30 days), compliance flags and a
 * month-by-month compliance history, the town's inspections and enforcement in one dated timeline.
 * Only published projects and public records leave here (public/projects.ts, public/town-inspections.ts
 * filter).
 */
import { companyPageOf } from './operator-companies.ts';
import { projectPractices } from './practices.ts';
import { reportsForProject } from './site-reports.ts';
import { townAsync, townPublicUrlAsync } from '#lib/server/platform/town-profile.ts';
import type { DocumentType } from '#db/enums.ts';
import {
  clockChangesAt,
  evaluateCompliance,
  recentFindings,
  type ComplianceContext,
  type ProjectComplianceData,
} from '#lib/server/compliance/compliance.rules.ts';
import { complianceContext, loadComplianceData } from '#lib/server/compliance/compliance.ts';
import { complianceHistory } from '#lib/server/compliance/history.rules.ts';
import { publicEvidenceByAction } from '#lib/server/enforcement/actions.ts';
import { summarizeEnforcement } from '#lib/server/enforcement/in-force.rules.ts';
import { summaryAttachments } from '#lib/server/filings/monthly-summaries.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import { reviewClock } from '#lib/server/reviews/swppp-review.rules.ts';
import { D1_EXEMPTION_LABEL, DOCUMENT_TYPE_PLURAL, type D1Exemption } from '#lib/shared/labels.ts';
import { projectAddressee } from '#lib/server/operator-requests/addressee.ts';
import { projectPlaceJsonLd } from './catalog.ts';
import { getPublicProject, type PublicProject } from './projects.ts';
import { publicTownInspections, type PublicTownInspection } from './town-inspections.ts';
import { loadLocalLawAsync } from '#lib/server/platform/local-law.ts';
import { exemptionRefusal, type ExemptionFacts } from '#lib/server/projects/exemption.rules.ts';
import { endSentence, formatDay } from '#lib/shared/format.ts';
import { everyInOrder } from '#lib/shared/closed-lists.ts';

/**
 * The order document groups are listed in: the plan first, then what is filed as the work goes on. Every
 * document type is placed (a type left out would vanish from the public page): the compiler checks it.
 */
export const DOCUMENT_GROUP_ORDER = everyInOrder<DocumentType>()([
  'swppp',
  'swppp_amendment',
  'noi',
  'monthly_summary',
  'inspection_report',
  'enforcement_notice',
  'as_built_plans',
  'notice_of_termination',
  'other',
]);
/** Rows shown in a group before the rest fold away under "older". */
const GROUP_FIRST_ROWS = 12;
/** Timeline entries shown before the rest fold away. */
const TIMELINE_FIRST = 4;
/** With this few documents in all, every group starts open. */
const OPEN_ALL_UP_TO = 8;

type Doc = PublicProject['documents'][number];

export interface DocumentGroup {
  type: DocumentType;
  label: string;
  count: number;
  latest: string | null;
  open: boolean;
  first: Doc[];
  older: Doc[];
}

/** Public documents by type, newest first in each (the query already sorts them so). */
export function groupDocuments(docs: Doc[]): DocumentGroup[] {
  const byType = new Map<DocumentType, Doc[]>();
  for (const d of docs) {
    const list = byType.get(d.type) ?? [];
    list.push(d);
    byType.set(d.type, list);
  }
  return DOCUMENT_GROUP_ORDER.filter((t) => byType.has(t)).map((type) => {
    const list = byType.get(type)!;
    return {
      type,
      label: DOCUMENT_TYPE_PLURAL[type],
      count: list.length,
      latest: list.find((d) => d.documentDate)?.documentDate ?? null,
      open: docs.length <= OPEN_ALL_UP_TO,
      first: list.slice(0, GROUP_FIRST_ROWS),
      older: list.slice(GROUP_FIRST_ROWS),
    };
  });
}

type Action = PublicProject['actions'][number];
export type TimelineEntry =
  | { kind: 'action'; on: string; id: number; action: Action }
  | { kind: 'inspection'; on: string; id: number; inspection: PublicTownInspection };

/** Enforcement actions and the town's inspections, newest first; on one day the action comes first (it followed). */
export function inspectionAndEnforcementTimeline(
  actions: Action[],
  inspections: PublicTownInspection[],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...actions.map((action) => ({ kind: 'action' as const, on: action.issuedOn, id: action.id, action })),
    ...inspections.map((inspection) => ({
      kind: 'inspection' as const,
      on: inspection.inspectedOn,
      id: inspection.id,
      inspection,
    })),
  ];
  return entries.sort(
    (a, b) => b.on.localeCompare(a.on) || (a.kind === b.kind ? b.id - a.id : a.kind === 'action' ? -1 : 1),
  );
}

type ExemptionRecord = ExemptionFacts & {
  exemption: string | null;
  exemptionNote: string | null;
  exemptionRecordedBy: string | null;
  exemptionRecordedOn: string | null;
};

/**
 * An exempt activity (D(1)) never reads as missing its SWPPP: it says why none is required, and who recorded
 * the exemption and when (they answer for the conditions the record cannot check). An exemption the
 * project's own facts rule out says so beside the plan's standing (decision 0072).
 */
export function swpppStatusWords(project: ExemptionRecord, reviewWords: string | undefined, onFile: boolean): string {
  const standing = reviewWords ?? (onFile ? 'On file' : 'Not yet on file');
  if (!project.exemption) return standing;
  const label = D1_EXEMPTION_LABEL[project.exemption as D1Exemption] ?? project.exemption;
  const by = [
    project.exemptionRecordedBy && ` by ${project.exemptionRecordedBy}`,
    project.exemptionRecordedOn && ` on ${formatDay(project.exemptionRecordedOn)}`,
  ]
    .filter(Boolean)
    .join('');
  const refusal = exemptionRefusal(project.exemption as D1Exemption, project);
  if (refusal)
    return `${standing}. An exemption under Subsection ${label} was recorded${by}, but it does not apply. ${refusal}`;
  return `No SWPPP is required: the activity is exempt under Subsection ${label}.${project.exemptionNote?.trim() ? ` ${endSentence(project.exemptionNote)}` : ''}${by ? ` ${endSentence(`Recorded${by}`)}` : ''}`;
}

/** Everything the project page shows, read from one snapshot of the database. */
export function projectPageView(db: Db, slug: string, today: string, now = new Date()) {
  return readSnapshotAsync(db, async () => {
    const view = await readProjectPage(db, slug, today);
    if (!view) return undefined;
    const ctx = await complianceContext(db, now);
    const [facts] = await loadComplianceData(db, { projectIds: [view.project.id] });
    return {
      ...view,
      ...complianceOnPage(facts, ctx, today, view),
      evidence: await publicEvidenceByAction(
        db,
        view.actions.map((a) => a.id),
      ),
      // The permanent practices built under the project (listed once the NOT is filed, or as soon as one is accepted).
      practices: await projectPractices(db, view.project.id, today),
    };
  });
}

/**
 * The page's compliance flags (open lapses, and those that ended in the last year) and its month-by-month
 * history, in plain words from the compliance rules.
 */
function complianceOnPage(
  facts: ProjectComplianceData | undefined,
  ctx: ComplianceContext,
  today: string,
  view: Pick<NonNullable<Awaited<ReturnType<typeof readProjectPage>>>, 'townInspections' | 'actions'>,
) {
  const compliance = facts ? { ...evaluateCompliance(facts, ctx), project: facts.project } : undefined;
  const flags = compliance ? recentFindings(compliance.findings, today, 365) : [];
  const history =
    facts && compliance
      ? complianceHistory({
          data: facts,
          findings: compliance.findings,
          ctx,
          townInspectionDays: view.townInspections.map((t) => t.inspectedOn),
          enforcementDays: view.actions.map((a) => a.issuedOn),
        })
      : [];
  return {
    /**
     * Until when (ms) the page reads the same with the same data on the same town day: only its compliance
     * flags and history read the clock within a day (everything else is dated by `today`).
     */
    unchangedUntil: (facts && clockChangesAt(facts, ctx)?.getTime()) ?? Infinity,
    compliance,
    flags,
    history,
    openFlags: flags.filter((f) => f.status === 'open'),
    pastFlags: flags.filter((f) => f.status === 'resolved'),
  };
}

async function readProjectPage(db: Db, slug: string, today: string) {
  const data = await getPublicProject(db, slug);
  if (!data) return undefined;
  const { project, summaries, actions, swppp, documents } = data;
  const townInspections = await publicTownInspections(db, project.id);
  const t = await townAsync(db);
  const review = swppp.review;
  const calendar = await loadCalendarAsync(db);
  const law = await loadLocalLawAsync(db);
  const siteReports = await reportsForProject(db, project.id);
  const clock = review ? reviewClock(review, today, calendar, law, t.kindWord) : undefined;
  const current = summaries.filter((s) => !s.supersededAt);
  // The meaning of each kind of action present, said once above the timeline.
  const actionTypes = [...new Set(actions.map((a) => a.type))];
  const timeline = inspectionAndEnforcementTimeline(actions, townInspections);
  return {
    ...data,
    today,
    enforcement: summarizeEnforcement(actions, today, t.profile.kind),
    townInspections,
    // The newest entries shown; the rest fold away (a long enforcement history is a long page on a phone).
    timeline: timeline.slice(0, TIMELINE_FIRST),
    earlierTimeline: timeline.slice(TIMELINE_FIRST),
    actionTypes,
    documentGroups: groupDocuments(documents),
    currentSummaries: current.slice(0, 1),
    earlierSummaries: current.slice(1),
    supersededSummaries: summaries.filter((s) => s.supersededAt),
    attachments: (
      await summaryAttachments(
        db,
        summaries.map((s) => s.id),
      )
    ).filter((a) => a.public),
    review,
    clock,
    swpppStatus: swpppStatusWords(project, clock?.publicStatus, Boolean(swppp.current)),
    /** The owner/operator company's page across its sites. */
    operatorCompanyUrl: await companyPageOf(db, project.id),
    /** Residents' reports about the site (decision 0032), newest first. */
    siteReports,
    jsonLd: projectPlaceJsonLd(project, await townPublicUrlAsync(db), t),
    /** Whom to ask for records (the Town or the operator, L(4)) and the default, with its reason. */
    requestTo: await projectAddressee(db, slug),
  };
}

export type ProjectPageView = NonNullable<Awaited<ReturnType<typeof projectPageView>>>;

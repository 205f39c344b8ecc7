/**
 * The public project page's view model: everything a resident reads about one published project, in
 * one call — the NOI record, documents, monthly summaries, the SWPPP's status in the law's words (the
 * review clocks, including default approval after 30 days), compliance flags and enforcement in dated
 * plain words. Only published projects and public records leave here (public/projects.ts filters).
 */
import { recentFindings } from '#lib/server/compliance/compliance.rules.ts';
import { projectCompliance } from '#lib/server/compliance/compliance.ts';
import { publicEvidenceByAction } from '#lib/server/enforcement/actions.ts';
import { summarizeEnforcement } from '#lib/server/enforcement/in-force.rules.ts';
import { summaryAttachments } from '#lib/server/filings/monthly-summaries.ts';
import type { DB } from '#lib/server/platform/db.ts';
import { loadCalendar } from '#lib/server/platform/time/calendar.ts';
import { reviewClock } from '#lib/server/reviews/swppp-review.rules.ts';
import { getPublicProject } from './projects.ts';

export function projectPageView(db: DB, slug: string, today: string) {
  const data = getPublicProject(db, slug);
  if (!data) return undefined;
  const { project, summaries, actions, swppp } = data;
  // Plain-language flags from the compliance rules: open lapses, and those that ended in the last year.
  const compliance = projectCompliance(db, project.id);
  const flags = compliance ? recentFindings(compliance.findings, today, 365) : [];
  const review = swppp.review;
  const clock = review ? reviewClock(review, today, loadCalendar(db)) : undefined;
  return {
    ...data,
    today,
    enforcement: summarizeEnforcement(actions, today),
    compliance,
    flags,
    currentSummaries: summaries.filter((s) => !s.supersededAt),
    supersededSummaries: summaries.filter((s) => s.supersededAt),
    openFlags: flags.filter((f) => f.status === 'open'),
    pastFlags: flags.filter((f) => f.status === 'resolved'),
    attachments: summaryAttachments(db, summaries.map((s) => s.id)).filter((a) => a.public),
    review,
    clock,
    swpppStatus: clock ? clock.publicStatus : swppp.current ? 'On file' : 'Not yet on file',
    evidence: publicEvidenceByAction(db, actions.map((a) => a.id)),
  };
}

export type ProjectPageView = NonNullable<ReturnType<typeof projectPageView>>;

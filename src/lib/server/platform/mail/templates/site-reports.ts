/** Mail about a resident's report of a problem at a site: each step to the reporter, a new report to the officer. */
import { mailTown, renderParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';
import { asClause, endSentence } from '#lib/shared/format.ts';

export interface SiteReportStepData {
  /** "Report 13": the number already says "Report". */
  number: string;
  category: string;
  status: string;
  /** The step, in the words the status page shows. */
  words: string;
  url: string;
  first: boolean;
}

function siteReportStep(d: SiteReportStepData): RenderedMail {
  return renderParts({
    subject: d.first ? `We received your report: ${d.number}, ${d.category}` : `${d.number}: ${d.status}`,
    paragraphs: [
      d.first
        ? `Thank you. The ${mailTown().kindWord} received your report, ${d.number} (${asClause(d.category)}).`
        : `There is news about your report, ${d.number} (${asClause(d.category)}).`,
      endSentence(d.words),
      `Its status now: ${asClause(d.status)}.`,
    ],
    action: { label: 'See your report', url: d.url },
    footer: [
      'You get this because you left your email address on the report. Your name, email and phone are never shown to the public.',
    ],
  });
}

function siteReportNew(d: {
  number: string;
  category: string;
  place: string;
  project: string | null;
  photos: number;
  url: string;
}): RenderedMail {
  return renderParts({
    subject: `New resident report ${d.number}: ${d.category}`,
    paragraphs: [
      `${asClause(d.category)} at ${endSentence(d.place)}`,
      d.project ? `Matched to ${endSentence(d.project)}` : 'Not at a listed site.',
      `${d.photos} ${d.photos === 1 ? 'photo' : 'photos'}.`,
    ],
    action: { label: 'Triage it', url: d.url },
  });
}

/** To someone who asked to follow a report: the link that confirms it (nothing is sent until it is used). */
function siteReportFollowConfirm(d: { number: string; confirmUrl: string; url: string }): RenderedMail {
  return renderParts({
    subject: `Confirm: follow ${d.number}`,
    paragraphs: [
      `Someone asked for this address to get an email each time the ${mailTown().kindWord} takes a step on ${d.number}.`,
      'If it was you, confirm with the button. The link works for a week. If it was not you, do nothing: no more mail comes.',
    ],
    action: { label: 'Confirm and follow the report', url: d.confirmUrl },
    footer: [`The report: ${d.url}`, 'Your email address is never shown to the public.'],
  });
}

/** To a follower: a step on the report, with the link that stops these mails. */
function siteReportFollowStep(d: Omit<SiteReportStepData, 'first'> & { stopUrl: string }): RenderedMail {
  return renderParts({
    subject: `${d.number}: ${d.status}`,
    paragraphs: [
      `There is news about ${d.number} (${asClause(d.category)}), which you follow.`,
      endSentence(d.words),
      `Its status now: ${asClause(d.status)}.`,
    ],
    action: { label: 'See the report', url: d.url },
    footer: [`You get this because you asked to follow the report. To stop: ${d.stopUrl}`],
  });
}

/** To the officer: a resident added to a report, or said the problem is still happening. */
function siteReportResidentStep(d: { number: string; words: string; url: string }): RenderedMail {
  return renderParts({
    subject: `${d.number}: a resident added to it`,
    paragraphs: [endSentence(d.words)],
    action: { label: 'See the report', url: d.url },
  });
}

export const SITE_REPORT_TEMPLATES = {
  'site-report-step': siteReportStep,
  'site-report-new': siteReportNew,
  'site-report-follow-confirm': siteReportFollowConfirm,
  'site-report-follow-step': siteReportFollowStep,
  'site-report-resident-step': siteReportResidentStep,
};

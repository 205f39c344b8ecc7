/** The officer's desk mail: 48-hour inspection notices to the officer, enforcement to the operator. */
import { mailTown as T, renderParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';

export interface InspectionNoticeData {
  projectName: string;
  milestone: string;
  when: string;
  timing: string;
  late: boolean;
  givenBy: string;
  notes: string | null;
  url: string;
}

export function inspectionNotice(d: InspectionNoticeData): RenderedMail {
  return renderParts({
    subject: `${d.late ? 'Late ' : ''}48-hour inspection notice: ${d.projectName}, ${d.when}`,
    paragraphs: [
      `${d.givenBy} gave notice for ${d.projectName}: ${d.milestone}, scheduled for ${d.when}.`,
      `${d.timing}.`,
      ...(d.notes ? [`Notes: ${d.notes}`] : []),
    ],
    action: { label: 'Open the inspection calendar', url: d.url },
  });
}

export interface EnforcementIssuedData {
  projectName: string;
  typeLabel: string;
  issuedOn: string;
  meaning: string;
  summary: string;
  requiredMeasures: string | null;
  complyBy: string | null;
  url: string;
}

export function enforcementIssued(d: EnforcementIssuedData): RenderedMail {
  return renderParts({
    subject: `${d.typeLabel} issued: ${d.projectName}`,
    paragraphs: [
      `The ${T().fullName} issued a ${d.typeLabel.toLowerCase()} for ${d.projectName} on ${d.issuedOn}.`,
      d.summary,
      ...(d.requiredMeasures ? [`Required: ${d.requiredMeasures}`] : []),
      ...(d.complyBy ? [`Comply by: ${d.complyBy}.`] : []),
      `What this means: ${d.meaning}`,
      'The written notice follows by hand or by mail. This action is shown on the project’s public page.',
    ],
    action: { label: 'See the project’s public page', url: d.url },
  });
}

export interface EnforcementResolvedData {
  projectName: string;
  typeLabel: string;
  words: string;
  url: string;
}

export function enforcementResolved(d: EnforcementResolvedData): RenderedMail {
  return renderParts({
    subject: `${d.typeLabel} resolved: ${d.projectName}`,
    paragraphs: [`${d.projectName}: ${d.words}`, 'The project’s public page shows the dates.'],
    action: { label: 'See the project’s public page', url: d.url },
  });
}

/** Operator mail from compliance work: the officer's review of a filing, and a storm that needs an inspection. */
import { endSentence } from '#lib/shared/format.ts';
import { mailTown, renderParts, type RenderedMail } from '#lib/server/platform/mail/layout.ts';

export interface FilingReviewedData {
  name: string;
  projectName: string;
  /** "the inspection report of May 4, 2026", "the monthly summary for April 2026", … */
  what: string;
  decision: 'accepted' | 'returned' | 'decided';
  comment?: string | null;
  /** Plain sentence about publishing, e.g. "It is published on the project page." */
  publicNote?: string;
  url: string;
}

export function filingReviewed(d: FilingReviewedData): RenderedMail {
  const verb =
    d.decision === 'accepted' ? 'accepted' : d.decision === 'returned' ? 'returned for correction' : 'reviewed';
  return renderParts({
    subject: `${d.projectName}: ${d.what} ${verb}`,
    paragraphs: [
      `Hello ${d.name},`,
      endSentence(`The Stormwater Management Officer has ${verb} ${d.what} for ${d.projectName}`),
      ...(d.comment ? [`The officer’s comment: “${d.comment}”`] : []),
      ...(d.decision === 'returned' ? ['Please correct it and file it again from your project workspace.'] : []),
      ...(d.publicNote ? [d.publicNote] : []),
    ],
    action: { label: 'Open the project workspace', url: d.url },
  });
}

export interface StormInspectionDueData {
  name: string;
  inches: string;
  endedText: string;
  dueText: string;
  gauge?: string | null;
  projects: Array<{ name: string; url: string }>;
}

export function stormInspectionDue(d: StormInspectionDueData): RenderedMail {
  return renderParts({
    subject: `Post-storm inspection due by ${d.dueText}`,
    paragraphs: [
      `Hello ${d.name},`,
      `The ${mailTown().profile.kind} recorded a storm of ${d.inches} in.${d.gauge ? ` (${d.gauge})` : ''} that ended ${d.endedText}. The law requires your qualified inspector to inspect each active site within 24 hours of the end of a storm of half an inch or more: by ${d.dueText}.`,
      endSentence(`Sites: ${d.projects.map((p) => p.name).join('; ')}`),
      'File the report from your workspace once the inspection is done.',
    ],
    action: {
      label: 'Open your workspace',
      url: d.projects.length === 1 ? d.projects[0].url : d.projects[0].url.replace(/\/projects\/.*$/, ''),
    },
  });
}

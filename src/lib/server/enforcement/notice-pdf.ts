/**
 * The notice for every enforcement action, to serve on the permittee (PDF, stored as a document).
 */
import { formatDay, formatMoney, plural } from '#lib/shared/format.ts';
import { ENFORCEMENT_TYPE_LABEL, enforcementTypeMeaning } from '#lib/shared/labels.ts';
import type { EnforcementStatus, EnforcementType } from '#db/enums.ts';
import { GREY, PdfWriter, RED, type GeneratedPdf } from '#lib/server/platform/pdf/writer.ts';
import { townOfficeLines, type PostingContact } from '#lib/server/projects/site-posting.ts';
import type { TownWords } from '#lib/shared/town-profile.ts';
import {
  DEFAULT_LOCAL_LAW,
  daysInWords,
  lawCitation,
  type LocalLawValues,
} from '#lib/server/platform/local-law.rules.ts';

/** The notice's "Re:" line: only the permit numbers the project has (never "permit ID -"). */
export function reLine(
  p: Pick<NoticeData['project'], 'name' | 'siteAddress' | 'townPermitNo' | 'spdesPermitId'>,
  kindWord = 'Town',
): string {
  const permits = [
    p.townPermitNo && `${kindWord} permit ${p.townPermitNo}`,
    p.spdesPermitId && `SPDES permit ID ${p.spdesPermitId}`,
  ].filter(Boolean);
  return `Re: ${p.name}, ${p.siteAddress}${permits.length ? ` - ${permits.join(', ')}` : ` - no ${kindWord.toLowerCase()} permit or SPDES permit ID on record`}`;
}

export interface NoticeData {
  project: {
    name: string;
    siteAddress: string;
    townPermitNo: string | null;
    spdesPermitId: string | null;
    slug: string;
  };
  recipient?: PostingContact;
  action: {
    id: number | null;
    type: EnforcementType;
    status: EnforcementStatus;
    issuedOn: string;
    issuedByName: string | null;
    citedSection: string | null;
    summary: string;
    requiredMeasures: string | null;
    complyBy: string | null;
    liftedOn: string | null;
    closedOn: string | null;
    fineDays: number | null;
    fineDailyRateCents: number | null;
    fineAssessedCents: number | null;
    finePaidCents: number;
    fineDueOn: string | null;
  };
  violations: Array<{ observedOn: string; description: string; ordinanceSection: string | null }>;
  evidence: string[];
  /** For SWPPP deficiency notices: how the seven days were counted. */
  correctionExplanation?: string;
  publicUrl: string;
  /** The town profile's words (platform/town-profile.ts town()). */
  town: TownWords;
  /** The town's correction days and fine cap with their citations (decision 0044). */
  law?: Pick<LocalLawValues, 'correctionDays' | 'maxDailyFineCents' | 'citations'>;
}

export async function enforcementNoticePdf(d: NoticeData): Promise<GeneratedPdf> {
  const law = d.law ?? DEFAULT_LOCAL_LAW;
  const fineCap = `a fine not to exceed ${formatMoney(law.maxDailyFineCents)}`;
  const a = d.action;
  const label = ENFORCEMENT_TYPE_LABEL[a.type];
  const w = await PdfWriter.create({
    title: `${label} - ${d.project.name}`,
    subject: `${d.town.fullName} enforcement notice`,
    author: a.issuedByName ?? d.town.fullName,
    date: a.issuedOn,
    header: `${d.town.fullName} - ${d.town.profile.stormwaterOffice.name} - ${label}${a.id ? ` No. E-${a.id}` : ''}`,
  });
  w.letterPage();
  w.para(d.town.fullName.toUpperCase(), { bold: true, size: 13, gap: 1 });
  for (const line of townOfficeLines(d.town)) w.para(line, { size: 9, gap: 0 });
  w.space(10);
  w.para(formatDay(a.issuedOn));
  if (d.recipient) {
    w.para(d.recipient.companyName, { gap: 0 });
    if (d.recipient.contactName)
      w.para(`Attn: ${d.recipient.contactName}${d.recipient.contactTitle ? `, ${d.recipient.contactTitle}` : ''}`);
  }
  w.para(reLine(d.project, d.town.kindWord), { bold: true });
  w.heading(label.toUpperCase(), 1);
  w.para(a.summary);
  if (d.violations.length) {
    w.heading('Violations found');
    w.bullets(
      d.violations.map(
        (v) => `${formatDay(v.observedOn)}: ${v.description}${v.ordinanceSection ? ` (${v.ordinanceSection})` : ''}`,
      ),
    );
  }
  w.field('Ordinance section cited', a.citedSection ?? '-');
  if (a.requiredMeasures) {
    w.heading(a.type === 'swppp_deficiency_notice' ? 'Changes the SWPPP requires' : 'Required corrective measures');
    w.para(a.requiredMeasures);
  }
  if (a.complyBy)
    w.field(a.type === 'swppp_deficiency_notice' ? 'Amend and certify by' : 'Comply by', formatDay(a.complyBy));
  if (d.correctionExplanation) w.para(d.correctionExplanation, { size: 8.5, color: GREY });
  if (a.type === 'swppp_deficiency_notice') {
    w.para(
      `Within ${daysInWords(law.correctionDays)} of this notice (or the date above, if the ${d.town.kindWord} set another), make the required changes to the SWPPP and submit to the ${d.town.kindWord} a written certification that the changes have been made.`,
      { size: 9.5 },
    );
  }
  if (a.type === 'stop_work_order') {
    w.heading('What this order requires');
    w.para(
      `Halt all land development activities at this site, except activities that address the violations leading to this order. The order stays in effect until the ${d.town.fullName} confirms that the land development activity is in compliance and the violations have been satisfactorily addressed. Failure to address a stop-work order in a timely manner may result in penalties.`,
      { size: 9.5 },
    );
  }
  if (a.type === 'occupancy_hold') {
    w.para(
      `The ${d.town.kindWord} will not allow the building or land to be occupied until the violation is corrected and the ${d.town.kindWord} confirms it.`,
      { size: 9.5 },
    );
  }
  if (a.type === 'fine' && a.fineAssessedCents == null) {
    w.heading('Referral to court');
    w.para(
      `The ${d.town.kindWord} has referred this matter to court. Any violation of the erosion and sediment control law is punishable, upon conviction, by ${fineCap} or imprisonment for up to 15 days, or both; each day the violation exists is a separate offense (${lawCitation(law, 'maxDailyFineCents')}). Only the court imposes a fine.`,
      { size: 9.5 },
    );
  }
  if (a.type === 'fine' && a.fineAssessedCents != null) {
    w.heading('Fine imposed by the court');
    const basis = a.fineDays
      ? `${plural(a.fineDays, 'day')} of violation (each day a separate offense)`
      : 'as imposed by the court';
    w.para(`${formatMoney(a.fineAssessedCents)}: ${basis}.${a.fineDueOn ? ` Due by ${formatDay(a.fineDueOn)}.` : ''}`);
    if (a.finePaidCents > 0)
      w.para(
        `Paid to date: ${formatMoney(a.finePaidCents)}; balance ${formatMoney(a.fineAssessedCents - a.finePaidCents)}.`,
      );
  }
  if (d.evidence.length) {
    w.heading('Evidence on file');
    w.bullets(d.evidence);
  }
  w.para(`What this means: ${enforcementTypeMeaning(d.town.profile.kind)[a.type]}`, { size: 9 });
  w.para(
    `Any violation of the ${d.town.kindWord} erosion and sediment control law is punishable by ${fineCap} or imprisonment for up to 15 days, or both; each day the violation exists is a separate offense. This action is shown on the project’s public page until the ${d.town.kindWord} closes it:`,
    { size: 8.5 },
  );
  w.para(`${d.publicUrl}/projects/${d.project.slug}`, { size: 8.5, bold: true });
  w.signature(a.issuedByName ?? 'Stormwater Management Officer', 'Stormwater Management Officer', a.issuedOn);
  if (a.liftedOn || a.closedOn || a.status === 'withdrawn') {
    w.heading('Status', 2);
    const status =
      a.status === 'withdrawn'
        ? `Withdrawn ${formatDay(a.closedOn)}.`
        : a.type === 'stop_work_order' && a.liftedOn
          ? `Lifted ${formatDay(a.liftedOn)}: the ${d.town.kindWord} confirmed compliance and work may resume.`
          : `Resolved ${formatDay(a.closedOn)}.`;
    w.para(status, { bold: true, color: a.status === 'withdrawn' ? GREY : RED });
  }
  return w.save();
}

/**
 * The site posting: the ordinance's "copy of the NOI and a brief description of the project ... posted
 * at the construction site", with a QR code that opens the report form for the site (a passer-by who sees mud
 * in the street reports it where they stand) and the project page's address printed for reading the records.
 * (Enforcement notices: enforcement/notice-pdf.ts.)
 */
import type { ProjectStatus } from '#db/enums.ts';
import { formatDay } from '#lib/shared/format.ts';
import type { TownWords } from '#lib/shared/town-profile.ts';
import { drawQr } from '#lib/server/platform/pdf/qr.ts';
import { GREY, LETTER, MARGIN, PdfWriter, type GeneratedPdf } from '#lib/server/platform/pdf/writer.ts';

/** The Stormwater Management Officer's office, in lines, from the town profile. */
export function townOfficeLines(t: TownWords): string[] {
  const o = t.profile.stormwaterOffice;
  const officer = t.profile.stormwaterOfficer;
  return [
    `${t.fullName}, ${o.name}`,
    officer.name ? `${officer.name}, Stormwater Management Officer` : 'Stormwater Management Officer',
    [o.address, o.phone].filter(Boolean).join(' - '),
  ].filter(Boolean);
}

export interface PostingProject {
  slug: string;
  name: string;
  description: string;
  siteAddress: string;
  crossStreet: string | null;
  townPermitNo: string | null;
  spdesPermitId: string | null;
  noiReceivedOn: string | null;
  plannedStartOn: string | null;
  plannedCompletionOn: string | null;
  disturbedAcres: number | null;
  kind: string;
  status: ProjectStatus;
  waters: string[];
}

/**
 * The posting's heading says what the project holds: no "permit" while the SWPPP is under review or
 * before the town has issued its permit (a posting must not tell the public work is authorized).
 */
export function postingHeading(p: Pick<PostingProject, 'status' | 'townPermitNo'>, kindWord = 'Town'): string {
  if (p.status === 'swppp_review') return 'SWPPP UNDER REVIEW - NO PERMIT YET';
  if (!p.townPermitNo) return `NOTICE OF INTENT - ${kindWord.toUpperCase()} PERMIT NOT YET ISSUED`;
  if (p.status === 'stop_work') return 'CONSTRUCTION STORMWATER PERMIT - STOP-WORK ORDER IN EFFECT';
  if (p.status === 'complete') return 'CONSTRUCTION COMPLETE - NOTICE OF TERMINATION FILED';
  return 'CONSTRUCTION STORMWATER PERMIT';
}

export interface PostingContact {
  companyName: string;
  contactName: string | null;
  contactTitle: string | null;
  phone: string | null;
  email: string | null;
}

/**
 * The posting's two addresses: the QR code opens the report form with this project chosen, the printed text gives
 * the project page (inspections, summaries, enforcement), which also links to the form.
 */
export function postingLinks(publicUrl: string, slug: string): { page: string; report: string } {
  return {
    page: `${publicUrl}/projects/${slug}`,
    report: `${publicUrl}/report?project=${encodeURIComponent(slug)}`,
  };
}

export async function sitePostingPdf(
  p: PostingProject,
  contact: PostingContact | undefined,
  publicUrl: string,
  today: string,
  t: TownWords,
): Promise<GeneratedPdf> {
  const { page: url, report: reportUrl } = postingLinks(publicUrl, p.slug);
  const w = await PdfWriter.create({
    title: `Site posting - ${p.name}`,
    subject: 'Notice of intent and project description, posted at the construction site',
    author: `${t.fullName} Stormwater Management Officer`,
    date: today,
    header: `${t.fullName} Erosion and Sediment Control Law - posted at the construction site for public viewing`,
  });
  w.letterPage();
  w.para(postingHeading(p, t.kindWord), { bold: true, size: 18, gap: 2 });
  w.para(
    `Land development under the ${t.fullName} erosion and sediment control law and the NYS SPDES general permit for construction activity`,
    { size: 9, color: GREY, gap: 10 },
  );
  w.para(p.name, { bold: true, size: 16, gap: 2 });
  w.para(`${p.siteAddress}, ${t.placeSuffix}${p.crossStreet ? ` (near ${p.crossStreet})` : ''}`, { size: 11, gap: 10 });

  // QR code at the right, beside the permit facts.
  const qrSize = 150;
  const qrTop = w.y + 4;
  drawQr(w, reportUrl, LETTER[0] - MARGIN - qrSize, qrTop, qrSize);
  // Facts in two columns to the left of the QR code, wrapped so they never run under it.
  const labelWidth = 120;
  const valueWidth = LETTER[0] - 2 * MARGIN - qrSize - 16 - labelWidth;
  const facts: Array<[string, string]> = [
    [`${t.kindWord} permit`, p.townPermitNo ?? 'Not yet issued'],
    ['State permit ID (SPDES)', p.spdesPermitId ?? 'Not yet assigned'],
    ['NOI received', formatDay(p.noiReceivedOn)],
    ['Kind', p.kind === 'major' ? 'Major project' : 'Minor project'],
    ['Area disturbed', p.disturbedAcres != null ? `${p.disturbedAcres.toFixed(1)} acres` : '-'],
    ['Construction', `${formatDay(p.plannedStartOn)} to ${formatDay(p.plannedCompletionOn)}`],
    ...(p.waters.length ? [['Drains to', p.waters.join('; ')] as [string, string]] : []),
  ];
  for (const [label, value] of facts) {
    const lines = w.wrap(value, valueWidth, 9.5);
    w.text(label, MARGIN, w.y, 9.5, w.bold);
    lines.forEach((line, i) => w.text(line, MARGIN + labelWidth, w.y - i * 13, 9.5));
    w.space(13 * lines.length + 2);
  }
  w.y = Math.min(w.y, qrTop - qrSize - 8);
  w.text('Scan to report a problem at this site', LETTER[0] - MARGIN - qrSize, qrTop - qrSize - 10, 7, w.font, GREY);
  w.space(24);
  w.para('Inspections, monthly summaries and enforcement:', { size: 9, color: GREY, gap: 1 });
  w.para(url, { size: 10, bold: true, gap: 10 });

  w.heading('About this project');
  w.para(p.description || '-', { size: 10.5 });
  w.heading('Owner/operator');
  if (contact) {
    w.para(contact.companyName, { bold: true, gap: 1 });
    const who = [contact.contactName, contact.contactTitle].filter(Boolean).join(', ');
    if (who) w.para(who, { gap: 1 });
    const reach = [contact.phone, contact.email].filter(Boolean).join(' - ');
    if (reach) w.para(reach);
  } else {
    w.para('Not on file.');
  }
  w.heading('Your right to see the records');
  w.para(
    `The stormwater pollution prevention plan (SWPPP) and the inspection reports are public documents. The operator must make them available for inspection and copying within five business days of a written request; you may also ask the ${t.kindWord}. The operator posts a monthly summary of site inspections here.`,
    { size: 9.5 },
  );
  w.heading('Report a problem');
  w.para(
    'Muddy water leaving the site, sediment in the street or storm drains, or controls that are down: scan the code above to report it online (with photos), or call the Stormwater Management Officer.',
    { size: 9.5, gap: 3 },
  );
  for (const line of townOfficeLines(t)) w.para(line, { size: 9, gap: 0 });
  w.space(8);
  w.para(`Printed ${formatDay(today)}. The public page at the address above always shows the current status.`, {
    size: 8,
    color: GREY,
  });
  return w.save();
}

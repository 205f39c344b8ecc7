/**
 * A site development permit application filed online (decision 0113): what it must hold, the clerk's check of its
 * parts, and its invoice. Pure: facts in, words and sums out. The SWPPP's own review, and its clocks, are the
 * reviews folder's: the clerk's check never stops or starts them.
 */
import type { ApplicationIntake } from '#db/enums.ts';
import { formatDay, formatMoney } from '#lib/shared/format.ts';
import { BLANK_NOI, type NoiFields } from '#lib/server/projects/noi.rules.ts';

/** The most files the SWPPP may bring with it (appendices, calculations, plan sheets), besides the plan itself. */
export const MAX_ATTACHMENTS = 8;

/** The application's own facts; the rest of the project record starts empty and is the officer's to complete. */
export interface ApplicationFacts {
  name: string;
  description: string;
  siteAddress: string;
  zip: string | null;
  taxMapParcels: string | null;
  kind: NoiFields['kind'];
  totalSiteAcres: number;
  disturbedAcres: number;
  plannedStartOn: string;
  plannedCompletionOn: string | null;
  spdesPermitId: string | null;
  noiReceivedOn: string | null;
  companyName: string;
  contactName: string;
  phone: string | null;
  swpppDate: string;
}

/** The project record an application registers: in review, and not public until the clerk finds it complete. */
export function projectRecordOf(f: ApplicationFacts): NoiFields {
  return {
    ...BLANK_NOI,
    name: f.name,
    description: f.description,
    siteAddress: f.siteAddress,
    zip: f.zip,
    taxMapParcels: f.taxMapParcels,
    kind: f.kind,
    status: 'swppp_review',
    totalSiteAcres: f.totalSiteAcres,
    disturbedAcres: f.disturbedAcres,
    plannedStartOn: f.plannedStartOn,
    plannedCompletionOn: f.plannedCompletionOn,
    spdesPermitId: f.spdesPermitId,
    noiReceivedOn: f.noiReceivedOn,
  };
}

/** Checks across the application's own fields, beside the record's (noiProblems), as of the town day `today`. */
export function applicationProblems(
  f: ApplicationFacts,
  today: string,
): Partial<Record<keyof ApplicationFacts, string>> {
  const p: Partial<Record<keyof ApplicationFacts, string>> = {};
  if (f.swpppDate > today) p.swpppDate = 'The SWPPP’s date cannot be in the future.';
  if (f.noiReceivedOn && f.noiReceivedOn > today)
    p.noiReceivedOn = 'The day DEC received the NOI cannot be in the future.';
  if (f.spdesPermitId && !f.noiReceivedOn)
    p.noiReceivedOn = 'Enter the day DEC received the NOI, from the acknowledgment that gave the permit ID.';
  return p;
}

export interface IntakeFacts {
  receivedOn: string;
  intake: ApplicationIntake;
  intakeOn: string | null;
  intakeNote: string | null;
}

/** The clerk's check of the application, in words for the applicant and the clerk's queue. */
export function intakeWords(a: IntakeFacts): string {
  if (a.intake === 'complete' && a.intakeOn)
    return `Found complete on ${formatDay(a.intakeOn)}; its project page is public.`;
  if (a.intake === 'incomplete' && a.intakeOn)
    return `On ${formatDay(a.intakeOn)} the clerk found it lacks: ${a.intakeNote ?? ''}`.trim();
  return `Received on ${formatDay(a.receivedOn)}; the clerk has not yet checked that it has its parts.`;
}

export interface IntakeInput {
  outcome: 'complete' | 'incomplete';
  on: string;
  note: string | null;
}

/** The clerk's check, refused beside its field: never before the application arrived nor in the future; a lack said. */
export function intakeRefusal(input: IntakeInput, receivedOn: string, today: string): Record<string, string> {
  const fields: Record<string, string> = {};
  if (input.on > today) fields.on = 'The date of the check cannot be in the future.';
  else if (input.on < receivedOn)
    fields.on = `The application arrived on ${formatDay(receivedOn)}: the check comes after.`;
  if (input.outcome === 'incomplete' && !input.note)
    fields.note = 'Say what the application lacks: the applicant reads it.';
  return fields;
}

export interface Charge {
  kind: 'fee' | 'payment';
  amountCents: number;
}

/** The invoice's sums: fees due, payments received, and what is still owed (never below nothing). */
export function invoiceTotals(charges: readonly Charge[]) {
  const sum = (kind: Charge['kind']) => charges.filter((c) => c.kind === kind).reduce((s, c) => s + c.amountCents, 0);
  const feesCents = sum('fee');
  const paidCents = sum('payment');
  const balanceCents = Math.max(0, feesCents - paidCents);
  return {
    feesCents,
    paidCents,
    balanceCents,
    creditCents: Math.max(0, paidCents - feesCents),
    words:
      feesCents === 0
        ? 'No fee has been listed yet.'
        : balanceCents === 0
          ? `Paid in full (${formatMoney(feesCents)}).`
          : `${formatMoney(balanceCents)} due of ${formatMoney(feesCents)}.`,
  };
}

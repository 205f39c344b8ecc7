/**
 * Performance guarantees (ordinance, "Performance guarantee"): a performance bond, cash escrow or
 * irrevocable letter of credit naming the town, held until the town releases it, and never less than one
 * year from final acceptance, after a one-year inspection finds the facilities acceptable. Staff only.
 * Pure.
 */
import { daysBetween } from '#lib/shared/days.ts';
import type { GuaranteeKind, GuaranteePurpose } from '#db/schema.ts';
import { formatDay } from '#lib/shared/format.ts';


/** Warn this many days before a letter of credit or bond expires. */
export const EXPIRY_WARNING_DAYS = 60;

export interface GuaranteeFacts {
  finalAcceptanceOn: string | null;
  oneYearInspectionOn: string | null;
  releasedOn: string | null;
  expiresOn: string | null;
}

export type GuaranteeStanding = 'released' | 'expired' | 'expiring' | 'eligible_for_release' | 'held';

export function oneYearAfter(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  // February 29 + one year is March 1 (the anniversary does not exist).
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  return next.toISOString().slice(0, 10);
}

/** Why the guarantee cannot be released on `on`, or undefined when it can. */
export function releaseProblem(g: GuaranteeFacts, on: string): string | undefined {
  if (g.releasedOn) return `Already released on ${formatDay(g.releasedOn)}.`;
  if (!g.finalAcceptanceOn) return 'Record the date of final acceptance first: the guarantee runs at least one year from it.';
  const earliest = oneYearAfter(g.finalAcceptanceOn);
  if (!g.oneYearInspectionOn) return `Record the one-year inspection first (due on or after ${formatDay(earliest)}).`;
  if (g.oneYearInspectionOn < earliest) return `The one-year inspection (${formatDay(g.oneYearInspectionOn)}) was less than a year after final acceptance; it must be on or after ${formatDay(earliest)}.`;
  if (on < earliest) return `The guarantee must stay in force until at least ${formatDay(earliest)}.`;
  if (on < g.oneYearInspectionOn) return 'The release date cannot be before the one-year inspection.';
  return undefined;
}

export function guaranteeStanding(g: GuaranteeFacts, today: string): { standing: GuaranteeStanding; words: string } {
  if (g.releasedOn) return { standing: 'released', words: `Released ${formatDay(g.releasedOn)}` };
  if (g.expiresOn && g.expiresOn < today) return { standing: 'expired', words: `Expired ${formatDay(g.expiresOn)}: ask for a renewal or draw on it` };
  if (!releaseProblem(g, today)) return { standing: 'eligible_for_release', words: 'The one-year inspection is done: it may be released' };
  if (g.expiresOn && daysBetween(today, g.expiresOn) <= EXPIRY_WARNING_DAYS) {
    return { standing: 'expiring', words: `Expires ${formatDay(g.expiresOn)}: ask for a renewal` };
  }
  if (g.finalAcceptanceOn) return { standing: 'held', words: `Held; one-year inspection due on or after ${formatDay(oneYearAfter(g.finalAcceptanceOn))}` };
  return { standing: 'held', words: 'Held until final acceptance and a one-year inspection' };
}


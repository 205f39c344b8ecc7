/**
 * Performance guarantees (ordinance, "Performance guarantee"), staff only. Pure.
 *
 * - Construction completion guarantee: a performance bond, cash escrow or irrevocable letter of credit
 *   naming the town, in force until the town releases it, and never less than one year from final
 *   acceptance; released only after a one-year inspection has found the facilities acceptable.
 * - Maintenance guarantee: an irrevocable letter of credit for the operation and maintenance of the
 *   facilities "both during and after construction and until the facilities are removed from
 *   operation": released only once they are (decision 0026).
 */
import { daysBetween } from '#lib/shared/days.ts';
import type { GuaranteePurpose } from '#db/schema.ts';
import { formatDay } from '#lib/shared/format.ts';

/** Warn this many days before a letter of credit or bond expires. */
export const EXPIRY_WARNING_DAYS = 60;

export interface GuaranteeFacts {
  /** Construction completion unless said otherwise. */
  purpose?: GuaranteePurpose | null;
  finalAcceptanceOn: string | null;
  oneYearInspectionOn: string | null;
  /** Whether the one-year inspection found the facilities acceptable (null: not recorded). */
  oneYearInspectionAcceptable?: boolean | null;
  /** Maintenance guarantees: the day the facilities were removed from operation. */
  removedFromOperationOn?: string | null;
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
  if (g.purpose === 'maintenance') {
    if (!g.removedFromOperationOn)
      return 'A maintenance guarantee runs until the facilities are removed from operation: record the day they were removed first.';
    if (on < g.removedFromOperationOn)
      return `The release date cannot be before the facilities were removed from operation (${formatDay(g.removedFromOperationOn)}).`;
    return undefined;
  }
  if (!g.finalAcceptanceOn)
    return 'Record the date of final acceptance first: the guarantee runs at least one year from it.';
  const earliest = oneYearAfter(g.finalAcceptanceOn);
  if (!g.oneYearInspectionOn) return `Record the one-year inspection first (due on or after ${formatDay(earliest)}).`;
  if (g.oneYearInspectionOn < earliest)
    return `The one-year inspection (${formatDay(g.oneYearInspectionOn)}) was less than a year after final acceptance; it must be on or after ${formatDay(earliest)}.`;
  if (g.oneYearInspectionAcceptable !== true) {
    return g.oneYearInspectionAcceptable === false
      ? 'The one-year inspection did not find the facilities acceptable: the guarantee stays in force until an inspection does.'
      : 'Record whether the one-year inspection found the facilities acceptable: only then can the guarantee be released.';
  }
  if (on < earliest) return `The guarantee must stay in force until at least ${formatDay(earliest)}.`;
  if (on < g.oneYearInspectionOn) return 'The release date cannot be before the one-year inspection.';
  return undefined;
}

/**
 * The renewal a guarantee still waits for: its expiry, while it is not released and has not expired (the day it
 * expires is the last day to renew; the day after, `guaranteeStanding` says expired). A renewal records a later
 * date, which is another renewal to wait for (decision 0106).
 */
export function renewalDue(g: Pick<GuaranteeFacts, 'releasedOn' | 'expiresOn'>, today: string): string | undefined {
  return !g.releasedOn && g.expiresOn && g.expiresOn >= today ? g.expiresOn : undefined;
}

export function guaranteeStanding(g: GuaranteeFacts, today: string): { standing: GuaranteeStanding; words: string } {
  if (g.releasedOn) return { standing: 'released', words: `Released ${formatDay(g.releasedOn)}` };
  if (g.expiresOn && g.expiresOn < today)
    return { standing: 'expired', words: `Expired ${formatDay(g.expiresOn)}: ask for a renewal or draw on it` };
  if (!releaseProblem(g, today)) {
    return {
      standing: 'eligible_for_release',
      words:
        g.purpose === 'maintenance'
          ? 'The facilities are removed from operation: it may be released'
          : 'The one-year inspection found the facilities acceptable: it may be released',
    };
  }
  if (g.expiresOn && daysBetween(today, g.expiresOn) <= EXPIRY_WARNING_DAYS) {
    return { standing: 'expiring', words: `Expires ${formatDay(g.expiresOn)}: ask for a renewal` };
  }
  if (g.purpose === 'maintenance')
    return { standing: 'held', words: 'Held while the facilities operate, until they are removed from operation' };
  if (g.oneYearInspectionAcceptable === false)
    return {
      standing: 'held',
      words: `Held; the one-year inspection of ${formatDay(g.oneYearInspectionOn)} did not find the facilities acceptable`,
    };
  if (g.finalAcceptanceOn)
    return {
      standing: 'held',
      words: `Held; one-year inspection due on or after ${formatDay(oneYearAfter(g.finalAcceptanceOn))}`,
    };
  return { standing: 'held', words: 'Held until final acceptance and a one-year inspection' };
}

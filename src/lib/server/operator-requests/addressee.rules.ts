/**
 * Whom to ask first: the Town (copies of what it holds, under FOIL) or the site's operator (ordinance L(4):
 * the SWPPP and inspection reports, "within five business days of the operator receiving a written
 * request"). Both answer within five business days, so the default is the one that HOLDS what was asked
 * for: what is already on file with the Town comes from the Town (and what is online can be downloaded at
 * once, no request needed); reports newer than the latest one filed, and a SWPPP the Town does not have,
 * only the operator holds (L(4): kept at the site). Readings: decision 0028. Pure: no database.
 */
import { formatDay } from '#lib/shared/format.ts';
import type { Addressee } from './request.rules.ts';

export interface AddresseeFacts {
  /** The Town holds a SWPPP (or amendment) for the project. */
  swpppOnFile: boolean;
  /** A SWPPP is published on the project page (downloadable now). */
  swpppOnline: boolean;
  /** The newest inspection report filed with the Town (local day), or null when none is. */
  latestReportOn: string | null;
}

export interface AskedRecords {
  wantsSwppp: boolean;
  reportsFrom?: string | null;
  reportsTo?: string | null;
  description?: string | null;
}

export interface AddresseeChoice {
  addressee: Addressee;
  /** One sentence: why this path gets the records soonest. */
  reason: string;
}

/** True when the requester named anything at all. */
function askedAnything(a: AskedRecords | null | undefined): a is AskedRecords {
  return !!a && (a.wantsSwppp || !!a.reportsFrom || !!a.reportsTo || !!a.description?.trim());
}

/**
 * The default addressee for what was asked (or, with nothing asked yet, for the project as a whole).
 * Reports after the latest filed one, or a SWPPP the Town does not hold, go to the operator; everything else
 * to the Town. An operator the portal cannot reach is still the right addressee (in writing, then logged).
 * `kindWord` names the municipality in the reason ("Village" for a village: its town profile).
 */
export function defaultAddressee(
  asked: AskedRecords | null | undefined,
  f: AddresseeFacts,
  kindWord = 'Town',
): AddresseeChoice {
  const K = kindWord;
  const newer = f.latestReportOn
    ? `Inspection reports after ${formatDay(f.latestReportOn)}, the latest filed with the ${K}, are held only by the operator, who must make them available within five business days.`
    : `No inspection reports are on file with the ${K} for this project: the operator holds them and must make them available within five business days.`;
  const noSwppp = `The ${K} has no SWPPP on file for this project: the operator must keep it at the site and make it available within five business days.`;
  if (!askedAnything(asked)) {
    if (!f.swpppOnFile) return { addressee: 'operator', reason: noSwppp };
    return {
      addressee: 'town',
      reason: f.latestReportOn
        ? `The ${K} holds this project’s SWPPP and the inspection reports filed up to ${formatDay(f.latestReportOn)}; ask the operator for anything newer.`
        : `The ${K} holds this project’s SWPPP; ask the operator for inspection reports, which are not on file with the ${K}.`,
    };
  }
  const lastAsked = asked.reportsTo || asked.reportsFrom;
  if (lastAsked && (f.latestReportOn == null || lastAsked > f.latestReportOn))
    return { addressee: 'operator', reason: newer };
  if (asked.wantsSwppp && !f.swpppOnFile) return { addressee: 'operator', reason: noSwppp };
  // No reports and no words: only the SWPPP was asked for (askedAnything).
  if (f.swpppOnline && !lastAsked && !asked.description?.trim()) {
    return {
      addressee: 'town',
      reason: `The SWPPP is already online: download it at once from the project page, or ask the ${K} for copies.`,
    };
  }
  return {
    addressee: 'town',
    reason: `Everything you asked for is on file with the ${K}, which must answer within five business days.`,
  };
}

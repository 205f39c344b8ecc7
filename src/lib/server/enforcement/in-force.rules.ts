/**
 * What enforcement is in force at a site, in dated plain words.
 *
 * Residents are misled by a single "compliance status", so the public summary is built from dated facts:
 * an action is resolved only when it has a closed date (a stop-work order only when it has been lifted).
 * Pure: takes rows, returns words.
 */
import { sql, type SQL } from 'drizzle-orm';
import { enforcementActions, type EnforcementStatus, type EnforcementType } from '#db/schema.ts';
import { formatCitation, formatDay, formatMoney } from '#lib/shared/format.ts';
import { ENFORCEMENT_TYPE_LABEL, enforcementStatusLabel } from '#lib/shared/labels.ts';
import { everyInOrder } from '#lib/shared/closed-lists.ts';

export interface EnforcementFacts {
  id: number;
  type: EnforcementType;
  status: EnforcementStatus;
  issuedOn: string;
  closedOn: string | null;
  liftedOn: string | null;
  complyBy: string | null;
  citedSection: string | null;
  fineAssessedCents: number | null;
  finePaidCents: number;
  /** Fines (a court penalty): the court, its docket number, and the day it convicted. */
  courtName?: string | null;
  docketNumber?: string | null;
  convictedOn?: string | null;
}

/** In force: not closed, not withdrawn, and (for a stop-work order) not lifted. */
export function isInForce(a: Pick<EnforcementFacts, 'type' | 'status' | 'closedOn' | 'liftedOn'>): boolean {
  if (a.closedOn || a.status === 'withdrawn' || a.status === 'closed') return false;
  if (a.type === 'stop_work_order' && a.liftedOn) return false;
  return true;
}

/** In force, as SQL over `enforcement_actions` (the same condition as isInForce, for queries). */
export const inForceSql: SQL = sql`${enforcementActions.closedOn} is null and ${enforcementActions.status} not in ('withdrawn','closed') and not (${enforcementActions.type} = 'stop_work_order' and ${enforcementActions.liftedOn} is not null)`;

/** In force, as SQL over an alias of `enforcement_actions` (correlated subqueries: `… enforcement_actions ea`). */
export function inForceSqlAs(alias: string): SQL {
  const c = (column: string) => sql`${sql.identifier(alias)}.${sql.identifier(column)}`;
  return sql`${c('closed_on')} is null and ${c('status')} not in ('withdrawn','closed') and not (${c('type')} = 'stop_work_order' and ${c('lifted_on')} is not null)`;
}

export type EnforcementLevel = 'stop_work' | 'open' | 'clear';

export interface EnforcementSummary {
  level: EnforcementLevel;
  /** One short line for badges and lists. */
  headline: string;
  /** Dated sentences, most serious first. */
  details: string[];
  inForce: number;
  total: number;
}

/** The project's enforcement standing as a resident should read it, as of `today` (YYYY-MM-DD). */
export function summarizeEnforcement(actions: EnforcementFacts[], today: string, kind = 'town'): EnforcementSummary {
  // What is in force now comes first; an action escalated to a stronger one is open but superseded.
  const superseded = (a: EnforcementFacts) => (a.status === 'escalated' ? 1 : 0);
  const open = actions
    .filter(isInForce)
    .sort((a, b) => superseded(a) - superseded(b) || severity(b) - severity(a) || b.issuedOn.localeCompare(a.issuedOn));
  const stopWork = open.find((a) => a.type === 'stop_work_order');
  const details = open.map((a) => describeInForce(a, today, kind));
  if (stopWork) {
    return {
      level: 'stop_work',
      headline: `Stop-work order in effect since ${formatDay(stopWork.issuedOn)}`,
      details,
      inForce: open.length,
      total: actions.length,
    };
  }
  if (open.length) {
    return {
      level: 'open',
      headline: `${open.length} open enforcement ${open.length === 1 ? 'action' : 'actions'}`,
      details,
      inForce: open.length,
      total: actions.length,
    };
  }
  return {
    level: 'clear',
    headline: actions.length
      ? `No enforcement in effect (${actions.length} past ${actions.length === 1 ? 'action' : 'actions'}, all resolved)`
      : 'No enforcement actions on record',
    details: [],
    inForce: 0,
    total: actions.length,
  };
}

/**
 * The status a resident reads beside an action: "In effect", "Escalated: superseded by a later action"
 * (open until the town closes it, but no longer what the operator answers to), or its status.
 */
export function publicStatusWords(
  a: Pick<EnforcementFacts, 'type' | 'status' | 'closedOn' | 'liftedOn'>,
  kind = 'town',
): string {
  if (a.type === 'stop_work_order' && a.liftedOn && !a.closedOn) return 'Lifted';
  if (!isInForce(a)) return enforcementStatusLabel(kind)[a.status];
  return a.status === 'escalated' ? 'Escalated: superseded by a later, stronger action' : 'In effect';
}

/**
 * One dated sentence for a timeline entry, e.g. "Stop-work order in effect since May 3, 2026; lifted May 10,
 * 2026". `kind` names the municipality ("village") where the sentence does.
 */
export function describeAction(a: EnforcementFacts, today: string, kind = 'town'): string {
  const label = ENFORCEMENT_TYPE_LABEL[a.type];
  const cited = formatCitation(a.citedSection);
  const section = cited ? ` (${cited})` : '';
  if (isInForce(a)) return describeInForce(a, today, kind);
  if (a.type === 'fine') {
    const outcome =
      a.status === 'withdrawn'
        ? `withdrawn${a.closedOn ? ` ${formatDay(a.closedOn)}` : ''}`
        : `resolved ${formatDay(a.closedOn)}`;
    return `${courtWords(a)}${section}; ${outcome}.`;
  }
  if (a.type === 'stop_work_order' && a.liftedOn) {
    return `${label} issued ${formatDay(a.issuedOn)}${section}; lifted ${formatDay(a.liftedOn)}.`;
  }
  if (a.status === 'withdrawn')
    return `${label} issued ${formatDay(a.issuedOn)}${section}; withdrawn${a.closedOn ? ` ${formatDay(a.closedOn)}` : ''}.`;
  return `${label} issued ${formatDay(a.issuedOn)}${section}; resolved ${formatDay(a.closedOn)}.`;
}

function describeInForce(a: EnforcementFacts, today: string, kind: string): string {
  const label = ENFORCEMENT_TYPE_LABEL[a.type];
  const cited = formatCitation(a.citedSection);
  const section = cited ? ` (${cited})` : '';
  let s =
    a.type === 'fine' ? `${courtWords(a)}${section}` : `${label} in effect since ${formatDay(a.issuedOn)}${section}`;
  if (a.type === 'fine' && a.fineAssessedCents != null) {
    const balance = a.fineAssessedCents - a.finePaidCents;
    if (balance > 0) s += `; ${formatMoney(balance)} unpaid`;
  }
  if (a.complyBy) {
    s +=
      a.complyBy < today
        ? `; the deadline to comply, ${formatDay(a.complyBy)}, has passed`
        : `; must comply by ${formatDay(a.complyBy)}`;
  }
  if (a.status === 'complied') s += `; the operator reports compliance and the ${kind} has not yet closed it`;
  return `${s}.`;
}

/**
 * A fine is the court's, never the officer's (R(3), "upon conviction"): "Referred to court on May 3, 2026
 * (Town Justice Court, docket 26-0412)", then "Fined $750.00 by the court on June 9, 2026 (…)".
 */
export function courtWords(
  a: Pick<EnforcementFacts, 'issuedOn' | 'courtName' | 'docketNumber' | 'convictedOn' | 'fineAssessedCents'>,
): string {
  const court = [a.courtName?.trim(), a.docketNumber?.trim() ? `docket ${a.docketNumber.trim()}` : undefined]
    .filter(Boolean)
    .join(', ');
  const where = court ? ` (${court})` : '';
  // A fine recorded before convictions were kept is still the court's: its date is simply unknown.
  if (a.fineAssessedCents != null)
    return `Fined ${formatMoney(a.fineAssessedCents)} by the court${a.convictedOn ? ` on ${formatDay(a.convictedOn)}` : ''}${where}; referred to court ${formatDay(a.issuedOn)}`;
  return `Referred to court on ${formatDay(a.issuedOn)}${where}; no fine unless the court convicts`;
}

/** Least to most severe; every enforcement type is placed (decision 0088): a new one fails the build until it is. */
const SEVERITY_ORDER = everyInOrder<EnforcementType>()([
  'written_warning',
  'swppp_deficiency_notice',
  'notice_of_violation',
  'fine',
  'occupancy_hold',
  'dec_referral',
  'stop_work_order',
]);

function severity(a: Pick<EnforcementFacts, 'type'>): number {
  return SEVERITY_ORDER.indexOf(a.type);
}

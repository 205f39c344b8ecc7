/**
 * Operator companies as open data: one record per company named as owner/operator on a published project's NOI
 * record, with the numbers its page (/operators/{slug}) shows, from the same reckoning (operator-companies.ts
 * companyFigures), and its findings month by month. Company names and counts only: never a person at the
 * company, never a requester.
 *
 * The month-by-month trend is a dataset of its own, one row per company and month (as
 * /api/records-requests/monthly is): twelve pairs of columns named after months would change their names
 * every month and break a spreadsheet or a loader, and long rows chart and pivot as they come.
 *
 * The numbers turn on the data and on the clock (a request falls due, a month begins), so a body is kept for a
 * minute at most, and while the public data and the town day are unchanged, like the town's findings it reads.
 */
import { ENFORCEMENT_TYPES } from '#db/enums.ts';
import { publicDataVersionAsync } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import type { EncodedBody } from '#lib/server/platform/http/encoded-body.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { ON_TIME_FIELDS } from '#lib/server/operator-requests/statistics.ts';
import { LOCAL_DATE_UNIT, type FieldDef } from './fields.ts';
import { encodeDataset } from './open-data.ts';
import { operatorCompanyRecords, type CompanyRecord } from './operator-companies.ts';

const onTime = (name: (typeof ON_TIME_FIELDS)[number]['name']) =>
  ON_TIME_FIELDS.find((f) => f.name === name)!.description;

const COMPANY_REFERENCE_FIELDS: FieldDef[] = [
  { name: 'company_slug', type: 'text', description: 'The company page address: /operators/{company_slug}.' },
  {
    name: 'company_name',
    type: 'text',
    description:
      'The company’s name as most of its NOI records write it. Spellings that differ only in case, punctuation or a trailing legal form (Inc, LLC) are one company.',
  },
  { name: 'company_url', type: 'url', description: 'The company’s page on this portal.' },
];

export const OPERATOR_COMPANY_FIELDS: FieldDef[] = [
  ...COMPANY_REFERENCE_FIELDS,
  {
    name: 'as_of',
    type: 'date',
    unit: LOCAL_DATE_UNIT,
    description: 'The day the numbers were counted for: the last 12 months end on it.',
  },
  { name: 'sites', type: 'integer', description: 'Published projects whose NOI record names it as owner/operator.' },
  { name: 'sites_under_way', type: 'integer', description: 'Of them, sites under construction or being stabilized.' },
  {
    name: 'open_findings',
    type: 'integer',
    description: 'Compliance findings still open at its sites (see /api/findings.json?status=open).',
  },
  {
    name: 'findings_last_12_months',
    type: 'integer',
    description:
      'Compliance findings at its sites, open or ended, that began in the 12 months up to as_of (after the same day a year before).',
  },
  {
    name: 'late_filings_last_12_months',
    type: 'integer',
    description:
      'Of findings_last_12_months, monthly inspection summaries filed late or not filed (the rules summary-late and summary-missing).',
  },
  {
    name: 'enforcement_in_force',
    type: 'integer',
    description: 'Public enforcement actions at its sites still in force (not closed, withdrawn or lifted).',
  },
  { name: 'enforcement_all', type: 'integer', description: 'Public enforcement actions at its sites, all time.' },
  ...ENFORCEMENT_TYPES.map((t): FieldDef => ({
    name: `enforcement_${t}`,
    type: 'integer',
    description: `Of enforcement_all, actions of the type ${t} (see /api/enforcement-actions.json).`,
  })),
  {
    name: 'requests_received',
    type: 'integer',
    description: 'Written requests for its SWPPP and inspection reports under ordinance Subsection L(4), all time.',
  },
  { name: 'requests_answered_on_time', type: 'integer', description: onTime('answered_on_time') },
  {
    name: 'requests_answered_late',
    type: 'integer',
    description: 'Answered, but after close of business on the fifth business day.',
  },
  {
    name: 'requests_unanswered_past_due',
    type: 'integer',
    description: 'Not answered, and the five business days are over.',
  },
  {
    name: 'requests_not_answered_in_time',
    type: 'integer',
    description: `${onTime('not_answered_in_time')} requests_answered_late plus requests_unanswered_past_due.`,
  },
  { name: 'requests_open', type: 'integer', description: onTime('open') },
  { name: 'requests_withdrawn', type: 'integer', description: onTime('withdrawn') },
  { name: 'requests_on_time_percent', type: 'number', nullable: true, description: onTime('on_time_percent') },
];

export const OPERATOR_COMPANY_MONTH_FIELDS: FieldDef[] = [
  ...COMPANY_REFERENCE_FIELDS,
  { name: 'month', type: 'text', unit: 'YYYY-MM', description: 'One of the last 12 months, the current one included.' },
  { name: 'findings', type: 'integer', description: 'Compliance findings at its sites that began in the month.' },
  {
    name: 'late_filings',
    type: 'integer',
    description: 'Of them, monthly inspection summaries filed late or not filed.',
  },
];

export function operatorCompanyRecord(c: CompanyRecord, baseUrl: string, today: string) {
  const r = c.requests;
  const late = r ? r.answered - r.answeredOnTime : 0;
  return {
    company_slug: c.slug,
    company_name: c.name,
    company_url: `${baseUrl}/operators/${c.slug}`,
    as_of: today,
    sites: c.totals.sites,
    sites_under_way: c.totals.sitesUnderWay,
    open_findings: c.totals.openFindings,
    findings_last_12_months: c.totals.findingsLastYear,
    late_filings_last_12_months: c.totals.lateFilingsLastYear,
    enforcement_in_force: c.totals.enforcementInForce,
    enforcement_all: c.totals.enforcementAll,
    ...Object.fromEntries(ENFORCEMENT_TYPES.map((t) => [`enforcement_${t}`, c.enforcementByType[t]])),
    requests_received: r?.received ?? 0,
    requests_answered_on_time: r?.answeredOnTime ?? 0,
    requests_answered_late: late,
    requests_unanswered_past_due: r ? r.notAnsweredInTime - late : 0,
    requests_not_answered_in_time: r?.notAnsweredInTime ?? 0,
    requests_open: r?.open ?? 0,
    requests_withdrawn: r?.withdrawn ?? 0,
    requests_on_time_percent: r?.onTimePercent ?? null,
  };
}

export async function listOperatorCompanyRecords(db: Db, baseUrl: string, now = new Date()) {
  const today = townToday(now);
  return (await heldRecords(db, now)).map((c) => operatorCompanyRecord(c, baseUrl, today));
}

export async function listOperatorCompanyMonths(db: Db, baseUrl: string, now = new Date()) {
  return (await heldRecords(db, now)).flatMap((c) =>
    c.trend.map((m) => ({
      company_slug: c.slug,
      company_name: c.name,
      company_url: `${baseUrl}/operators/${c.slug}`,
      month: m.month,
      findings: m.findings,
      late_filings: m.lateFilings,
    })),
  );
}

const HOLD_MS = 60_000;
const held = new Map<string, { db: Db; version: number; day: string; at: number; value: unknown }>();

/**
 * A value kept while the public data and the town day are unchanged, for a minute at most. It is kept under
 * the version read before it was made: a change made meanwhile makes the next call make it again.
 */
async function hold<T>(db: Db, key: string, now: Date, make: () => Promise<T>): Promise<T> {
  const version = await publicDataVersionAsync(db);
  const day = townToday(now);
  const h = held.get(key);
  if (h && h.db === db && h.version === version && h.day === day && Math.abs(now.getTime() - h.at) < HOLD_MS)
    return h.value as T;
  const value = await make();
  held.set(key, { db, version, day, at: now.getTime(), value });
  return value;
}

/** The companies' numbers, made once for the four bodies (about 0.3 s at 10,000 projects; they cost ms each). */
const heldRecords = (db: Db, now: Date) => hold(db, 'records', now, () => operatorCompanyRecords(db, now));

export function encodeOperatorCompanies(
  db: Db,
  format: 'json' | 'csv',
  baseUrl: string,
  now = new Date(),
): Promise<EncodedBody> {
  return hold(db, `companies:${format}:${baseUrl}`, now, async () =>
    encodeDataset(await listOperatorCompanyRecords(db, baseUrl, now), {
      key: 'operator_companies',
      fields: OPERATOR_COMPANY_FIELDS,
      format,
      baseUrl,
    }),
  );
}

export function encodeOperatorCompanyMonths(
  db: Db,
  format: 'json' | 'csv',
  baseUrl: string,
  now = new Date(),
): Promise<EncodedBody> {
  return hold(db, `months:${format}:${baseUrl}`, now, async () =>
    encodeDataset(await listOperatorCompanyMonths(db, baseUrl, now), {
      key: 'operator_company_months',
      fields: OPERATOR_COMPANY_MONTH_FIELDS,
      format,
      baseUrl,
    }),
  );
}

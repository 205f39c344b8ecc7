/**
 * Business days and the records-request due date, in town-local time (America/New_York).
 *
 * The law, as applied here:
 * - Ordinance: SWPPP and inspection reports are available within five business days of a written request.
 * - General Construction Law §20: a period "from" a day excludes that day, so counting starts the day after
 *   receipt, whatever the hour or the day it arrived: a request received on a Saturday or after close of
 *   business is still received that day, and business day 1 is the next business day (decision 0066: the
 *   literal reading, which gives the requester the earlier date).
 * - GCL §24 public holidays; one falling on a Sunday is observed the Monday after; no Saturday-to-Friday
 *   rule; Flag Day (a Sunday) is never a closure. §25-a: a period ending on a closed day runs to the next
 *   business day (automatic here, because only business days are counted).
 *
 * Pure: the caller passes the town's closures (clerk-added days, cancelled days) as data.
 */
import { addDays, isoWeekday, memo } from '#lib/shared/days.ts';
import Holidays from 'date-holidays';
import { DateTime } from 'luxon';
import { TOWN_TIME_ZONE } from '#lib/server/platform/config.ts';
import { isoDate } from './town-time.ts';

export const DEFAULT_CLOSE_OF_BUSINESS = '16:30';
export const RESPONSE_BUSINESS_DAYS = 5;

/** A holiday table: date-holidays rules with the holiday's name. */
export type HolidayRules = ReadonlyArray<readonly [rule: string, name: string]>;

/**
 * GCL §24 holidays as date-holidays rules. "and if sunday then next monday" is the Sunday observance. When the
 * legislature changes §24 this table changes, and the next start-up moves the open requests' due dates that an
 * added holiday now falls within (records-requests/holiday-rules.ts, decision 0092).
 */
export const HOLIDAY_RULES: HolidayRules = [
  ['01-01 and if sunday then next monday', "New Year's Day"],
  ['3rd monday in January', 'Martin Luther King Jr. Day'],
  ['02-12 and if sunday then next monday', "Lincoln's Birthday"],
  ['3rd monday in February', "Washington's Birthday"],
  ['monday before 06-01', 'Memorial Day'],
  ['06-19 and if sunday then next monday', 'Juneteenth'],
  ['07-04 and if sunday then next monday', 'Independence Day'],
  ['1st monday in September', 'Labor Day'],
  ['2nd monday in October', 'Columbus Day'],
  ['tuesday after 1st monday in November', 'Election Day'],
  ['11-11 and if sunday then next monday', 'Veterans Day'],
  ['4th thursday in November', 'Thanksgiving Day'],
  ['12-25 and if sunday then next monday', 'Christmas Day'],
];

/** "February 12" for "02-12": the month's name from the calendar, not a list of our own. */
function monthAndDay(month: number, day: number): string {
  return new Date(Date.UTC(2000, month - 1, day)).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * The GCL §24 holidays in words, from the same table the calendar counts with (so the help page's list is
 * the due dates' list): "Lincoln's Birthday (February 12)", "Labor Day (1st Monday in September)".
 */
export function statutoryHolidayWords(): string[] {
  return HOLIDAY_RULES.map(([rule, name]) => {
    const fixed = /^(\d\d)-(\d\d)/.exec(rule);
    const when = fixed
      ? monthAndDay(Number(fixed[1]), Number(fixed[2]))
      : rule
          .replace('monday before 06-01', 'last monday in May')
          .replace('after 1st', 'after the 1st')
          .replace(/\b(monday|tuesday|thursday)\b/g, (d) => d[0].toUpperCase() + d.slice(1));
    return `${name} (${when})`;
  });
}

// One date-holidays engine and one year cache per table: the statute's table in use, and in a test the table a
// changed §24 would give.
const holidayTables = new WeakMap<HolidayRules, { engine: Holidays; byYear: Map<number, Map<string, string>> }>();

/** The statutory holidays that close the town in a year: date → name (observed Mondays included). */
export function statutoryHolidays(year: number, rules: HolidayRules = HOLIDAY_RULES): Map<string, string> {
  let table = holidayTables.get(rules);
  // Stryker disable next-line ConditionalExpression: a cache; an engine built again from the table is the same
  if (!table) {
    const engine = new Holidays();
    for (const [rule, name] of rules) engine.setHoliday(rule, { name, type: 'public' });
    table = { engine, byYear: new Map() };
    // Stryker disable next-line CallExpression: a cache; an engine not remembered is built again, the same
    holidayTables.set(rules, table);
  }
  let out = table.byYear.get(year);
  // Stryker disable next-line ConditionalExpression: a cache; a year computed again has the same holidays
  if (out) return out;
  out = new Map();
  const seen = new Set<string>();
  for (const h of table.engine.getHolidays(year)) {
    const date = h.date.slice(0, 10);
    // A rule yields the Sunday and then the Monday it is observed on: the second is the observance.
    const name = seen.has(h.name) || h.substitute ? `${h.name} (observed)` : h.name;
    seen.add(h.name);
    // Stryker disable next-line ConditionalExpression: no two of the §24 holidays (observed days too) share a date
    if (!out.has(date)) out.set(date, name);
  }
  // Stryker disable next-line CallExpression: a cache; a year not remembered is computed again, the same
  table.byYear.set(year, out);
  return out;
}

/** The holidays one table has and another lacks, by name and rule ("Juneteenth (06-19 …)"). */
export function holidayRulesChange(
  before: HolidayRules,
  after: HolidayRules,
): { added: HolidayRules; removed: HolidayRules } {
  const key = ([rule, name]: readonly [string, string]) => `${name}\u0000${rule}`;
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  return { added: after.filter((r) => !had.has(key(r))), removed: before.filter((r) => !has.has(key(r))) };
}

/**
 * A town closure row as stored (see `closures` table): active rows close the day, inactive ones reopen a day
 * the Town had closed. A statutory holiday is never reopened: a closure can only add days (decision 0070).
 */
export interface ClosureRow {
  date: string;
  name: string;
  active: boolean;
}

export type DayKind = 'business' | 'weekend' | 'holiday' | 'closure';
export interface DayInfo {
  date: string;
  kind: DayKind;
  /** "Saturday", "Thanksgiving Day", "Snow day", … */
  reason?: string;
}

/**
 * Which days the town is open: weekends and statutory holidays closed, then the clerk's closures added. A
 * row reopening a weekend or a GCL §24 holiday changes nothing: the law's days are not the Town's to give
 * back, and a reopened holiday would shorten a requester's periods (decision 0070).
 */
export class BusinessCalendar {
  private readonly added = new Map<string, string>();
  private readonly days = new Map<string, DayInfo>();

  private readonly holidays: HolidayRules;

  // Stryker disable next-line ArrayDeclaration: a string in the default list has no `active` and no date to reopen
  constructor(closures: Iterable<ClosureRow> = [], holidays: HolidayRules = HOLIDAY_RULES) {
    this.holidays = holidays;
    // A cancelled closure is a day like any other: one row per date, so nothing else can close it.
    for (const c of closures) if (c.active) this.added.set(c.date, c.name);
  }

  day(date: string): DayInfo {
    let info = this.days.get(date);
    // Stryker disable next-line ConditionalExpression: a cache; a day worked out again is the same day
    if (info) return info;
    const weekday = isoWeekday(date);
    const added = this.added.get(date);
    const holiday = statutoryHolidays(Number(date.slice(0, 4)), this.holidays).get(date);
    if (weekday >= 6) info = { date, kind: 'weekend', reason: weekday === 6 ? 'Saturday' : 'Sunday' };
    else if (holiday) info = { date, kind: 'holiday', reason: added ?? holiday };
    else if (added) info = { date, kind: 'closure', reason: added };
    else info = { date, kind: 'business' };
    // Stryker disable next-line CallExpression: a cache; a day not remembered is worked out again, the same
    this.days.set(date, info);
    return info;
  }

  isBusinessDay(date: string): boolean {
    return this.day(date).kind === 'business';
  }

  /** The n-th business day after `date` (not counting `date`), with every day passed over. */
  addBusinessDays(date: string, n: number): { date: string; passed: DayInfo[] } {
    let cursor = date;
    const passed: DayInfo[] = [];
    let counted = 0;
    while (counted < n) {
      cursor = addDays(cursor, 1);
      const info = this.day(cursor);
      passed.push(info);
      if (info.kind === 'business') counted++;
    }
    return { date: cursor, passed };
  }

  /** Business days from `from` (exclusive) to `to` (inclusive); negative when `to` is earlier. */
  businessDaysBetween(from: string, to: string): number {
    if (to < from) return -this.businessDaysBetween(to, from);
    let cursor = from;
    let n = 0;
    while (cursor < to) {
      cursor = addDays(cursor, 1);
      if (this.isBusinessDay(cursor)) n++;
    }
    return n;
  }

  /** `date` itself when the town is open, else the next business day. */
  onOrAfter(date: string): string {
    let cursor = date;
    while (!this.isBusinessDay(cursor)) cursor = addDays(cursor, 1);
    return cursor;
  }
}

/**
 * The calendar of the General Construction Law alone: weekends and the §24 public holidays, none of the
 * Town's own closures. For a period that runs against someone other than the Town (the operator's five
 * business days under L(4)): §25-a extends a period past Saturdays, Sundays and public holidays only, and a
 * snow day at Town Hall does not close a construction company's office (decision 0069).
 */
export const STATUTORY_CALENDAR = new BusinessCalendar();

export interface DueDate {
  /** The business days counted (the town's setting, at most POL §89(3)(a)'s five; decision 0044). */
  businessDays?: number;
  /** Statutory due date (close of business), YYYY-MM-DD local. */
  dueOn: string;
  /** The local date and time the request arrived. */
  receivedLocal: string;
  /**
   * The day the count starts after: the day of receipt itself (GCL §20), even a closed day or after close of
   * business (decision 0066).
   */
  countsAsReceivedOn: string;
  /** For a request that arrived on a closed day or after close of business: why that does not move the count. */
  receiptNote?: string;
  /** Every day after receipt up to the due date, with the ones skipped and why. */
  days: Array<DayInfo & { count?: number }>;
}

export interface DueDateOptions {
  /** HH:MM local; a request at or after this time is said to be after hours (it still counts from its day). */
  closeOfBusiness?: string;
  businessDays?: number;
  /** The municipality's kind ("village"), which a request arriving on a closed day is told is closed; a town's by default. */
  municipality?: string;
}

/** The statutory due date of a written request received at `receivedAt`. */
export function computeDueDate(receivedAt: Date, calendar: BusinessCalendar, options: DueDateOptions = {}): DueDate {
  const closeOfBusiness = options.closeOfBusiness ?? DEFAULT_CLOSE_OF_BUSINESS;
  const businessDays = options.businessDays ?? RESPONSE_BUSINESS_DAYS;
  const local = DateTime.fromJSDate(receivedAt, { zone: TOWN_TIME_ZONE });
  const arrivalDate = isoDate(local);
  const [cobH, cobM] = closeOfBusiness.split(':').map(Number);
  const afterHours = local.hour * 60 + local.minute >= cobH * 60 + cobM;
  const arrival = calendar.day(arrivalDate);

  // GCL §20 excludes the day of receipt and nothing more: a closed day or a late hour does not add a day
  // before the count (decision 0066), so the requester gets the earlier, literal due date.
  const countsAsReceivedOn = arrivalDate;
  let receiptNote: string | undefined;
  if (arrival.kind !== 'business') {
    receiptNote = `It arrived on a day the ${options.municipality ?? 'town'} is closed (${arrival.reason}); the law still counts from the day of receipt.`;
  } else if (afterHours) {
    receiptNote = `It arrived at or after close of business (${closeOfBusiness}); the law still counts from the day of receipt.`;
  }

  const { date: dueOn, passed } = calendar.addBusinessDays(countsAsReceivedOn, businessDays);
  let count = 0;
  const days = passed.map((d) => (d.kind === 'business' ? { ...d, count: ++count } : d));
  return {
    dueOn,
    businessDays,
    receivedLocal: local.toFormat("yyyy-LL-dd'T'HH:mm"),
    countsAsReceivedOn,
    receiptNote,
    days,
  };
}

/** Plain-words explanation of a due date, for the requester's tracking page and the receipt email. */
export function explainDueDate(due: DueDate, options: DueDateOptions = {}): string[] {
  const n = options.businessDays ?? due.businessDays ?? RESPONSE_BUSINESS_DAYS;
  const lines = [`Your request arrived ${formatLocal(due.receivedLocal)}.`];
  if (due.receiptNote) lines.push(due.receiptNote);
  lines.push(`The day of receipt is not counted; we count ${n} business days after it.`);
  const skipped = due.days.filter((d) => d.kind !== 'business');
  if (skipped.length) {
    lines.push(`Not counted: ${skipped.map((d) => `${formatDay(d.date)} (${d.reason})`).join('; ')}.`);
  }
  lines.push(`Business day ${n} is ${formatDay(due.dueOn)}: the records are due by close of business that day.`);
  return lines;
}

// A calendar day's name needs no time zone: the day is formatted as the UTC day it names. Intl, made once,
// rather than luxon's parse and format on every call (a tenth of a millisecond each, three or more per
// receipt).
const weekdayDayFmt = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** "2026-12-07" → "Monday, December 7, 2026". */
function formatDay(date: string): string {
  return weekdayDayFmt.format(new Date(`${date}T00:00:00Z`));
}

/** A town wall-clock time, "2026-12-07T15:05" → "Monday, December 7, 2026 at 3:05 PM". */
function formatLocal(isoLocal: string): string {
  const hour = Number(isoLocal.slice(11, 13));
  return `${formatDay(isoLocal.slice(0, 10))} at ${hour % 12 || 12}:${isoLocal.slice(14, 16)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The first business day the Town's office can take up something that arrived at `at`: that day when it
 * arrived on a business day before close of business, else the next business day. Not a legal period (those
 * count from the day of receipt, computeDueDate): it says which day a requester's reply is due to the clerk.
 */
export function firstBusinessDayAt(
  at: Date,
  calendar: BusinessCalendar,
  closeOfBusiness = DEFAULT_CLOSE_OF_BUSINESS,
): string {
  const local = DateTime.fromJSDate(at, { zone: TOWN_TIME_ZONE });
  const date = isoDate(local);
  const [h, m] = closeOfBusiness.split(':').map(Number);
  if (!calendar.isBusinessDay(date)) return calendar.onOrAfter(date);
  return local.hour * 60 + local.minute >= h * 60 + m ? calendar.addBusinessDays(date, 1).date : date;
}

// ---------------------------------------------------------------------------------------------
// After the five days: acknowledgments, promised dates, and what the clerk's queue flags

/** POL §89(3)(a): a promised date more than this many business days after the acknowledgment needs a written reason. */
export const ACKNOWLEDGMENT_REASON_AFTER_BUSINESS_DAYS = 20;
/** The clerk's queue flags a deadline within this many business days after today as "due soon". */
export const DUE_SOON_BUSINESS_DAYS = 2;

/** The last date an acknowledgment may promise without a written reason (20 business days after it). */
export function latestPromiseWithoutReason(acknowledgedOn: string, calendar: BusinessCalendar): string {
  return calendar.addBusinessDays(acknowledgedOn, ACKNOWLEDGMENT_REASON_AFTER_BUSINESS_DAYS).date;
}

/** True when `promisedOn` is more than 20 business days after `acknowledgedOn`, so the law wants the reason in writing. */
export function promiseNeedsWrittenReason(
  acknowledgedOn: string,
  promisedOn: string,
  calendar: BusinessCalendar,
): boolean {
  return promisedOn > latestPromiseWithoutReason(acknowledgedOn, calendar);
}

export type DeadlineFlag = 'overdue' | 'due_today' | 'due_soon';

/**
 * The day boundaries the flags use at `now`: a deadline is met at close of business, so after 16:30 on
 * the due day it is overdue. Dates compare as YYYY-MM-DD strings, so SQL filters can use the same bounds.
 */
export interface DeadlineWindow {
  today: string;
  /** A deadline earlier than this is overdue. */
  overdueBefore: string;
  /** The deadline that is "due today" (null after close of business). */
  dueToday: string | null;
  /** Deadlines after today and up to this date are "due soon". */
  dueSoonThrough: string;
}

/** The local day at `now`, and whether the town's close of business has passed on it. */
function dayAndClose(now: Date, closeOfBusiness: string): { today: string; afterClose: boolean } {
  // Both change only on a minute's boundary (the town's offset from UTC is whole minutes), and luxon's
  // zone arithmetic costs ~60 µs, asked on every page: remembered by the minute.
  return dayAndCloseAt(`${Math.floor(now.getTime() / 60_000)} ${closeOfBusiness}`);
}

const dayAndCloseAt = memo((key: string): { today: string; afterClose: boolean } => {
  const [minute, closeOfBusiness] = key.split(' ');
  const local = DateTime.fromMillis(Number(minute) * 60_000, { zone: TOWN_TIME_ZONE });
  const [h, m] = closeOfBusiness.split(':').map(Number);
  return { today: isoDate(local), afterClose: local.hour * 60 + local.minute >= h * 60 + m };
});

/** A deadline is met at close of business: after it, today's deadline is overdue and tomorrow's is the first that is not. */
function firstNotOverdue({ today, afterClose }: { today: string; afterClose: boolean }): string {
  return afterClose ? addDays(today, 1) : today;
}

/**
 * The first deadline that is not yet overdue at `now`: deadlineWindow's `overdueBefore`, without the
 * business-day arithmetic of "due soon" (the compliance rules need only this bound, once per page).
 */
export function overdueBefore(now: Date, closeOfBusiness = DEFAULT_CLOSE_OF_BUSINESS): string {
  return firstNotOverdue(dayAndClose(now, closeOfBusiness));
}

/**
 * When `overdueBefore(now)` next moves within the town day: at close of business, if it is still ahead
 * (after it, the bound moves only with the day). Undefined once the town has closed.
 */
export function overdueBeforeMovesAt(now: Date, closeOfBusiness = DEFAULT_CLOSE_OF_BUSINESS): Date | undefined {
  const { today, afterClose } = dayAndClose(now, closeOfBusiness);
  return afterClose ? undefined : new Date(closeOn(`${today} ${closeOfBusiness}`));
}

/** The instant (ms) of close of business on a town day ("YYYY-MM-DD HH:MM"). */
const closeOn = memo((key: string): number => {
  const [day, closeOfBusiness] = key.split(' ');
  const [h, m] = closeOfBusiness.split(':').map(Number);
  return DateTime.fromISO(day, { zone: TOWN_TIME_ZONE }).set({ hour: h, minute: m }).toMillis();
});

export function deadlineWindow(
  now: Date,
  calendar: BusinessCalendar,
  closeOfBusiness = DEFAULT_CLOSE_OF_BUSINESS,
): DeadlineWindow {
  const day = dayAndClose(now, closeOfBusiness);
  return {
    today: day.today,
    overdueBefore: firstNotOverdue(day),
    dueToday: day.afterClose ? null : day.today,
    dueSoonThrough: calendar.addBusinessDays(day.today, DUE_SOON_BUSINESS_DAYS).date,
  };
}

/** Overdue, due today, due soon (within two business days), or nothing to flag. */
export function deadlineFlag(deadline: string | null | undefined, window: DeadlineWindow): DeadlineFlag | undefined {
  if (!deadline) return undefined;
  if (deadline < window.overdueBefore) return 'overdue';
  if (deadline === window.dueToday) return 'due_today';
  // Past the two answers above a deadline is after today: overdueBefore is today, or tomorrow after close of business.
  if (deadline <= window.dueSoonThrough) return 'due_soon';
  return undefined;
}

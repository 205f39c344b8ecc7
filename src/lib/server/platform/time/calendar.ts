/**
 * The town's business calendar as stored: closures (GCL §24 holidays and days a clerk closed or
 * reopened) and the close-of-business setting. The rules that use them are pure (deadlines.rules.ts);
 * this module only reads the data.
 */
import { eq } from 'drizzle-orm';
import { closures, settings } from '#db/schema.ts';
import type { Tx } from '#lib/server/platform/audit.ts';
import { memoUntilPublicChange, memoUntilPublicChangeAsync } from '#lib/server/platform/db.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import {
  BusinessCalendar,
  DEFAULT_CLOSE_OF_BUSINESS,
  deadlineWindow,
  HOLIDAY_RULES,
  type DeadlineWindow,
  type HolidayRules,
} from './deadlines.rules.ts';

/**
 * The business calendar with every stored closure and reopening applied, over the statute's holiday table (or
 * another table, read afresh: the one a changed §24 gives, before it is the table in use).
 */
export function loadCalendar(db: Pick<Tx, 'select'>, holidays: HolidayRules = HOLIDAY_RULES): BusinessCalendar {
  const read = () => new BusinessCalendar(db.select(CLOSURE_COLUMNS).from(closures).all(), holidays);
  if (holidays !== HOLIDAY_RULES) return read();
  // Kept until public data changes; a transaction that changed a closure reads its own write.
  return memoUntilPublicChange(db, 'calendar', read);
}

const CLOSURE_COLUMNS = { date: closures.date, name: closures.name, active: closures.active };

/** loadCalendar on the asynchronous face: the same memo, the same calendar (another holiday table is not kept). */
export function loadCalendarAsync(
  db: Pick<Db, 'select'>,
  holidays: HolidayRules = HOLIDAY_RULES,
): Promise<BusinessCalendar> {
  const read = async () => new BusinessCalendar(await db.select(CLOSURE_COLUMNS).from(closures), holidays);
  if (holidays !== HOLIDAY_RULES) return read();
  return memoUntilPublicChangeAsync(db, 'calendar', read);
}

/** Close of business (HH:MM, town time) from settings: deadlines are met by it; a request after it still counts from its day. */
export function closeOfBusiness(db: Pick<Tx, 'select'>): string {
  return closeOfBusinessFrom(
    db.select({ value: settings.value }).from(settings).where(eq(settings.key, CLOSE_OF_BUSINESS_KEY)).get(),
  );
}

/** closeOfBusiness on the asynchronous face. */
export async function closeOfBusinessAsync(db: Pick<Db, 'select'>): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, CLOSE_OF_BUSINESS_KEY));
  return closeOfBusinessFrom(row);
}

const CLOSE_OF_BUSINESS_KEY = 'close_of_business';
const closeOfBusinessFrom = (row: { value: string } | undefined) =>
  row && /^\d{2}:\d{2}$/.test(row.value) ? row.value : DEFAULT_CLOSE_OF_BUSINESS;

/**
 * The town's deadline window at `now` (today, what is overdue, due today, due soon), with the calendar it was
 * counted on: the stored closures and close of business, read once, on the asynchronous face.
 */
export async function townDeadlineWindow(db: Db, now: Date): Promise<DeadlineWindow & { calendar: BusinessCalendar }> {
  const calendar = await loadCalendarAsync(db);
  return { ...deadlineWindow(now, calendar, await closeOfBusinessAsync(db)), calendar };
}

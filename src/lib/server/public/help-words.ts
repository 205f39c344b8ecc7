/**
 * The help pages' words loaded (decision 0077; the pure part is help-words.rules.ts): the town's profile,
 * the fee schedule an invoice issued today would use, the local law's numbers, the business calendar and
 * close of business the due dates are counted with. Read by the help pages and the search index's build.
 */
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { loadLocalLawAsync } from '#lib/server/platform/local-law.ts';
import { closeOfBusinessAsync, loadCalendarAsync } from '#lib/server/platform/time/calendar.ts';
import { computeDueDate, explainDueDate, statutoryHolidayWords } from '#lib/server/platform/time/deadlines.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import { feeScheduleOn } from '#lib/server/records-requests/fee-schedules.ts';
import { helpWords, type HelpWords } from './help-words.rules.ts';

/** The worked example's request: emailed the evening before Thanksgiving 2026 (5:00 p.m. Eastern). */
const EXAMPLE_RECEIVED_AT = new Date('2026-11-25T22:00:00Z');

export async function loadHelpWords(db: Pick<Db, 'select'>, now = new Date()): Promise<HelpWords> {
  const law = await loadLocalLawAsync(db);
  const cob = await closeOfBusinessAsync(db);
  const t = await townAsync(db);
  const options = { closeOfBusiness: cob, businessDays: law.foilBusinessDays, municipality: t.profile.kind };
  const example = explainDueDate(computeDueDate(EXAMPLE_RECEIVED_AT, await loadCalendarAsync(db), options), options);
  example[0] = example[0].replace(/^Your request arrived/, 'A request emailed');
  return helpWords({
    town: t,
    fees: await feeScheduleOn(db, townToday(now)),
    law,
    holidays: statutoryHolidayWords(),
    closeOfBusiness: cob,
    dueDateExample: example,
  });
}

/**
 * The help pages' words loaded (decision 0077; the pure part is help-words.rules.ts): the town's profile,
 * the fee schedule an invoice issued today would use, the local law's numbers, the business calendar and
 * close of business the due dates are counted with. Read by the help pages and the search index's build.
 */
import type { Tx } from '#lib/server/platform/audit.ts';
import { loadLocalLaw } from '#lib/server/platform/local-law.ts';
import { closeOfBusiness, loadCalendar } from '#lib/server/platform/time/calendar.ts';
import { computeDueDate, explainDueDate, statutoryHolidayWords } from '#lib/server/platform/time/deadlines.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { town } from '#lib/server/platform/town-profile.ts';
import { feeScheduleOn } from '#lib/server/records-requests/fee-schedules.ts';
import { helpWords, type HelpWords } from './help-words.rules.ts';

/** The worked example's request: emailed the evening before Thanksgiving 2026 (5:00 p.m. Eastern). */
const EXAMPLE_RECEIVED_AT = new Date('2026-11-25T22:00:00Z');

export function loadHelpWords(db: Pick<Tx, 'select'>, now = new Date()): HelpWords {
  const law = loadLocalLaw(db);
  const cob = closeOfBusiness(db);
  const t = town(db);
  const options = { closeOfBusiness: cob, businessDays: law.foilBusinessDays, municipality: t.profile.kind };
  const example = explainDueDate(computeDueDate(EXAMPLE_RECEIVED_AT, loadCalendar(db), options), options);
  example[0] = example[0].replace(/^Your request arrived/, 'A request emailed');
  return helpWords({
    town: t,
    fees: feeScheduleOn(db, townToday(now)),
    law,
    holidays: statutoryHolidayWords(),
    closeOfBusiness: cob,
    dueDateExample: example,
  });
}

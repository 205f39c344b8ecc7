/**
 * `npm run --silent due-date -- <ISO-8601 instant> [--closed YYYY-MM-DD]... [--open YYYY-MM-DD]... [--close-of-business HH:MM]`
 *
 * Prints the statutory due date of a records request received at that instant as YYYY-MM-DD on the first
 * line, then how it was counted. Same module as the portal (src/lib/server/platform/time/deadlines.rules.ts): weekends, the
 * GCL §24 holidays (Sunday holidays observed Monday), close of business 16:30, plus the listed closures
 * (--closed) and reopened days (--open). An instant without an offset is read as Rotterdam local time.
 */
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { TOWN_TIME_ZONE } from '#lib/server/platform/config.ts';
import {
  BusinessCalendar,
  DEFAULT_CLOSE_OF_BUSINESS,
  computeDueDate,
  explainDueDate,
} from '#lib/server/platform/time/deadlines.rules.ts';

const usage =
  'Usage: npm run --silent due-date -- <ISO-8601 instant> [--closed YYYY-MM-DD]... [--open YYYY-MM-DD]... [--close-of-business HH:MM]';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      closed: { type: 'string', multiple: true, default: [] },
      open: { type: 'string', multiple: true, default: [] },
      'close-of-business': { type: 'string', default: DEFAULT_CLOSE_OF_BUSINESS },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length !== 1) {
  console.error(usage);
  process.exit(2);
}
const instant = DateTime.fromISO(positionals[0], { zone: TOWN_TIME_ZONE });
if (!instant.isValid) {
  console.error(`Not an ISO-8601 date and time: "${positionals[0]}" (for example 2026-11-25T17:00:00-05:00).`);
  process.exit(2);
}
const isDay = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && DateTime.fromISO(d).isValid;
for (const d of [...values.closed, ...values.open]) {
  if (!isDay(d)) {
    console.error(`Not a date: "${d}" (use YYYY-MM-DD).`);
    process.exit(2);
  }
}
if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(values['close-of-business'])) {
  console.error(`Not a time: "${values['close-of-business']}" (use HH:MM).`);
  process.exit(2);
}
const calendar = new BusinessCalendar([
  ...values.closed.map((date) => ({ date, name: 'Closure (--closed)', active: true })),
  ...values.open.map((date) => ({ date, name: 'Reopened (--open)', active: false })),
]);
const options = { closeOfBusiness: values['close-of-business'] };
const due = computeDueDate(instant.toJSDate(), calendar, options);
console.log(due.dueOn);
for (const line of explainDueDate(due, options)) console.log(line);

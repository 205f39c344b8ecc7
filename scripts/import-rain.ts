/**
 * `npm run import-rain -- file.csv`: import daily precipitation for a station from a NOAA file into the
 * storm events (DATA_DIR, default data/; or DATABASE_PATH). Each event of 0.5 in. or more obliges a
 * post-storm inspection at every site under construction; operators are emailed if the 24 hours have
 * not yet run out.
 *
 *   npm run import-rain -- daily.csv                         a Climate Data Online CSV in inches (standard units)
 *   npm run import-rain -- daily.csv --units metric          a CDO CSV ordered in metric units (PRCP in mm)
 *   npm run import-rain -- USW00014735.csv                   a GHCN-Daily by-station CSV (PRCP in tenths of mm)
 *   npm run import-rain -- daily.csv --station USW00014735   choose one station when the file has several
 *   npm run import-rain -- daily.csv --dry-run               show what would be imported
 *
 * Importing the same file again adds nothing (events are matched by station and end).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '#lib/server/platform/config.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { RainFileError, groupRainEvents, readDailyPrecip, stationsIn } from '#lib/server/filings/rain-csv.ts';
import { importRainEvents } from '#lib/server/filings/storms.ts';
import { formatInstant } from '#lib/shared/format.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    station: { type: 'string' },
    units: { type: 'string', default: 'standard' },
    min: { type: 'string', default: '0.1' },
    'dry-run': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (args.help || positionals.length !== 1) {
  console.log(
    'Usage: npm run import-rain -- <file.csv> [--station ID] [--units standard|metric] [--min 0.1] [--dry-run]',
  );
  process.exit(args.help ? 0 : 2);
}
if (args.units !== 'standard' && args.units !== 'metric') {
  console.error('--units must be "standard" (inches) or "metric" (millimetres).');
  process.exit(2);
}

let parsed;
try {
  parsed = readDailyPrecip(fs.readFileSync(positionals[0], 'utf8'), args.units === 'metric' ? 'mm' : 'inches');
} catch (err) {
  console.error(
    err instanceof RainFileError ? err.message : `Could not read ${positionals[0]}: ${(err as Error).message}`,
  );
  process.exit(1);
}
const stations = stationsIn(parsed.days);
let days = parsed.days;
if (args.station) {
  days = days.filter((d) => d.station === args.station);
  if (!days.length) {
    console.error(
      `No precipitation for station ${args.station} in the file. Stations found: ${stations.map((s) => s.station).join(', ') || 'none'}.`,
    );
    process.exit(1);
  }
} else if (stations.length > 1) {
  console.error(
    `The file has ${stations.length} stations; choose one with --station:\n${stations.map((s) => `  ${s.station}${s.name ? `  ${s.name}` : ''}  (${s.days} days)`).join('\n')}`,
  );
  process.exit(1);
}
const events = groupRainEvents(days, Number(args.min));
const format =
  parsed.format === 'cdo'
    ? `Climate Data Online CSV, PRCP in ${args.units === 'metric' ? 'millimetres' : 'inches'}`
    : 'GHCN-Daily by-station CSV, PRCP in tenths of a millimetre';
console.log(
  `${positionals[0]}: ${format}; ${days.length} days with a PRCP value; ${events.length} rain events of ${args.min} in. or more.`,
);
for (const e of events.filter((x) => x.inches >= 0.5))
  console.log(
    `  ${e.inches.toFixed(2)} in. ${e.startedOn === e.endedOn ? e.endedOn : `${e.startedOn} to ${e.endedOn}`}, ended by ${formatInstant(e.endedAt)}`,
  );
if (args['dry-run']) process.exit(0);

const cfg = loadConfig();
const db = openDatabase(cfg.databasePath);
migrateDatabase(db);
const result = await importRainEvents(asyncOf(db), events, { label: 'system' });
db.$client.close();
console.log(
  `Imported ${result.added} events (${result.postStorm} of half an inch or more); ${result.skipped} were already imported.${result.notified ? ` ${result.notified} operators emailed about post-storm inspections now due.` : ''}`,
);

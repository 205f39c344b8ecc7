/**
 * Reading daily precipitation from NOAA files into rain events. Pure: text in, events out.
 *
 * Two formats are accepted:
 * - Climate Data Online (CDO) "Daily Summaries" CSV, with a header row such as
 *   "STATION","NAME","DATE","PRCP",… (DATE as YYYY-MM-DD). CDO writes PRCP in the units the person
 *   ordering chose: inches ("standard", the default for US orders) or millimetres ("metric").
 * - GHCN-Daily by-station CSV (no header): ID,YYYYMMDD,ELEMENT,DATA VALUE,M-FLAG,Q-FLAG,S-FLAG,OBS-TIME,
 *   where PRCP is in tenths of a millimetre; a value with a Q-flag failed NOAA's quality checks and is
 *   skipped, as is the missing value -9999.
 *
 * A daily total says how much fell, not when it stopped. The event's end is taken as the end of the
 * observation day: the observation time when the file gives one (the total covers the 24 hours before
 * it), otherwise midnight at the end of the date. That is the latest the rain can have ended, so the
 * 24-hour post-storm clock is never started early. Consecutive days with rain are one event.
 */

import { addDays } from '#lib/shared/days.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';

export type PrecipUnits = 'inches' | 'mm';

export interface DailyPrecip {
  station: string;
  name?: string;
  /** Local date, YYYY-MM-DD. */
  date: string;
  inches: number;
  /** HHMM local observation time, if the file gives one. */
  obsTime?: string;
}

export interface RainEvent {
  station: string;
  gauge: string;
  startedOn: string;
  endedOn: string;
  endedAt: Date;
  inches: number;
}

export class RainFileError extends Error {}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
  }
  return rows;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Daily totals from either format. `units` applies to CDO files only (GHCN-Daily is always tenths of mm). */
export function readDailyPrecip(
  text: string,
  units: PrecipUnits = 'inches',
): { format: 'cdo' | 'ghcnd'; days: DailyPrecip[] } {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!rows.length) throw new RainFileError('The file is empty.');
  const header = rows[0].map((h) => h.trim().toUpperCase());
  if (header.includes('DATE') && header.includes('PRCP')) {
    const col = (name: string) => header.indexOf(name);
    const [iStation, iName, iDate, iPrcp] = [col('STATION'), col('NAME'), col('DATE'), col('PRCP')];
    const days: DailyPrecip[] = [];
    rows.slice(1).forEach((r, n) => {
      const raw = (r[iPrcp] ?? '').trim();
      if (raw === '') return;
      const value = Number(raw);
      const date = (r[iDate] ?? '').trim();
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !Number.isFinite(value))
        throw new RainFileError(
          `Line ${n + 2}: expected a date like 2026-05-04 and a number for PRCP, found “${date}” and “${raw}”.`,
        );
      if (value < 0) return;
      days.push({
        station: iStation >= 0 ? r[iStation].trim() : 'unknown',
        name: iName >= 0 ? r[iName]?.trim() : undefined,
        date,
        inches: round2(units === 'mm' ? value / 25.4 : value),
      });
    });
    return { format: 'cdo', days };
  }
  // GHCN-Daily by-station: no header, the element in the third column.
  if (rows[0].length >= 4 && /^\d{8}$/.test(rows[0][1]?.trim() ?? '')) {
    const days: DailyPrecip[] = [];
    rows.forEach((r, n) => {
      const [id, ymd, element, value, , qflag, , obs] = r.map((x) => (x ?? '').trim());
      if (element !== 'PRCP') return;
      if (!/^\d{8}$/.test(ymd) || !/^-?\d+$/.test(value))
        throw new RainFileError(`Line ${n + 1}: expected YYYYMMDD and a whole number, found “${ymd}” and “${value}”.`);
      const tenthsMm = Number(value);
      if (tenthsMm === -9999 || qflag) return;
      days.push({
        station: id,
        date: `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`,
        inches: round2(tenthsMm / 254),
        obsTime: /^\d{4}$/.test(obs ?? '') ? obs : undefined,
      });
    });
    return { format: 'ghcnd', days };
  }
  throw new RainFileError(
    'This is not a NOAA daily precipitation file: expected a Climate Data Online CSV with DATE and PRCP columns, or a GHCN-Daily by-station CSV.',
  );
}

/** The instant a day's observation period ends: its observation time, or midnight at the end of the day. */
function endOfObservation(date: string, obsTime?: string): Date {
  if (obsTime && obsTime !== '2400' && obsTime !== '0000')
    return townInstant(date, `${obsTime.slice(0, 2)}:${obsTime.slice(2, 4)}`);
  return townInstant(addDays(date, 1), '00:00');
}

/** Consecutive days with rain at one station become one event; events under `minInches` are dropped. */
export function groupRainEvents(days: DailyPrecip[], minInches = 0.1): RainEvent[] {
  const byStation = new Map<string, DailyPrecip[]>();
  for (const d of days) {
    const list = byStation.get(d.station) ?? [];
    list.push(d);
    byStation.set(d.station, list);
  }
  const events: RainEvent[] = [];
  for (const [station, list] of byStation) {
    list.sort((a, b) => a.date.localeCompare(b.date));
    let current: { start: DailyPrecip; last: DailyPrecip; inches: number } | undefined;
    const flush = () => {
      if (current && current.inches >= minInches) {
        const gauge = current.start.name ? `${current.start.name} (${station})` : `NOAA station ${station}`;
        events.push({
          station,
          gauge,
          startedOn: current.start.date,
          endedOn: current.last.date,
          endedAt: endOfObservation(current.last.date, current.last.obsTime),
          inches: round2(current.inches),
        });
      }
      current = undefined;
    };
    for (const d of list) {
      if (d.inches <= 0) {
        flush();
        continue;
      }
      if (current && addDays(current.last.date, 1) === d.date) {
        current.last = d;
        current.inches += d.inches;
      } else {
        flush();
        current = { start: d, last: d, inches: d.inches };
      }
    }
    flush();
  }
  return events.sort((a, b) => a.endedAt.getTime() - b.endedAt.getTime());
}

/** The stations in a file, for choosing one. */
export function stationsIn(days: DailyPrecip[]): Array<{ station: string; name?: string; days: number }> {
  const out = new Map<string, { station: string; name?: string; days: number }>();
  for (const d of days) {
    const s = out.get(d.station) ?? { station: d.station, name: d.name, days: 0 };
    s.days++;
    out.set(d.station, s);
  }
  return [...out.values()];
}

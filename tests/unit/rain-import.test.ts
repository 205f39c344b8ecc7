/**
 * Reading NOAA daily precipitation into rain events: Climate Data Online CSV (inches or millimetres, as
 * ordered) and GHCN-Daily by-station CSV (tenths of a millimetre, quality flags, observation times).
 */
import { describe, expect, it } from 'vitest';
import { RainFileError, groupRainEvents, parseCsv, readDailyPrecip, stationsIn } from '#lib/server/filings/rain-csv.ts';

const CDO = `"STATION","NAME","DATE","PRCP","SNOW"
"USW00014735","ALBANY INTERNATIONAL AIRPORT, NY US","2026-05-10","0.00","0.0"
"USW00014735","ALBANY INTERNATIONAL AIRPORT, NY US","2026-05-11","0.31","0.0"
"USW00014735","ALBANY INTERNATIONAL AIRPORT, NY US","2026-05-12","0.42","0.0"
"USW00014735","ALBANY INTERNATIONAL AIRPORT, NY US","2026-05-13","0.00","0.0"
"USW00014735","ALBANY INTERNATIONAL AIRPORT, NY US","2026-05-20","0.05",""
"USW00014735","ALBANY INTERNATIONAL AIRPORT, NY US","2026-05-25","",""
"USW00014735","ALBANY INTERNATIONAL AIRPORT, NY US","2026-05-28","1.20",""
`;

describe('CSV', () => {
  it('handles quoted fields with commas, doubled quotes and CRLF line ends', () => {
    expect(parseCsv('"a","b, c","say ""hi"""\r\n1,2,3\r\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
  });
});

describe('Climate Data Online daily summaries', () => {
  it('reads PRCP in inches (standard units), skipping blank values', () => {
    const { format, days } = readDailyPrecip(CDO);
    expect(format).toBe('cdo');
    expect(days.map((d) => [d.date, d.inches])).toEqual([
      ['2026-05-10', 0],
      ['2026-05-11', 0.31],
      ['2026-05-12', 0.42],
      ['2026-05-13', 0],
      ['2026-05-20', 0.05],
      ['2026-05-28', 1.2],
    ]);
    expect(stationsIn(days)).toEqual([
      { station: 'USW00014735', name: 'ALBANY INTERNATIONAL AIRPORT, NY US', days: 6 },
    ]);
  });

  it('converts millimetres when the order was in metric units', () => {
    const { days } = readDailyPrecip('"STATION","DATE","PRCP"\n"USC00300063","2026-05-11","12.7"\n', 'mm');
    expect(days[0].inches).toBe(0.5);
  });

  it('joins consecutive rainy days into one event ending at the end of the last day, and drops drizzle', () => {
    const events = groupRainEvents(readDailyPrecip(CDO).days);
    expect(
      events.map((e) => ({
        startedOn: e.startedOn,
        endedOn: e.endedOn,
        inches: e.inches,
        endedAt: e.endedAt.toISOString(),
      })),
    ).toEqual([
      // 0.31 + 0.42 over May 11-12: one 0.73 in. storm; midnight EDT ending the 12th is 04:00 UTC on the 13th.
      { startedOn: '2026-05-11', endedOn: '2026-05-12', inches: 0.73, endedAt: '2026-05-13T04:00:00.000Z' },
      { startedOn: '2026-05-28', endedOn: '2026-05-28', inches: 1.2, endedAt: '2026-05-29T04:00:00.000Z' },
    ]);
    expect(events[0].gauge).toBe('ALBANY INTERNATIONAL AIRPORT, NY US (USW00014735)');
  });

  it('refuses a file that is not daily precipitation, and a bad line with its number', () => {
    expect(() => readDailyPrecip('name,amount\nx,1\n')).toThrow(RainFileError);
    expect(() => readDailyPrecip('"STATION","DATE","PRCP"\n"X","05/11/2026","0.3"\n')).toThrow(/Line 2/);
  });
});

describe('GHCN-Daily by-station CSV', () => {
  const GHCN = [
    'USC00307484,20260511,PRCP,127,,,7,0700',
    'USC00307484,20260511,TMAX,211,,,7,0700',
    'USC00307484,20260512,PRCP,64,,,7,0700',
    'USC00307484,20260513,PRCP,0,,,7,0700',
    'USC00307484,20260514,PRCP,300,,I,7,0700',
    'USC00307484,20260515,PRCP,-9999,,,7,0700',
    'USC00307484,20260520,PRCP,254,,,7,',
  ].join('\n');

  it('reads tenths of a millimetre, skips values that failed quality checks or are missing', () => {
    const { format, days } = readDailyPrecip(GHCN);
    expect(format).toBe('ghcnd');
    expect(days.map((d) => [d.date, d.inches, d.obsTime])).toEqual([
      ['2026-05-11', 0.5, '0700'],
      ['2026-05-12', 0.25, '0700'],
      ['2026-05-13', 0, '0700'],
      ['2026-05-20', 1, undefined],
    ]);
  });

  it('ends an event at the observation time when the file gives one', () => {
    const events = groupRainEvents(readDailyPrecip(GHCN).days);
    expect(events.map((e) => [e.inches, e.endedAt.toISOString()])).toEqual([
      [0.75, '2026-05-12T11:00:00.000Z'],
      [1, '2026-05-21T04:00:00.000Z'],
    ]);
  });
});

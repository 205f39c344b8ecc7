/** The town's calendar day of an instant, at the edges: local midnight, DST changes, any order of calls. */
import { describe, expect, it } from 'vitest';
import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';

describe('townToday', () => {
  it.each([
    ['2026-11-30T04:59:59.999Z', '2026-11-29'], // 23:59:59.999 EST
    ['2026-11-30T05:00:00.000Z', '2026-11-30'], // midnight EST
    ['2026-07-01T03:59:59.999Z', '2026-06-30'], // 23:59:59.999 EDT
    ['2026-07-01T04:00:00.000Z', '2026-07-01'], // midnight EDT
    ['2026-03-08T06:59:59.000Z', '2026-03-08'], // 01:59:59 EST, just before clocks spring forward
    ['2026-03-08T07:00:00.000Z', '2026-03-08'], // 03:00 EDT
    ['2026-03-09T03:59:59.999Z', '2026-03-08'], // the 23-hour day's last instant
    ['2026-03-09T04:00:00.000Z', '2026-03-09'],
    ['2026-11-01T05:30:00.000Z', '2026-11-01'], // 01:30 EDT, the first of two
    ['2026-11-01T06:30:00.000Z', '2026-11-01'], // 01:30 EST, the second
    ['2026-11-02T04:59:59.999Z', '2026-11-01'], // the 25-hour day's last instant
    ['2026-11-02T05:00:00.000Z', '2026-11-02'],
    ['2027-01-01T04:59:59.999Z', '2026-12-31'],
    ['2027-01-01T05:00:00.000Z', '2027-01-01'],
  ])('%s is %s in Rotterdam', (instant, day) => {
    expect(townToday(new Date(instant))).toBe(day);
  });

  it('answers the same whatever was asked before (the remembered day never leaks)', () => {
    const instants = [
      '2026-11-01T05:30:00Z',
      '2026-03-08T06:59:59Z',
      '2026-11-02T04:59:59.999Z',
      '2026-11-01T03:59:59.999Z',
      '2026-11-02T05:00:00Z',
    ];
    const fresh = instants.map((i) => townToday(new Date(i)));
    for (let round = 0; round < 3; round++) {
      for (const [k, i] of [...instants.entries()].reverse()) expect(townToday(new Date(i))).toBe(fresh[k]);
    }
    expect(fresh).toEqual(['2026-11-01', '2026-03-08', '2026-11-01', '2026-10-31', '2026-11-02']);
  });

  it('agrees with townInstant for every local midnight of a year', () => {
    for (let d = new Date(Date.UTC(2026, 0, 1)); d.getUTCFullYear() === 2026; d.setUTCDate(d.getUTCDate() + 1)) {
      const day = d.toISOString().slice(0, 10);
      const midnight = townInstant(day);
      expect(townToday(midnight)).toBe(day);
      expect(townToday(new Date(midnight.getTime() - 1))).not.toBe(day);
    }
  });
});

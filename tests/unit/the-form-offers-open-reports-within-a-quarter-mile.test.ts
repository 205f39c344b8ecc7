/**
 * "Is it one of these?" on the report form (site-reports/report.rules.ts, openReportsNear): the reports a
 * resident may be about to send again are the open, visible ones within a quarter mile of the pin, inclusive at
 * the edge, nearest first, five at most; and /reports/nearby.json takes one latitude and one longitude in
 * decimal degrees, nothing else (public/nearby-reports.ts, parseNearbyQuery).
 */
import { describe, expect, it } from 'vitest';
import { SITE_REPORT_STATUSES, type SiteReportStatus } from '#db/enums.ts';
import {
  isOpen,
  MATCH_MILES,
  NEARBY_LIMIT,
  NEARBY_MILES,
  openReportsNear,
} from '#lib/server/site-reports/report.rules.ts';
import { parseNearbyQuery } from '#lib/server/public/nearby-reports.ts';
import { destinationPoint, type Point } from '#lib/shared/geo.ts';

const PIN: Point = { latitude: 42.7902, longitude: -73.9655 };

function report(id: number, miles: number, status: SiteReportStatus = 'received', hidden = false) {
  return { id, status, hidden, ...destinationPoint(PIN, (id * 47) % 360, miles) };
}
const ids = (found: Array<{ item: { id: number } }>) => found.map((n) => n.item.id);

describe('open reports near the pin', () => {
  it('looks as far as a report is matched to a site: a quarter mile', () => {
    expect(NEARBY_MILES).toBe(MATCH_MILES);
    expect(NEARBY_MILES).toBe(0.25);
    expect(NEARBY_LIMIT).toBe(5);
  });

  it('keeps the open ones within a quarter mile, the edge included, and leaves out those further', () => {
    const found = openReportsNear(PIN, [report(1, 0.1), report(2, 0.25), report(3, 0.26), report(4, 3)]);
    expect(ids(found)).toEqual([1, 2]);
    expect(found[0].words).toMatch(/feet|mile/);
  });

  it.each(SITE_REPORT_STATUSES.map((s) => [s, isOpen(s)] as const))('a report that is %s is offered: %s', (s, open) =>
    expect(ids(openReportsNear(PIN, [report(1, 0.05, s)]))).toEqual(open ? [1] : []),
  );

  it('never offers a hidden report, however close and open', () => {
    expect(openReportsNear(PIN, [report(1, 0, 'received', true), report(2, 0.2)]).map((n) => n.item.id)).toEqual([2]);
  });

  it('lists the nearest first, and five at most (or the limit asked)', () => {
    const many = [0.24, 0.02, 0.2, 0.11, 0.05, 0.15, 0.08].map((m, i) => report(i + 1, m));
    expect(ids(openReportsNear(PIN, many))).toEqual([2, 5, 7, 4, 6]);
    expect(ids(openReportsNear(PIN, many, 2))).toEqual([2, 5]);
    expect(openReportsNear(PIN, many, -1)).toEqual([]);
  });

  it('asks nothing of a place that is not on the Earth', () => {
    expect(openReportsNear({ latitude: 91, longitude: 0 }, [report(1, 0)])).toEqual([]);
    expect(openReportsNear({ latitude: Number.NaN, longitude: 0 }, [report(1, 0)])).toEqual([]);
  });
});

describe('/reports/nearby.json takes one point in decimal degrees', () => {
  const parse = (q: string) => parseNearbyQuery(new URLSearchParams(q));

  it.each(['lat=42.7902&lon=-73.9655', 'lat=42&lon=-74', 'lat=-90&lon=180', 'lat=42.790212345678901&lon=-73.1'])(
    '%s is a point',
    (q) => expect(parse(q).ok).toBe(true),
  );

  it.each([
    '',
    'lat=42.79',
    'lon=-73.96',
    'lat=&lon=',
    'lat=91&lon=0',
    'lat=0&lon=181',
    'lat=1e1&lon=2',
    'lat=0x10&lon=2',
    'lat=Infinity&lon=0',
    'lat=NaN&lon=0',
    'lat=42.79abc&lon=-73.96',
    'lat= 42.79&lon=-73.96',
    'lat=42.79&lat=42.80&lon=-73.96',
    `lat=${'4'.repeat(400)}&lon=1`,
  ])('%s is refused in words', (q) => {
    const parsed = parse(q);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain('decimal degrees');
  });
});

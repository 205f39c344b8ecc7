/**
 * An operator company across its sites: one company is one name compared without case, punctuation or a
 * trailing legal form; its trend counts findings by the month they began; its totals count what is open today
 * and what began in the last twelve months.
 */
import { describe, expect, it } from 'vitest';
import {
  companyKey,
  companySlug,
  companyTotals,
  displayName,
  findingsByMonth,
} from '#lib/server/public/operator-companies.rules.ts';

describe('one company, however the NOI records write it', () => {
  it('ignores case, punctuation and a trailing legal form', () => {
    expect(companyKey('Gregg Hollow Builders, LLC')).toBe('gregg hollow builders');
    expect(companyKey('GREGG HOLLOW BUILDERS L.L.C.')).toBe('gregg hollow builders');
    expect(companyKey('Gregg Hollow Builders Inc')).toBe('gregg hollow builders');
    expect(companyKey('Sunrise Senior Living Partners, LP')).toBe('sunrise senior living partners');
    expect(companyKey('Smith & Sons Co.')).toBe('smith and sons');
  });

  it('keeps a legal word inside the name, and a name that is only one', () => {
    expect(companyKey('Inc Fence Company Yard')).toBe('inc fence company yard');
    expect(companyKey('LLC')).toBe('llc');
    expect(companyKey(' , ')).toBe('');
  });

  it('gives the page an address from the name', () => {
    expect(companySlug('Gregg Hollow Builders, LLC')).toBe('gregg-hollow-builders');
    expect(companySlug('Town of Rotterdam Department of Public Works')).toBe(
      'town-of-rotterdam-department-of-public-works',
    );
  });

  it('shows the spelling most sites use', () => {
    expect(displayName(['B Co, LLC', 'B Co LLC', 'B Co LLC '])).toBe('B Co LLC');
    expect(displayName(['Zed LLC', 'Alpha LLC'])).toBe('Alpha LLC');
  });
});

describe('the record in numbers', () => {
  const findings = [
    { rule: 'summary-late', status: 'resolved' as const, from: '2026-11-11' },
    { rule: 'routine-gap', status: 'open' as const, from: '2026-11-20' },
    { rule: 'summary-missing', status: 'open' as const, from: '2026-01-11' },
    { rule: 'post-storm', status: 'resolved' as const, from: '2025-12-05' },
    { rule: 'post-storm', status: 'resolved' as const, from: '2025-12-04' },
  ];

  it('counts findings by the month they began, the last twelve months, oldest first', () => {
    const trend = findingsByMonth(findings, '2026-12-05');
    expect(trend).toHaveLength(12);
    expect(trend[0].month).toBe('2026-01');
    expect(trend.at(-1)).toEqual({ month: '2026-12', findings: 0, lateFilings: 0 });
    expect(trend.find((m) => m.month === '2026-11')).toEqual({ month: '2026-11', findings: 2, lateFilings: 1 });
    expect(trend.find((m) => m.month === '2026-01')).toEqual({ month: '2026-01', findings: 1, lateFilings: 1 });
    expect(findingsByMonth([], '2026-01-31', 2).map((m) => m.month)).toEqual(['2025-12', '2026-01']);
  });

  it('totals what is open today and what began in the last twelve months', () => {
    expect(
      companyTotals(
        [{ underWay: true }, { underWay: false }],
        findings,
        [{ inForce: true }, { inForce: false }],
        '2026-12-05',
      ),
    ).toEqual({
      sites: 2,
      sitesUnderWay: 1,
      openFindings: 2,
      findingsLastYear: 3,
      lateFilingsLastYear: 2,
      enforcementInForce: 1,
      enforcementAll: 2,
    });
  });
});

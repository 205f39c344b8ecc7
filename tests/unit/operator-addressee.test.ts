/**
 * Whom a records request goes to by default (addressee.rules.ts): the one that holds what was asked for, so the
 * requester gets it soonest — the Town for what is on file with it (at once, when it is online), the site's
 * operator (ordinance L(4)) for reports newer than the latest filed and for a SWPPP the Town does not have.
 */
import { describe, expect, it } from 'vitest';
import { defaultAddressee, type AddresseeFacts } from '#lib/server/operator-requests/addressee.rules.ts';
import { operatorOnTimeRows, UNNAMED_OPERATOR } from '#lib/server/operator-requests/statistics.ts';
import { copiesReleased } from '#lib/server/operator-requests/tracking.ts';

const onFile: AddresseeFacts = { swpppOnFile: true, swpppOnline: false, latestReportOn: '2026-11-20' };

describe('the default addressee is the one holding what was asked for', () => {
  it('reports after the latest one filed with the Town go to the operator, saying up to which day the Town holds them', () => {
    const c = defaultAddressee({ wantsSwppp: false, reportsFrom: '2026-11-01', reportsTo: '2026-11-21' }, onFile);
    expect(c).toEqual({
      addressee: 'operator',
      reason:
        'Inspection reports after November 20, 2026, the latest filed with the Town, are held only by the operator, who must make them available within five business days.',
    });
  });

  it('reports up to the very day of the latest filed one go to the Town (the boundary is inclusive)', () => {
    const c = defaultAddressee({ wantsSwppp: false, reportsFrom: '2026-11-01', reportsTo: '2026-11-20' }, onFile);
    expect(c.addressee).toBe('town');
    expect(c.reason).toBe(
      'Everything you asked for is on file with the Town, which must answer within five business days.',
    );
  });

  it('only a first date, after the latest filed report, goes to the operator', () => {
    expect(defaultAddressee({ wantsSwppp: false, reportsFrom: '2026-11-21' }, onFile).addressee).toBe('operator');
    expect(defaultAddressee({ wantsSwppp: false, reportsFrom: '2026-11-20' }, onFile).addressee).toBe('town');
  });

  it('reports when none is on file with the Town go to the operator', () => {
    const c = defaultAddressee(
      { wantsSwppp: false, reportsFrom: '2025-01-01', reportsTo: '2025-02-01' },
      { ...onFile, latestReportOn: null },
    );
    expect(c).toEqual({
      addressee: 'operator',
      reason:
        'No inspection reports are on file with the Town for this project: the operator holds them and must make them available within five business days.',
    });
  });

  it('a SWPPP the Town does not hold goes to the operator, who keeps it at the site', () => {
    const c = defaultAddressee({ wantsSwppp: true }, { ...onFile, swpppOnFile: false });
    expect(c).toEqual({
      addressee: 'operator',
      reason:
        'The Town has no SWPPP on file for this project: the operator must keep it at the site and make it available within five business days.',
    });
  });

  it('a SWPPP already online: the Town, and the requester is told to download it at once', () => {
    const c = defaultAddressee({ wantsSwppp: true }, { ...onFile, swpppOnline: true });
    expect(c).toEqual({
      addressee: 'town',
      reason: 'The SWPPP is already online: download it at once from the project page, or ask the Town for copies.',
    });
  });

  it('a SWPPP online asked together with filed reports or other records: the Town, without the download sentence', () => {
    const online = { ...onFile, swpppOnline: true };
    expect(
      defaultAddressee({ wantsSwppp: true, reportsFrom: '2026-10-01', reportsTo: '2026-10-31' }, online).reason,
    ).toMatch(/^Everything you asked for/);
    expect(defaultAddressee({ wantsSwppp: true, description: 'review letters' }, online).reason).toMatch(
      /^Everything you asked for/,
    );
  });

  it('a SWPPP on file but not online, and records in words only: the Town, which must answer in five business days', () => {
    const everything = {
      addressee: 'town',
      reason: 'Everything you asked for is on file with the Town, which must answer within five business days.',
    };
    expect(defaultAddressee({ wantsSwppp: true }, onFile)).toEqual(everything);
    expect(defaultAddressee({ wantsSwppp: false, description: 'the engineer’s letters' }, onFile)).toEqual(everything);
    expect(
      defaultAddressee({ wantsSwppp: false, description: 'the engineer’s letters' }, { ...onFile, swpppOnline: true }),
    ).toEqual(everything);
  });

  it('a SWPPP online with blank words beside it: still the download at once', () => {
    expect(defaultAddressee({ wantsSwppp: true, description: '   ' }, { ...onFile, swpppOnline: true }).reason).toMatch(
      /^The SWPPP is already online/,
    );
  });

  it('nothing ticked and no words (the description left out): nothing asked yet', () => {
    expect(defaultAddressee({ wantsSwppp: false }, onFile).reason).toMatch(
      /^The Town holds this project’s SWPPP and the inspection reports filed up to/,
    );
  });

  it('nothing asked yet: the Town when it holds the SWPPP, naming the latest filed report', () => {
    expect(defaultAddressee(null, onFile)).toEqual({
      addressee: 'town',
      reason:
        'The Town holds this project’s SWPPP and the inspection reports filed up to November 20, 2026; ask the operator for anything newer.',
    });
    expect(defaultAddressee({ wantsSwppp: false, description: '   ' }, { ...onFile, latestReportOn: null })).toEqual({
      addressee: 'town',
      reason:
        'The Town holds this project’s SWPPP; ask the operator for inspection reports, which are not on file with the Town.',
    });
  });

  it('nothing asked yet and no SWPPP on file: the operator', () => {
    expect(
      defaultAddressee(undefined, { swpppOnFile: false, swpppOnline: false, latestReportOn: '2026-11-20' }).addressee,
    ).toBe('operator');
  });
});

describe('on-time rates per operator count an answer as the Town’s are counted', () => {
  const base = {
    status: 'fulfilled' as const,
    dueOn: '2026-11-10',
    answeredOn: null,
    availableOn: null,
    withdrawnOn: null,
  };
  it('on time, late, missed, open and withdrawn, grouped by operator, most requests first', () => {
    const rows = operatorOnTimeRows(
      [
        { ...base, operator: 'Acme Builders', answeredOn: '2026-11-09' },
        { ...base, operator: 'Acme Builders', answeredOn: '2026-11-10' },
        { ...base, operator: 'Acme Builders', answeredOn: '2026-11-11' },
        { ...base, operator: 'Acme Builders', status: 'received' },
        { ...base, operator: 'Zeta Homes', status: 'received', dueOn: '2026-12-31' },
        { ...base, operator: 'Zeta Homes', status: 'withdrawn', withdrawnOn: '2026-11-05' },
        { ...base, operator: null, answeredOn: '2026-11-01', availableOn: '2026-11-12' },
      ],
      '2026-12-01',
    );
    expect(rows).toEqual([
      {
        who: 'Acme Builders',
        kind: 'operator',
        received: 4,
        answered: 3,
        answeredOnTime: 2,
        onTimePercent: 50,
        notAnsweredInTime: 2,
        open: 0,
        withdrawn: 0,
      },
      {
        who: 'Zeta Homes',
        kind: 'operator',
        received: 2,
        answered: 0,
        answeredOnTime: 0,
        onTimePercent: null,
        notAnsweredInTime: 0,
        open: 1,
        withdrawn: 1,
      },
      {
        who: UNNAMED_OPERATOR,
        kind: 'operator',
        received: 1,
        answered: 1,
        answeredOnTime: 0,
        onTimePercent: 0,
        notAnsweredInTime: 1,
        open: 0,
        withdrawn: 0,
      },
    ]);
  });

  it('a blank company name counts as not named', () => {
    expect(operatorOnTimeRows([{ ...base, operator: '  ' }], '2026-11-01').map((r) => r.who)).toEqual([
      UNNAMED_OPERATOR,
    ]);
  });

  it('operators with as many requests are listed by name', () => {
    const rows = operatorOnTimeRows(
      [
        { ...base, operator: 'B Co' },
        { ...base, operator: 'A Co' },
      ],
      '2026-11-01',
    );
    expect(rows.map((r) => r.who)).toEqual(['A Co', 'B Co']);
  });
});

describe('the operator’s copies are released to the requester only when nothing is owed', () => {
  it('no bill, a zero bill, or a paid bill: released; an unpaid bill: held', () => {
    expect(copiesReleased({ billTotalCents: null, paidOn: null })).toBe(true);
    expect(copiesReleased({ billTotalCents: 0, paidOn: null })).toBe(true);
    expect(copiesReleased({ billTotalCents: 250, paidOn: '2026-11-12' })).toBe(true);
    expect(copiesReleased({ billTotalCents: 250, paidOn: null })).toBe(false);
  });
});

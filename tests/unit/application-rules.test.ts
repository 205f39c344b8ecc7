/**
 * An application filed online: the project record it registers (in review; the officer's fields empty), the checks
 * across its fields, the clerk's check in words and its refusals, and the invoice's sums.
 */
import { describe, expect, it } from 'vitest';
import {
  applicationProblems,
  intakeRefusal,
  intakeWords,
  invoiceTotals,
  projectRecordOf,
  type ApplicationFacts,
} from '#lib/server/applications/application.rules.ts';

const FACTS: ApplicationFacts = {
  name: 'Hillside Drive Duplexes',
  description: 'Four duplexes.',
  siteAddress: '140 Hillside Drive',
  zip: '12306',
  taxMapParcels: null,
  kind: 'minor',
  totalSiteAcres: 3.1,
  disturbedAcres: 1.8,
  plannedStartOn: '2027-04-01',
  plannedCompletionOn: null,
  spdesPermitId: null,
  noiReceivedOn: null,
  companyName: 'Hillside Drive Partners LLC',
  contactName: 'Sam Whitaker',
  phone: null,
  swpppDate: '2026-12-01',
};

describe('the project record an application registers', () => {
  it('is in review with the application’s facts, and leaves the officer’s own fields empty', () => {
    const r = projectRecordOf({ ...FACTS, spdesPermitId: 'NYR10K123', noiReceivedOn: '2026-11-20' });
    expect(r).toMatchObject({
      name: 'Hillside Drive Duplexes',
      status: 'swppp_review',
      kind: 'minor',
      disturbedAcres: 1.8,
      totalSiteAcres: 3.1,
      plannedStartOn: '2027-04-01',
      spdesPermitId: 'NYR10K123',
      noiReceivedOn: '2026-11-20',
    });
    expect([r.townPermitNo, r.actualStartOn, r.latitude, r.finalStabilizationOn, r.notFiledOn]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('the checks across an application’s fields', () => {
  it('accept a plain application', () => {
    expect(applicationProblems(FACTS, '2026-12-05')).toEqual({});
  });

  it('refuse a SWPPP dated tomorrow, but not today', () => {
    expect(applicationProblems({ ...FACTS, swpppDate: '2026-12-06' }, '2026-12-05').swpppDate).toMatch(/future/);
    expect(applicationProblems({ ...FACTS, swpppDate: '2026-12-05' }, '2026-12-05')).toEqual({});
  });

  it('ask for the day DEC received the NOI with a permit ID, and refuse one in the future', () => {
    expect(applicationProblems({ ...FACTS, spdesPermitId: 'NYR10K123' }, '2026-12-05').noiReceivedOn).toMatch(
      /acknowledgment/,
    );
    expect(
      applicationProblems({ ...FACTS, spdesPermitId: 'NYR10K123', noiReceivedOn: '2026-12-06' }, '2026-12-05')
        .noiReceivedOn,
    ).toMatch(/future/);
    expect(
      applicationProblems({ ...FACTS, spdesPermitId: 'NYR10K123', noiReceivedOn: '2026-12-05' }, '2026-12-05'),
    ).toEqual({});
  });
});

describe('the clerk’s check', () => {
  const received = { receivedOn: '2026-12-01', intakeOn: null, intakeNote: null };

  it('says in words where it stands', () => {
    expect(intakeWords({ ...received, intake: 'submitted' })).toBe(
      'Received on December 1, 2026; the clerk has not yet checked that it has its parts.',
    );
    expect(intakeWords({ ...received, intake: 'complete', intakeOn: '2026-12-03' })).toBe(
      'Found complete on December 3, 2026; its project page is public.',
    );
    expect(
      intakeWords({ ...received, intake: 'incomplete', intakeOn: '2026-12-03', intakeNote: 'The owner’s consent.' }),
    ).toBe('On December 3, 2026 the clerk found it lacks: The owner’s consent.');
  });

  it('is refused before the application arrived or after today, and without the lack when incomplete', () => {
    expect(intakeRefusal({ outcome: 'complete', on: '2026-11-30', note: null }, '2026-12-01', '2026-12-05').on).toMatch(
      /arrived on December 1, 2026/,
    );
    expect(intakeRefusal({ outcome: 'complete', on: '2026-12-06', note: null }, '2026-12-01', '2026-12-05').on).toMatch(
      /future/,
    );
    expect(intakeRefusal({ outcome: 'complete', on: '2026-12-01', note: null }, '2026-12-01', '2026-12-05')).toEqual(
      {},
    );
    expect(intakeRefusal({ outcome: 'complete', on: '2026-12-05', note: null }, '2026-12-01', '2026-12-05')).toEqual(
      {},
    );
    expect(
      intakeRefusal({ outcome: 'incomplete', on: '2026-12-05', note: null }, '2026-12-01', '2026-12-05').note,
    ).toMatch(/lacks/);
    expect(
      intakeRefusal({ outcome: 'incomplete', on: '2026-12-05', note: 'Consent.' }, '2026-12-01', '2026-12-05'),
    ).toEqual({});
  });
});

describe('the invoice', () => {
  it('sums fees and payments, owes never less than nothing, and says so', () => {
    expect(invoiceTotals([])).toMatchObject({ feesCents: 0, balanceCents: 0, words: 'No fee has been listed yet.' });
    const fees = [
      { kind: 'fee' as const, amountCents: 15000 },
      { kind: 'fee' as const, amountCents: 250000 },
    ];
    expect(invoiceTotals(fees)).toMatchObject({
      feesCents: 265000,
      paidCents: 0,
      balanceCents: 265000,
      words: '$2,650.00 due of $2,650.00.',
    });
    expect(invoiceTotals([...fees, { kind: 'payment', amountCents: 15000 }])).toMatchObject({
      balanceCents: 250000,
      creditCents: 0,
      words: '$2,500.00 due of $2,650.00.',
    });
    expect(invoiceTotals([...fees, { kind: 'payment', amountCents: 265000 }]).words).toBe('Paid in full ($2,650.00).');
    expect(invoiceTotals([...fees, { kind: 'payment', amountCents: 270000 }])).toMatchObject({
      balanceCents: 0,
      creditCents: 5000,
    });
  });
});

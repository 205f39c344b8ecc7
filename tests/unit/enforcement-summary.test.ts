import { describe, expect, it } from 'vitest';
import {
  courtWords,
  describeAction,
  isInForce,
  summarizeEnforcement,
  type EnforcementFacts,
} from '#lib/server/enforcement/in-force.rules.ts';

const base: EnforcementFacts = {
  id: 1,
  type: 'notice_of_violation',
  status: 'issued',
  issuedOn: '2026-05-03',
  closedOn: null,
  liftedOn: null,
  complyBy: null,
  citedSection: null,
  fineAssessedCents: null,
  finePaidCents: 0,
};

describe('what enforcement is in force', () => {
  it('an action is in force until it has a closed date', () => {
    expect(isInForce(base)).toBe(true);
    expect(isInForce({ ...base, status: 'complied' })).toBe(true);
    expect(isInForce({ ...base, status: 'closed', closedOn: '2026-05-20' })).toBe(false);
    expect(isInForce({ ...base, status: 'withdrawn' })).toBe(false);
  });

  it('a stop-work order stops being in force when lifted', () => {
    const swo = { ...base, type: 'stop_work_order' as const };
    expect(isInForce(swo)).toBe(true);
    expect(isInForce({ ...swo, liftedOn: '2026-05-10' })).toBe(false);
  });

  it('a stop-work order in force leads the summary, with its date', () => {
    const s = summarizeEnforcement(
      [base, { ...base, id: 2, type: 'stop_work_order', issuedOn: '2026-05-05', citedSection: 'L(3)' }],
      '2026-05-06',
    );
    expect(s.level).toBe('stop_work');
    expect(s.headline).toBe('Stop-work order in effect since May 5, 2026');
    expect(s.details[0]).toMatch(/^Stop-work order in effect since May 5, 2026 \(ordinance L\(3\)\)/);
    expect(s.inForce).toBe(2);
  });

  it('says when a comply-by date has passed', () => {
    const s = summarizeEnforcement([{ ...base, complyBy: '2026-05-10' }], '2026-05-11');
    expect(s.level).toBe('open');
    expect(s.details[0]).toContain('the deadline to comply, May 10, 2026, has passed');
    const before = summarizeEnforcement([{ ...base, complyBy: '2026-05-10' }], '2026-05-10');
    expect(before.details[0]).toContain('must comply by May 10, 2026');
  });

  // A fine is the court's, "upon conviction"; the officer only refers (decision 0025).
  it('a fine is a court penalty: "referred to court", then "fined $X by the court on <date>", never "assessed"', () => {
    const referred = {
      ...base,
      type: 'fine' as const,
      citedSection: 'Subsection R(3)',
      courtName: 'Town of Rotterdam Justice Court',
      docketNumber: null,
    };
    expect(summarizeEnforcement([referred], '2026-06-01').details[0]).toBe(
      'Referred to court on May 3, 2026 (Town of Rotterdam Justice Court); no fine unless the court convicts (ordinance Subsection R(3)).',
    );
    const convicted = {
      ...referred,
      docketNumber: '26-0412',
      convictedOn: '2026-05-20',
      fineAssessedCents: 75000,
      finePaidCents: 25000,
    };
    const words = summarizeEnforcement([convicted], '2026-06-01').details[0];
    expect(words).toBe(
      'Fined $750.00 by the court on May 20, 2026 (Town of Rotterdam Justice Court, docket 26-0412); referred to court May 3, 2026 (ordinance Subsection R(3)); $500.00 unpaid.',
    );
    expect(words).not.toContain('assessed');
    expect(summarizeEnforcement([{ ...convicted, finePaidCents: 75000 }], '2026-06-01').details[0]).not.toContain(
      'unpaid',
    );
    expect(
      describeAction({ ...convicted, status: 'closed', closedOn: '2026-06-10', finePaidCents: 75000 }, '2026-07-01'),
    ).toBe(
      'Fined $750.00 by the court on May 20, 2026 (Town of Rotterdam Justice Court, docket 26-0412); referred to court May 3, 2026 (ordinance Subsection R(3)); resolved June 10, 2026.',
    );
    expect(describeAction({ ...referred, status: 'withdrawn', closedOn: '2026-06-10' }, '2026-07-01')).toBe(
      'Referred to court on May 3, 2026 (Town of Rotterdam Justice Court); no fine unless the court convicts (ordinance Subsection R(3)); withdrawn June 10, 2026.',
    );
    // A fine recorded before convictions were kept: the court's, date unknown.
    expect(
      summarizeEnforcement([{ ...base, type: 'fine', fineAssessedCents: 135000, finePaidCents: 50000 }], '2026-06-01')
        .details[0],
    ).toBe('Fined $1,350.00 by the court; referred to court May 3, 2026; $850.00 unpaid.');
    expect(
      courtWords({
        issuedOn: '2026-05-03',
        courtName: ' Town Court ',
        docketNumber: ' 7 ',
        convictedOn: null,
        fineAssessedCents: null,
      }),
    ).toBe('Referred to court on May 3, 2026 (Town Court, docket 7); no fine unless the court convicts');
    expect(courtWords({ issuedOn: '2026-05-03', courtName: '  ', docketNumber: '26-1', fineAssessedCents: null })).toBe(
      'Referred to court on May 3, 2026 (docket 26-1); no fine unless the court convicts',
    );
    expect(
      courtWords({
        issuedOn: '2026-05-03',
        courtName: null,
        docketNumber: '  ',
        convictedOn: '2026-05-09',
        fineAssessedCents: null,
      }),
    ).toBe('Referred to court on May 3, 2026; no fine unless the court convicts');
    // No court recorded (older records): still never "assessed".
    expect(summarizeEnforcement([{ ...base, type: 'fine' }], '2026-06-01').details[0]).toBe(
      'Referred to court on May 3, 2026; no fine unless the court convicts.',
    );
  });

  it('with everything resolved, says so without hiding the history', () => {
    const s = summarizeEnforcement([{ ...base, status: 'closed', closedOn: '2026-05-20' }], '2026-06-01');
    expect(s).toMatchObject({ level: 'clear', inForce: 0, total: 1 });
    expect(s.headline).toBe('No enforcement in effect (1 past action, all resolved)');
    expect(summarizeEnforcement([], '2026-06-01').headline).toBe('No enforcement actions on record');
  });

  it('describes a lifted stop-work order with both dates', () => {
    const text = describeAction(
      {
        ...base,
        type: 'stop_work_order',
        liftedOn: '2026-05-10',
        closedOn: '2026-05-10',
        status: 'closed',
        citedSection: 'L(3)',
      },
      '2026-06-01',
    );
    expect(text).toBe('Stop-work order issued May 3, 2026 (ordinance L(3)); lifted May 10, 2026.');
  });
});

/**
 * The written decision on a SWPPP says what the ordinance's "Review and approval" requires in its own words:
 * an approval, an approval subject to the conditions it lists, or a disapproval with the reasons and how to
 * submit a revised plan; with the dates the plan was received and found complete, the plan kept on the portal,
 * and the reminder that other permits are still needed, naming the municipality by its own word.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SIGNER_TITLE,
  decisionLetterWords,
  textItems,
  type DecisionLetterFacts,
  type DecisionLetterWords,
} from '#lib/server/reviews/decision-letter.rules.ts';

function facts(over: Partial<DecisionLetterFacts> = {}): DecisionLetterFacts {
  return {
    kindWord: 'Town',
    decision: 'approved',
    decidedOn: '2026-04-20',
    review: { receivedOn: '2026-03-02', completeOn: '2026-03-20', deficienciesNotifiedOn: null, resubmittedOn: null },
    conditions: null,
    reasons: null,
    plan: { title: 'SWPPP, Curry Road Distribution Center', version: 2, documentDate: '2026-02-27' },
    amendment: false,
    project: {
      name: 'Curry Road Distribution Center',
      slug: 'curry-road',
      siteAddress: '1 Curry Road',
      townPermitNo: 'SW-2026-014',
      spdesPermitId: 'NYR10A123',
    },
    recipient: { companyName: 'Curry Road LLC', contactName: 'Pat Lee', contactTitle: 'Managing member' },
    signer: { name: 'Sam Okafor', title: 'Stormwater Management Officer' },
    publicBaseUrl: 'https://portal.example',
    citation: 'Subsection E',
    reviewDays: 30,
    office: 'Department of Public Works, 1 Main Street, Example, NY 12345 - (518) 555-0100',
    printedOn: '2026-04-20',
    ...over,
  };
}

/** Every word of the letter, in order, as one text. */
function text(w: DecisionLetterWords): string {
  const body = w.body.flatMap((b) =>
    b.kind === 'list' ? b.items : b.kind === 'fields' ? b.pairs.map(([l, v]) => `${l}: ${v}`) : [b.text],
  );
  return [w.title, w.date, ...w.recipient, ...w.re, w.salutation, ...body, w.signer.name, w.signer.title].join('\n');
}

describe('the decision in the ordinance’s words', () => {
  it('an approval approves the permit application', () => {
    const w = decisionLetterWords(facts());
    expect(w.title).toBe('Approved: stormwater pollution prevention plan (SWPPP)');
    expect(w.body).toContainEqual({ kind: 'para', text: 'The permit application is approved.', strong: true });
    const all = text(w);
    expect(all).not.toMatch(/condition|disapprov|reason/i);
    expect(all).toContain(
      'The plan as approved is the one kept on the portal: SWPPP, Curry Road Distribution Center (version 2, dated February 27, 2026).',
    );
    expect(all).toContain('https://portal.example/projects/curry-road');
    expect(all).toContain(
      'Nothing in this approval relieves the applicant of the need to obtain a building permit or other approvals as required by the Town Code.',
    );
  });

  it('an approval with conditions issues the permit subject to them and prints each condition', () => {
    const w = decisionLetterWords(
      facts({
        decision: 'approved_with_conditions',
        conditions:
          '- Tree clearing only between November 1 and March 31.\n\n- Post the letter of credit before clearing.',
      }),
    );
    expect(w.title).toBe('Approved with conditions: stormwater pollution prevention plan (SWPPP)');
    expect(w.body).toContainEqual({
      kind: 'para',
      text: 'The permit application is approved subject to the following conditions, and the permit is issued subject to these conditions:',
      strong: true,
    });
    expect(w.body).toContainEqual({
      kind: 'list',
      items: ['Tree clearing only between November 1 and March 31.', 'Post the letter of credit before clearing.'],
    });
    expect(text(w)).toContain('The plan as approved, with the conditions above, is the one kept on the portal');
  });

  it('a disapproval gives the reasons and the procedure for submitting a revised plan', () => {
    const w = decisionLetterWords(
      facts({
        decision: 'disapproved',
        reasons: 'Sediment trap sizing does not meet the standards.\nNo maintenance schedule for the basin.',
      }),
    );
    expect(w.title).toBe('Disapproved: stormwater pollution prevention plan (SWPPP)');
    expect(w.body).toContainEqual({
      kind: 'para',
      text: 'The permit application is disapproved, for the following reason(s):',
      strong: true,
    });
    expect(w.body).toContainEqual({
      kind: 'list',
      items: ['Sediment trap sizing does not meet the standards.', 'No maintenance schedule for the basin.'],
    });
    const all = text(w);
    expect(all).toContain('How to submit a revised plan');
    expect(all).toContain(
      'upload it there. The upload form is at https://portal.example/operator/projects/curry-road/documents/new',
    );
    expect(all).toContain('You may also deliver the revised plan on paper: Department of Public Works, 1 Main Street');
    expect(all).toContain('within 30 days of its receipt the town determines whether it is complete');
    expect(all).toContain(
      'Pending preparation and approval of a revised plan, land development activities shall not be allowed to proceed.',
    );
    expect(all).not.toContain('is the one kept on the portal');
    expect(all).toContain(
      "This decision is kept on the portal; the project's public page shows it: https://portal.example/projects/curry-road",
    );
    expect(all).toContain('Nothing in this decision relieves the applicant');
  });

  it('an amendment is approved or disapproved in the same manner, as an amendment', () => {
    expect(decisionLetterWords(facts({ amendment: true })).body).toContainEqual({
      kind: 'para',
      text: 'The SWPPP amendment is approved.',
      strong: true,
    });
    const refused = text(
      decisionLetterWords(facts({ amendment: true, decision: 'disapproved', reasons: 'No phasing.' })),
    );
    expect(refused).toContain('The SWPPP amendment is disapproved, for the following reason(s):');
    expect(refused).toContain('the SWPPP as last approved remains the plan for the site');
    expect(refused).not.toContain('Pending preparation');
  });
});

describe('the dates, the parties and the signature', () => {
  it('a plan complete as received: received and found complete', () => {
    const fields = decisionLetterWords(facts()).body.find((b) => b.kind === 'fields');
    expect(fields).toEqual({
      kind: 'fields',
      pairs: [
        ['Plan decided', 'SWPPP, Curry Road Distribution Center (version 2, dated February 27, 2026)'],
        ['Plan received', 'March 2, 2026'],
        ['Complete plan received', 'March 2, 2026 (complete as received)'],
        ['Found complete', 'March 20, 2026'],
        ['Decided', 'April 20, 2026'],
      ],
    });
  });

  it('a plan found incomplete: the complete plan was received with the revised plan, not the day it was recorded', () => {
    const fields = decisionLetterWords(
      facts({
        review: {
          receivedOn: '2026-03-02',
          deficienciesNotifiedOn: '2026-03-18',
          resubmittedOn: '2026-03-30',
          completeOn: '2026-04-06',
        },
      }),
    ).body.find((b) => b.kind === 'fields');
    expect(fields?.kind === 'fields' && fields.pairs.slice(1)).toEqual([
      ['Plan received', 'March 2, 2026'],
      ['Deficiencies notified in writing', 'March 18, 2026'],
      ['Revised plan received', 'March 30, 2026'],
      ['Complete plan received', 'March 30, 2026'],
      ['Found complete', 'April 6, 2026'],
      ['Decided', 'April 20, 2026'],
    ]);
  });

  it('addressed to the owner/operator, about the project and its permits, signed by the deciding officer', () => {
    const w = decisionLetterWords(facts());
    expect(w.date).toBe('April 20, 2026');
    expect(w.recipient).toEqual(['Curry Road LLC', 'Attn: Pat Lee, Managing member']);
    expect(w.re).toEqual([
      'Re: Curry Road Distribution Center',
      'Site: 1 Curry Road',
      'Town permit No. SW-2026-014',
      'SPDES permit ID NYR10A123',
    ]);
    expect(w.salutation).toBe('Dear Pat Lee,');
    expect(w.signer).toEqual({ name: 'Sam Okafor', title: 'Stormwater Management Officer' });
    expect(w.printedNote).toBeNull();
  });

  it('no permit numbers, no owner on record and no officer named: the lines say only what is known', () => {
    const w = decisionLetterWords(
      facts({
        project: { ...facts().project, townPermitNo: null, spdesPermitId: null },
        recipient: null,
        signer: { name: null, title: null },
        printedOn: '2026-05-01',
      }),
    );
    expect(w.re).toEqual(['Re: Curry Road Distribution Center', 'Site: 1 Curry Road']);
    expect(w.recipient).toEqual(['The owner/operator of Curry Road Distribution Center']);
    expect(w.salutation).toBe('Dear owner/operator,');
    expect(w.signer).toEqual({ name: DEFAULT_SIGNER_TITLE, title: DEFAULT_SIGNER_TITLE });
    expect(w.printedNote).toBe('Copy printed from the portal on May 1, 2026; the decision is dated April 20, 2026.');
  });

  it('the officer’s text becomes one item a line, without the dashes typed before them', () => {
    expect(textItems('1. First\r\n  • Second \n\n* Third\n')).toEqual(['1. First', 'Second', 'Third']);
    expect(textItems(null)).toEqual([]);
  });
});

describe('a village is never called a Town', () => {
  it('the permit, the law, the code and the review name the village', () => {
    for (const decision of ['approved', 'approved_with_conditions', 'disapproved'] as const) {
      const all = text(
        decisionLetterWords(
          facts({ kindWord: 'Village', decision, conditions: 'Keep the fence.', reasons: 'No plan.' }),
        ),
      );
      expect(all, decision).not.toMatch(/\btown\b/i);
      expect(all, decision).toContain('Village Code');
      expect(all, decision).toContain("the Village's erosion and sediment control law");
    }
    const w = decisionLetterWords(facts({ kindWord: 'Village' }));
    expect(w.re).toContain('Village permit No. SW-2026-014');
    expect(text(decisionLetterWords(facts({ kindWord: 'Village', decision: 'disapproved', reasons: 'x' })))).toContain(
      'the village determines whether it is complete',
    );
  });
});

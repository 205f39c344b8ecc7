/**
 * Sentences the portal builds around free text (a requester's words, a clerk's or officer's note, an address,
 * the operator's bill) end once: no "…from 2025.: denied", no "St..", no "?." — whether the text typed ends with
 * a full stop, a question mark or nothing. And a report's number already says "Report": the reporter's mail
 * never reads "your report Report 13"; the operator's upload is put where it is, never "on this page".
 */
import { describe, expect, it } from 'vitest';
import { renderMail } from '#lib/server/platform/mail/templates/index.ts';
import { askedFor, explainOperatorAnswer, type ExplainFacts } from '#lib/server/operator-requests/request.rules.ts';
import { noRecordCertification, withheldLine } from '#lib/server/records-requests/item-decisions.rules.ts';
import { swpppStatusWords } from '#lib/server/public/project-page.ts';
import { evaluateCompliance } from '#lib/server/compliance/compliance.rules.ts';
import { asClause, endSentence } from '#lib/shared/format.ts';
import { allSummaries, at, ctx, data, on } from '../support/compliance-builders.ts';

/** Punctuation doubled, or a sentence's end before a colon or comma of ours. */
const DOUBLED = /\.\.|\. \.|[?!]\.|[.?!][:,;]/;

/** The same free text, as people type it. */
const TYPED = ['Reports from 2025', 'Reports from 2025.', 'Reports from 2025. ', 'Which reports?', 'Now!'];

function expectEndsOnce(sentence: string, what: string) {
  expect(sentence, what).not.toMatch(DOUBLED);
  expect(sentence, what).toMatch(/[.?!”)]$/);
}

describe('free text ends its sentence once', () => {
  it.each([
    ['Home numbers', 'Home numbers.'],
    ['Home numbers.', 'Home numbers.'],
    ['  Why not?  ', 'Why not?'],
    ['They said “no.”', 'They said “no.”'],
    ['', ''],
  ])('endSentence(%j) is %j', (text, sentence) => {
    expect(endSentence(text)).toBe(sentence);
  });

  it.each([
    ['Reports from 2025.', 'Reports from 2025'],
    ['12 Main St.', '12 Main St'],
    ['Reports;', 'Reports'],
    ['Which reports?', '“Which reports?”'],
  ])('asClause(%j) is %j', (text, clause) => {
    expect(asClause(text)).toBe(clause);
  });

  it('a withheld item and a certification of no record, whatever the item and the reason end with', () => {
    const g = { citation: 'POL §87(2)(b)', label: 'privacy' };
    for (const label of TYPED)
      for (const reason of [...TYPED, null]) {
        expectEndsOnce(withheldLine(label, 'denied', g, reason, 1), `${label} / ${reason}`);
        expectEndsOnce(withheldLine(label, 'granted_in_part', null, reason, 2), `${label} / ${reason}`);
        expectEndsOnce(noRecordCertification(label, 'not_found', 'Town of X', reason), `${label} / ${reason}`);
      }
    expect(withheldLine('Inspection reports from 2025.', 'denied', g, null, 1)).toBe(
      'Inspection reports from 2025: denied under POL §87(2)(b) (privacy).',
    );
  });

  it('what the operator did, with the place, the statement of cost and how to pay as they were typed', () => {
    const base: ExplainFacts = {
      status: 'awaiting_payment',
      dueOn: '2026-03-06',
      answeredOn: '2026-03-05',
      availableOn: null,
      withdrawnOn: null,
      inspectionPlace: null,
      inspectionWhen: 'Friday, March 6, 2026 at 10:00 AM',
      copiesOn: '2026-03-05',
      copiesHow: 'uploaded',
      billTotalCents: 1500,
      actualCostStatement: null,
      billPayee: null,
      billHowToPay: null,
      paidOn: null,
      fulfilledOn: null,
    };
    for (const typed of TYPED) {
      const lines = explainOperatorAnswer(
        {
          ...base,
          inspectionPlace: typed,
          actualCostStatement: typed,
          billPayee: `Acme ${typed}`,
          billHowToPay: typed,
        },
        '2026-03-07',
      );
      for (const line of lines) expectEndsOnce(line, line);
    }
    const lines = explainOperatorAnswer(base, '2026-03-07');
    expect(lines[0]).toBe('On March 5, 2026 the operator uploaded the copies to the request’s tracking page.');
    expect(lines.join(' ')).not.toMatch(/this page/);
  });

  it('what a requester asked the operator for', () => {
    for (const description of TYPED) {
      const asked = askedFor({
        wantsSwppp: true,
        reportsFrom: null,
        reportsTo: null,
        description,
        delivery: 'electronic',
      });
      expectEndsOnce(`${asked}, as electronic copies.`, asked);
    }
  });

  it('a corrective action owed, whatever its description ends with', () => {
    for (const description of TYPED) {
      const r = evaluateCompliance(
        data({
          inspections: on('2026-05-11'),
          corrective: [
            { id: 1, description, responsibleParty: null, openedOn: '2026-05-11', dueOn: '2026-05-12', closedOn: null },
          ],
          summaries: allSummaries('2026-03', '2026-04'),
        }),
        ctx(at('2026-05-11')),
      );
      const owed = r.due.find((d) => d.kind === 'corrective-action')!.text;
      expectEndsOnce(owed, owed);
    }
  });

  it('an exempt project’s note', () => {
    for (const note of TYPED) {
      const words = swpppStatusWords(
        {
          exemption: 'septic',
          exemptionNote: note,
          exemptionRecordedBy: 'Sam Okafor',
          exemptionRecordedOn: '2026-03-02',
          totalSiteAcres: 1,
          disturbedAcres: 0.2,
          natureOfActivity: 'redevelopment',
        },
        undefined,
        false,
      );
      expectEndsOnce(words, note);
    }
  });

  it('the reporter’s mail: "Report 13" once, and the place and the officer’s words ending once', () => {
    const first = renderMail('site-report-step', {
      number: 'Report 13',
      category: 'Silt fence down',
      status: 'Received',
      words: 'Report received. It is about Curry Road Commons.',
      url: 'https://x.example/reports/13',
      first: true,
    });
    expect(first.subject).toBe('We received your report: Report 13, Silt fence down');
    expect(first.text).toContain('Thank you. The Town received your report, Report 13 (Silt fence down).');
    const later = renderMail('site-report-step', {
      number: 'Report 13',
      category: 'Silt fence down',
      status: 'No violation found',
      words: 'The officer found nothing wrong. The fence was repaired',
      url: 'https://x.example/reports/13',
      first: false,
    });
    expect(later.subject).toBe('Report 13: No violation found');
    expect(later.text).toContain('There is news about your report, Report 13 (Silt fence down).');
    expect(later.text).toContain('The fence was repaired.');
    for (const mail of [first, later])
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(/Report Report|report Report/);
    for (const place of ['12 Main St.', '12 Main St', 'Near the pond?']) {
      const officer = renderMail('site-report-new', {
        number: 'Report 14',
        category: 'Mud on the road',
        place,
        project: 'Curry Road Commons',
        photos: 1,
        url: 'https://x.example/staff/reports/14',
      });
      for (const line of officer.text.split('\n').filter((l) => /Mud on the road at/.test(l)))
        expectEndsOnce(line, line);
    }
  });
});

describe('mail around a name or a place ends its sentence once', () => {
  it('an alert’s footer, whatever the place subscribed to ends with', () => {
    for (const place of ['12 Main St.', '12 Main St', 'Curry Road Commons']) {
      const mail = renderMail('alert', {
        what: `construction within 1 mile of ${place}`,
        event: { title: 'A new project', summary: 'Filed.', url: 'https://x.example/projects/a' },
        unsubscribeUrl: 'https://x.example/alerts/unsubscribe?token=t',
      });
      const footer = mail.text.split('\n').find((l) => l.startsWith('You get this because'))!;
      expectEndsOnce(footer, place);
    }
  });

  it('the copy of an appeal to the Committee on Open Government, whatever the requester’s name ends with', () => {
    for (const requester of ['Dale Ferris Jr.', 'Dale Ferris']) {
      const mail = renderMail('request-appeal-to-open-government', {
        number: 'FOIL-2026-0007',
        requester,
        kindText: 'Appeal of a denial',
        receivedText: 'March 5, 2026',
        body: 'The reports are public.',
        officer: 'Pat Reyes',
        dueText: 'March 19, 2026',
      });
      expect(mail.text, requester).toContain(`from ${endSentence(requester)} It went to Pat Reyes`);
      expect(mail.text, requester).not.toMatch(DOUBLED);
    }
  });
});

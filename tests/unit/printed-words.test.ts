/**
 * What printed documents say about a project's permits: a site posting never announces a permit the
 * project does not hold, and a notice never prints "permit ID -".
 */
import { describe, expect, it } from 'vitest';
import { reLine } from '#lib/server/enforcement/notice-pdf.ts';
import { describeAction, publicStatusWords, summarizeEnforcement } from '#lib/server/enforcement/in-force.rules.ts';
import { formatCitation } from '#lib/shared/format.ts';
import { postingHeading, postingLinks } from '#lib/server/projects/site-posting.ts';

describe('the site posting’s heading', () => {
  it.each([
    ['swppp_review', 'TP-2026-014', 'SWPPP UNDER REVIEW - NO PERMIT YET'],
    ['swppp_review', null, 'SWPPP UNDER REVIEW - NO PERMIT YET'],
    ['approved', null, 'NOTICE OF INTENT - TOWN PERMIT NOT YET ISSUED'],
    ['approved', 'TP-2026-014', 'CONSTRUCTION STORMWATER PERMIT'],
    ['active', 'TP-2026-014', 'CONSTRUCTION STORMWATER PERMIT'],
    ['stop_work', 'TP-2026-014', 'CONSTRUCTION STORMWATER PERMIT - STOP-WORK ORDER IN EFFECT'],
    ['complete', 'TP-2026-014', 'CONSTRUCTION COMPLETE - NOTICE OF TERMINATION FILED'],
  ] as const)('%s, town permit %j → %s', (status, townPermitNo, heading) => {
    expect(postingHeading({ status, townPermitNo })).toBe(heading);
  });
});

describe('the site posting’s addresses', () => {
  it('the QR code opens the report form for this site; the printed address is the project page', () => {
    const links = postingLinks('https://stormwater.example.gov', 'curry-road-commons');
    expect(links.report).toBe('https://stormwater.example.gov/report?project=curry-road-commons');
    expect(links.page).toBe('https://stormwater.example.gov/projects/curry-road-commons');
  });
});

describe('a notice’s Re: line', () => {
  const p = { name: 'Mohawk Commons', siteAddress: '12 Main St' };
  it.each([
    [
      { townPermitNo: 'TP-1', spdesPermitId: 'NYR10A001' },
      'Re: Mohawk Commons, 12 Main St - Town permit TP-1, SPDES permit ID NYR10A001',
    ],
    [{ townPermitNo: 'TP-1', spdesPermitId: null }, 'Re: Mohawk Commons, 12 Main St - Town permit TP-1'],
    [{ townPermitNo: null, spdesPermitId: 'NYR10A001' }, 'Re: Mohawk Commons, 12 Main St - SPDES permit ID NYR10A001'],
    [
      { townPermitNo: null, spdesPermitId: null },
      'Re: Mohawk Commons, 12 Main St - no town permit or SPDES permit ID on record',
    ],
  ])('%j', (permits, line) => {
    expect(reLine({ ...p, ...permits })).toBe(line);
    expect(reLine({ ...p, ...permits })).not.toMatch(/ -$|ID -|permit -/);
  });
});

describe('one citation style', () => {
  it.each([
    ['Erosion and sediment control law, Subsection K (water quality standard)', 'ordinance Subsection K'],
    ['Subsection J(11)', 'ordinance Subsection J(11)'],
    ['ordinance subsection L(3)', 'ordinance Subsection L(3)'],
    ['§ R(1)', 'ordinance Subsection R(1)'],
    ['Subsection J(11); Subsection L(3) (inspections)', 'ordinance Subsection J(11); Subsection L(3)'],
    // A description with a semicolon of its own, or in the middle: never left half inside the citation.
    [
      'Subsection L (erosion and sediment control inspection; monthly summary posted at the site)',
      'ordinance Subsection L',
    ],
    [
      'Subsection H (SWPPP must identify contractors) and Subsection I (amendment)',
      'ordinance Subsection H and Subsection I',
    ],
    [
      'Subsection J(7) and (9) (stabilization within 14 days; 80% vegetative cover)',
      'ordinance Subsection J(7) and (9)',
    ],
    ['  ', undefined],
    [null, undefined],
  ])('%j → %j', (typed, cited) => {
    expect(formatCitation(typed)).toBe(cited);
  });

  it('a timeline entry never nests a description inside the citation', () => {
    const a = {
      id: 1,
      type: 'notice_of_violation' as const,
      status: 'closed' as const,
      issuedOn: '2026-05-03',
      closedOn: '2026-05-20',
      liftedOn: null,
      complyBy: null,
      citedSection: 'Erosion and sediment control law, Subsection K (water quality standard)',
      fineAssessedCents: null,
      finePaidCents: 0,
    };
    expect(describeAction(a, '2026-06-01')).toBe(
      'Notice of violation issued May 3, 2026 (ordinance Subsection K); resolved May 20, 2026.',
    );
  });
});

describe('superseded enforcement reads as superseded, and what is in force now comes first', () => {
  const base = {
    type: 'written_warning' as const,
    status: 'issued' as const,
    issuedOn: '2026-05-01',
    closedOn: null,
    liftedOn: null,
    complyBy: null,
    citedSection: 'Subsection J(11)',
    fineAssessedCents: null,
    finePaidCents: 0,
  };
  const warning = { ...base, id: 1, status: 'escalated' as const };
  const nov = {
    ...base,
    id: 2,
    type: 'notice_of_violation' as const,
    status: 'escalated' as const,
    issuedOn: '2026-05-08',
  };
  const swo = { ...base, id: 3, type: 'stop_work_order' as const, issuedOn: '2026-05-15' };

  it.each([
    [warning, 'Escalated: superseded by a later, stronger action'],
    [swo, 'In effect'],
    [{ ...swo, liftedOn: '2026-05-20', status: 'complied' as const }, 'Lifted'],
    [{ ...base, id: 4, status: 'closed' as const, closedOn: '2026-05-20' }, 'Closed'],
  ])('%j', (a, words) => {
    expect(publicStatusWords(a)).toBe(words);
  });

  it('the summary puts the action in force now before the ones it superseded', () => {
    const s = summarizeEnforcement([warning, nov, swo], '2026-05-16');
    expect(s.details[0]).toMatch(/^Stop-work order in effect since May 15, 2026/);
    expect(s.details).toHaveLength(3);
  });
});

/**
 * The words of the site-duty findings (decision 0073): L(5)'s monthly summary is posted at the site, apart
 * from the Town's own filing date; a corrective action held to the state permit's one business day cites the
 * permit; the numbers in the words are the settings'; the labels give D(1)(f)'s "unless" and §87(2)(e)'s four
 * sub-grounds.
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { describe, expect, it } from 'vitest';
import { authorizationSection, SECTIONS, summarySection } from '#lib/server/compliance/compliance.rules.ts';
import { loadComplianceSettings } from '#lib/server/compliance/compliance.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { listGrounds } from '#lib/server/records-requests/grounds.ts';
import { STATUTORY_GROUNDS } from '#lib/server/records-requests/item-decisions.rules.ts';
import { denialGrounds } from '#db/schema.ts';
import { D1_EXEMPTION_LABEL } from '#lib/shared/labels.ts';
import { at, ctx, data, findings, inspection, on } from '../support/compliance-builders.ts';

describe('Subsection L(5): a summary posted at the site each month, apart from the Town’s filing date', () => {
  const d = data({
    p: { actualStartOn: '2026-01-05' },
    inspections: on('2026-01-05', '2026-01-12', '2026-01-19', '2026-01-26', '2026-02-02', '2026-02-09', '2026-02-16'),
  });

  it('a missing summary says what L(5) requires and that the date is the Town’s', () => {
    const [f] = findings(d, ctx(at('2026-02-18')), 'summary-missing');
    expect(f.title).toBe('January 2026 summary not filed with the Town');
    expect(f.text).toBe(
      'The monthly summary for January 2026 has not been filed with the Town, which set February 10, 2026 as the date for its copy. The ordinance (Subsection L(5)) requires the operator to post a summary of the site inspection activities at the site, in a publicly accessible location, every month; the filing date is the Town’s own.',
    );
    expect(f.section).toBe(
      "Subsection L(5): the operator posts a summary of the site inspection activities at the site, in a publicly accessible location, every month; a copy filed with the Town by day 10 of the following month is the Town's setting, not a date in the ordinance",
    );
  });

  it('a late one too', () => {
    const late = data({ ...d, summaries: [{ month: '2026-01', version: 1, submittedAt: at('2026-02-12') }] });
    const [f] = findings(late, ctx(at('2026-02-18')), 'summary-late');
    expect(f.text).toBe(
      'The monthly summary for January 2026 was filed with the Town on February 12, 2026, 2 days after the date the Town set for its copy (February 10, 2026). The ordinance (Subsection L(5)) requires the operator to post a summary of the site inspection activities at the site, in a publicly accessible location, every month; the filing date is the Town’s own.',
    );
  });

  it('the town’s own citation for the posting duty is kept beside its filing date', () => {
    const [f] = findings(
      d,
      ctx(at('2026-02-18'), { settings: { citations: { summary: 'Section 9(e) of the Village Code' } } }),
      'summary-missing',
    );
    expect(f.section).toBe(
      "Section 9(e) of the Village Code; a copy filed with the Town by day 10 of the following month is the Town's setting, not a date in the ordinance",
    );
    expect(summarySection(15)).toBe(
      `${SECTIONS.summary}; a copy filed with the Town by day 15 of the following month is the Town's setting, not a date in the ordinance`,
    );
  });
});

describe('corrective actions: the state permit is cited where its one business day is the source', () => {
  const ca = (over: Record<string, unknown>) => ({
    id: 9,
    description: 'Re-trench 40 ft of silt fence',
    responsibleParty: null,
    openedOn: '2026-05-11',
    dueOn: '2026-05-12' as string | null,
    closedOn: null as string | null,
    ...over,
  });
  const run = (c: ReturnType<typeof ca>, today: string) =>
    findings(
      data({ p: { actualStartOn: '2026-05-11' }, inspections: [inspection('2026-05-11')], corrective: [c] }),
      ctx(at(today)),
      'corrective-overdue',
    );

  it('no date recorded: due to begin by the next business day under the state permit', () => {
    expect(run(ca({ dueOn: null }), '2026-05-13')).toMatchObject([
      {
        source: 'state-permit',
        section: SECTIONS.correctiveDate,
        text: '“Re-trench 40 ft of silt fence”, found on May 11, 2026, was due to begin by May 12, 2026 under the state permit and is not yet reported done.',
      },
    ]);
  });

  it('a later date without a written reason: the permit’s date, and the permit cited; finished late the same', () => {
    expect(run(ca({ dueOn: '2026-05-29' }), '2026-05-13')).toMatchObject([
      { source: 'state-permit', section: SECTIONS.correctiveDate, dueOn: '2026-05-12' },
    ]);
    expect(run(ca({ dueOn: null, closedOn: '2026-05-14' }), '2026-05-15')).toMatchObject([
      {
        source: 'state-permit',
        section: SECTIONS.correctiveDate,
        text: '“Re-trench 40 ft of silt fence”, found on May 11, 2026, was due to begin by May 12, 2026 under the state permit and finished on May 14, 2026.',
      },
    ]);
  });

  it('a date recorded within the law, or a later one justified in writing: that date, and the ordinance cited', () => {
    expect(run(ca({}), '2026-05-13')).toMatchObject([{ source: 'ordinance', section: SECTIONS.corrective }]);
    expect(run(ca({ dueOn: '2026-05-20', dueReason: 'Fabric on order.' }), '2026-05-21')).toMatchObject([
      { source: 'ordinance', section: SECTIONS.corrective, dueOn: '2026-05-20' },
    ]);
  });
});

describe('the numbers in the words are the settings’', () => {
  it('Subsection E’s days to act: the local law’s setting in the citation and the text', () => {
    const d = data({
      p: { actualStartOn: '2026-03-02', authorizationKnown: true, authorizedOn: '2026-03-10' },
      inspections: on('2026-03-02'),
    });
    const [f] = findings(d, ctx(at('2026-03-05'), { settings: { swpppReviewDays: 20 } }), 'work-before-authorization');
    expect(f.section).toBe(
      'Subsection E: land development may not proceed until the SWPPP is approved, or the Town fails to act on a complete plan within 20 days',
    );
    expect(f.text).toBe(
      "Construction started on March 2, 2026; the SWPPP was approved (or the Town's 20 days to act ran out) only on March 10, 2026.",
    );
    expect(authorizationSection({})).toBe(SECTIONS.authorization);
    expect(authorizationSection({ swpppReviewDays: 20, citations: { authorization: 'Section 4(b)' } })).toBe(
      'Section 4(b)',
    );
  });

  it('the post-storm hours and the stabilization days', () => {
    const storm = { id: 1, inches: 0.8, endedAt: at('2026-04-06', '06:00') };
    const d = data({ p: { actualStartOn: '2026-04-01' }, inspections: on('2026-04-01', '2026-04-08') });
    expect(
      findings(
        d,
        ctx(at('2026-04-08', '12:00'), { storms: [storm], settings: { postStormHours: 12 } }),
        'post-storm',
      )[0].title,
    ).toBe('No inspection within 12 hours after a storm');
    const area = {
      area: 'North slope',
      acres: 1,
      workStoppedOn: '2026-04-01',
      stabilizationBegunOn: null,
      resumesOn: null,
    };
    const s = data({
      p: { actualStartOn: '2026-04-01' },
      inspections: ['2026-04-01', '2026-04-06', '2026-04-12'].map((day) =>
        inspection(day, '10:00', { inactiveAreas: [area] }),
      ),
    });
    expect(findings(s, ctx(at('2026-04-13'), { settings: { stabilizationDays: 10 } }), 'stabilization')[0].title).toBe(
      'Stabilization not begun within 10 days',
    );
  });

  it('the engine’s settings carry the local law’s review days (30 unless the town set its own)', async () => {
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    expect((await loadComplianceSettings(asyncOf(db))).swpppReviewDays).toBe(30);
  });
});

describe('labels', () => {
  it('D(1)(f) gives its “unless”', () => {
    expect(D1_EXEMPTION_LABEL.lawn_landscaping).toBe(
      'D(1)(f): lawn and landscaping maintenance on developed property, unless the activity meets the Code’s definition of a “major project” or “minor project”',
    );
  });

  it('§87(2)(e): all four sub-grounds, each under the condition that the records were compiled for law enforcement purposes', () => {
    const e = STATUTORY_GROUNDS.filter((g) => g.citation.startsWith('POL §87(2)(e)'));
    expect(e.map((g) => g.citation)).toEqual([
      'POL §87(2)(e)(i)',
      'POL §87(2)(e)(ii)',
      'POL §87(2)(e)(iii)',
      'POL §87(2)(e)(iv)',
    ]);
    for (const g of e) expect(g.label).toMatch(/^compiled for law enforcement purposes, and disclosure would /);
    expect(e.map((g) => g.label.replace('compiled for law enforcement purposes, and disclosure would ', ''))).toEqual([
      'interfere with a law enforcement investigation or judicial proceeding',
      'deprive a person of a right to a fair trial or impartial adjudication',
      'identify a confidential source or disclose confidential information relating to a criminal investigation',
      'reveal criminal investigative techniques or procedures, except routine techniques and procedures',
    ]);
  });

  it('a database seeded with the old single (e) gains the four sub-grounds and keeps its own rows', async () => {
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    const now = new Date('2026-12-05T12:00:00Z');
    db.insert(denialGrounds)
      .values({
        citation: 'POL §87(2)(e)',
        label: 'law enforcement (old words)',
        statutory: true,
        active: true,
        sortOrder: 50,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    const cites = (await listGrounds(asyncOf(db))).map((g) => g.citation);
    expect(cites).toContain('POL §87(2)(e)');
    for (const g of STATUTORY_GROUNDS) expect(cites).toContain(g.citation);
    expect(await listGrounds(asyncOf(db))).toHaveLength(STATUTORY_GROUNDS.length + 1);
  });
});

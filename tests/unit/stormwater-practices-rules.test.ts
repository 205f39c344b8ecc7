/**
 * Decisions 0035–0037: the rules of permanent practices and the review escrow, as tables; and the one definition of
 * "inspection overdue" and "maintenance overdue" agreeing in TypeScript and SQL on the same rows.
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { practiceInspections, practiceMaintenanceItems, projects, stormwaterPractices } from '#db/schema.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { ESCROW_ENTRY_KINDS } from '#db/enums.ts';
import {
  chargeProblem,
  escrowBalance,
  isEscrowClosed,
  refundProblem,
  statementLines,
  topUpNeeded,
} from '#lib/server/projects/escrow.rules.ts';
import {
  DEFAULT_ROUTINE_INTERVAL_DAYS,
  annualReports,
  drawPractices,
  inspectionOverdueSql,
  isInspectionOverdue,
  isMaintenanceOverdue,
  maintenanceOverdueSql,
  nextRoutineDue,
  reportYearProblem,
  reportYearToFile,
  reportYearsHint,
  routineIntervalsFrom,
} from '#lib/server/stormwater-practices/practices.rules.ts';
import { parseReportForm } from '#lib/server/stormwater-practices/maintenance-reports.ts';

const TODAY = '2026-06-15';

describe('routine inspections', () => {
  const cases: Array<[string, Parameters<typeof nextRoutineDue>[0], string | null, boolean]> = [
    [
      'a pond never inspected, in service a year and a day ago',
      { type: 'pond', inServiceOn: '2025-06-14', removedOn: null, lastInspectedOn: null },
      '2026-06-14',
      true,
    ],
    [
      'a pond due today is not overdue yet',
      { type: 'pond', inServiceOn: '2025-06-15', removedOn: null, lastInspectedOn: null },
      '2026-06-15',
      false,
    ],
    [
      'an infiltration trench: every 182 days from the last inspection',
      { type: 'infiltration', inServiceOn: '2020-01-01', removedOn: null, lastInspectedOn: '2026-01-01' },
      '2026-07-02',
      false,
    ],
    [
      'a swale: every two years',
      { type: 'open_channel', inServiceOn: '2020-01-01', removedOn: null, lastInspectedOn: '2024-06-01' },
      '2026-06-01',
      true,
    ],
    [
      'a practice removed from operation is never due',
      { type: 'pond', inServiceOn: '2010-01-01', removedOn: '2026-01-01', lastInspectedOn: null },
      null,
      false,
    ],
  ];
  for (const [name, facts, due, overdue] of cases) {
    it(name, () => {
      expect(nextRoutineDue(facts)).toBe(due);
      expect(isInspectionOverdue(facts, TODAY)).toBe(overdue);
    });
  }

  it('reads the town’s intervals from settings, falling back to the defaults for anything missing or out of range', () => {
    expect(routineIntervalsFrom(null)).toEqual(DEFAULT_ROUTINE_INTERVAL_DAYS);
    expect(routineIntervalsFrom('not json')).toEqual(DEFAULT_ROUTINE_INTERVAL_DAYS);
    const r = routineIntervalsFrom(JSON.stringify({ pond: 200, wetland: 5, filtering: 'x' }));
    expect(r.pond).toBe(200);
    expect(r.wetland).toBe(DEFAULT_ROUTINE_INTERVAL_DAYS.wetland);
    expect(r.filtering).toBe(DEFAULT_ROUTINE_INTERVAL_DAYS.filtering);
  });
});

describe('required maintenance', () => {
  it.each([
    ['due yesterday, open', { dueOn: '2026-06-14', closedOn: null }, true],
    ['due today, open', { dueOn: '2026-06-15', closedOn: null }, false],
    ['due last month, closed by re-inspection', { dueOn: '2026-05-01', closedOn: '2026-05-20' }, false],
  ])('%s', (_, m, overdue) => expect(isMaintenanceOverdue(m, TODAY)).toBe(overdue));
});

describe('the owner’s yearly report (due January 31 of the next year)', () => {
  it('asks private practices for every year in service whose due date has passed, on time, late or missing', () => {
    const filed = new Map([
      [2023, '2024-01-20'],
      [2024, '2025-02-10'],
    ]);
    const r = annualReports({ ownerKind: 'private', inServiceOn: '2023-05-01', removedOn: null, filed }, TODAY);
    expect(r.map((x) => [x.year, x.state])).toEqual([
      [2023, 'on_time'],
      [2024, 'late'],
      [2025, 'missing'],
    ]);
  });
  it('asks nothing of the Town’s own practices', () => {
    expect(
      annualReports({ ownerKind: 'public', inServiceOn: '2020-01-01', removedOn: null, filed: new Map() }, TODAY),
    ).toEqual([]);
  });
  it('stops at the year the practice was removed', () => {
    const r = annualReports(
      { ownerKind: 'private', inServiceOn: '2022-01-01', removedOn: '2023-03-01', filed: new Map() },
      TODAY,
    );
    expect(r.map((x) => x.year)).toEqual([2022, 2023]);
  });
  it('is not late on the due day itself', () => {
    expect(
      annualReports(
        { ownerKind: 'private', inServiceOn: '2025-03-01', removedOn: null, filed: new Map() },
        '2026-01-31',
      ),
    ).toEqual([]);
  });
});

describe('the year the owner’s report form offers, and one report a year', () => {
  const practice = (filedYears: number[], inServiceOn = '2023-05-01', removedOn: string | null = null) => ({
    inServiceOn,
    removedOn,
    filed: new Map(filedYears.map((y) => [y, `${y + 1}-01-20`] as const)),
  });
  it.each([
    ['nothing filed: the first year in service', [], 2023],
    ['last year already filed, an older one missing: the older one', [2023, 2025], 2024],
    ['every year to last year filed: this year', [2023, 2024, 2025], 2026],
    ['every year filed, this one too: none', [2023, 2024, 2025, 2026], null],
  ])('%s', (_name, filed, year) => {
    expect(reportYearToFile(practice(filed), TODAY)).toBe(year);
  });
  it('stops at the year the practice was removed', () => {
    expect(reportYearToFile(practice([2022], '2022-01-01', '2023-03-01'), TODAY)).toBe(2023);
    expect(reportYearProblem(2024, practice([], '2022-01-01', '2023-03-01'), TODAY)).toBe(
      'Choose the year the report covers, from 2022 to 2023.',
    );
  });
  it('refuses a second report for a year already filed, beside the year, and names the year to file', () => {
    expect(reportYearProblem(2024, practice([2025]), TODAY)).toBeUndefined();
    expect(reportYearProblem(2025, practice([2023, 2025]), TODAY)).toBe(
      'The report for 2025 was already filed on January 20, 2026. The oldest year not yet filed is 2024.',
    );
    expect(reportYearProblem(2026, practice([2023, 2024, 2025, 2026]), TODAY)).toBe(
      'The report for 2026 was already filed on January 20, 2027. Every year to 2026 is filed.',
    );
    expect(reportYearsHint(practice([2023, 2025]), TODAY)).toBe('One report a year. Filed: 2023, 2025.');
    expect(reportYearsHint(practice([2023, 2024, 2025, 2026]), TODAY)).toBe(
      'One report a year. Every year to 2026 is filed.',
    );
    const parsed = parseReportForm({ year: '2025', workDone: 'Mowed; outlet cleared.' }, [], practice([2025]), TODAY);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.fields?.year).toMatch(/^The report for 2025 was already filed/);
    expect(parseReportForm({ year: '2024', workDone: 'Mowed.' }, [], practice([2025]), TODAY).ok).toBe(true);
  });
});

describe('random draws', () => {
  it('are repeatable from the recorded seed and pool, and choose distinct practices', () => {
    const pool = Array.from({ length: 40 }, (_, i) => i + 1);
    const a = drawPractices(pool, 'seed-1', 5);
    expect(drawPractices([...pool].reverse(), 'seed-1', 5)).toEqual(a);
    expect(new Set(a).size).toBe(5);
    expect(drawPractices(pool, 'seed-2', 5)).not.toEqual(a);
    expect(drawPractices(pool, 'seed-1', 99)).toHaveLength(40);
  });
});

describe('escrow', () => {
  const entries = [
    { kind: 'estimate' as const, on: '2026-01-02', amountCents: 500_000 },
    { kind: 'deposit' as const, on: '2026-01-05', amountCents: 500_000 },
    { kind: 'charge' as const, on: '2026-03-01', amountCents: 120_050, acceptedOn: '2026-03-01' },
    { kind: 'charge' as const, on: '2026-04-01', amountCents: 80_000, acceptedOn: '2026-04-02' },
  ];
  it('the balance is deposits less charges less refunds; estimates and requests change nothing', () => {
    expect(escrowBalance(entries)).toBe(299_950);
    expect(escrowBalance([...entries, { kind: 'top_up_request', on: '2026-05-01', amountCents: 10_000 }])).toBe(
      299_950,
    );
    expect(statementLines(entries).map((l) => l.balanceCents)).toEqual([0, 500_000, 379_950, 299_950]);
  });
  it('the statement ends at the balance, with an entry of every kind', () => {
    const every = ESCROW_ENTRY_KINDS.map((kind, i) => ({
      kind,
      on: `2026-06-0${i + 1}`,
      amountCents: 1_000 * (i + 1),
      acceptedOn: '2026-06-01',
    }));
    const lines = statementLines([...entries, ...every]);
    expect(lines.at(-1)!.balanceCents).toBe(escrowBalance([...entries, ...every]));
    expect(lines.slice(-every.length).map((l) => [l.entry.kind, l.deltaCents])).toEqual([
      ['deposit', 1_000],
      ['estimate', 0],
      ['charge', -3_000],
      ['top_up_request', 0],
      ['refund', -5_000],
    ]);
  });
  it.each([
    [299_950, 300_000, 50],
    [299_950, 299_950, 0],
    [0, 250_000, 250_000],
    [100_000, 20_000, 0],
  ])('balance %i, estimate %i: a further deposit of %i', (balance, estimate, topUp) =>
    expect(topUpNeeded(balance, estimate)).toBe(topUp),
  );
  it('charges only accepted services, never on a day to come, never beyond the balance', () => {
    expect(chargeProblem(100, { amountCents: 50, acceptedOn: null }, TODAY)).toMatch(/accepted/);
    expect(chargeProblem(100, { amountCents: 50, acceptedOn: '2026-06-16' }, TODAY)).toMatch(/to come/);
    expect(chargeProblem(100, { amountCents: 101, acceptedOn: TODAY }, TODAY)).toMatch(/further deposit/);
    expect(chargeProblem(100, { amountCents: 100, acceptedOn: TODAY }, TODAY)).toBeNull();
  });
  it('refunds the whole remainder at close, and then it is closed', () => {
    expect(refundProblem(0, 1)).toMatch(/nothing left/);
    expect(refundProblem(299_950, 100)).toMatch(/whole remainder/);
    expect(refundProblem(299_950, 299_950)).toBeNull();
    expect(isEscrowClosed(entries)).toBe(false);
    expect(isEscrowClosed([...entries, { kind: 'refund', on: '2026-06-01', amountCents: 299_950 }])).toBe(true);
  });
});

describe('one definition: overdue inspections and maintenance in TypeScript and SQL', () => {
  it('agree on every case', () => {
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    const p = db
      .insert(projects)
      .values({ slug: 'p', name: 'P', siteAddress: '1 Main', kind: 'major', status: 'complete' })
      .returning()
      .get();
    const facts: Array<{
      type: (typeof stormwaterPractices.$inferInsert)['type'];
      inServiceOn: string;
      removedOn: string | null;
      inspections: string[];
      items: Array<{ dueOn: string; closedOn: string | null }>;
    }> = [
      {
        type: 'pond',
        inServiceOn: '2025-06-14',
        removedOn: null,
        inspections: [],
        items: [{ dueOn: '2026-06-14', closedOn: null }],
      },
      {
        type: 'pond',
        inServiceOn: '2025-06-15',
        removedOn: null,
        inspections: [],
        items: [{ dueOn: '2026-06-15', closedOn: null }],
      },
      {
        type: 'infiltration',
        inServiceOn: '2020-01-01',
        removedOn: null,
        inspections: ['2025-01-01', '2026-01-01'],
        items: [{ dueOn: '2026-01-01', closedOn: '2026-02-01' }],
      },
      { type: 'open_channel', inServiceOn: '2020-01-01', removedOn: null, inspections: ['2024-06-01'], items: [] },
      { type: 'proprietary_device', inServiceOn: '2020-01-01', removedOn: '2026-01-01', inspections: [], items: [] },
    ];
    const ids = facts.map((f, i) => {
      const row = db
        .insert(stormwaterPractices)
        .values({
          name: `S${i}`,
          type: f.type,
          location: 'x',
          latitude: 42.8,
          longitude: -74,
          projectId: p.id,
          ownerKind: 'private',
          ownerName: 'O',
          inServiceOn: f.inServiceOn,
          removedOn: f.removedOn,
        })
        .returning()
        .get();
      let inspectionId = 0;
      for (const d of f.inspections)
        inspectionId = db
          .insert(practiceInspections)
          .values({
            practiceId: row.id,
            inspectedOn: d,
            reason: 'routine',
            condition: 'functioning',
            inspectorName: 'I',
          })
          .returning()
          .get().id;
      if (!inspectionId && f.items.length)
        inspectionId = db
          .insert(practiceInspections)
          .values({
            practiceId: row.id,
            inspectedOn: f.inServiceOn,
            reason: 'routine',
            condition: 'needs_maintenance',
            inspectorName: 'I',
          })
          .returning()
          .get().id;
      for (const it of f.items)
        db.insert(practiceMaintenanceItems)
          .values({ practiceId: row.id, inspectionId, description: 'd', ...it })
          .run();
      return row.id;
    });
    const sqlOverdue = new Set(
      db
        .select({ id: stormwaterPractices.id })
        .from(stormwaterPractices)
        .where(inspectionOverdueSql(TODAY))
        .all()
        .map((r) => r.id),
    );
    facts.forEach((f, i) => {
      const last =
        db.get<{ d: string | null }>(
          sql`select max(inspected_on) as d from practice_inspections where practice_id = ${ids[i]}`,
        )?.d ?? null;
      expect(sqlOverdue.has(ids[i]), `inspection ${i}`).toBe(
        isInspectionOverdue(
          { type: f.type, inServiceOn: f.inServiceOn, removedOn: f.removedOn, lastInspectedOn: last },
          TODAY,
        ),
      );
    });
    const items = db.select().from(practiceMaintenanceItems).all();
    const sqlItems = new Set(
      db
        .select({ id: practiceMaintenanceItems.id })
        .from(practiceMaintenanceItems)
        .where(maintenanceOverdueSql(TODAY))
        .all()
        .map((r) => r.id),
    );
    for (const it of items) expect(sqlItems.has(it.id), `item ${it.id}`).toBe(isMaintenanceOverdue(it, TODAY));
    expect(sqlOverdue.size).toBeGreaterThan(0);
    expect(sqlItems.size).toBe(1);
  });
});

describe('alerts and feeds', () => {
  it('announce the Town’s inspection of a practice of a published project, linking its page; never of an unpublished one', async () => {
    const { queryPracticeInspections } = await import('#lib/server/public/events.ts');
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    const add = (slug: string, published: boolean) => {
      const p = db
        .insert(projects)
        .values({ slug, name: slug, siteAddress: '1 Main', kind: 'major', status: 'complete', published })
        .returning()
        .get();
      const s = db
        .insert(stormwaterPractices)
        .values({
          name: `Pond of ${slug}`,
          type: 'pond',
          location: 'x',
          latitude: 42.8,
          longitude: -74,
          projectId: p.id,
          ownerKind: 'private',
          ownerName: 'O',
          inServiceOn: '2025-01-01',
        })
        .returning()
        .get();
      db.insert(practiceInspections)
        .values({
          practiceId: s.id,
          inspectedOn: '2026-06-01',
          reason: 'routine',
          condition: 'needs_maintenance',
          inspectorName: 'I',
          findings: 'Sediment in the forebay.',
        })
        .run();
      return s.id;
    };
    const shown = add('open', true);
    add('hidden', false);
    const events = await queryPracticeInspections(asyncOf(db), { since: new Date(0) });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      kind: 'practice_inspection',
      path: `/practices/${shown}`,
      summary: 'Sediment in the forebay.',
    });
    expect(events[0].title).toMatch(/^Town inspection of Pond of open, June 1, 2026: needs maintenance$/);
  });
});

/**
 * Subsection D(1) (decision 0072): an exemption holds only while the facts it names hold on the record.
 * D(1)(c) names "a disturbance of less than five acres"; D(1)(e) an existing dwelling or structure and
 * D(1)(f) developed property, neither of which is new construction. Refused with the reason when recorded,
 * excusing nothing when the facts change later, and the public page says who recorded it and when.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { projects, users } from '#db/schema.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { exemptionInForce, exemptionRefusal, type ExemptionFacts } from '#lib/server/projects/exemption.rules.ts';
import { recordStartDuties } from '#lib/server/projects/registry.ts';
import { swpppStatusWords } from '#lib/server/public/project-page.ts';
import { D1_EXEMPTIONS } from '#lib/shared/labels.ts';
import { at, ctx, data, findings, on } from '../support/compliance-builders.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const facts = (over: Partial<ExemptionFacts> = {}): ExemptionFacts => ({
  totalSiteAcres: null,
  disturbedAcres: null,
  natureOfActivity: null,
  ...over,
});

describe('D(1)(c): construction on agricultural or silvicultural land disturbing less than five acres', () => {
  it('a 24.5-acre disturbance is refused with the reason', () => {
    expect(
      exemptionRefusal('agricultural_land_under_5_acres', facts({ totalSiteAcres: 30, disturbedAcres: 24.5 })),
    ).toBe('The project will disturb 24.5 acres; D(1)(c) covers only a disturbance of less than five acres.');
  });

  it.each([
    [4.9, null],
    [5, 'The project will disturb 5.0 acres; D(1)(c) covers only a disturbance of less than five acres.'],
    [5.01, 'The project will disturb 5.01 acres; D(1)(c) covers only a disturbance of less than five acres.'],
  ])('%s disturbed acres: "less than five" is strict', (disturbedAcres, refusal) => {
    expect(exemptionRefusal('agricultural_land_under_5_acres', facts({ disturbedAcres }))).toBe(refusal);
  });

  it('without the disturbed area: a site under five acres cannot disturb five; a larger or unknown site must record it first', () => {
    expect(exemptionRefusal('agricultural_land_under_5_acres', facts({ totalSiteAcres: 4.5 }))).toBeNull();
    expect(exemptionRefusal('agricultural_land_under_5_acres', facts({ totalSiteAcres: 24.5 }))).toBe(
      'The site is 24.5 acres and the area to be disturbed is not recorded; D(1)(c) covers only a disturbance of less than five acres: record the area to be disturbed first.',
    );
    expect(exemptionRefusal('agricultural_land_under_5_acres', facts({ totalSiteAcres: 5 }))).not.toBeNull();
    expect(exemptionRefusal('agricultural_land_under_5_acres', facts())).toBe(
      'The area to be disturbed is not recorded; D(1)(c) covers only a disturbance of less than five acres: record it first.',
    );
    // The disturbed area, when recorded, is what the text names: a small disturbance on a large farm holds.
    expect(
      exemptionRefusal('agricultural_land_under_5_acres', facts({ totalSiteAcres: 80, disturbedAcres: 2 })),
    ).toBeNull();
  });
});

describe('D(1)(e) and D(1)(f) name existing buildings and developed property: not new construction', () => {
  it('a septic system for new construction is refused', () => {
    expect(exemptionRefusal('septic', facts({ natureOfActivity: 'new_construction' }))).toBe(
      'The project is recorded as new construction; D(1)(e) covers only a septic system serving an existing dwelling or structure.',
    );
    expect(exemptionRefusal('septic', facts({ natureOfActivity: 'redevelopment' }))).toBeNull();
  });

  it('lawn and landscaping on a new-construction site is refused', () => {
    expect(exemptionRefusal('lawn_landscaping', facts({ natureOfActivity: 'new_construction' }))).toBe(
      'The project is recorded as new construction; D(1)(f) covers only maintenance on developed property.',
    );
    expect(exemptionRefusal('lawn_landscaping', facts({ natureOfActivity: 'redevelopment' }))).toBeNull();
  });

  it('the exemptions that name no recorded fact are the recorder’s to answer for', () => {
    const big = facts({ totalSiteAcres: 40, disturbedAcres: 24.5, natureOfActivity: 'new_construction' });
    const refused = D1_EXEMPTIONS.filter((e) => exemptionRefusal(e, big));
    expect(refused).toEqual(['agricultural_land_under_5_acres', 'septic', 'lawn_landscaping']);
  });

  it('in force: none recorded, one that holds, one its facts rule out', () => {
    expect(exemptionInForce(null, facts())).toBeNull();
    expect(exemptionInForce('', facts())).toBeNull();
    expect(exemptionInForce('septic', facts({ natureOfActivity: 'redevelopment' }))).toBe('septic');
    expect(exemptionInForce('agricultural_land_under_5_acres', facts({ disturbedAcres: 24.5 }))).toBeNull();
  });
});

describe('the compliance rules: an exemption the facts rule out excuses nothing', () => {
  const d = (p: Record<string, unknown>) =>
    data({ p: { actualStartOn: '2026-03-02', ...p }, inspections: on('2026-03-02') });
  const now = at('2026-03-20', '12:00');

  it('D(1)(c) on 24.5 disturbed acres keeps every finding', () => {
    const none = findings(d({ exemption: null, disturbedAcres: 24.5 }), ctx(now)).map((f) => f.key);
    expect(none.length).toBeGreaterThan(0);
    expect(
      findings(d({ exemption: 'agricultural_land_under_5_acres', disturbedAcres: 24.5 }), ctx(now)).map((f) => f.key),
    ).toEqual(none);
  });

  it('D(1)(c) on 3 disturbed acres holds: no findings', () => {
    expect(findings(d({ exemption: 'agricultural_land_under_5_acres', disturbedAcres: 3 }), ctx(now))).toEqual([]);
  });

  it('D(1)(e) on new construction keeps the findings; on redevelopment it holds', () => {
    expect(findings(d({ exemption: 'septic', natureOfActivity: 'new_construction' }), ctx(now)).length).toBeGreaterThan(
      0,
    );
    expect(findings(d({ exemption: 'septic', natureOfActivity: 'redevelopment' }), ctx(now))).toEqual([]);
  });
});

describe('recording an exemption, and what residents read', () => {
  function setup(over: Partial<typeof projects.$inferInsert> = {}) {
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    const officer = db
      .insert(users)
      .values({ email: 'officer@example.test', name: 'Pat Rivera', title: 'Stormwater Management Officer' })
      .returning()
      .get();
    const project = db
      .insert(projects)
      .values({
        slug: 'farm',
        name: 'Farm barn',
        siteAddress: '1 Farm Road',
        kind: 'minor',
        status: 'approved',
        totalSiteAcres: 30,
        disturbedAcres: 24.5,
        ...over,
      })
      .returning()
      .get();
    return { db, actor: { userId: officer.id }, project };
  }
  const row = (db: ReturnType<typeof setup>['db'], id: number) =>
    db.select().from(projects).where(eq(projects.id, id)).get()!;

  it('D(1)(c) on a 24.5-acre disturbance is refused with the reason and nothing is written', async () => {
    const { db, actor, project } = setup();
    const r = await recordStartDuties(
      asyncOf(db),
      actor,
      project.id,
      {
        exemption: 'agricultural_land_under_5_acres',
        exemptionNote: 'Barn on the farm',
        preConstructionAssessmentOn: null,
      },
      '2026-12-01',
    );
    expect(r).toEqual({
      ok: false,
      fields: {
        exemption: 'The project will disturb 24.5 acres; D(1)(c) covers only a disturbance of less than five acres.',
      },
    });
    expect(row(db, project.id)).toMatchObject({ exemption: null, exemptionRecordedBy: null });
  });

  it('an exemption that holds keeps who recorded it and the day; an unchanged one keeps the first recorder; clearing it clears both', async () => {
    const { db, actor, project } = setup({ disturbedAcres: 3 });
    const input = {
      exemption: 'agricultural_land_under_5_acres' as const,
      exemptionNote: 'Barn on the farm',
      preConstructionAssessmentOn: null,
    };
    expect(await recordStartDuties(asyncOf(db), actor, project.id, input, '2026-12-01')).toEqual({ ok: true });
    expect(row(db, project.id)).toMatchObject({
      exemptionRecordedBy: 'Pat Rivera, Stormwater Management Officer',
      exemptionRecordedOn: '2026-12-01',
    });
    expect(
      await recordStartDuties(
        asyncOf(db),
        { label: 'system' },
        project.id,
        { ...input, preConstructionAssessmentOn: '2026-12-02' },
        '2026-12-03',
      ),
    ).toEqual({ ok: true });
    expect(row(db, project.id)).toMatchObject({
      exemptionRecordedBy: 'Pat Rivera, Stormwater Management Officer',
      exemptionRecordedOn: '2026-12-01',
    });
    expect(
      await recordStartDuties(
        asyncOf(db),
        { label: 'system' },
        project.id,
        { ...input, exemptionNote: 'A pole barn on the farm' },
        '2026-12-04',
      ),
    ).toEqual({ ok: true });
    expect(row(db, project.id)).toMatchObject({ exemptionRecordedBy: 'the Town', exemptionRecordedOn: '2026-12-04' });
    expect(
      await recordStartDuties(
        asyncOf(db),
        actor,
        project.id,
        { exemption: null, exemptionNote: null, preConstructionAssessmentOn: null },
        '2026-12-05',
      ),
    ).toEqual({ ok: true });
    expect(row(db, project.id)).toMatchObject({
      exemption: null,
      exemptionRecordedBy: null,
      exemptionRecordedOn: null,
    });
  });

  it('the public page says who recorded the exemption and when', () => {
    const p = {
      exemption: 'septic',
      exemptionNote: 'Replacing the septic system of the house at 12 Main Street.',
      exemptionRecordedBy: 'Pat Rivera, Stormwater Management Officer',
      exemptionRecordedOn: '2026-12-01',
      totalSiteAcres: 1,
      disturbedAcres: 0.2,
      natureOfActivity: 'redevelopment',
    };
    expect(swpppStatusWords(p, undefined, false)).toBe(
      'No SWPPP is required: the activity is exempt under Subsection D(1)(e): renovation or replacement of a septic system serving an existing building. Replacing the septic system of the house at 12 Main Street. Recorded by Pat Rivera, Stormwater Management Officer on December 1, 2026.',
    );
  });

  it('an exemption the facts have since ruled out says so beside the plan’s standing', () => {
    const p = {
      exemption: 'agricultural_land_under_5_acres',
      exemptionNote: 'Barn',
      exemptionRecordedBy: 'Pat Rivera, Stormwater Management Officer',
      exemptionRecordedOn: '2026-12-01',
      totalSiteAcres: 30,
      disturbedAcres: 24.5,
      natureOfActivity: null,
    };
    expect(swpppStatusWords(p, undefined, false)).toBe(
      'Not yet on file. An exemption under Subsection D(1)(c): construction on agricultural or silvicultural land disturbing less than five acres was recorded by Pat Rivera, Stormwater Management Officer on December 1, 2026, but it does not apply. The project will disturb 24.5 acres; D(1)(c) covers only a disturbance of less than five acres.',
    );
  });
});

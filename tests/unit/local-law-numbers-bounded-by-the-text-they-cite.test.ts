/**
 * Local-law numbers are bounded by the text they cite (decision 0071): the fine cap is R(3)'s $250, the
 * review days E's 30, the correction days R(2)'s seven, unless the town names the local law that amended the
 * number and the day it was adopted; the amendment is audited and shown on the public law page beside the
 * citation. POL §89's five business days are never a setting.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { seedReferenceData } from '#db/seed/reference.ts';
import { seedTownProfile } from '#db/seed/town-profiles.ts';
import { migrateDatabase, openDatabase, schema, type DB } from '#lib/server/platform/db.ts';
import { checkLocalLaw, lawCitation, localLawFrom, localLawRows } from '#lib/server/platform/local-law.rules.ts';
import { loadLocalLaw } from '#lib/server/platform/local-law.ts';
import { saveLocalRules } from '#lib/server/compliance/local-rules.ts';
import { publicLawAmendments } from '#lib/server/public/ordinance-text.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const text = { swpppReviewDays: '30', correctionDays: '7', maxDailyFineCents: '250' };
const NOW = townInstant('2026-12-07', '10:00');
/** The compliance engine's numbers, saved on the same form. */
const rules = {
  routineMaxDays: '7',
  stormInches: '0.5',
  postStormHours: '24',
  stabilizationDays: '14',
  fiveAcreLimit: '5',
};

describe('a number that departs from the ordinance needs the amending local law', () => {
  it.each([
    ['maxDailyFineCents', '1000', 'Subsection R(3) of the ordinance says $250'],
    ['maxDailyFineCents', '100', 'Subsection R(3) of the ordinance says $250'],
    ['swpppReviewDays', '20', 'Subsection E of the ordinance says 30 days'],
    ['correctionDays', '30', 'Subsection R(2) of the ordinance says 7 days'],
    ['correctionDays', '5', 'Subsection R(2) of the ordinance says 7 days'],
  ])('%s = %s without one is refused: %s', (key, value, words) => {
    const { errors } = checkLocalLaw({ ...text, [key]: value });
    expect(errors[`amendment.${key}`]).toContain(words);
    expect(errors[`amendedOn.${key}`]).toBe('Enter the day the amending local law was adopted.');
  });

  it('the ordinance’s own numbers need nothing', () => {
    expect(checkLocalLaw(text)).toMatchObject({
      errors: {},
      values: { swpppReviewDays: 30, correctionDays: 7, maxDailyFineCents: 25_000, amendments: {} },
    });
  });

  it('with the local law’s number and day it is accepted, and cited with the number', () => {
    const r = checkLocalLaw({
      ...text,
      correctionDays: '10',
      'amendment.correctionDays': 'Local Law No. 2 of 2027',
      'amendedOn.correctionDays': '2027-03-01',
    });
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({
      correctionDays: 10,
      amendments: { correctionDays: { localLaw: 'Local Law No. 2 of 2027', adoptedOn: '2027-03-01' } },
    });
    expect(lawCitation(r.values, 'correctionDays')).toBe(
      'Subsection R(2), as amended by Local Law No. 2 of 2027 (adopted March 1, 2027)',
    );
    expect(localLawFrom(new Map(localLawRows(r.values).map((x) => [x.key, x.value])))).toEqual(r.values);
  });

  it('an amended number still keeps within the portal’s bounds, and the day must be a date', () => {
    const amended = {
      'amendment.maxDailyFineCents': 'Local Law No. 1 of 2027',
      'amendedOn.maxDailyFineCents': '2027-02-30',
    };
    expect(checkLocalLaw({ ...text, maxDailyFineCents: '5000', ...amended }).errors).toMatchObject({
      maxDailyFineCents: expect.stringContaining('at most $1,000'),
    });
    expect(checkLocalLaw({ ...text, maxDailyFineCents: '500', ...amended }).errors).toEqual({
      'amendedOn.maxDailyFineCents': 'Enter the day as a date, like 2027-03-01.',
    });
  });

  it('a stored number off the text without its amendment (edited by hand) falls back to the ordinance’s', () => {
    expect(
      localLawFrom(
        new Map([
          ['local_law.maxDailyFineCents', '100000'],
          ['local_law.correctionDays', '30'],
        ]),
      ),
    ).toMatchObject({ maxDailyFineCents: 25_000, correctionDays: 7, amendments: {} });
  });
});

describe('state law is never a setting', () => {
  it('POL §89(3)(a)’s five business days: another number is refused, a stored one ignored', async () => {
    expect(checkLocalLaw({ ...text, foilBusinessDays: '3' }).errors).toEqual({
      foilBusinessDays: 'Public Officers Law §89(3)(a) sets five business days; it is state law, not a setting.',
    });
    expect(checkLocalLaw({ ...text, foilBusinessDays: '5' }).errors).toEqual({});
    expect(localLawFrom(new Map([['local_law.foilBusinessDays', '3']])).foilBusinessDays).toBe(5);
  });
});

describe('saved, audited and shown beside the citation on the public law page', () => {
  let db: DB;
  let adminId: number;
  beforeEach(async () => {
    db = openDatabase(':memory:');
    migrateDatabase(db);
    await seedReferenceData(db, { now: NOW });
    seedTownProfile(db, NOW);
    adminId = Number(
      db.insert(schema.users).values({ email: 'admin@example.org', name: 'Ada Admin' }).run().lastInsertRowid,
    );
  });

  it('a $100 fine cap by Local Law No. 2 of 2027', async () => {
    expect(
      await saveLocalRules(asyncOf(db), { userId: adminId }, { ...rules, maxDailyFineCents: '1000' }, NOW),
    ).toMatchObject({
      ok: false,
      fields: { 'amendment.maxDailyFineCents': expect.any(String) },
    });
    expect(loadLocalLaw(db).maxDailyFineCents).toBe(25_000);
    expect(await publicLawAmendments(asyncOf(db))).toEqual([]);

    const saved = await saveLocalRules(
      asyncOf(db),
      { userId: adminId },
      {
        ...rules,
        maxDailyFineCents: '100',
        'amendment.maxDailyFineCents': 'Local Law No. 2 of 2027',
        'amendedOn.maxDailyFineCents': '2027-03-01',
      },
      NOW,
    );
    expect(saved).toEqual({ ok: true });
    expect(loadLocalLaw(db)).toMatchObject({
      maxDailyFineCents: 10_000,
      amendments: { maxDailyFineCents: { localLaw: 'Local Law No. 2 of 2027', adoptedOn: '2027-03-01' } },
    });
    const audit = db
      .select()
      .from(schema.auditLog)
      .all()
      .filter((a) => a.action === 'compliance.settings');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).toContain('Local Law No. 2 of 2027');
    expect(await publicLawAmendments(asyncOf(db))).toEqual([
      {
        label: 'Most a court may fine per violation per day',
        inForce: '$100.00',
        text: '$250.00',
        citation: 'Subsection R(3), as amended by Local Law No. 2 of 2027 (adopted March 1, 2027)',
      },
    ]);
  });
});

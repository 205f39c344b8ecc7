/**
 * Decision 0040: the local law's numbers and citations as settings. The state's construction
 * permit is the floor (a town may be stricter, never laxer), findings cite the town's own letters, and a
 * stricter number changes the findings. Stored and read back through the settings table.
 */
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '#lib/server/compliance/compliance.rules.ts';
import { loadComplianceSettings } from '#lib/server/compliance/compliance.ts';
import { checkLocalRules } from '#lib/server/compliance/local-rules.rules.ts';
import { saveLocalRules } from '#lib/server/compliance/local-rules.ts';
import { migrateDatabase, openDatabase } from '#lib/server/platform/db.ts';
import { allSummaries, at, ctx, data, findings, on } from '../support/compliance-builders.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const lawful = {
  routineMaxDays: '7',
  stormInches: '0.5',
  postStormHours: '24',
  stabilizationDays: '14',
  fiveAcreLimit: '5',
};

describe('the local law’s numbers', () => {
  it.each<[string, Record<string, string>, string, string]>([
    [
      'an inspection every 10 days',
      { routineMaxDays: '10' },
      'routineMaxDays',
      'The state construction permit requires an inspection at least every 7 calendar days: a local law may ask for more often, not less.',
    ],
    [
      'a 1-inch storm threshold',
      { stormInches: '1' },
      'stormInches',
      'The state construction permit requires an inspection after every storm of 0.5 inch or more: the threshold cannot be higher.',
    ],
    [
      '48 hours after a storm',
      { postStormHours: '48' },
      'postStormHours',
      'The state construction permit requires the post-storm inspection within 24 hours: it cannot be later.',
    ],
    [
      'stabilization in 21 days',
      { stabilizationDays: '21' },
      'stabilizationDays',
      'The state construction permit requires stabilization to begin within 14 days: it cannot be later.',
    ],
    [
      'ten acres at once',
      { fiveAcreLimit: '10' },
      'fiveAcreLimit',
      'The state construction permit allows at most 5 acres disturbed at once without DEC’s prior written approval.',
    ],
    ['half a day', { routineMaxDays: '6.5' }, 'routineMaxDays', 'Enter a whole number of days, like 7.'],
  ])('refuses %s: the state’s floor', (_what, over, field, message) => {
    expect(checkLocalRules({ ...lawful, ...over }).errors).toEqual({ [field]: message });
  });

  it('accepts a stricter law, and keeps only the citations that differ from the model law', () => {
    const { values, errors } = checkLocalRules({
      ...lawful,
      routineMaxDays: '5',
      stormInches: '0.25',
      'citation.routine': ' Section 12-4(c): inspection every five days ',
      'citation.postStorm': SECTIONS.postStorm,
    });
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      routineMaxDays: 5,
      stormInches: 0.25,
      citations: { routine: 'Section 12-4(c): inspection every five days' },
    });
    expect(values.citations.postStorm).toBeUndefined();
  });

  it('findings count with the town’s number and cite the town’s law', () => {
    const d = data({ inspections: on('2026-03-02', '2026-03-08'), summaries: allSummaries('2026-03', '2026-03') });
    const now = at('2026-03-08', '12:00');
    expect(findings(d, ctx(now), 'routine-gap')).toHaveLength(0);
    const [gap] = findings(
      d,
      ctx(now, { settings: { routineMaxDays: 5, citations: { routine: 'Section 12-4(c) of the Village Code' } } }),
      'routine-gap',
    );
    expect(gap).toMatchObject({ section: 'Section 12-4(c) of the Village Code', dueOn: '2026-03-07' });
  });

  it('are saved with an audit row and read into the engine’s settings; a refused form writes nothing', async () => {
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    expect(await saveLocalRules(asyncOf(db), { label: 'system' }, { ...lawful, routineMaxDays: '30' })).toMatchObject({
      ok: false,
      fields: { routineMaxDays: expect.stringContaining('7 calendar days') },
    });
    expect((await loadComplianceSettings(asyncOf(db))).routineMaxDays).toBe(7);
    expect(
      await saveLocalRules(
        asyncOf(db),
        { label: 'system' },
        { ...lawful, routineMaxDays: '5', 'citation.routine': 'Section 12-4(c)' },
      ),
    ).toEqual({ ok: true });
    expect(await loadComplianceSettings(asyncOf(db))).toMatchObject({
      routineMaxDays: 5,
      stormInches: 0.5,
      citations: { routine: 'Section 12-4(c)' },
    });
    expect(
      db.$client
        .prepare(
          "select count(*) as n from audit_log where action = 'compliance.settings' and entity_id = 'local-rules'",
        )
        .get(),
    ).toEqual({ n: 1 });
  });
});

/**
 * Decision 0077: the help pages are written once for every municipality, with placeholders filled from the
 * data the bills, due dates and findings use. Here, without a server: every placeholder the pages write is
 * one the filler knows; a value is escaped in HTML and the text around it is not; and, on a real database
 * seeded as the Village of Pinebrook, the fee words are the schedule an invoice issued that day takes, the
 * holiday list is the calendar's own, and nothing says "Town". The pages served: integration
 * help-pages-in-the-municipalitys-words.
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedVillageDemo } from '#db/seed/village.ts';
import { migrateDatabase, openDatabase, publicDataVersion } from '#lib/server/platform/db.ts';
import { statutoryHolidays, statutoryHolidayWords } from '#lib/server/platform/time/deadlines.rules.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { escapeHtml, fillHelp, HELP_PLACEHOLDERS, unknownPlaceholders } from '#lib/server/public/help-words.rules.ts';
import { loadHelpWords } from '#lib/server/public/help-words.ts';
import { feeScheduleOn, saveFeeSchedule } from '#lib/server/records-requests/fee-schedules.ts';
import { formatMoney } from '#lib/shared/format.ts';
import { PLACEHOLDER_TOWN_PROFILE, townWords } from '#lib/shared/town-profile.ts';

const HELP_DIR = path.resolve(import.meta.dirname, '../../content/help');
const pages = fs
  .readdirSync(HELP_DIR)
  .filter((f) => f.endsWith('.md'))
  .map((f) => ({ name: f, text: fs.readFileSync(path.join(HELP_DIR, f), 'utf8') }));
const NOW = new Date('2026-12-05T15:00:00Z');

describe('help pages in the municipality’s words', () => {
  it('write only placeholders the filler knows, and name no municipality', () => {
    expect(pages.length).toBeGreaterThanOrEqual(5);
    for (const p of pages) expect(unknownPlaceholders(p.text), p.name).toEqual([]);
    for (const p of pages) expect(p.text, p.name).not.toMatch(/\b(town|rotterdam|pinebrook)\b/i);
  });

  it('escapes a value in HTML and leaves the page’s own markup and unknown names alone', () => {
    const words = Object.fromEntries(HELP_PLACEHOLDERS.map((k) => [k, k])) as Record<
      (typeof HELP_PLACEHOLDERS)[number],
      string
    >;
    words.clerk = 'Clerk <b>&</b> "Co"';
    expect(fillHelp('<p>Ask the {{clerk}} at {{hall}}; {{nope}}</p>', words, escapeHtml)).toBe(
      '<p>Ask the Clerk &lt;b&gt;&amp;&lt;/b&gt; &quot;Co&quot; at hall; {{nope}}</p>',
    );
    expect(fillHelp('{{clerk}}', words)).toBe('Clerk <b>&</b> "Co"');
  });

  it('names each kind of municipality’s hall, clerk and legislative body', () => {
    const words = (kind: 'town' | 'village' | 'city') => townWords({ ...PLACEHOLDER_TOWN_PROFILE, kind });
    expect([words('town').board, words('village').board, words('city').board]).toEqual([
      'Town Board',
      'Board of Trustees',
      'Common Council',
    ]);
    expect([words('village').hall, words('city').clerk]).toEqual(['Village Hall', 'City Clerk']);
  });

  it('lists the very holidays the due dates skip', () => {
    const names = [...statutoryHolidays(2027).values()].filter((n) => !n.endsWith('(observed)'));
    expect(statutoryHolidayWords().map((w) => w.replace(/ \(.*\)$/, ''))).toEqual(names);
    expect(statutoryHolidayWords()).toContain("Lincoln's Birthday (February 12)");
    expect(statutoryHolidayWords()).toContain('Memorial Day (last Monday in May)');
  });

  it('gives a village its own fees, clerk and law numbers, from the data an invoice uses', async () => {
    const db = openDatabase(':memory:');
    migrateDatabase(db);
    await seedVillageDemo(db, { now: NOW });
    const words = await loadHelpWords(asyncOf(db), NOW);
    const fees = await feeScheduleOn(asyncOf(db), townToday(NOW));
    expect(words['fee.page']).toBe(formatMoney(fees.perPageCents));
    expect(words['fee.page']).toBe('$0.20');
    expect(words['fee.sheet']).toBe('$4.00');
    expect(words['fee.usb']).toBe('$4.00');
    expect(words['fee.cd']).toBe('$1.00');
    expect(words['fee.electronic']).toBe('free');
    expect(words).toMatchObject({
      municipality: 'Village of Pinebrook',
      Kind: 'Village',
      kind: 'village',
      hall: 'Village Hall',
      clerk: 'Village Clerk',
      board: 'Board of Trustees',
    });
    expect(words['fine-cap']).toBe('$200.00');
    expect(words['correction-days']).toBe('ten days');
    expect(words['close-of-business']).toBe('4:30 p.m.');
    expect(words['due-date-example']).toMatch(/^A request emailed Wednesday, November 25, 2026 at 5:00 PM\./);
    expect(words['due-date-example']).toContain('Business day 5 is Thursday, December 3, 2026');
    for (const p of pages) expect(fillHelp(p.text, words), p.name).not.toMatch(/\bTown\b|Rotterdam/);

    // A new schedule in force today is a public change (cached help pages are answered afresh) and the words follow it.
    const version = publicDataVersion(db);
    const saved = await saveFeeSchedule(
      asyncOf(db),
      { label: 'system' },
      {
        perPageCents: 15,
        largeFormatSheetCents: 400,
        electronicCents: 0,
        cdCents: 100,
        usbCents: 400,
        staffHourlyCents: 1700,
        effectiveFrom: townToday(NOW),
        notes: 'Cheaper copies.',
      },
      NOW,
    );
    expect(saved.ok).toBe(true);
    expect(publicDataVersion(db)).not.toBe(version);
    expect((await loadHelpWords(asyncOf(db), NOW))['fee.page']).toBe('$0.15');
    db.$client.close();
  });
});

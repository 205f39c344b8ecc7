/** Decision 0044: the local law's periods and fine cap as settings, with the state's caps and the portal's floors. */
import { describe, expect, it } from 'vitest';
import {
  checkLocalLaw,
  daysInWords,
  DEFAULT_LOCAL_LAW,
  lawCitation,
  localLawFrom,
  localLawRows,
} from '#lib/server/platform/local-law.rules.ts';
import { calculateFine, checkConviction, swpppCorrectionDeadline } from '#lib/server/enforcement/actions.rules.ts';
import { reviewClock } from '#lib/server/reviews/swppp-review.rules.ts';
import { BusinessCalendar } from '#lib/server/platform/time/deadlines.rules.ts';
import { checkOrdinanceText } from '#lib/server/platform/ordinance-text.ts';
import { markdownBlocks } from '#lib/shared/markdown-lite.ts';

const ok = { swpppReviewDays: '30', correctionDays: '7', maxDailyFineCents: '250', foilBusinessDays: '5' };

describe('the local law’s periods: floors and caps', () => {
  it.each([
    ['foilBusinessDays', '6', 'Public Officers Law §89(3)(a) sets five business days'],
    ['foilBusinessDays', '0', 'Public Officers Law §89(3)(a) sets five business days'],
    ['foilBusinessDays', '4.5', 'Public Officers Law §89(3)(a) sets five business days'],
    ['swpppReviewDays', '31', 'The model law gives the officer 30 days'],
    ['swpppReviewDays', '9', 'at least 10 days'],
    ['correctionDays', '4', 'at least a working week'],
    ['correctionDays', '31', 'at most 30 days'],
    ['maxDailyFineCents', '1000.01', 'at most $1,000 a day'],
    ['maxDailyFineCents', '0', 'at least $1'],
    ['maxDailyFineCents', 'lots', 'amount in dollars'],
    ['maxDailyFineCents', '250.505', 'amount in dollars'],
  ])('%s = %s is refused: %s', (key, value, words) => {
    const { errors } = checkLocalLaw({ ...ok, [key]: value });
    expect(errors[key]).toContain(words);
    expect(Object.keys(errors)).toEqual([key]);
  });

  it.each([
    [{ foilBusinessDays: '5' }, { foilBusinessDays: 5 }],
    [{ swpppReviewDays: '10' }, { swpppReviewDays: 10 }],
    [{ correctionDays: '14' }, { correctionDays: 14 }],
    [{ maxDailyFineCents: '$350.50' }, { maxDailyFineCents: 35_050 }],
    [{ maxDailyFineCents: '1000' }, { maxDailyFineCents: 100_000 }],
    // Read as every money field is (parseMoney): thousands separators and a space after the sign.
    [{ maxDailyFineCents: '$1,000' }, { maxDailyFineCents: 100_000 }],
    [{ maxDailyFineCents: '$ 250.5' }, { maxDailyFineCents: 25_050 }],
  ])('%o is accepted as %o (with the amending local law, decision 0071)', (form, values) => {
    const amended = Object.fromEntries(
      Object.keys(form).flatMap((k) => [
        [`amendment.${k}`, 'Local Law No. 1 of 2027'],
        [`amendedOn.${k}`, '2027-01-15'],
      ]),
    );
    const r = checkLocalLaw({ ...ok, ...form, ...amended });
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject(values);
  });

  it('a citation equal to the model law’s is not stored; the town’s own words are, and round-trip', () => {
    const r = checkLocalLaw({
      ...ok,
      'lawCitation.correctionDays': 'Subsection R(2)',
      'lawCitation.maxDailyFineCents': 'Local Law 3 of 2019, § 7(c)',
    });
    expect(r.values.citations).toEqual({ maxDailyFineCents: 'Local Law 3 of 2019, § 7(c)' });
    const back = localLawFrom(new Map(localLawRows(r.values).map((x) => [x.key, x.value])));
    expect(back).toEqual(r.values);
    expect(lawCitation(back, 'maxDailyFineCents')).toBe('Local Law 3 of 2019, § 7(c)');
    expect(lawCitation(back, 'foilBusinessDays')).toBe('Public Officers Law §89(3)(a)');
  });

  it('a stored number beyond a cap (edited by hand) falls back to the law’s', () => {
    expect(
      localLawFrom(
        new Map([
          ['local_law.foilBusinessDays', '10'],
          ['local_law.maxDailyFineCents', '999999999'],
        ]),
      ),
    ).toMatchObject({ foilBusinessDays: 5, maxDailyFineCents: 25_000 });
  });

  it('says short periods the way a law does', () => {
    expect([daysInWords(1), daysInWords(7), daysInWords(14)]).toEqual(['one day', 'seven days', '14 days']);
  });
});

describe('the rules count with the town’s numbers, passed as facts', () => {
  const calendar = new BusinessCalendar([]);
  it('a 20-day SWPPP review', () => {
    const c = reviewClock({ receivedOn: '2026-06-01' }, '2026-06-02', calendar, {
      ...DEFAULT_LOCAL_LAW,
      swpppReviewDays: 20,
    });
    expect(c.clock?.deadline).toBe('2026-06-22');
    expect(c.explanation.join(' ')).toContain('The officer has 20 days from receipt');
  });
  it('ten correction days', () => {
    const d = swpppCorrectionDeadline('2026-06-15', calendar, null, { correctionDays: 10 });
    expect(d.dueOn).toBe('2026-06-25');
    expect(d.explanation).toContain('Ten days after');
  });
  it('a $100 fine cap', () => {
    const law = { ...DEFAULT_LOCAL_LAW, maxDailyFineCents: 10_000 };
    const f = calculateFine({ days: 3, dailyRateCents: 25_000 }, law);
    expect(f).toMatchObject({ ok: true, assessedCents: 30_000, cappedFromCents: 25_000 });
    const c = checkConviction(
      { convictedOn: '2026-07-01', referredOn: '2026-06-01', docketNumber: 'X-1', days: 2, fineCents: 20_001 },
      '2026-07-02',
      law,
    );
    expect(c).toMatchObject({ ok: false, fields: { fineAmount: expect.any(String) } });
  });
});

describe('the town’s ordinance text: Markdown read safely (no HTML reaches the page)', () => {
  it('reads headings, paragraphs, lists and emphasis as data', () => {
    expect(
      markdownBlocks(
        '# Local Law 2\n\n## § 1. Purpose\nThe **Village** finds\nthat *runoff* harms.\n\n- one\n- two\n\n1. first\n(2) second',
      ),
    ).toEqual([
      { kind: 'h2', runs: [{ text: 'Local Law 2' }] },
      { kind: 'h2', runs: [{ text: '§ 1. Purpose' }] },
      {
        kind: 'p',
        runs: [
          { text: 'The ' },
          { text: 'Village', strong: true },
          { text: ' finds that ' },
          { text: 'runoff', em: true },
          { text: ' harms.' },
        ],
      },
      { kind: 'ul', items: [[{ text: 'one' }], [{ text: 'two' }]] },
      { kind: 'ol', items: [[{ text: 'first' }], [{ text: 'second' }]] },
    ]);
  });
  it('keeps what looks like markup as text: the page escapes it', () => {
    expect(markdownBlocks('Fines < $500 & [a link](javascript:alert(1))')).toEqual([
      { kind: 'p', runs: [{ text: 'Fines < $500 & [a link](javascript:alert(1))' }] },
    ]);
  });
  it.each([
    ['<script>alert(1)</script>' + 'x'.repeat(300), 'HTML tags'],
    ['Too short.', 'at least 200 characters'],
    ['x'.repeat(200 * 1024 + 1), 'longer than 200 KB'],
    ['9'.repeat(400), 'too few words'],
  ])('refuses %#: %s', (text, words) => {
    const r = checkOrdinanceText(text);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain(words);
  });
  it('removes control characters and direction overrides, keeps line breaks', () => {
    const r = checkOrdinanceText(`# Law\u202e\r\n${'word '.repeat(50)}\u0007end`);
    expect(r).toEqual({ ok: true, text: `# Law\n${'word '.repeat(50)}end` });
  });
});

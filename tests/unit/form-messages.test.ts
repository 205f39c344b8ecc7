/**
 * The forms whose pages parse their own (multipart) posts say what is wrong in sentences: empty fields,
 * numbers that are words, negative and fractional ids, huge numbers and over-long text never reach a
 * person as zod's defaults ("Invalid input: expected number, received NaN"). The Action forms are swept
 * over HTTP in tests/integration/form-messages.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { inspectionFields, parseInspection } from '#lib/server/filings/inspection-reports.ts';
import { parseSummary, summaryFields } from '#lib/server/filings/monthly-summaries.ts';
import { parseUpload, uploadFields } from '#lib/server/filings/operator-documents.ts';
import { stormFields } from '#lib/server/filings/storms.ts';
import { townInstant } from '#lib/server/platform/time/town-time.ts';
import { fieldId, fieldMessages } from '#lib/shared/form-aria.ts';

/** zod's own words, which mean nothing to a resident or an operator. */
export const ZOD_WORDS =
  /Invalid input|Invalid option|Invalid (string|number|email|date)|expected |Too (big|small)|received (null|undefined|NaN|Infinity|File|string|number|array)/;

const VARIANTS: Record<string, string | undefined> = {
  missing: undefined,
  empty: '',
  word: 'not-a-value',
  negative: '-1',
  fraction: '1.5',
  huge: '9'.repeat(400),
  long: 'x'.repeat(10_001),
};

function filled(names: string[], value: string | undefined): Record<string, string> {
  return value === undefined ? {} : Object.fromEntries(names.map((n) => [n, value]));
}

const now = townInstant('2026-06-15', '16:00');
const shapeOf = (schema: { shape?: Record<string, unknown>; _zod?: { def?: { shape?: Record<string, unknown> } } }) =>
  Object.keys(schema.shape ?? schema._zod?.def?.shape ?? {});
const inspectionNames = [
  ...shapeOf(inspectionFields),
  ...['name', 'type', 'pct', 'condition', 'notes'].map((k) => `practice.0.${k}`),
  ...['description', 'responsibleParty', 'dueOn'].map((k) => `ca.0.${k}`),
  ...['name', 'acres', 'stoppedOn', 'begunOn', 'resumesOn'].map((k) => `area.0.${k}`),
];

const forms: Record<string, (value: string | undefined) => string[]> = {
  'inspection report': (v) => {
    const r = parseInspection(filled(inspectionNames, v), { now, startOn: '2026-03-02', open: [] });
    return r.ok ? [] : Object.values(r.fields ?? {});
  },
  'monthly summary': (v) => {
    const r = parseSummary(filled(shapeOf(summaryFields), v), ['2026-05']);
    return r.ok ? [] : Object.values(r.fields ?? {});
  },
  'operator document': (v) => {
    const r = parseUpload(filled(shapeOf(uploadFields), v), now);
    return r.ok ? [] : Object.values(r.fields ?? {});
  },
  'rain event': (v) => {
    const r = stormFields.safeParse(v === undefined ? {} : Object.fromEntries(shapeOf(stormFields).map((n) => [n, v])));
    return r.success ? [] : r.error.issues.map((i) => i.message);
  },
};

describe('forms parsed by their pages answer in sentences', () => {
  for (const [form, parse] of Object.entries(forms)) {
    for (const [variant, value] of Object.entries(VARIANTS)) {
      it(`${form}, ${variant} values`, () => {
        const messages = parse(value);
        expect(messages.length, 'the form refuses it').toBeGreaterThan(0);
        for (const m of messages) {
          expect(m).not.toMatch(ZOD_WORDS);
          expect(m, 'a sentence').toMatch(/^[A-Z“].*[.)!?]$/s);
        }
      });
    }
  }
});

describe('the error summary links each message to its field', () => {
  it('one id convention for the field components and the summary’s links', () => {
    expect(fieldId('email')).toBe('f-email');
    expect(fieldId('practice.0.pct')).toBe('f-practice-0-pct');
    expect(fieldId('map[name]')).toBe('f-map-name-');
  });

  it('lists the messages by field in order, without the whole-form message or empty ones', () => {
    expect(
      fieldMessages({
        _form: 'Saved nothing.',
        form: 'Nothing.',
        name: ['Enter your name.'],
        email: 'Enter an email address like name@example.com.',
        phone: [],
        'practice.0.pct': ['Enter how full it is,', 'from 0 to 100.'],
        notes: undefined,
      }),
    ).toEqual([
      ['name', 'Enter your name.'],
      ['email', 'Enter an email address like name@example.com.'],
      ['practice.0.pct', 'Enter how full it is, from 0 to 100.'],
    ]);
  });
});

/**
 * The local law's periods and the fine cap as settings, each with the town's own citation (issue 21,
 * decision 0044): the days the Stormwater Management Officer has to review a SWPPP (the model law's
 * Subsection E: 30 days), the days a permittee has to correct a SWPPP after a deficiency notice
 * (Subsection R(2): seven days), the most a court may fine per violation per day (Subsection R(3):
 * $250), and the business days to answer a records request. The last is the state's: Public Officers Law
 * §89(3)(a) gives an agency five business days, so a town may answer sooner, never later. The other
 * bounds are the portal's readings, chosen to protect both the public (a review long enough to be a
 * review, a correction period short enough to matter) and the applicant (no review longer than the model
 * law's, never fewer days to correct than a working week, no fine above $1,000 a day whatever is typed). Pure: the
 * services load the values and pass them to the rules as facts.
 */
import { parseMoney } from '#lib/shared/format.ts';

export interface LocalLawValues {
  /** Calendar days to decide completeness, and again to decide a complete plan. */
  swpppReviewDays: number;
  /** Calendar days after a SWPPP deficiency notice to amend and certify. */
  correctionDays: number;
  /** The most a court may fine per violation per day, in cents. */
  maxDailyFineCents: number;
  /** Business days to answer a FOIL request (POL §89(3)(a): at most five). */
  foilBusinessDays: number;
  citations: Partial<Record<LocalLawKey, string>>;
}

export type LocalLawKey = 'swpppReviewDays' | 'correctionDays' | 'maxDailyFineCents' | 'foilBusinessDays';

export interface LocalLawRule {
  key: LocalLawKey;
  label: string;
  unit: string;
  min: number;
  max: number;
  /** Dollars in the form, cents stored. */
  money?: true;
  /** The model law's (or the state's) citation, shown until the town words its own. */
  citation: string;
  /** Why the setting cannot go below `min`, in a sentence. */
  floor: string;
  /** Why the setting cannot go above `max`, in a sentence. */
  cap: string;
}

export const LOCAL_LAW_RULES: LocalLawRule[] = [
  {
    key: 'swpppReviewDays',
    label: 'SWPPP review: days to decide completeness, then to decide the complete plan',
    unit: 'days',
    min: 10,
    max: 30,
    citation: 'Subsection E',
    floor: 'A review of fewer than 10 days is not a review the public can rely on: enter at least 10 days.',
    cap: 'The model law gives the officer 30 days; a longer review keeps the applicant waiting, and an extension is agreed with the applicant case by case.',
  },
  {
    key: 'correctionDays',
    label: 'Days to correct a SWPPP after a deficiency notice',
    unit: 'days',
    min: 5,
    max: 30,
    citation: 'Subsection R(2)',
    floor: 'A permittee needs at least a working week to amend and certify a SWPPP: enter at least 5 days.',
    cap: 'Deficiencies left more than 30 days keep polluting: enter at most 30 days (the officer may still set another date on one notice).',
  },
  {
    key: 'maxDailyFineCents',
    label: 'Most a court may fine per violation per day',
    unit: 'dollars',
    min: 1,
    max: 1000,
    money: true,
    citation: 'Subsection R(3)',
    floor: 'Enter at least $1.',
    cap: 'Penal Law §80.05(4) lets a local law fix its own fine for a violation (else $250); the portal takes at most $1,000 a day, since a larger number is more likely a typing error than a town’s law.',
  },
  {
    key: 'foilBusinessDays',
    label: 'Records requests answered within',
    unit: 'business days',
    min: 1,
    max: 5,
    citation: 'Public Officers Law §89(3)(a)',
    floor: 'Enter at least 1 business day.',
    cap: 'Public Officers Law §89(3)(a) gives at most five business days: a town may answer sooner, never later.',
  },
];

export const DEFAULT_LOCAL_LAW: LocalLawValues = {
  swpppReviewDays: 30,
  correctionDays: 7,
  maxDailyFineCents: 25_000,
  foilBusinessDays: 5,
  citations: {},
};

const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
/** "seven days", "one day", "14 days": a law's way of saying a short period. */
export function daysInWords(n: number, unit = 'day'): string {
  return `${WORDS[n] ?? n} ${unit}${n === 1 ? '' : 's'}`;
}

const shown = (r: LocalLawRule, v: number) => (r.money ? (v / 100).toFixed(2) : String(v));

/** The value as the form shows it (dollars for money). */
export function localLawFormValue(v: LocalLawValues, key: LocalLawKey): string {
  return shown(LOCAL_LAW_RULES.find((r) => r.key === key) as LocalLawRule, v[key]);
}

/** The citation the town gives for a number: its own words, else the model law's (or the state's). */
export function lawCitation(v: Pick<LocalLawValues, 'citations'>, key: LocalLawKey): string {
  return v.citations[key] ?? (LOCAL_LAW_RULES.find((r) => r.key === key) as LocalLawRule).citation;
}

/**
 * The form checked: the values, or a plain sentence per field (the floors and caps among them). A field
 * the form does not carry at all keeps its `current` value (another form saving the other local rules).
 */
export function checkLocalLaw(
  form: Record<string, string | undefined>,
  current: LocalLawValues = DEFAULT_LOCAL_LAW,
): { values: LocalLawValues; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const values: LocalLawValues = { ...DEFAULT_LOCAL_LAW, citations: {} };
  for (const r of LOCAL_LAW_RULES) {
    if (form[r.key] === undefined) values[r.key] = current[r.key];
    if (form[`lawCitation.${r.key}`] === undefined && current.citations[r.key])
      values.citations[r.key] = current.citations[r.key];
    if (form[r.key] === undefined && form[`lawCitation.${r.key}`] === undefined) continue;
    if (form[r.key] === undefined) {
      checkCitation(r, form, values, errors);
      continue;
    }
    const raw = (form[r.key] ?? '').trim();
    // Money is read as every money field is (parseMoney: "$1,000.50" is 100050 cents); the bounds are in
    // the form's unit (dollars), so an amount is compared in dollars and stored in cents.
    const stored = r.money ? parseMoney(raw) : /^\d+$/.test(raw) ? Number(raw) : undefined;
    const n = stored === undefined || !Number.isFinite(stored) ? undefined : r.money ? stored / 100 : stored;
    if (stored === undefined || n === undefined)
      errors[r.key] = r.money
        ? `Enter an amount in dollars, like ${shown(r, DEFAULT_LOCAL_LAW[r.key])}.`
        : `Enter a whole number of ${r.unit}, like ${DEFAULT_LOCAL_LAW[r.key]}.`;
    else if (n > r.max) errors[r.key] = r.cap;
    else if (n < r.min) errors[r.key] = r.floor;
    else values[r.key] = stored;
    checkCitation(r, form, values, errors);
  }
  return { values, errors };
}

function checkCitation(
  r: LocalLawRule,
  form: Record<string, string | undefined>,
  values: LocalLawValues,
  errors: Record<string, string>,
): void {
  const posted = form[`lawCitation.${r.key}`];
  if (posted === undefined) return;
  const text = posted.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  delete values.citations[r.key];
  if (text.length > 400) errors[`lawCitation.${r.key}`] = 'Use at most 400 characters.';
  else if (text && text !== r.citation) values.citations[r.key] = text;
}

/** Stored settings read defensively: a missing or out-of-bounds number falls back to the law's. */
export function localLawFrom(stored: Map<string, string>): LocalLawValues {
  const out: LocalLawValues = { ...DEFAULT_LOCAL_LAW, citations: {} };
  for (const r of LOCAL_LAW_RULES) {
    const raw = stored.get(`local_law.${r.key}`);
    const n = Number(raw);
    const asForm = r.money ? n / 100 : n;
    if (raw !== undefined && Number.isInteger(n) && asForm >= r.min && asForm <= r.max) out[r.key] = n;
    const text = stored.get(`local_law_citation.${r.key}`);
    if (text) out.citations[r.key] = text;
  }
  return out;
}

/** The values as settings rows (a citation equal to the model law's is stored empty). */
export function localLawRows(v: LocalLawValues): Array<{ key: string; value: string }> {
  return LOCAL_LAW_RULES.flatMap((r) => [
    { key: `local_law.${r.key}`, value: String(v[r.key]) },
    { key: `local_law_citation.${r.key}`, value: v.citations[r.key] ?? '' },
  ]);
}

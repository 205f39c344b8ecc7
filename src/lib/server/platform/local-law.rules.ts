/**
 * The local law's periods and the fine cap as settings, each with the town's own citation (decision 0044),
 * bounded by the text they cite (decision 0071): the days the Stormwater Management Officer has to review a
 * SWPPP (Subsection E: 30 days), the days a permittee has to correct a SWPPP after a deficiency notice
 * (Subsection R(2): seven days) and the most a court may fine per violation per day (Subsection R(3): $250).
 * Each is the ordinance's own number unless the town names the local law that amended it (its number and the
 * day it was adopted); an amended number still keeps within the portal's readings (a review long enough to
 * be a review, a correction period short enough to matter, no fine above $1,000 a day whatever is typed).
 * The business days to answer a records request are the state's (Public Officers Law §89(3)(a): five) and
 * are never a setting. Pure: the services load the values and pass them to the rules as facts.
 */
import { isIsoDay } from '#lib/shared/days.ts';
import { parseMoney } from '#lib/shared/format.ts';

export interface LocalLawValues {
  /** Calendar days to decide completeness, and again to decide a complete plan. */
  swpppReviewDays: number;
  /** Calendar days after a SWPPP deficiency notice to amend and certify. */
  correctionDays: number;
  /** The most a court may fine per violation per day, in cents. */
  maxDailyFineCents: number;
  /** Business days to answer a FOIL request: POL §89(3)(a)'s five, never a setting. */
  foilBusinessDays: number;
  citations: Partial<Record<LocalLawKey, string>>;
  /** The local law that changed a number from the ordinance's text, by key. */
  amendments: Partial<Record<LocalLawKey, LocalLawAmendment>>;
}

/** A local law that amended one of the ordinance's numbers: its number as the town cites it, and the day adopted. */
export interface LocalLawAmendment {
  localLaw: string;
  adoptedOn: string;
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
  /** The number the ordinance's text gives (stored units: cents for money). */
  ordinance: number;
  /** The state's number (POL §89): shown, never settable. */
  state?: true;
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
    ordinance: 30,
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
    ordinance: 7,
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
    ordinance: 25_000,
    floor: 'Enter at least $1.',
    cap: 'Penal Law §80.05(4) lets a local law fix its own fine for a violation (else $250); the portal takes at most $1,000 a day, since a larger number is more likely a typing error than a municipality’s law.',
  },
  {
    key: 'foilBusinessDays',
    label: 'Records requests answered within',
    unit: 'business days',
    min: 1,
    max: 5,
    citation: 'Public Officers Law §89(3)(a)',
    ordinance: 5,
    state: true,
    floor: 'Public Officers Law §89(3)(a) sets five business days; it is state law, not a setting.',
    cap: 'Public Officers Law §89(3)(a) sets five business days; it is state law, not a setting.',
  },
];

export const DEFAULT_LOCAL_LAW: LocalLawValues = {
  swpppReviewDays: 30,
  correctionDays: 7,
  maxDailyFineCents: 25_000,
  foilBusinessDays: 5,
  citations: {},
  amendments: {},
};

/** The numbers a town may change by local law (the state's are shown, never set). */
export const SETTABLE_LOCAL_LAW_RULES = LOCAL_LAW_RULES.filter((r) => !r.state);

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
export function lawCitation(
  v: Pick<LocalLawValues, 'citations'> & Partial<Pick<LocalLawValues, 'amendments'>>,
  key: LocalLawKey,
): string {
  const cited = v.citations[key] ?? (LOCAL_LAW_RULES.find((r) => r.key === key) as LocalLawRule).citation;
  const a = v.amendments?.[key];
  return a ? `${cited}, as amended by ${a.localLaw} (adopted ${longDay(a.adoptedOn)})` : cited;
}

const longDayFmt = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
/** "2027-03-01" → "March 1, 2027" (a calendar day, no time zone). */
function longDay(date: string): string {
  return longDayFmt.format(new Date(`${date}T00:00:00Z`));
}

/**
 * A number that departs from the ordinance's text needs the local law that changed it (decision 0071): its
 * number ("Local Law No. 2 of 2027") and the day it was adopted. The ordinance's own number needs neither.
 */
function checkAmendment(
  r: LocalLawRule,
  value: number,
  form: Record<string, string | undefined>,
  current: LocalLawValues,
  values: LocalLawValues,
  errors: Record<string, string>,
): void {
  const postedLaw = form[`amendment.${r.key}`];
  const postedOn = form[`amendedOn.${r.key}`];
  const localLaw = (postedLaw ?? current.amendments[r.key]?.localLaw ?? '')
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim();
  const adoptedOn = (postedOn ?? current.amendments[r.key]?.adoptedOn ?? '').trim();
  if (value === r.ordinance) return;
  const text = r.money ? `$${(r.ordinance / 100).toLocaleString('en-US')}` : `${r.ordinance} ${r.unit}`;
  if (!localLaw)
    errors[`amendment.${r.key}`] =
      `${r.citation} of the ordinance says ${text}. To use another number, enter the local law that changed it, like “Local Law No. 2 of 2027”.`;
  else if (localLaw.length > 200) errors[`amendment.${r.key}`] = 'Use at most 200 characters for the local law.';
  if (!adoptedOn) errors[`amendedOn.${r.key}`] = 'Enter the day the amending local law was adopted.';
  else if (!isIsoDay(adoptedOn)) errors[`amendedOn.${r.key}`] = 'Enter the day as a date, like 2027-03-01.';
  if (!errors[`amendment.${r.key}`] && !errors[`amendedOn.${r.key}`])
    values.amendments[r.key] = { localLaw, adoptedOn };
}

/**
 * The form checked: the values, or a plain sentence per field (the floors and caps among them, and the
 * amending local law a number needs when it departs from the ordinance's text). A field the form does not
 * carry at all keeps its `current` value (another form saving the other local rules). The state's numbers
 * are never taken from a form.
 */
export function checkLocalLaw(
  form: Record<string, string | undefined>,
  current: LocalLawValues = DEFAULT_LOCAL_LAW,
): { values: LocalLawValues; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const values: LocalLawValues = { ...DEFAULT_LOCAL_LAW, citations: {}, amendments: {} };
  for (const r of LOCAL_LAW_RULES) {
    if (r.state) {
      const raw = form[r.key]?.trim();
      if (raw !== undefined && raw !== String(r.ordinance)) errors[r.key] = r.cap;
      if (current.citations[r.key]) values.citations[r.key] = current.citations[r.key];
      checkCitation(r, form, values, errors);
      continue;
    }
    if (form[`lawCitation.${r.key}`] === undefined && current.citations[r.key])
      values.citations[r.key] = current.citations[r.key];
    const raw = form[r.key]?.trim();
    if (raw === undefined) {
      values[r.key] = current[r.key];
      checkCitation(r, form, values, errors);
      checkAmendment(r, values[r.key], form, current, values, errors);
      continue;
    }
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
    else {
      values[r.key] = stored;
      checkAmendment(r, stored, form, current, values, errors);
    }
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

/**
 * Stored settings read defensively: a missing or out-of-bounds number, or one that departs from the
 * ordinance's text without the local law that amended it, falls back to the ordinance's; the state's
 * numbers are always the state's.
 */
export function localLawFrom(stored: Map<string, string>): LocalLawValues {
  const out: LocalLawValues = { ...DEFAULT_LOCAL_LAW, citations: {}, amendments: {} };
  for (const r of LOCAL_LAW_RULES) {
    const text = stored.get(`local_law_citation.${r.key}`);
    if (text) out.citations[r.key] = text;
    if (r.state) continue;
    const raw = stored.get(`local_law.${r.key}`);
    const n = Number(raw);
    const asForm = r.money ? n / 100 : n;
    const localLaw = stored.get(`local_law_amendment.${r.key}`);
    const adoptedOn = stored.get(`local_law_amended_on.${r.key}`);
    if (raw === undefined || !Number.isInteger(n) || asForm < r.min || asForm > r.max || n === r.ordinance) continue;
    if (!localLaw || !adoptedOn || !isIsoDay(adoptedOn)) continue;
    out[r.key] = n;
    out.amendments[r.key] = { localLaw, adoptedOn };
  }
  return out;
}

/** The values as settings rows (a citation equal to the model law's is stored empty, as is an unused amendment). */
export function localLawRows(v: LocalLawValues): Array<{ key: string; value: string }> {
  return SETTABLE_LOCAL_LAW_RULES.flatMap((r) => [
    { key: `local_law.${r.key}`, value: String(v[r.key]) },
    { key: `local_law_citation.${r.key}`, value: v.citations[r.key] ?? '' },
    { key: `local_law_amendment.${r.key}`, value: v.amendments[r.key]?.localLaw ?? '' },
    { key: `local_law_amended_on.${r.key}`, value: v.amendments[r.key]?.adoptedOn ?? '' },
  ]).concat(
    LOCAL_LAW_RULES.filter((r) => r.state).map((r) => ({
      key: `local_law_citation.${r.key}`,
      value: v.citations[r.key] ?? '',
    })),
  );
}

/**
 * The numbers of the town's local law as settings (decision 0040). Every town's erosion and
 * sediment control law follows the state's model local law, but may be stricter, and letters its
 * subsections its own way: the admin (or the Stormwater Management Officer) sets each number the
 * compliance engine uses with the local law's citation for it, and findings cite that. Where the state
 * sets the floor (the SPDES construction general permit, GP-0-25-001, which the MS4 permit makes every
 * town enforce), a setting cannot be laxer than the state: inspections at least every 7 days, within 24
 * hours of a storm of 0.5 inch or more, stabilization begun within 14 days, at most 5 acres disturbed at
 * once without DEC's approval. Pure.
 */
import {
  DEFAULT_COMPLIANCE_SETTINGS,
  modelSection,
  SECTIONS,
  type ComplianceSettings,
  type SectionKey,
} from './compliance.rules.ts';

export interface LocalRule {
  key: 'routineMaxDays' | 'postStormHours' | 'stormInches' | 'stabilizationDays' | 'fiveAcreLimit';
  label: string;
  unit: string;
  /** The citation this number belongs to (what the findings cite). */
  section: SectionKey;
  min: number;
  /** The state's limit: a town may be stricter (lower), never laxer. */
  max: number;
  integer: boolean;
  /** Why the setting cannot go above `max`, in a sentence. */
  cap: string;
}

export const LOCAL_RULES: LocalRule[] = [
  {
    key: 'routineMaxDays',
    label: 'Routine inspection at least every',
    unit: 'days',
    section: 'routine',
    min: 1,
    max: 7,
    integer: true,
    cap: 'The state construction permit requires an inspection at least every 7 calendar days: a local law may ask for more often, not less.',
  },
  {
    key: 'stormInches',
    label: 'Post-storm inspection after a storm of at least',
    unit: 'inches of rain',
    section: 'postStorm',
    min: 0.1,
    max: 0.5,
    integer: false,
    cap: 'The state construction permit requires an inspection after every storm of 0.5 inch or more: the threshold cannot be higher.',
  },
  {
    key: 'postStormHours',
    label: 'Post-storm inspection within',
    unit: 'hours of the storm’s end',
    section: 'postStorm',
    min: 1,
    max: 24,
    integer: true,
    cap: 'The state construction permit requires the post-storm inspection within 24 hours: it cannot be later.',
  },
  {
    key: 'stabilizationDays',
    label: 'Stabilization begun within',
    unit: 'days after work stops',
    section: 'stabilization',
    min: 1,
    max: 14,
    integer: true,
    cap: 'The state construction permit requires stabilization to begin within 14 days: it cannot be later.',
  },
  {
    key: 'fiveAcreLimit',
    label: 'Most soil disturbed at one time without DEC’s written approval',
    unit: 'acres',
    section: 'fiveAcres',
    min: 0.1,
    max: 5,
    integer: false,
    cap: 'The state construction permit allows at most 5 acres disturbed at once without DEC’s prior written approval.',
  },
];

/** The citations the admin may reword (every requirement the findings cite). */
export const CITABLE: SectionKey[] = Object.keys(SECTIONS) as SectionKey[];

export type LocalRuleValues = Pick<ComplianceSettings, LocalRule['key']> & {
  citations: Partial<Record<SectionKey, string>>;
};

export const DEFAULT_LOCAL_RULES: LocalRuleValues = {
  ...(Object.fromEntries(LOCAL_RULES.map((r) => [r.key, DEFAULT_COMPLIANCE_SETTINGS[r.key]])) as Pick<
    ComplianceSettings,
    LocalRule['key']
  >),
  citations: {},
};

/** The form, checked: the values it sets, or a plain sentence per field (the state's caps among them). */
export function checkLocalRules(
  form: Record<string, string | undefined>,
  /** The municipality's word, which the model law's words shown on the form name ("Village"). */
  // Stryker disable next-line StringLiteral: the model law's words as a town's are refused whatever this is
  municipality = 'Town',
): {
  values: LocalRuleValues;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const values = { citations: {} } as LocalRuleValues;
  for (const r of LOCAL_RULES) {
    const raw = (form[r.key] ?? '').trim();
    const n = Number(raw);
    if (!raw || !Number.isFinite(n) || (r.integer && !Number.isInteger(n)))
      errors[r.key] =
        `Enter ${r.integer ? 'a whole number of' : 'a number of'} ${r.unit}, like ${DEFAULT_COMPLIANCE_SETTINGS[r.key]}.`;
    else if (n > r.max) errors[r.key] = r.cap;
    else if (n < r.min) errors[r.key] = `Enter at least ${r.min} ${r.unit}.`;
    values[r.key] = Number.isFinite(n) ? n : DEFAULT_COMPLIANCE_SETTINGS[r.key];
  }
  for (const key of CITABLE) {
    const text = (form[`citation.${key}`] ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
    if (text.length > 400) errors[`citation.${key}`] = 'Use at most 400 characters.';
    else if (text && text !== SECTIONS[key] && text !== modelSection(key, municipality)) values.citations[key] = text;
  }
  return { values, errors };
}

/** Stored settings (key → text) read defensively: a missing or out-of-bounds number falls back to the law's. */
export function localRulesFrom(stored: Map<string, string>): LocalRuleValues {
  const out = { ...DEFAULT_LOCAL_RULES, citations: {} } as LocalRuleValues;
  for (const r of LOCAL_RULES) {
    const n = Number(stored.get(`local_rule.${r.key}`));
    // A missing row is NaN, and an empty one 0, below every floor: both keep the law's number.
    if (Number.isFinite(n) && n >= r.min && n <= r.max) out[r.key] = n;
  }
  for (const key of CITABLE) {
    const text = stored.get(`local_citation.${key}`);
    if (text) out.citations[key] = text;
  }
  return out;
}

/** The same values as settings rows to store (citations equal to the model law's are not stored). */
export function localRulesRows(v: LocalRuleValues): Array<{ key: string; value: string }> {
  return [
    ...LOCAL_RULES.map((r) => ({ key: `local_rule.${r.key}`, value: String(v[r.key]) })),
    ...CITABLE.map((k) => ({ key: `local_citation.${k}`, value: v.citations[k] ?? '' })),
  ];
}

/**
 * An operator company across its sites: which projects name it as owner/operator on the NOI record, and its
 * record there in numbers (findings, late filings, enforcement, L(4) answers, a monthly trend). Pure: the
 * loader (operator-companies.ts) gathers the facts.
 *
 * One company is one name as the NOI records write it, compared without case, punctuation or a trailing legal
 * form ("Pioneer Builders, Inc." and "Pioneer Builders Inc" are one; decision 0098). Two firms that differ
 * only in their legal form would be joined: the page says which names it groups, so a reader can tell.
 */
import { slugify } from '#lib/server/projects/noi.rules.ts';

const LEGAL_FORMS = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'pllc',
  'pc',
  'corp',
  'corporation',
  'co',
  'ltd',
  'limited',
]);

/** The company's name reduced to what identifies it: lower case, words only, no trailing legal form. */
export function companyKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    // Abbreviations are one word: "L.L.C." is "llc".
    .replace(/\./g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1])) words.pop();
  return words.join(' ');
}

/** The company page's address: /operators/<slug>. */
export function companySlug(name: string): string {
  return slugify(companyKey(name) || name);
}

/** The spelling most sites use (then the first alphabetically): the name the page shows. */
export function displayName(spellings: string[]): string {
  const counts = new Map<string, number>();
  for (const s of spellings) counts.set(s.trim(), (counts.get(s.trim()) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? '';
}

/** A finding as the company page counts it. */
export interface FindingFact {
  rule: string;
  status: 'open' | 'resolved';
  /** The day the lapse began (YYYY-MM-DD). */
  from: string;
}

/** The monthly summary rules: a summary filed late, or not filed. */
export const LATE_FILING_RULES = new Set(['summary-late', 'summary-missing']);

export interface MonthCount {
  /** YYYY-MM. */
  month: string;
  findings: number;
  lateFilings: number;
}

/** The last `months` months up to `today`'s, oldest first, each with the findings that began in it. */
export function findingsByMonth(findings: FindingFact[], today: string, months = 12): MonthCount[] {
  const list: MonthCount[] = [];
  let [y, m] = today.slice(0, 7).split('-').map(Number);
  for (let i = 0; i < months; i++) {
    list.unshift({ month: `${y}-${String(m).padStart(2, '0')}`, findings: 0, lateFilings: 0 });
    if (--m === 0) {
      m = 12;
      y--;
    }
  }
  const byMonth = new Map(list.map((x) => [x.month, x]));
  for (const f of findings) {
    const row = byMonth.get(f.from.slice(0, 7));
    if (!row) continue;
    row.findings++;
    if (LATE_FILING_RULES.has(f.rule)) row.lateFilings++;
  }
  return list;
}

export interface CompanyTotals {
  sites: number;
  sitesUnderWay: number;
  openFindings: number;
  findingsLastYear: number;
  lateFilingsLastYear: number;
  enforcementInForce: number;
  enforcementAll: number;
}

/** Counts for the list of companies and the head of a company page. */
export function companyTotals(
  sites: Array<{ underWay: boolean }>,
  findings: FindingFact[],
  enforcement: Array<{ inForce: boolean }>,
  today: string,
): CompanyTotals {
  const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  const lastYear = findings.filter((f) => f.from > yearAgo && f.from <= today);
  return {
    sites: sites.length,
    sitesUnderWay: sites.filter((s) => s.underWay).length,
    openFindings: findings.filter((f) => f.status === 'open').length,
    findingsLastYear: lastYear.length,
    lateFilingsLastYear: lastYear.filter((f) => LATE_FILING_RULES.has(f.rule)).length,
    enforcementInForce: enforcement.filter((e) => e.inForce).length,
    enforcementAll: enforcement.length,
  };
}

/** Display formatting in the town's time zone. Pure; safe on server and client. */
import { memo } from './days.ts';
const TZ = 'America/New_York';

const dayFmt = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
const shortDayFmt = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const instantFmt = new Intl.DateTimeFormat('en-US', {
  timeZone: TZ,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const weekdayDayFmt = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const monthFmt = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });

// Formatted days and months are remembered by their text: Intl formats in microseconds, and a project
// page shows hundreds.
const longDay = memo((date: string) => dayOrAsGiven(date, dayFmt));
const shortDay = memo((date: string) => dayOrAsGiven(date, shortDayFmt));
const weekdayDay = memo((date: string) => dayOrAsGiven(date, weekdayDayFmt));
const longMonth = memo((month: string) => monthFmt.format(new Date(`${month}-01T00:00:00Z`)));

function dayOrAsGiven(date: string, fmt: Intl.DateTimeFormat): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : fmt.format(d);
}

/** A local calendar day stored as YYYY-MM-DD → "May 3, 2026" ("short": "Sep 3, 2026"; "weekday": "Sunday, May 3, 2026"). */
export function formatDay(date: string | null | undefined, style: 'long' | 'short' | 'weekday' = 'long'): string {
  if (!date) return '—';
  return style === 'long' ? longDay(date) : style === 'weekday' ? weekdayDay(date) : shortDay(date);
}

/** "<PREFIX>-<year>-NNNN", at least four digits: R-2026-0042, INV-2026-0007, OR-2026-0003. */
export function sequenceNumber(prefix: string, year: string, n: number): string {
  return `${prefix}-${year}-${String(n).padStart(4, '0')}`;
}

/** An appointment → "Monday, May 4, 2026 at 10:00 AM" in town time (the weekday matters to whoever must come). */
export function formatAppointment(at: Date): string {
  return appointmentFmt.format(at);
}
const appointmentFmt = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant → "Nov 3, 2026, 9:15 AM" in town time. */
export function formatInstant(value: Date | null | undefined): string {
  if (!value) return '—';
  return instantFmt.format(value);
}

/** YYYY-MM → "October 2026". */
export function formatMonth(month: string): string {
  return longMonth(month);
}

// One formatter: toLocaleString with options builds a new one on every call (~0.2 ms each).
const moneyFmt = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export function formatMoney(cents: number | null | undefined): string {
  if (cents == null) return '—';
  return moneyFmt.format(cents / 100);
}

/** The one money parser: "150", "150.5", "$ 1,250.00" → cents; undefined when it is not an amount of money. */
export function parseMoney(value: string): number | undefined {
  const cleaned = value
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole, frac = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/**
 * Acres as recorded, to at least one decimal and as many more (up to six) as the value has: never
 * rounded, so a figure never contradicts a limit the law draws (5.01 acres is "5.01 acres", not "5.0
 * acres … more than 5").
 */
export function formatAcres(acres: number | null | undefined): string {
  if (acres == null) return '—';
  let digits = 1;
  while (digits < 6 && Number(acres.toFixed(digits)) !== acres) digits++;
  return `${acres.toFixed(digits)} ${acres === 1 ? 'acre' : 'acres'}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const countFmt = new Intl.NumberFormat('en-US');
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${countFmt.format(n)} ${n === 1 ? one : many}`;
}

/**
 * The one citation style: "ordinance Subsection K" — whatever was typed ("Erosion and sediment control
 * law, Subsection K (water quality standard)", "§ K", "ordinance subsection K"). Descriptions in
 * parentheses are dropped wherever they are (the section's own parentheses, like J(11), stay), so a
 * citation put in parentheses never nests them; several sections are joined with "; ".
 */
export function formatCitation(text: string | null | undefined): string | undefined {
  if (!text?.trim()) return undefined;
  // Sections are split at semicolons outside parentheses: a description may hold one ("(inspection; monthly summary posted)").
  const parts = splitOutsideParentheses(text, ';')
    .map((part) =>
      part
        .replace(/^\s*(the\s+)?(ordinance|erosion and sediment control law|town code)\s*,?\s*/i, '')
        .replace(/\s*\((?![0-9a-z]{1,4}\))[^()]*\)/gi, '')
        .replace(/^§+\s*/, 'Subsection ')
        .replace(/^subsection\b/i, 'Subsection')
        .trim(),
    )
    .filter(Boolean);
  return parts.length ? `ordinance ${parts.join('; ')}` : undefined;
}

function splitOutsideParentheses(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth = Math.max(0, depth - 1);
    else if (text[i] === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * Words that go inside parentheses, without parentheses of their own, so titles never nest them:
 * "Post-storm inspection (within 24 hours)" → "Post-storm inspection, within 24 hours". A section's own
 * parentheses, like J(11) or 303(d), stay.
 */
export function withoutAsides(text: string): string {
  return text.replace(/\s+\(([^()]*)\)/g, ', $1');
}

/** A title with its version when the title does not already say it ("…, version 2"). */
export function titleWithVersion(title: string, version: number): string {
  return version > 1 && !/\bversion\b/i.test(title) ? `${title}, version ${version}` : title;
}

// Free text (a requester's words, a clerk's or officer's note, an address) inside sentences the portal builds:
// whether the text already ends its sentence is decided here, so no sentence reads "2025.: denied", "St.." or "?.".
const ENDS_SENTENCE = /[.!?…][”’"')\]]*$/;

/** Free text as a whole sentence: trimmed, with a full stop unless it already ends with . ! ? or …. */
export function endSentence(text: string | null | undefined): string {
  const t = text?.trim() ?? '';
  return !t || ENDS_SENTENCE.test(t) ? t : `${t}.`;
}

/**
 * Free text inside a sentence, before ":" "," or "." of ours: trimmed, without its own final . , ; or :
 * ("Reports from 2025." → "Reports from 2025"); a question or exclamation keeps its mark, in quotes.
 */
export function asClause(text: string): string {
  const t = text.trim().replace(/\s*[.,;:…]+$/, '');
  return /[?!][”’"')\]]*$/.test(t) ? `“${t}”` : t;
}

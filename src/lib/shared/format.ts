/** Display formatting in the town's time zone. Pure; safe on server and client. */
const TZ = 'America/New_York';

const dayFmt = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
const shortDayFmt = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
const instantFmt = new Intl.DateTimeFormat('en-US', {
  timeZone: TZ,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const monthFmt = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** A local calendar day stored as YYYY-MM-DD → "May 3, 2026". */
export function formatDay(date: string | null | undefined, style: 'long' | 'short' = 'long'): string {
  if (!date) return '—';
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return (style === 'long' ? dayFmt : shortDayFmt).format(d);
}

/** An instant → "Nov 3, 2026, 9:15 AM" in town time. */
export function formatInstant(value: Date | null | undefined): string {
  if (!value) return '—';
  return instantFmt.format(value);
}

/** YYYY-MM → "October 2026". */
export function formatMonth(month: string): string {
  return monthFmt.format(new Date(`${month}-01T00:00:00Z`));
}

export function formatMoney(cents: number | null | undefined): string {
  if (cents == null) return '—';
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** The one money parser: "150", "150.5", "$ 1,250.00" → cents; undefined when it is not an amount of money. */
export function parseMoney(value: string): number | undefined {
  const cleaned = value.trim().replace(/^\$\s*/, '').replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole, frac = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export function formatAcres(acres: number | null | undefined): string {
  if (acres == null) return '—';
  return `${acres.toFixed(1)} ${acres === 1 ? 'acre' : 'acres'}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/**
 * The one citation style: "ordinance Subsection K" — whatever was typed ("Erosion and sediment control
 * law, Subsection K (water quality standard)", "§ K", "ordinance subsection K"). Descriptions in
 * parentheses are dropped (the section's own parentheses, like J(11), stay); several sections are
 * joined with "; ".
 */
export function formatCitation(text: string | null | undefined): string | undefined {
  if (!text?.trim()) return undefined;
  const parts = text.split(';').map((part) =>
    part
      .replace(/^\s*(the\s+)?(ordinance|erosion and sediment control law|town code)\s*,?\s*/i, '')
      .replace(/\s*\((?![0-9a-z]{1,4}\))[^()]*\)\s*$/i, '')
      .replace(/^§+\s*/, 'Subsection ')
      .replace(/^subsection\b/i, 'Subsection')
      .trim(),
  ).filter(Boolean);
  return parts.length ? `ordinance ${parts.join('; ')}` : undefined;
}

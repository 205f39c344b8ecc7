/**
 * CSV exports (csv-stringify). Cells that a spreadsheet would run as a formula (= + - @, tab, CR) are
 * prefixed with an apostrophe, so user-entered text stays text.
 */
import { stringify } from 'csv-stringify/sync';

export function neutralize(value: unknown): string {
  if (value == null) return '';
  const s = value instanceof Date ? value.toISOString() : String(value);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return stringify([header, ...rows.map((r) => r.map(neutralize))], { record_delimiter: 'windows' });
}

export function csvResponse(filename: string, header: string[], rows: unknown[][]): Response {
  return new Response('\uFEFF' + toCsv(header, rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    },
  });
}

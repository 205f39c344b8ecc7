/**
 * CSV exports (csv-stringify). Text cells that a spreadsheet would run as a formula are prefixed with an
 * apostrophe, so user-entered text stays text. Numbers are written as they are: a longitude of -73.97
 * is data, not a formula, and must stay a number for whoever analyses the file.
 */
import { stringify } from 'csv-stringify/sync';

/**
 * What makes a spreadsheet read a cell as a formula: = + - @ first (also their full-width forms, and
 * after leading spaces, which some spreadsheets trim), or a tab, line break or NUL first.
 */
const FORMULA = /^[\s\u0000]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r\n\u0000]/;

export function neutralize(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const s = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA.test(s) ? `'${s}` : s;
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

/**
 * A CSV download written chunk by chunk (one chunk of rows per pull, the event loop free in between), for
 * exports too large to build as one string. `chunks` is consumed lazily; the header goes first.
 */
export function csvStreamResponse(
  filename: string,
  header: string[],
  chunks: Iterator<unknown[][]> | AsyncIterator<unknown[][]>,
): Response {
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode('\uFEFF' + toCsv(header, [])));
        return;
      }
      // Let other requests run between chunks.
      await new Promise((resolve) => setImmediate(resolve));
      const next = await chunks.next();
      if (next.done) controller.close();
      else
        controller.enqueue(
          encoder.encode(
            stringify(
              next.value.map((r) => r.map(neutralize)),
              { record_delimiter: 'windows' },
            ),
          ),
        );
    },
    cancel() {
      void chunks.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    },
  });
}

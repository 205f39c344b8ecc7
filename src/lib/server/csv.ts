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

/**
 * A CSV download written chunk by chunk (one chunk of rows per pull, the event loop free in between), for
 * exports too large to build as one string. `chunks` is consumed lazily; the header goes first.
 */
export function csvStreamResponse(filename: string, header: string[], chunks: Iterator<unknown[][]>): Response {
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
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(stringify(next.value.map((r) => r.map(neutralize)), { record_delimiter: 'windows' })));
    },
    cancel() {
      chunks.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    },
  });
}

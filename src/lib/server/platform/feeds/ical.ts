/** iCalendar (RFC 5545) feeds: escaping, line folding, all-day and timed events. */

export interface IcalEvent {
  uid: string;
  summary: string;
  description?: string;
  url?: string;
  location?: string;
  /** All-day event on a local date (YYYY-MM-DD)… */
  date?: string;
  /** …or a timed event starting at an instant. */
  start?: Date;
  end?: Date;
  /** When this event was last changed. */
  stamp: Date;
}

function escapeText(s: string): string {
  return (
    s
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      // Any line break (a lone CR too, which some readers take as the end of the line) is an escaped \n,
      // so typed text can never start a property of its own; other control characters are not allowed.
      .replace(/\r\n|\r|\n/g, '\\n')
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

/** Lines longer than 75 octets are folded (CRLF + space). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const ch of line) {
    if (Buffer.byteLength(current + ch, 'utf8') > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
    }
    current += ch;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const day = (d: string) => d.replace(/-/g, '');
function nextDay(d: string): string {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + 1);
  return x.toISOString().slice(0, 10);
}

/** `producer`: who publishes the calendar (the town's full name), for PRODID. */
export function renderIcal(name: string, events: IcalEvent[], producer = 'Stormwater Portal'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${producer.replace(/\/\//g, '/')}//Stormwater Portal//EN`,
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escapeText(name)}`,
    'X-WR-TIMEZONE:America/New_York',
  ];
  for (const e of events) {
    lines.push('BEGIN:VEVENT', `UID:${escapeText(e.uid)}`, `DTSTAMP:${utc(e.stamp)}`);
    if (e.date) lines.push(`DTSTART;VALUE=DATE:${day(e.date)}`, `DTEND;VALUE=DATE:${day(nextDay(e.date))}`);
    else if (e.start) {
      lines.push(`DTSTART:${utc(e.start)}`);
      if (e.end) lines.push(`DTEND:${utc(e.end)}`);
    }
    lines.push(`SUMMARY:${escapeText(e.summary)}`);
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
    if (e.url) lines.push(`URL:${e.url}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}

export function icalResponse(
  name: string,
  events: IcalEvent[],
  filename = 'calendar.ics',
  producer?: string,
): Response {
  return new Response(renderIcal(name, events, producer), {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `inline; filename="${filename}"`,
    },
  });
}

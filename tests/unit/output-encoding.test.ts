/**
 * Escaping at output, table by table: spreadsheet formulas in CSV cells, characters XML forbids in
 * feeds, line breaks in iCalendar text and mail subjects, page numbers from the query string, and the
 * security headers (HSTS only over https from a trusted proxy).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { neutralize, toCsv } from '#lib/server/platform/http/csv.ts';
import { renderAtom, xmlText } from '#lib/server/platform/feeds/atom.ts';
import { renderIcal } from '#lib/server/platform/feeds/ical.ts';
import { forwardedHttps, pageNumber } from '#lib/server/platform/http/http.ts';
import { oneLine } from '#lib/server/platform/mail/outbox.ts';
import { CONTENT_SECURITY_POLICY, securityHeaders } from '#lib/server/platform/http/security-headers.ts';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil.example")', `'=HYPERLINK("http://evil.example")`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['\n=1', "'\n=1"],
    ['  =1+1', "'  =1+1"],
    ['＝1+1', "'＝1+1"],
    ['\u0000=1', "'\u0000=1"],
    ['Curry Road', 'Curry Road'],
    ['1-2 Main St', '1-2 Main St'],
    ['', ''],
  ])('text %j → %j', (value, expected) => {
    expect(neutralize(value)).toBe(expected);
  });

  it('numbers stay numbers, negative ones included', () => {
    expect(neutralize(-73.970992)).toBe('-73.970992');
    expect(neutralize(0)).toBe('0');
    expect(neutralize(null)).toBe('');
    expect(toCsv(['lon', 'name'], [[-74.1, '-1 trick']])).toBe("lon,name\r\n-74.1,'-1 trick\r\n");
  });
});

describe('XML text', () => {
  it('escapes markup and drops the characters XML 1.0 does not allow at all', () => {
    expect(xmlText('<b>"a" & \'b\'</b>')).toBe('&lt;b&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/b&gt;');
    expect(xmlText('tab\tline\nok\u0001\u000b\u000c\u001f\ufffe end')).toBe('tab\tline\nok end');
    expect(xmlText('lone \ud800 surrogate, pair 🏗 kept')).toBe('lone  surrogate, pair 🏗 kept');
  });

  it('a feed with control characters in its data stays well-formed', () => {
    const xml = renderAtom({
      id: 'x',
      title: 'T\u0002',
      self: 's',
      alternate: 'a',
      updated: new Date(0),
      entries: [{ id: 'e', title: 'A\u0007B', updated: new Date(0), link: 'l', summary: '<script>\u0008' }],
    });
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(xml).toContain('<summary type="text">&lt;script&gt;</summary>');
  });
});

describe('iCalendar text', () => {
  const ics = (summary: string) => renderIcal('Cal', [{ uid: 'u', summary, stamp: new Date(0), date: '2026-01-02' }]);
  it('turns every line break into \\n, so typed text never starts a property of its own', () => {
    for (const text of ['a\r\nBEGIN:VALARM', 'a\rBEGIN:VALARM', 'a\nBEGIN:VALARM']) {
      const out = ics(text);
      expect(out).toContain('SUMMARY:a\\nBEGIN:VALARM\r\n');
      expect(out.split('\r\n').filter((l) => l.startsWith('BEGIN:')).length).toBe(2);
    }
  });
  it('escapes separators and drops control characters', () => {
    expect(ics('a;b,c\\d\u0001\u007f')).toContain('SUMMARY:a\\;b\\,c\\\\d\r\n');
  });
});

describe('mail subjects', () => {
  it('are one line', () => {
    expect(oneLine('Notice: Plaza\r\nBcc: x@evil.example')).toBe('Notice: Plaza Bcc: x@evil.example');
    expect(oneLine('a\u0000\tb')).toBe('a b');
  });
});

describe('page numbers from the query string', () => {
  it.each([
    [null, 1],
    ['3', 3],
    ['0', 1],
    ['-4', 1],
    ['abc', 1],
    ['99999999999999999999', 1],
    ['100000', 100000],
    ['100001', 1],
    ['2.5', 2],
  ])('%j → %i', (raw, expected) => {
    expect(pageNumber(raw)).toBe(expected);
  });
});

describe('security headers', () => {
  const saved = process.env.TRUST_PROXY;
  afterEach(() => {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  });

  it('forbid inline script and framing, and send HSTS only over https', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
    expect(securityHeaders(false)['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders(true)['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(securityHeaders(false)['X-Content-Type-Options']).toBe('nosniff');
  });

  it('believe a proxy’s X-Forwarded-Proto only with TRUST_PROXY=true, and only the nearest hop', () => {
    delete process.env.TRUST_PROXY;
    expect(forwardedHttps('https')).toBe(false);
    process.env.TRUST_PROXY = 'true';
    expect(forwardedHttps('https')).toBe(true);
    expect(forwardedHttps('HTTPS, http')).toBe(true);
    expect(forwardedHttps('http, https')).toBe(false);
    expect(forwardedHttps(null)).toBe(false);
  });
});

/**
 * The built server speaks HTTP as a browser, a crawler, an API client and a 311 app expect (decision 0099):
 * scripts and styles compressed at build and served by Accept-Encoding; JSON, XML and Atom compressed as
 * they leave; a revisit of a cached public page answered 304; 405 with Allow for a method an API path does
 * not take; robots.txt pointing at the sitemap; Open311 errors in GeoReport's shape, in the path's format;
 * page scripts inside the document; one-line address fields marked address-line1. Real HTTP against the
 * shared portal (tests/support/global-setup.ts); nothing here writes.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { listRoutes } from '../support/source-routes.ts';

const base = inject('baseURL');

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request (fetch would decompress on its own), with the body as bytes. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(url, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decoded(r: Raw): Buffer {
  const coding = r.headers['content-encoding'];
  return coding === 'br' ? brotliDecompressSync(r.body) : coding === 'gzip' ? gunzipSync(r.body) : r.body;
}

/** The scripts and styles a page loads, with the modules those scripts import, as /_astro/ paths. */
async function assetsOf(page: string): Promise<Set<string>> {
  const html = (await raw(page)).body.toString('utf8');
  const found = new Set([...html.matchAll(/(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
  for (const asset of found) {
    if (!asset.endsWith('.js')) continue;
    const js = (await raw(asset)).body.toString('utf8');
    for (const m of js.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) found.add(`/_astro/${m[1]}`);
  }
  return found;
}

describe('the built scripts and styles are compressed at build and served by Accept-Encoding', () => {
  it('/map, /report and /practices load their scripts and styles in brotli or gzip, the same bytes, cached a year', async () => {
    const assets = new Set<string>();
    for (const page of ['/map', '/report', '/practices']) for (const a of await assetsOf(page)) assets.add(a);
    expect([...assets].some((a) => /\/leaflet\.[\w-]+\.js$/.test(a))).toBe(true);
    let plainBytes = 0;
    let brBytes = 0;
    for (const asset of assets) {
      const plain = await raw(asset);
      expect(plain.status, asset).toBe(200);
      expect(plain.headers['content-encoding'], asset).toBeUndefined();
      expect(plain.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['content-type'], asset).toMatch(
        asset.endsWith('.js') ? /^text\/javascript; charset=utf-8$/ : /^text\/css; charset=utf-8$/,
      );
      if (plain.body.length < 1024) continue;
      const br = await raw(asset, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], asset).toBe('br');
      expect(br.headers.vary, asset).toBe('Accept-Encoding');
      expect(br.headers['content-type'], asset).toBe(plain.headers['content-type']);
      expect(br.headers['cache-control'], asset).toBe(plain.headers['cache-control']);
      expect(Number(br.headers['content-length']), asset).toBe(br.body.length);
      expect(decoded(br).equals(plain.body), asset).toBe(true);
      const gz = await raw(asset, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], asset).toBe('gzip');
      expect(decoded(gz).equals(plain.body), asset).toBe(true);
      // One validator for the file whatever the coding, and a 304 for it.
      expect(br.headers.etag, asset).toMatch(/^W\/"[\w-]+"$/);
      expect(gz.headers.etag).toBe(br.headers.etag);
      const again = await raw(asset, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag! });
      expect(again.status, asset).toBe(304);
      expect(again.body.length).toBe(0);
      plainBytes += plain.body.length;
      brBytes += br.body.length;
    }
    // Leaflet alone is ~145 KB plain: in brotli the lot is under a third.
    expect(plainBytes).toBeGreaterThan(100_000);
    expect(brBytes).toBeLessThan(plainBytes / 3);
  });

  it('a HEAD says the same as the GET, without the body', async () => {
    const [asset] = [...(await assetsOf('/map'))].filter((a) => a.endsWith('.css'));
    const get = await raw(asset, { 'accept-encoding': 'br' });
    const head = await raw(asset, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const h of ['content-encoding', 'content-length', 'content-type', 'etag', 'vary'])
      expect(head.headers[h], h).toBe(get.headers[h]);
  });
});

describe('dynamic answers are compressed as they leave, when they are large enough to gain', () => {
  for (const [url, type] of [
    ['/api/openapi.json', /^application\/json/],
    ['/api/findings.json', /^application\/json/],
    ['/feeds/town.atom', /^application\/atom\+xml/],
    ['/sitemap.xml', /^application\/xml/],
    ['/open311/v2/services.xml', /^application\/xml/],
    ['/open311/v2/requests.json', /^application\/json/],
    // A public page the page cache does not keep: rendered for each request, compressed all the same.
    ['/map', /^text\/html/],
  ] as const) {
    it(`${url}: brotli or gzip as accepted, plain otherwise, Vary on each`, async () => {
      const plain = await raw(url);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-type']).toMatch(type);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body.length).toBeGreaterThan(1024);
      const br = await raw(url, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toBe(plain.headers['content-type']);
      expect(br.body.length).toBeLessThan(plain.body.length / 2);
      const gz = await raw(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      // The page says what it is; the feeds and API answers are the same bytes, unpacked.
      if (url !== '/map') {
        expect(decoded(br).equals(plain.body)).toBe(true);
        expect(decoded(gz).equals(plain.body)).toBe(true);
      } else expect(decoded(br).toString('utf8')).toContain('</html>');
      // A client that refuses both codings gets the plain bytes.
      expect((await raw(url, { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    });
  }

  it('an answer under 1 KiB is sent as it is', async () => {
    const small = await raw('/robots.txt', { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('the open-data exports keep their own once-per-version compression and validators', async () => {
    const plain = await raw('/api/projects');
    const br = await raw('/api/projects', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(decoded(br).equals(plain.body)).toBe(true);
  });
});

describe('a revisit of a public page is answered 304', () => {
  it('from the cache before Astro, and from the middleware on a miss, for the page’s weak ETag in any coding', async () => {
    // The query makes a key of its own: the first request is a miss, rendered, kept and given its ETag.
    const first = await raw('/help/about?revisit=1', { 'accept-encoding': 'br' });
    expect(first.status).toBe(200);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    // The same page again (now a hit, answered before Astro), plain this time: the same validator.
    const hit = await raw('/help/about?revisit=1');
    expect(hit.headers['x-page-cache']).toBe('hit');
    expect(hit.headers.etag).toBe(etag);
    const notModified = await raw('/help/about?revisit=1', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['x-page-cache']).toBe('hit');
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.body.length).toBe(0);
    // Another key for the same words: a miss, rendered by Astro, and still a 304 for the ETag the browser holds.
    const missed = await raw('/help/about?revisit=2', { 'if-none-match': `"x", ${etag}` });
    expect(missed.status).toBe(304);
    expect(missed.headers['x-page-cache']).toBeUndefined();
    // A validator for other words gets the page.
    expect((await raw('/help/about?revisit=1', { 'if-none-match': 'W/"other"' })).status).toBe(200);
  });

  it.each(['/map', '/near?address=1500+Curry+Road', '/practices'])(
    '%s, a page the cache does not keep, carries a weak ETag from its words and answers a revisit 304',
    async (url) => {
      const first = await raw(url, { 'accept-encoding': 'br' });
      expect(first.status).toBe(200);
      expect(first.headers['x-page-cache']).toBeUndefined();
      const etag = first.headers.etag!;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      const again = await raw(url, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect((await raw(url, { 'if-none-match': 'W/"other"' })).status).toBe(200);
    },
  );
});

describe('a method an endpoint has no handler for', () => {
  /** Every route under src/pages/api, as a URL (a path parameter filled in: the method is refused first). */
  const apiUrls = listRoutes(['api']).map((r) => `/${r.replace(/\/index$/, '').replace(/\[\w+\]/g, '1')}`);

  it('every /api path answers POST, PUT, PATCH and DELETE with 405 and Allow, in the API’s JSON', async () => {
    expect(apiUrls.length).toBeGreaterThan(10);
    const origin = new URL(base).origin;
    for (const url of apiUrls) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        // With the portal's own Origin (a cross-site form post is refused 403 before any route is asked).
        const res = await fetch(new URL(url, base), { method, headers: { Origin: origin } });
        expect(res.status, `${method} ${url}`).toBe(405);
        expect(res.headers.get('allow'), `${method} ${url}`).toBe('GET, HEAD, OPTIONS');
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(((await res.json()) as { error: string }).error).toContain(`does not take ${method}`);
      }
    }
    // A JSON body needs no Origin to pass the origin check, and is refused the same way.
    const json = await fetch(new URL('/api/openapi.json', base), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(405);
    expect(json.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('OPTIONS is answered 204 with the same Allow; GET and HEAD still answer', async () => {
    const options = await fetch(new URL('/api/projects', base), { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await fetch(new URL('/api/projects', base))).status).toBe(200);
    expect((await fetch(new URL('/api/projects', base), { method: 'HEAD' })).status).toBe(200);
  });

  it('feeds and Open311 say 405 too, Open311 in GeoReport’s errors; requests.json names its POST', async () => {
    const origin = new URL(base).origin;
    const feed = await fetch(new URL('/feeds/town.atom', base), { method: 'DELETE', headers: { Origin: origin } });
    expect(feed.status).toBe(405);
    expect(feed.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const put = await fetch(new URL('/open311/v2/requests.json', base), { method: 'PUT', headers: { Origin: origin } });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(await put.json()).toEqual([{ code: 405, description: expect.stringContaining('does not take PUT') }]);
  });
});

describe('robots.txt', () => {
  it('points crawlers at the sitemap by its absolute address and keeps them off private pages only', async () => {
    const res = await fetch(new URL('/robots.txt', base));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    const sitemap = /^Sitemap: (\S+)$/m.exec(text)?.[1];
    expect(sitemap).toMatch(/^https?:\/\/[^/]+\/sitemap\.xml$/);
    // The same site address the sitemap itself lists pages under.
    const xml = await (await fetch(new URL('/sitemap.xml', base))).text();
    const firstLoc = /<loc>([^<]+)<\/loc>/.exec(xml)![1];
    expect(firstLoc.startsWith(sitemap!.replace(/\/sitemap\.xml$/, '/'))).toBe(true);
    const disallowed = [...text.matchAll(/^Disallow: (\S+)$/gm)].map((m) => m[1]);
    expect(disallowed).toEqual(expect.arrayContaining(['/staff/', '/operator/', '/requests/track/']));
    // /operators (the public company pages) and the public pages stay open: `$` ends /operator's rule.
    const blocks = (p: string) =>
      disallowed.some((rule) => (rule.endsWith('$') ? p === rule.slice(0, -1) : p.startsWith(rule)));
    for (const p of ['/', '/projects', '/operators', '/operators/x', '/map', '/requests/new', '/help/about'])
      expect(blocks(p), p).toBe(false);
    for (const p of ['/staff', '/staff/requests', '/operator', '/operator/projects/x', '/account'])
      expect(blocks(p), p).toBe(true);
  });
});

describe('Open311 answers its errors in GeoReport v2’s format', () => {
  const api = (p: string) => new URL(`/open311/v2/${p}`, base);

  it('a 311 app posting to requests.xml from its server (form-encoded, no Origin) is told in XML where to file', async () => {
    const res = await fetch(api('requests.xml'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: 'k', service_code: 'dust', lat: '42.8', long: '-74' }),
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await res.text()).toMatch(
      /^<\?xml version="1\.0" encoding="utf-8"\?>\n<errors><error><code>405<\/code><description>Reports are filed by POST to \/open311\/v2\/requests\.json[^<]*<\/description><\/error><\/errors>\n$/,
    );
  });

  it('an unknown service code: 404 for its definition, 400 in a filter, in JSON or XML as the path says', async () => {
    const json = await fetch(api('services/no_such_service.json'));
    expect(json.status).toBe(404);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await json.json()).toEqual([{ code: 404, description: expect.stringContaining('no_such_service') }]);
    const xml = await fetch(api('services/no_such_service.xml'));
    expect(xml.status).toBe(404);
    expect(await xml.text()).toMatch(
      /<errors><error><code>404<\/code><description>There is no service no_such_service/,
    );
    const filter = await fetch(api('requests.json?service_code=mud_on_road,no_such_service'));
    expect(filter.status).toBe(400);
    expect(await filter.json()).toEqual([
      { code: 400, description: expect.stringMatching(/^service_code no_such_service /) },
    ]);
    const filterXml = await fetch(api('requests.xml?service_code=no_such_service'));
    expect(filterXml.status).toBe(400);
    expect(await filterXml.text()).toMatch(
      /<errors><error><code>400<\/code><description>service_code no_such_service /,
    );
  });

  it('a known service code has a definition with no extra attributes (metadata is false)', async () => {
    const [service] = (await (await fetch(api('services.json'))).json()) as Array<{ service_code: string }>;
    expect(await (await fetch(api(`services/${service.service_code}.json`))).json()).toEqual({
      service_code: service.service_code,
      attributes: [],
    });
    expect(await (await fetch(api(`services/${service.service_code}.xml`))).text()).toBe(
      `<?xml version="1.0" encoding="utf-8"?>\n<service_definition><service_code>${service.service_code}</service_code><attributes/></service_definition>\n`,
    );
  });
});

describe('what the HTML validator and the browser’s autofill read', () => {
  const page = async (p: string) => (await fetch(new URL(p, base))).text();

  it('page scripts sit inside the document: nothing after </html>, every script before </body>', async () => {
    for (const p of ['/report', '/practices', '/practices?address=Curry+Road', '/near', '/search', '/map']) {
      const html = (await page(p)).trimEnd();
      expect(html.endsWith('</html>'), p).toBe(true);
      const bodyEnd = html.lastIndexOf('</body>');
      const scripts = [...html.matchAll(/<script\b/g)].map((m) => m.index);
      expect(scripts.length, p).toBeGreaterThan(0);
      for (const at of scripts) expect(at, p).toBeLessThan(bodyEnd);
    }
  });

  it('a one-line address field asks for address-line1, not the multi-line street-address', async () => {
    const field = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';
    for (const p of ['/report', '/near', '/practices']) {
      const input = field(await page(p), 'address');
      expect(input, p).toContain('autocomplete="address-line1"');
      expect(input, p).toContain('type="text"');
    }
    // The postal address for copies by mail is several lines: street-address on a textarea.
    expect(await page('/requests/new')).toMatch(/<textarea[^>]*autocomplete="street-address"/);
  });
});

/**
 * Everything an anonymous visitor can reach on a portal, read as text: pages, feeds, open data, the API's
 * JSON and CSV, and the PDFs; found by following links from a few entry points (the sitemap among them).
 * For tests that look for words that must not be there (another municipality's name, the wrong kind of
 * municipality), reporting every place a phrase was found rather than the first.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Where a crawl of everything public starts: the pages a visitor lands on, the sitemap, open data and the API. */
export const PUBLIC_CRAWL_ENTRIES = [
  '/',
  '/sitemap.xml',
  '/projects',
  '/enforcement',
  '/requests',
  '/requests/new',
  '/requests/log',
  '/help',
  '/open-data',
  '/map',
  '/search?q=stormwater',
  '/data.json',
  '/signin',
  '/account/forgot',
  '/open311/v2/services.json',
  '/open311/v2/services.xml',
  '/open311/v2/requests.json',
];

export interface Crawled {
  url: string;
  kind: 'html' | 'pdf' | 'feed' | 'json' | 'csv' | 'text';
  /** What a reader sees: an HTML page's text without its tags, scripts and styles; a PDF's drawn text. */
  text: string;
}

/** The text a PDF draws: its content streams inflated, the hex and literal strings of its standard fonts. */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  let out = '';
  // The end-of-line before `endstream` is left in the capture (zlib ignores bytes after its stream's end): a
  // compressed stream whose last byte is 0x0D would lose it to a `\r?\n` there and fail to inflate.
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let body: string;
    try {
      body = zlib.inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      body = m[1];
    }
    for (const h of body.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out += Buffer.from(h[1], 'hex').toString('latin1') + ' ';
    for (const t of body.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) out += t[1] + ' ';
    for (const arr of body.matchAll(/\[((?:[^\]\\]|\\.)*)\]\s*TJ/g))
      for (const t of arr[1].matchAll(/\(((?:[^()\\]|\\.)*)\)/g)) out += t[1];
  }
  return out;
}

const decode = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** An HTML page's visible words (and its title and alt texts), tags and scripts gone. */
export function htmlText(html: string): string {
  const alts = [...html.matchAll(/\b(?:alt|title|aria-label)="([^"]*)"/g)].map((m) => m[1]).join(' ');
  const body = html
    .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style\b[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]+>/g, ' ');
  return decode(`${body} ${alts}`).replace(/\s+/g, ' ');
}

/**
 * Places only staff and operators reach, and what is not words (scripts, styles, images). A requester's
 * tracking pages are crawled when an entry point names them (no public page links to one).
 */
const NOT_PUBLIC =
  /^\/(staff|operator|account|signin|signout|first-run|_actions|_astro|_image)(\/|$|\?)|^\/alerts\/(unsubscribe|manage)|\.(js|css|png|jpe?g|gif|svg|webp|ico|woff2?|zip)(\?|$)/;

/**
 * Follows every same-origin link from the entry points, breadth first, up to `max` addresses; at most
 * `perPath` different queries of one path (filters and pages of a list would otherwise never end).
 */
export async function crawlPublic(
  base: string,
  entries: string[],
  opts: { max?: number; perPath?: number } = {},
): Promise<Crawled[]> {
  return crawl(base, entries, { ...opts, scope: (key) => !NOT_PUBLIC.test(key) });
}

/**
 * What staff and operators read: the same crawl with a signed-in session's cookie, kept to `/staff`, `/operator`
 * and `/account` (the public pages are crawlPublic's). Only GET, as a browser following links would; signing
 * out is never followed.
 */
export async function crawlSignedIn(
  base: string,
  cookie: string,
  entries: string[],
  opts: { max?: number; perPath?: number } = {},
): Promise<Crawled[]> {
  return crawl(base, entries, {
    ...opts,
    cookie,
    scope: (key) => /^\/(staff|operator|account)(\/|$|\?)/.test(key) && !NOT_WORDS.test(key),
  });
}

/** Scripts, styles, images and archives: not words. */
const NOT_WORDS = /\.(js|css|png|jpe?g|gif|svg|webp|ico|woff2?|zip)(\?|$)|^\/staff\/reports\/photos\//;

async function crawl(
  base: string,
  entries: string[],
  opts: { max?: number; perPath?: number; cookie?: string; scope: (key: string) => boolean },
): Promise<Crawled[]> {
  const max = opts.max ?? 600;
  const perPath = opts.perPath ?? 3;
  const headers: Record<string, string> = opts.cookie ? { cookie: opts.cookie } : {};
  const origin = new URL(base).origin;
  const seen = new Set<string>();
  const queriesOf = new Map<string, number>();
  const queue: string[] = [];
  const add = (href: string) => {
    let u: URL;
    try {
      u = new URL(decode(href), base);
    } catch {
      return;
    }
    if (u.origin !== origin || !/^https?:$/.test(u.protocol)) return;
    u.hash = '';
    const key = u.pathname + u.search;
    if (seen.has(key) || !opts.scope(key) || seen.size >= max) return;
    if (u.search) {
      const n = queriesOf.get(u.pathname) ?? 0;
      if (n >= perPath) return;
      queriesOf.set(u.pathname, n + 1);
    }
    seen.add(key);
    queue.push(key);
  };
  for (const e of entries) add(e);
  const out: Crawled[] = [];
  while (queue.length) {
    const batch = queue.splice(0, 4);
    await Promise.all(
      batch.map(async (path) => {
        const res = await fetch(new URL(path, base), { redirect: 'follow', headers });
        if (!res.ok) {
          await res.body?.cancel();
          return;
        }
        const type = res.headers.get('content-type') ?? '';
        if (type.includes('pdf')) {
          out.push({ url: path, kind: 'pdf', text: pdfText(new Uint8Array(await res.arrayBuffer())) });
          return;
        }
        if (!/text|json|xml|calendar|csv/.test(type)) {
          await res.body?.cancel();
          return;
        }
        const body = await res.text();
        if (type.includes('html')) {
          for (const m of body.matchAll(/\b(?:href|src)="([^"]+)"/g)) add(m[1]);
          out.push({ url: path, kind: 'html', text: htmlText(body) });
        } else {
          // Feeds, the sitemap, open data: follow the addresses they give too.
          for (const m of body.matchAll(/https?:\/\/[^\s"'<>\\]+/g)) add(m[0]);
          for (const m of body.matchAll(/\bhref="([^"]+)"/g)) add(m[1]);
          for (const m of body.matchAll(/"(\/[a-z][^"\s]*)"/g)) add(m[1]);
          const kind = /xml|atom|rss|calendar/.test(type)
            ? 'feed'
            : type.includes('json')
              ? 'json'
              : type.includes('csv')
                ? 'csv'
                : 'text';
          out.push({ url: path, kind, text: decode(body) });
        }
      }),
    );
  }
  return out;
}

/**
 * "Town" or "town" as the municipality's word, on a village's page. Not words (decision 0078): identifiers
 * (`town_permit_no`, `/feeds/town.atom`, a tag id's `:town`, a quoted code `"town"`, and the same code as a
 * whole CSV field, `,town,`: the on-time statistics' `kind`), nor a word inside another ("townhouses"). The
 * profile form's choice of the kind of municipality offers "Town" beside "Village" and "City": an option,
 * not the village's name for itself. New York's Town Law is a real state law and may be named, but only as a
 * law ("Town Law §…"); no page of the portal names it today, so the exception is as narrow as that.
 */
export const TOWN_WORD =
  /(?<![/:"\w-])(?!(?<=,)town,)(?!Town\s+Village\s+City\b)[Tt]own(?![\w.-]*\.atom)(?!\s+Law\s+§)(?:['’]s)?\b/g;

export interface Finding {
  url: string;
  phrase: string;
  context: string;
}

/** Every place a pattern matches, with a few words around it (`pattern` must be global). */
export function findAll(items: Array<{ url: string; text: string }>, pattern: RegExp): Finding[] {
  const found: Finding[] = [];
  for (const item of items) {
    for (const m of item.text.matchAll(pattern)) {
      const at = m.index ?? 0;
      found.push({
        url: item.url,
        phrase: m[0],
        context: item.text
          .slice(Math.max(0, at - 40), at + m[0].length + 40)
          .replace(/\s+/g, ' ')
          .trim(),
      });
    }
  }
  return found;
}

/** Counts by kind, for the report. */
export function countsByKind(items: Crawled[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const i of items) counts[i.kind] = (counts[i.kind] ?? 0) + 1;
  return counts;
}

/**
 * The routes under src/pages (a file each) that no crawled address matched: what a crawl did not read, so a
 * report can say so rather than claim "every page". `[param]` matches one path segment.
 */
export function routesNotReached(items: Array<{ url: string }>, pagesDir = 'src/pages'): string[] {
  const root = path.resolve(import.meta.dirname, '../..', pagesDir);
  const routes = fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(astro|ts)$/.test(e.name))
    .map(
      (e) =>
        (
          '/' +
          path
            .relative(root, path.join(e.parentPath, e.name))
            .replace(/\.(astro|ts)$/, '')
            .replace(/(^|\/)index$/, '')
        ).replace(/\/$/, '') || '/',
    );
  const paths = items.map((i) => new URL(i.url, 'http://x').pathname);
  return routes
    .filter((r) => {
      const re = new RegExp('^' + r.replace(/[.+?^${}()|\\]/g, '\\$&').replace(/\[[^\]/]+\]/g, '[^/]+') + '$');
      return !paths.some((p) => re.test(p));
    })
    .sort();
}

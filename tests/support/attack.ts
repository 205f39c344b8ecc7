/**
 * Helpers for the security tests: hostile strings, a browser-like multipart POST, a fingerprint of the
 * whole database and of the file store (to prove an attack changed nothing), a same-site crawler, and a
 * check for markup that got through output escaping.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Stored-XSS payloads. Every one starts with "=" (a spreadsheet formula) and carries markup that would
 * run if it were ever written into a page unescaped; the alert() numbers say which one fired.
 * XSS_LONG ≤ 300 characters, XSS_MEDIUM ≤ 120, XSS_SHORT ≤ 40. No control characters: every form
 * refuses those (CONTROL_CHARACTERS below tries that).
 */
export const XSS_LONG =
  '=HYPERLINK("http://evil.example","x") <script>alert(1)</script> "><img src=x onerror=alert(2)> </textarea></title><svg onload=alert(3)> {{7*7}} ${7*7} javascript:alert(4) 🏗️ 日本語';

/** Text with control characters that forms must refuse (NUL, BEL, vertical tab, ESC, DEL, a C1 control). */
export const CONTROL_CHARACTERS = ['a\u0000b', 'bell\u0007', 'v\u000btab', 'esc\u001b[31m', 'del\u007f', 'c1\u0085'];
export const XSS_MEDIUM =
  '=HYPERLINK("http://evil.example")"><img src=x onerror=alert(5)><script>alert(6)</script></textarea>{{7*7}}';
export const XSS_SHORT = '"><img src=x onerror=alert(7)>';
/** What a payload looks like once stored: trimmed, as the forms do. */
export const stored = (payload: string) => payload.trim();

/** SQL-injection and other awkward strings for every filter, sort, page and search parameter. */
export const SQLI = [
  "' OR 1=1 --",
  '"; DROP TABLE projects; --',
  '1; DELETE FROM documents WHERE 1=1',
  "' UNION SELECT email, password_hash FROM users --",
  '%',
  '_',
  '\\',
  '%%%_\\%',
  '日本語🏗️ Ω ß',
  '\u0000',
  'x'.repeat(5000),
  '-1',
  '0',
  '99999999999999999999',
  '1e308',
  'NaN',
  '[]',
  '../../etc/passwd',
];

/** Error text that would mean SQL (or a stack trace) reached the visitor. */
export const LEAKED_ERROR =
  /SQLITE|SqliteError|syntax error|no such (table|column)|near ".*": |drizzle-orm|DrizzleQueryError|at [\w.]+ \(.*:\d+:\d+\)|Internal Server Error/i;

/** Markup that escaped escaping. Quoted attribute values are blanked first (Astro escapes their quotes), so
 * only markup outside them counts: an injected element, an event handler, a javascript: link. */
export function injectedMarkup(html: string): string[] {
  const bare = html.replace(/="[^"]*"/g, '=""');
  // An event handler counts only inside a real tag (escaped text has &lt; where a tag would start).
  const patterns = [
    /<script>alert/i,
    /<img src=x/i,
    /<svg onload/i,
    /<[a-z][^<>]*\son(error|load)=/i,
    /<\/textarea><\/title>/i,
  ];
  const found: string[] = [];
  for (const p of patterns) {
    const m = p.exec(bare);
    if (m) found.push(bare.slice(Math.max(0, m.index - 60), m.index + 60));
  }
  // A javascript: URL can only hide inside an attribute: look for it there, in the original.
  const js = /\s(href|src|action|formaction)="\s*javascript:/i.exec(html);
  if (js) found.push(html.slice(Math.max(0, js.index - 60), js.index + 60));
  return found;
}

/** The messages a refused form shows (beside fields and at the top), for a readable failure. */
export function formProblems(html: string): string {
  const found = [...html.matchAll(/class="(?:error-message|form-alert[^"]*)"[^>]*>([\s\S]*?)<\/(?:p|div)>/g)].map((m) =>
    m[1]
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return (
    found.join(' | ') ||
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .slice(0, 300)
  );
}

/** Post/redirect/get: the 303 a successful form answers, or an error saying what the form said. */
export async function expectSeeOther(res: Response | Promise<Response>, what: string): Promise<string> {
  const r = await res;
  if (r.status !== 303) throw new Error(`${what}: expected a 303, got ${r.status}: ${formProblems(await r.text())}`);
  return r.headers.get('location') ?? '';
}

export interface UploadPart {
  bytes: Uint8Array | Blob;
  name: string;
  type?: string;
}

/** A browser-like multipart POST to a page (files never go to Actions). */
export async function postMultipart(
  base: string,
  url: string,
  fields: Record<string, string | string[]>,
  files: Record<string, UploadPart[]>,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
  for (const [k, list] of Object.entries(files)) {
    for (const f of list)
      form.append(
        k,
        f.bytes instanceof Blob
          ? f.bytes
          : new Blob([f.bytes as BlobPart], { type: f.type ?? 'application/octet-stream' }),
        f.name,
      );
  }
  return fetch(new URL(url, base), {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { Origin: new URL(base).origin, ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

/**
 * Every table's row count and a hash of its rows (in rowid order), so a test can prove an attack
 * changed nothing. Tables that change by themselves (sessions slide, the outbox worker sends, rate
 * limits count) can be left out.
 */
export function fingerprint(dbPath: string, leaveOut: string[] = []): Record<string, string> {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    // Full-text indexes (virtual tables and their shadow tables) only mirror the tables they index.
    const virtual = db
      .prepare("select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'")
      .pluck()
      .all() as string[];
    // So do the words of public PDFs, which the server reads in the background after it starts (decision 0105)
    // and a busy machine is still reading while a test compares.
    const derived = (t: string) =>
      virtual.some((v) => t === v || t.startsWith(`${v}_`)) || t === 'pdf_texts' || t === 'pdf_text_pages';
    const tables = (
      db
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
        .all() as Array<{ name: string }>
    )
      .map((t) => t.name)
      .filter((t) => !leaveOut.includes(t) && !derived(t));
    const out: Record<string, string> = {};
    for (const t of tables) {
      const rows = db.prepare(`select * from "${t}" order by rowid`).raw().all();
      out[t] = `${rows.length}:${createHash('sha256')
        .update(
          JSON.stringify(rows, (_k, v) =>
            typeof v === 'bigint' ? String(v) : Buffer.isBuffer(v) ? v.toString('hex') : v,
          ),
        )
        .digest('hex')
        .slice(0, 16)}`;
    }
    return out;
  } finally {
    db.close();
  }
}

/** The file store: stored files by name, and anything left in its temporary directory. */
export function fileStore(dataDir: string): { files: string[]; temporary: string[] } {
  const dir = path.join(dataDir, 'files');
  if (!fs.existsSync(dir)) return { files: [], temporary: [] };
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return {
    files: entries
      .filter((e) => path.basename(e.parentPath) !== 'tmp')
      .map((e) => e.name)
      .sort(),
    temporary: entries.filter((e) => path.basename(e.parentPath) === 'tmp').map((e) => e.name),
  };
}

export interface Fetched {
  url: string;
  status: number;
  type: string;
  body: string;
  headers: Headers;
}

/**
 * GET every same-site link reachable from `starts` (pages, feeds, JSON, CSV; not signing out), at most
 * `limit` URLs and `perPath` query-string variants of one path, so pagination and sorting do not
 * explode the crawl. Binary bodies (PDF, images) are fetched but not read as text.
 */
export async function crawl(
  base: string,
  starts: string[],
  opts: { cookie?: string; limit?: number; perPath?: number; skip?: (url: URL) => boolean } = {},
): Promise<Fetched[]> {
  const limit = opts.limit ?? 2000;
  const perPath = opts.perPath ?? 3;
  const seen = new Set<string>();
  const variants = new Map<string, number>();
  const queue = [...starts];
  const out: Fetched[] = [];
  const origin = new URL(base).origin;
  const admit = (href: string) => {
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      return;
    }
    if (url.origin !== origin) return;
    url.hash = '';
    if (/^\/(signout|_astro\/|_actions\/)/.test(url.pathname) || opts.skip?.(url)) return;
    const key = url.pathname + url.search;
    if (seen.has(key)) return;
    const n = variants.get(url.pathname) ?? 0;
    if (url.search && n >= perPath) return;
    variants.set(url.pathname, n + 1);
    seen.add(key);
    queue.push(key);
  };
  for (const s of starts) seen.add(s);
  while (queue.length && out.length < limit) {
    const batch = queue.splice(0, 8);
    const results = await Promise.all(
      batch.map(async (u) => {
        const res = await fetch(new URL(u, base), {
          redirect: 'manual',
          headers: opts.cookie ? { Cookie: opts.cookie } : {},
        });
        const type = res.headers.get('content-type') ?? '';
        const textual = /text|json|xml|calendar|csv|javascript/.test(type) || type === '';
        const body = textual ? await res.text() : (await res.arrayBuffer(), '');
        return { url: u, status: res.status, type, body, headers: res.headers };
      }),
    );
    for (const r of results) {
      out.push(r);
      if (r.type.startsWith('text/html'))
        for (const m of r.body.matchAll(/\shref="([^"]+)"/g)) admit(m[1].replace(/&amp;/g, '&'));
      const location = r.headers.get('location');
      if (location && r.status >= 300 && r.status < 400 && !location.startsWith('/signin')) admit(location);
    }
  }
  return out;
}

/** A minimal RFC 4180 reader (quoted cells, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && s[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Unfold and split an iCalendar text into [name-with-params, value] pairs (RFC 5545 §3.1). */
export function parseIcs(text: string): Array<[string, string]> {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at), line.slice(at + 1)] as [string, string];
    });
}

/** An iCalendar TEXT value back to plain text. */
export function icsText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/**
 * Upload fuzzing on every upload endpoint: the operator's inspection report, monthly summary and
 * document; the staff's project documents; the clerk's request uploads; the officer's enforcement
 * evidence. Random bytes, truncated and header-only PDFs, page trees that claim a million pages, name
 * thousands of real ones or loop, polyglots (PDF + HTML, JPEG + ZIP, HTML named .pdf, SVG named .png),
 * empty files, hostile file names, and multipart bodies that are cut short, lack a boundary or are
 * dropped mid-upload. Each is refused with a clear message or stored safely — never a 500, never a file
 * or row left half-stored — and a stored file comes back with the type found in its bytes (not the one
 * claimed) and nosniff.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { fileStore, formProblems, postMultipart } from '../support/attack.ts';
import { get, signIn } from '../support/http.ts';
import { startPortal, type Portal } from '../support/portal.ts';

type Kind = 'pdf' | 'jpeg' | 'png';
const MIME: Record<Kind, string> = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' };
const CLEAR =
  /is not a (PDF|PDF, JPEG photo or PNG image)\. Only .* files are accepted, whatever their name\.|is empty \(0 bytes\)|could not be read as a PDF: it may be damaged, incomplete, or password-protected\.|has more than 5,000 pages\. Split it into smaller files\.|is larger than the 2 MB limit|The upload was interrupted or malformed\. Try again\./;

let portal: Portal;
let db: Database.Database;
const one = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).get(...args) as T;
const cookies: Record<string, string> = {};

// ---------------------------------------------------------------------------------------------
// Hostile files

/** A PDF written by hand: numbered objects, an xref table and a trailer. */
function handPdf(objects: string[]): Uint8Array {
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>';
const unique = () => `% ${randomBytes(8).toString('hex')}\n`;

async function realPdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  doc.setSubject(randomBytes(8).toString('hex'));
  return doc.save();
}
const concat = (...parts: Array<Uint8Array | string>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
const JPEG_HEAD = Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb004300', 'hex');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201c7a3e55a0000000049454e44ae426082',
  'hex',
);
const ZIP_TAIL = Buffer.from(
  '504b0304140000000000000000000000000000000000000000000800000065766c2e68746d6c3c7363726970743e',
  'hex',
);

interface Case {
  what: string;
  name: string;
  bytes: () => Promise<Uint8Array> | Uint8Array;
  /** What its bytes really are; undefined = nothing we accept. */
  is?: Kind;
  /** Stored with this many pages (PDFs), when accepted. */
  pages?: number;
}

const CASES: Case[] = [
  { what: 'random bytes named .pdf', name: 'report.pdf', bytes: () => randomBytes(64 * 1024) },
  { what: 'a truncated PDF', name: 'cut.pdf', bytes: async () => (await realPdf(3)).slice(0, 400) },
  { what: 'a PDF header and nothing else', name: 'header.pdf', bytes: () => concat('%PDF-1.7\n', randomBytes(2000)) },
  {
    what: 'a PDF header followed by HTML and script',
    name: 'polyglot.pdf',
    bytes: () => concat('%PDF-1.7\n<html><body><script>alert(1)</script></body></html>\n%%EOF\n'),
  },
  {
    what: 'a page tree claiming 1,000,000 pages with one real page',
    name: 'count.pdf',
    is: 'pdf',
    pages: 1,
    bytes: () =>
      concat(
        handPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1000000 >>', PAGE]),
        unique(),
      ),
  },
  {
    what: 'a page tree naming 6,000 real pages',
    name: 'many.pdf',
    bytes: () =>
      handPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        `<< /Type /Pages /Kids [${'3 0 R '.repeat(6000)}] /Count 6000 >>`,
        PAGE,
      ]),
  },
  {
    what: 'a page tree that loops',
    name: 'loop.pdf',
    bytes: () =>
      handPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>', PAGE]),
  },
  {
    what: 'a valid PDF with HTML and script appended',
    name: 'appended.pdf',
    is: 'pdf',
    pages: 2,
    bytes: async () => concat(await realPdf(2), '\n<html><script>alert(1)</script></html>'),
  },
  {
    what: 'an HTML page named .pdf',
    name: 'page.pdf',
    bytes: () => concat('<!doctype html><html><script>alert(document.cookie)</script></html>', unique()),
  },
  {
    what: 'an SVG with script named .png',
    name: 'image.png',
    bytes: () => concat('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  {
    what: 'a JPEG/ZIP polyglot',
    name: 'photo.pdf',
    is: 'jpeg',
    bytes: () => concat(JPEG_HEAD, randomBytes(3000), ZIP_TAIL),
  },
  { what: 'a PNG claiming to be a PDF', name: 'scan.pdf', is: 'png', bytes: () => concat(PNG, unique()) },
  { what: 'an empty file', name: 'empty.pdf', bytes: () => new Uint8Array(0) },
  {
    what: 'a file over the size limit',
    name: 'huge.pdf',
    bytes: () => concat('%PDF-1.7\n', Buffer.alloc(2 * 1024 * 1024 + 10)),
  },
  {
    what: 'a PDF whose name has path parts, control characters, markup and 1,000 characters',
    name: `../../etc/passwd\\..\\x\u0000\u0007\r\n<script>"'${'n'.repeat(1000)}.pdf`,
    is: 'pdf',
    pages: 1,
    bytes: () => realPdf(1),
  },
];

// ---------------------------------------------------------------------------------------------
// Upload endpoints

interface Endpoint {
  what: string;
  who: string;
  url: () => string;
  field: string;
  accepts: Kind[];
  /** The other fields of a form that would be accepted. */
  fields: () => Record<string, string>;
  /** Rows that a successful upload adds. */
  rows: () => number;
  /** Files the portal makes itself on a successful filing (the signed summary PDF). */
  generates?: number;
  /** Pictures are decoded and written again (platform/files/images.ts): one that does not decode is refused. */
  reencodes?: boolean;
  /** The newest stored file's download URL and who may fetch it. */
  download: () => { url: string; who: string; mime: string; filename: string; pages?: number };
}

let ownSlug: string;
let ownProjectId: number;
let requestId: number;
let actionId: number;
let summaryMonth: string;
let summaryBase: Record<string, string>;
const day = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
/** Each accepted inspection report is for a different minute (one report per inspection), in the past. */
let minutesAgo = 60;
function inspectionTime(): { inspectedOn: string; inspectedTime: string } {
  const at = new Date(Date.now() - ++minutesAgo * 60_000);
  return {
    inspectedOn: at.toLocaleDateString('en-CA', { timeZone: 'America/New_York' }),
    inspectedTime: new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at),
  };
}
const docRows = () => one<{ n: number }>('select count(*) as n from documents').n;
const newestDoc = () =>
  one<{ id: number; mime_type: string; filename: string; page_count: number }>(
    'select id, mime_type, filename, page_count from documents order by id desc limit 1',
  );

const ENDPOINTS: Endpoint[] = [
  {
    what: 'operator: inspection report',
    who: 'operator',
    url: () => `/operator/projects/${ownSlug}/inspections/new`,
    field: 'report',
    accepts: ['pdf'],
    fields: () => ({
      ...inspectionTime(),
      type: 'routine',
      inspectorName: 'Pat Doe',
      inspectorCredential: 'CPESC 1234',
      rillGullyErosion: 'no',
      sedimentLeavingSite: 'no',
      disturbedAcresActive: '1',
      disturbedAcresInactive: '0',
      tempStabilizedAcres: '0',
      finalStabilizedAcres: '0',
    }),
    rows: () => docRows() + one<{ n: number }>('select count(*) as n from inspections').n,
    download: () => ({
      url: `/staff/documents/${newestDoc().id}`,
      who: 'officer',
      mime: newestDoc().mime_type,
      filename: newestDoc().filename,
      pages: newestDoc().page_count,
    }),
  },
  {
    what: 'operator: monthly summary attachment',
    who: 'operator',
    url: () => `/operator/projects/${ownSlug}/summaries/new`,
    field: 'attachments',
    accepts: ['pdf', 'jpeg', 'png'],
    fields: () => {
      // Each accepted summary is a new version (a correction) of the month's last one.
      const last = db
        .prepare('select id from monthly_summaries where project_id = ? and month = ? order by version desc limit 1')
        .get(ownProjectId, summaryMonth) as { id: number } | undefined;
      return {
        ...summaryBase,
        ...(last ? { supersedesId: String(last.id), correctionNote: 'Adds an attachment to the summary.' } : {}),
      };
    },
    rows: () => docRows() + one<{ n: number }>('select count(*) as n from monthly_summaries').n,
    generates: 1,
    download: () => {
      const d = one<{ id: number; mime_type: string; filename: string; page_count: number }>(
        "select id, mime_type, filename, page_count from documents where type <> 'monthly_summary' order by id desc limit 1",
      );
      return {
        url: `/operator/projects/${ownSlug}/documents/${d.id}`,
        who: 'operator',
        mime: d.mime_type,
        filename: d.filename,
        pages: d.page_count,
      };
    },
  },
  {
    what: 'operator: SWPPP amendment, as-built plans, NOT',
    who: 'operator',
    url: () => `/operator/projects/${ownSlug}/documents/new`,
    field: 'document',
    accepts: ['pdf'],
    fields: () => ({ type: 'as_built_plans', documentDate: day(-1), publicProposed: 'yes' }),
    rows: docRows,
    download: () => ({
      url: `/operator/projects/${ownSlug}/documents/${newestDoc().id}`,
      who: 'operator',
      mime: newestDoc().mime_type,
      filename: newestDoc().filename,
      pages: newestDoc().page_count,
    }),
  },
  {
    what: 'staff: project document',
    who: 'clerk',
    url: () => '/staff/projects/curry-road-distribution-center/documents',
    field: 'file',
    accepts: ['pdf', 'jpeg', 'png'],
    fields: () => ({ type: 'other', title: 'Fuzzed upload', documentDate: day(-1) }),
    rows: docRows,
    download: () => ({
      url: `/staff/documents/${newestDoc().id}`,
      who: 'clerk',
      mime: newestDoc().mime_type,
      filename: newestDoc().filename,
      pages: newestDoc().page_count,
    }),
  },
  {
    what: 'clerk: records request upload',
    who: 'clerk',
    url: () => `/staff/requests/${requestId}/upload`,
    field: 'file',
    accepts: ['pdf', 'jpeg', 'png'],
    fields: () => ({ description: 'Fuzzed scan' }),
    rows: () => one<{ n: number }>('select count(*) as n from request_items').n,
    download: () => {
      const i = one<{ id: number; file_mime_type: string; file_name: string; pages: number }>(
        'select id, file_mime_type, file_name, pages from request_items where request_id = ? order by id desc limit 1',
        requestId,
      );
      return {
        url: `/staff/requests/${requestId}/files/${i.id}`,
        who: 'clerk',
        mime: i.file_mime_type,
        filename: i.file_name,
        pages: i.pages,
      };
    },
  },
  {
    what: 'officer: enforcement evidence',
    who: 'officer',
    url: () => `/staff/enforcement/${actionId}`,
    field: 'file',
    accepts: ['pdf', 'jpeg', 'png'],
    reencodes: true,
    fields: () => ({ title: 'Fuzzed evidence', documentDate: day(-1) }),
    rows: () => docRows() + one<{ n: number }>('select count(*) as n from enforcement_documents').n,
    download: () => ({
      url: `/staff/documents/${newestDoc().id}`,
      who: 'officer',
      mime: newestDoc().mime_type,
      filename: newestDoc().filename,
      pages: newestDoc().page_count,
    }),
  },
];

beforeAll(async () => {
  portal = await startPortal({ env: { MAX_UPLOAD_MB: '2' } });
  db = new Database(path.join(portal.dataDir, 'portal.db'), { readonly: true });
  for (const who of ['clerk', 'officer', 'operator'])
    cookies[who] = await signIn(portal.url, `${who}@rotterdam.example`, DEMO_PASSWORD);
  const own = one<{ id: number; slug: string }>(
    "select p.id, p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' and p.status = 'active' and p.actual_start_on is not null order by p.name",
  );
  ownSlug = own.slug;
  ownProjectId = own.id;
  requestId = one<{ id: number }>(
    "select min(id) as id from records_requests where status in ('received', 'acknowledged')",
  ).id;
  actionId = one<{ id: number }>('select min(id) as id from enforcement_actions').id;
  const form = await (await get(portal.url, `/operator/projects/${ownSlug}/summaries/new`, cookies.operator)).text();
  const v = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(form)?.[1] ?? '0';
  summaryMonth = v('month');
  summaryBase = {
    ...Object.fromEntries(
      [
        'month',
        'inspectionsDone',
        'inspectionsRequired',
        'stormEvents',
        'postStormInspections',
        'correctiveOpened',
        'correctiveClosed',
        'correctiveOpen',
      ].map((k) => [k, v(k)]),
    ),
    narrative: 'The site was inspected every week. Nothing needed repair this month.',
    certifiedByName: 'Chris Van Patten',
    certifiedByTitle: 'Site superintendent',
    certify: 'on',
    attachmentsPublic: 'on',
  };
}, 300_000);

afterAll(async () => {
  db?.close();
  await portal?.stop();
});

/** Stored files (the temporary directory must always be empty) and the rows uploads make. */
function snapshot(endpoint: Endpoint) {
  const store = fileStore(portal.dataDir);
  expect(store.temporary, 'temporary files left behind').toEqual([]);
  return { files: store.files, rows: endpoint.rows() };
}

describe.each(ENDPOINTS)('$what', (endpoint) => {
  it.each(CASES)('$what: refused with a clear message, or stored safely with its real type', async (c) => {
    const bytes = await c.bytes();
    const before = snapshot(endpoint);
    const res = await postMultipart(
      portal.url,
      endpoint.url(),
      endpoint.fields(),
      { [endpoint.field]: [{ bytes, name: c.name, type: 'application/pdf' }] },
      cookies[endpoint.who],
    );
    const after = snapshot(endpoint);
    expect(res.status, c.what).toBeLessThan(500);
    if (endpoint.reencodes && c.is && c.is !== 'pdf' && endpoint.accepts.includes(c.is)) {
      // These pictures are a real header over random bytes: nothing to decode, so nothing to write again.
      expect(res.status, c.what).toBe(422);
      expect(formProblems(await res.text()), c.what).toContain('could not be read as a picture');
      expect(after, 'nothing stored, no row added').toEqual(before);
    } else if (c.is && endpoint.accepts.includes(c.is)) {
      expect(res.status, `${c.what}: ${res.status === 303 ? '' : formProblems(await res.text())}`).toBe(303);
      expect(after.files.length, 'one new stored file').toBe(before.files.length + 1 + (endpoint.generates ?? 0));
      expect(after.rows).toBeGreaterThan(before.rows);
      const stored = endpoint.download();
      expect(stored.mime, 'the type found in its bytes').toBe(MIME[c.is]);
      expect(stored.filename).not.toMatch(/[\\/\u0000-\u001f<>"]/);
      expect(stored.filename.length).toBeLessThanOrEqual(180);
      if (c.name.endsWith('.pdf')) expect(stored.filename).toMatch(/\.pdf$/);
      if (c.pages && stored.pages !== undefined)
        expect(stored.pages, 'real pages, not the claimed count').toBe(c.pages);
      const back = await get(portal.url, stored.url, cookies[stored.who]);
      expect(back.status).toBe(200);
      expect(back.headers.get('content-type')).toBe(MIME[c.is]);
      expect(back.headers.get('x-content-type-options')).toBe('nosniff');
      expect(back.headers.get('content-disposition')).not.toMatch(/[\r\n]|filename="[^"]*[\\/][^"]*"/);
      expect(Buffer.from(await back.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    } else {
      expect([400, 422], c.what).toContain(res.status);
      expect(formProblems(await res.text()), c.what).toMatch(CLEAR);
      expect(after, 'nothing stored, no row added').toEqual(before);
    }
  });

  it('a body cut short, or without a boundary, is refused and leaves nothing behind; the server lives on', async () => {
    const before = snapshot(endpoint);
    const form = new FormData();
    for (const [k, v] of Object.entries(endpoint.fields())) form.append(k, v);
    form.append(endpoint.field, new Blob([(await realPdf(2)) as BlobPart], { type: 'application/pdf' }), 'whole.pdf');
    form.append(endpoint.field, new Blob([randomBytes(200_000)], { type: 'application/pdf' }), 'cut.pdf');
    const encoded = new Response(form);
    const whole = new Uint8Array(await encoded.arrayBuffer());
    const type = encoded.headers.get('content-type')!;
    for (const [body, contentType] of [
      [whole.slice(0, whole.length - 1000), type],
      [whole.slice(0, Math.floor(whole.length / 2)), type],
      [whole, 'multipart/form-data'],
      [whole, 'multipart/form-data; boundary=""'],
    ] as Array<[Uint8Array, string]>) {
      const res = await fetch(new URL(endpoint.url(), portal.url), {
        method: 'POST',
        body: body as BodyInit,
        redirect: 'manual',
        headers: { 'Content-Type': contentType, Origin: new URL(portal.url).origin, Cookie: cookies[endpoint.who] },
      });
      expect([400, 422], contentType).toContain(res.status);
      expect(formProblems(await res.text())).toMatch(/interrupted or malformed/);
    }
    expect((await get(portal.url, '/healthz')).status).toBe(200);
    expect(snapshot(endpoint)).toEqual(before);
  });
});

describe('a connection dropped in the middle of an upload', () => {
  it('does not take the server down and leaves no temporary file', async () => {
    const endpoint = ENDPOINTS[0];
    const before = snapshot(endpoint);
    const boundary = '----fuzz' + randomBytes(6).toString('hex');
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--${boundary}\r\nContent-Disposition: form-data; name="${endpoint.field}"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const url = new URL(endpoint.url(), portal.url);
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(1_500_000),
          Origin: url.origin,
          Cookie: cookies[endpoint.who],
        },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(concat('%PDF-1.7\n', randomBytes(300_000)));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
    // The server notices the dropped connection; give it a moment, then it must be whole and clean. On a busy
    // machine it may not have read the request yet when the client gives up, so "no temporary file" must hold for
    // two seconds together, not at one glance (the file appears only once the server reads the part).
    const deadline = Date.now() + 60_000; // a wait for a condition, generous for a busy machine
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (fileStore(portal.dataDir).temporary.length) quietSince = Date.now();
      else if (Date.now() - quietSince >= 2_000) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await get(portal.url, '/healthz')).status).toBe(200);
    expect(portal.process.exitCode).toBeNull();
    expect(snapshot(endpoint)).toEqual(before);
  });
});

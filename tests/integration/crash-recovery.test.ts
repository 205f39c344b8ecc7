/**
 * Nothing accepted is lost: SIGKILL the server in the middle of a burst of records-request submissions
 * and operator uploads, restart it, and check that every submission that got a success answer is there,
 * whole, with its receipt mail still queued, and that no half-written or unreferenced file is left.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { postAction, signIn } from '../support/http.ts';
import { freePort, startPortal, type Portal } from '../support/portal.ts';

let portal: Portal | undefined;
afterAll(async () => {
  await portal?.stop();
});

// Mail goes to an SMTP port where nothing listens: receipts stay queued, as after an outage.
async function start(dataDir?: string): Promise<Portal> {
  const smtpPort = await freePort();
  return startPortal({
    dataDir,
    args: dataDir ? ['--no-seed'] : [],
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_RETRY_BASE_MS: '600000', REQUESTS_PER_IP_PER_HOUR: '100000' },
  });
}

async function pdfBlob(i: number): Promise<Blob> {
  const doc = await PDFDocument.create();
  doc.setSubject(`crash test ${i}`);
  // A few hundred KB, so uploads are still streaming when the server dies.
  for (let p = 0; p < 40; p++)
    doc.addPage([612, 792]).drawText(`Crash test upload ${i}, page ${p + 1} `.repeat(20), { x: 20, y: 700, size: 6 });
  return new Blob([new Uint8Array(await doc.save())], { type: 'application/pdf' });
}

describe('a crash mid-burst', () => {
  it('keeps every acknowledged submission whole, with its mail queued, and leaves no orphaned files', async () => {
    portal = await start();
    const db0 = openDatabase(path.join(portal.dataDir, 'portal.db'));
    const project = db0.$client
      .prepare(
        "select p.slug, p.id from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id where u.email = 'operator@rotterdam.example' and p.status = 'active' order by p.name limit 1",
      )
      .get() as { slug: string; id: number };
    const swppp = db0.$client
      .prepare("select id from documents where project_id = ? and type = 'swppp' and public = 1 limit 1")
      .get(project.id) as { id: number };
    db0.$client.close();
    const operator = await signIn(portal.url, 'operator@rotterdam.example', DEMO_PASSWORD);
    const origin = new URL(portal.url).origin;
    const url = portal.url;

    const submissions = Array.from({ length: 120 }, (_, i) => ({
      email: `crash.${i}@example.org`,
      send: () =>
        postAction(url, '/requests/new', 'requests.submit', {
          formKey: `crash-test-form-key-${String(i).padStart(4, '0')}`.padEnd(43, 'k'),
          intent: 'submit',
          project: project.slug,
          documentIds: String(swppp.id),
          freeText: `Crash test request ${i}`,
          delivery: 'electronic',
          name: `Crash Tester ${i}`,
          email: `crash.${i}@example.org`,
        }),
    }));
    const blobs = await Promise.all(Array.from({ length: 12 }, (_, i) => pdfBlob(i)));
    const uploads = blobs.map((blob, i) => ({
      sha: '',
      blob,
      send: () => {
        const form = new FormData();
        form.append('type', 'as_built_plans');
        form.append('documentDate', '2026-06-01');
        form.append('description', `crash upload ${i}`);
        form.append('publicProposed', 'yes');
        form.append('document', blob, `crash-${i}.pdf`);
        return fetch(`${url}/operator/projects/${project.slug}/documents/new`, {
          method: 'POST',
          body: form,
          redirect: 'manual',
          headers: { Origin: origin, Cookie: operator },
        });
      },
    }));
    for (const u of uploads)
      u.sha = createHash('sha256')
        .update(new Uint8Array(await u.blob.arrayBuffer()))
        .digest('hex');

    // The burst: everything at once, and a SIGKILL as soon as a few have been answered, so that some
    // submissions are acknowledged and many are still in flight, whatever the machine's speed.
    // Uploads go first (they are slower); the requests follow once two uploads are in, and the kill
    // comes once three requests are in.
    const answered = { request: 0, upload: 0 };
    let uploadsIn!: () => void;
    let killed!: () => void;
    const startRequests = new Promise<void>((r) => (uploadsIn = r));
    const killNow = new Promise<void>((r) => (killed = r));
    const settle = (p: Promise<Response>, kind: keyof typeof answered) =>
      p.then(
        (value) => {
          if (value.status === 303) answered[kind]++;
          if (answered.upload >= 2) uploadsIn();
          if (answered.request >= 3) killed();
          return { ok: true as const, value };
        },
        () => ({ ok: false as const }),
      );
    const firstWave = uploads.slice(0, 6).map((u) => settle(u.send(), 'upload'));
    await startRequests;
    // A second wave of uploads goes with the requests, so some uploads are cut off mid-stream too.
    const secondWave = uploads.slice(6).map((u) => settle(u.send(), 'upload'));
    const pendingRequests = submissions.map((s) => settle(s.send(), 'request'));
    const pendingUploads = [...firstWave, ...secondWave];
    await killNow;
    portal.process.kill('SIGKILL');
    const requestResults = await Promise.all(pendingRequests);
    const uploadResults = await Promise.all(pendingUploads);
    await new Promise((r) =>
      portal!.process.exitCode !== null || portal!.process.signalCode ? r(null) : portal!.process.once('exit', r),
    );

    const acceptedRequests = submissions.filter((_, i) => {
      const r = requestResults[i];
      return r.ok && r.value.status === 303 && (r.value.headers.get('location') ?? '').startsWith('/requests/track/');
    });
    const acceptedUploads = uploads.filter((_, i) => {
      const r = uploadResults[i];
      return r.ok && r.value.status === 303;
    });
    console.log(
      `crash test: ${acceptedRequests.length}/${submissions.length} requests and ${acceptedUploads.length}/${uploads.length} uploads acknowledged before the kill`,
    );
    // The kill must really land mid-burst for this test to mean anything.
    expect(
      acceptedRequests.length + acceptedUploads.length,
      'some submissions finished before the kill',
    ).toBeGreaterThan(0);
    expect(acceptedRequests.length + acceptedUploads.length, 'some submissions were cut off by the kill').toBeLessThan(
      submissions.length + uploads.length,
    );

    const dataDir = portal.dataDir;
    portal = await start(dataDir);
    const db = openDatabase(path.join(dataDir, 'portal.db'));
    const one = <T>(sql: string, ...args: unknown[]) => db.$client.prepare(sql).get(...args) as T;

    for (const s of acceptedRequests) {
      const req = one<{ id: number; number: string; status: string } | undefined>(
        'select id, number, status from records_requests where requester_email = ?',
        s.email,
      );
      expect(req, s.email).toBeDefined();
      expect(one<{ n: number }>('select count(*) n from request_items where request_id = ?', req!.id).n).toBe(2);
      const mail = one<{ status: string; subject: string } | undefined>(
        'select status, subject from outbox where to_address = ? order by id limit 1',
        s.email,
      );
      expect(mail, `receipt for ${s.email}`).toBeDefined();
      expect(mail!.status).toBe('queued');
      expect(mail!.subject).toContain(req!.number);
    }
    for (const u of acceptedUploads) {
      const doc = one<{ id: number } | undefined>(
        "select id from documents where sha256 = ? and type = 'as_built_plans'",
        u.sha,
      );
      expect(doc, `upload ${u.sha}`).toBeDefined();
      const stored = path.join(dataDir, 'files', u.sha.slice(0, 2), u.sha);
      expect(createHash('sha256').update(fs.readFileSync(stored)).digest('hex')).toBe(u.sha);
    }
    // Every request row is whole, acknowledged or not: no request without items or without its receipt.
    expect(
      one<{ n: number }>(
        "select count(*) n from records_requests r where r.requester_email like 'crash.%' and not exists (select 1 from request_items i where i.request_id = r.id)",
      ).n,
    ).toBe(0);
    expect(
      one<{ n: number }>(
        "select count(*) n from records_requests r where r.requester_email like 'crash.%' and not exists (select 1 from outbox o where o.to_address = r.requester_email)",
      ).n,
    ).toBe(0);

    // No orphaned files: nothing half-written, and every stored file belongs to a row.
    const filesDir = path.join(dataDir, 'files');
    const tmp = path.join(filesDir, 'tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
    const referenced = new Set(
      (
        db.$client
          .prepare(
            'select sha256 as sha from documents union select file_sha256 from request_items where file_sha256 is not null union select sha256 from operator_request_files' +
              ' union select sha256 from practice_maintenance_reports union select sha256 from practice_agreement_files union select sha256 from site_report_photos',
          )
          .all() as { sha: string }[]
      ).map((r) => r.sha),
    );
    const stored = fs
      .readdirSync(filesDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
    expect(stored.filter((name) => !referenced.has(name))).toEqual([]);
    // And the restarted portal serves.
    expect((await fetch(`${portal.url}/projects/${project.slug}`)).status).toBe(200);
    db.$client.close();
  }, 300_000);
});

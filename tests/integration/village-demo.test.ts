/**
 * The second demo municipality (decision 0038). `npm run seed -- --town village-demo` loads the fictional
 * Village of Pinebrook; its public pages, a records request's receipt, an invoice PDF and a finding are
 * in the village's words (its name, clerk, fees and Village Code letters) and never the other town's.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '#lib/server/platform/db.ts';
import { town } from '#lib/server/platform/town-profile.ts';
import { billRequest } from '#lib/server/records-requests/billing.ts';
import { invoicePdf } from '#lib/server/records-requests/invoice-pdf.ts';
import { checkSelection, createRecordsRequest } from '#lib/server/records-requests/submit.ts';
import { invoiceRates } from '#lib/server/records-requests/billing.ts';
import { loadRequestView } from '#lib/server/records-requests/view.ts';
import { pdfText } from '../support/crawl.ts';
import { get } from '../support/http.ts';
import { ROOT, startPortal, tempDir, type Portal } from '../support/portal.ts';
import { asyncOf } from '#lib/server/platform/db/async-session.ts';

const OTHER_TOWN = /rotterdam|sunrise boulevard|schenectady/i;
let portal: Portal;
let db: DB;

beforeAll(async () => {
  const dataDir = tempDir('rsp-village-');
  const seeded = spawnSync(process.execPath, [path.join(ROOT, 'scripts/seed.ts'), '--town', 'village-demo'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  portal = await startPortal({ dataDir });
  db = openDatabase(path.join(dataDir, 'portal.db'));
}, 120_000);
afterAll(async () => {
  db?.$client.close();
  await portal?.stop();
});

describe('the Village of Pinebrook', () => {
  it('public pages name the village, its clerk and its law, never the other town', async () => {
    for (const url of [
      '/',
      '/projects',
      '/projects/millpond-lane-townhouses',
      '/requests',
      '/open-data',
      '/enforcement',
    ]) {
      const html = await (await get(portal.url, url)).text();
      expect(html, url).toContain('Village of Pinebrook');
      expect(html.match(OTHER_TOWN), url).toBeNull();
    }
    expect(await (await get(portal.url, '/')).text()).toContain(
      'Pinebrook Stormwater Portal<small>Village of Pinebrook, New York</small>',
    );
  });

  it('a finding cites the Village Code and counts its stricter five days', async () => {
    const page = await (await get(portal.url, '/projects/millpond-lane-townhouses')).text();
    expect(page).toContain('Village Code §7-12(c)');
    expect(page).toMatch(/at least every 5 days/);
  });

  it('a request’s receipt and its invoice PDF are the village’s, at its own fee', async () => {
    const selection = await checkSelection(asyncOf(db), 'millpond-lane-townhouses', {
      documentIds: [],
      freeText: 'The erosion control plan sheets.',
    });
    const made = await createRecordsRequest(
      asyncOf(db),
      {
        channel: 'web',
        receivedAt: new Date(),
        selection,
        delivery: 'paper_pickup',
        requester: { name: 'Vera Village', email: 'vera@example.org' },
      },
      { label: 'requester' },
      portal.url,
    );
    if (!made.ok) throw new Error('request refused');
    const receipt = db.$client
      .prepare("select subject, text_body as text from outbox where kind = 'request-receipt' order by id desc limit 1")
      .get() as { subject: string; text: string };
    expect(receipt.text).toContain('The Village of Pinebrook received your records request');
    expect(receipt.text).toContain('Village of Pinebrook, Village Department of Public Works: Stormwater');
    expect(`${receipt.subject} ${receipt.text}`.match(OTHER_TOWN)).toBeNull();

    const item = db.$client.prepare('select id from request_items where request_id = ?').get(made.id) as { id: number };
    const billed = await billRequest(
      asyncOf(db),
      { label: 'system' },
      made.id,
      { counts: [{ itemId: item.id, pages: 10, largeFormatSheets: 0 }] },
      portal.url,
    );
    expect(billed).toMatchObject({ ok: true, totalCents: 200 });
    const view = (await loadRequestView(asyncOf(db), made.id))!;
    const bytes = await invoicePdf({
      invoice: view.invoice!,
      request: view.request,
      projectName: view.project?.name ?? null,
      town: town(db),
      rates: await invoiceRates(asyncOf(db), view.invoice!),
    });
    expect((await PDFDocument.load(bytes, { updateMetadata: false })).getAuthor()).toBe(
      'Village of Pinebrook, Village Clerk',
    );
    const text = pdfText(bytes);
    expect(text).toContain("Village Clerk's office, 14 Mill Street, Pinebrook, NY 12999");
    expect(text).toContain('$0.20');
    expect(text.match(OTHER_TOWN)).toBeNull();
  });
});

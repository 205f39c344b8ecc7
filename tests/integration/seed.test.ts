/**
 * The demo-town seed (db/seed/demo.ts) and the large benchmark town (db/seed/large.ts), each into a
 * fresh SQLite file after the committed migrations.
 */
import { ROTTERDAM_PROFILE } from '#db/seed/town-profiles.ts';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '#db/schema.ts';
import { isDatabaseEmpty, seedDemoTown, seedReferenceData, type SeedSummary } from '#db/seed/demo.ts';
import { seedLargeTown } from '#db/seed/large.ts';
import { TOWN_BOUNDS } from '#db/seed/names.ts';
import { migrateDatabase, openDatabase, type DB } from '#lib/server/platform/db.ts';
import { BusinessCalendar, computeDueDate } from '#lib/server/platform/time/deadlines.rules.ts';
import { storedFilePath } from '#lib/server/platform/files/store.ts';
import { readPdfFacts } from '#lib/server/platform/pdf/measure.ts';

/** A fixed "now" (a Monday afternoon in June, town time) so the assertions about dates are stable. */
const NOW = new Date('2026-06-15T18:00:00Z');
const TODAY = '2026-06-15';
const DAY = 86_400_000;

function freshDatabase(prefix: string): { db: DB; filesDir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const db = openDatabase(path.join(dir, 'portal.db'));
  migrateDatabase(db);
  return { db, filesDir: path.join(dir, 'files') };
}

function all<T = Record<string, unknown>>(db: DB, sql: string, ...params: unknown[]): T[] {
  return db.$client.prepare(sql).all(...params) as T[];
}

function one<T = Record<string, unknown>>(db: DB, sql: string, ...params: unknown[]): T {
  return db.$client.prepare(sql).get(...params) as T;
}

function count(db: DB, sql: string, ...params: unknown[]): number {
  return Object.values(one<Record<string, number>>(db, sql, ...params))[0];
}

function projectId(db: DB, slug: string): number {
  return one<{ id: number }>(db, 'SELECT id FROM projects WHERE slug = ?', slug).id;
}

describe('the demo town', () => {
  let db: DB;
  let filesDir: string;
  let summary: SeedSummary;
  const pdfCache = fs.mkdtempSync(path.join(os.tmpdir(), 'rsp-pdf-cache-'));
  const previousCache = process.env.DEMO_PDF_CACHE;

  beforeAll(async () => {
    ({ db, filesDir } = freshDatabase('rsp-seed-'));
    expect(isDatabaseEmpty(db)).toBe(true);
    // Drawn into a PDF cache of its own (empty): the determinism test below copies from it.
    process.env.DEMO_PDF_CACHE = pdfCache;
    try {
      summary = await seedDemoTown(db, { filesDir, now: NOW });
    } finally {
      if (previousCache === undefined) delete process.env.DEMO_PDF_CACHE;
      else process.env.DEMO_PDF_CACHE = previousCache;
    }
  });

  it('has at least 25 projects, every status and both kinds', () => {
    expect(summary.projects).toBeGreaterThanOrEqual(25);
    expect(count(db, 'SELECT count(*) FROM projects')).toBe(summary.projects);
    expect(isDatabaseEmpty(db)).toBe(false);
    const statuses = all<{ status: string }>(db, 'SELECT DISTINCT status FROM projects').map((r) => r.status);
    expect(statuses.sort()).toEqual([...PROJECT_STATUSES].sort());
    expect(all<{ kind: string }>(db, 'SELECT DISTINCT kind FROM projects ORDER BY kind').map((r) => r.kind)).toEqual([
      'major',
      'minor',
    ]);
  });

  it('puts every project inside the Town of Rotterdam with NOI facts filled in', () => {
    const rows = all<Record<string, string | number | null>>(db, 'SELECT * FROM projects');
    for (const p of rows) {
      expect(p.latitude as number).toBeGreaterThan(TOWN_BOUNDS.minLat);
      expect(p.latitude as number).toBeLessThan(TOWN_BOUNDS.maxLat);
      expect(p.longitude as number).toBeGreaterThan(TOWN_BOUNDS.minLon);
      expect(p.longitude as number).toBeLessThan(TOWN_BOUNDS.maxLon);
      expect(['12303', '12306', '12150', '12056']).toContain(p.zip);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.tax_map_parcels).toMatch(/^\d+\.\d+-\d+-\d+(\.\d)?(, \d+\.\d+-\d+-\d+(\.\d)?)*$/);
      expect(String(p.description).length).toBeGreaterThan(40);
      expect(p.noi_received_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (p.town_permit_no) expect(p.town_permit_no).toMatch(/^SD-\d{4}-\d{3}$/);
      if (p.spdes_permit_id) expect(p.spdes_permit_id).toMatch(/^NYR[0-9A-Z]{6}$/);
      expect(p.disturbed_acres as number).toBeLessThanOrEqual(p.total_site_acres as number);
      if (p.kind === 'major') expect(p.post_construction_practices).toBeTruthy();
    }
    // Over five acres at once: with DEC's approval, and one without (for the compliance rules).
    expect(
      count(db, 'SELECT count(*) FROM projects WHERE max_disturbed_at_once_acres > 5 AND dec_five_acre_approval = 1'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      count(db, 'SELECT count(*) FROM projects WHERE max_disturbed_at_once_acres > 5 AND dec_five_acre_approval = 0'),
    ).toBe(1);
    // Every project names its receiving waters; a couple are impaired.
    expect(
      count(
        db,
        'SELECT count(*) FROM projects p WHERE NOT EXISTS (SELECT 1 FROM receiving_waters w WHERE w.project_id = p.id)',
      ),
    ).toBe(0);
    expect(count(db, 'SELECT count(DISTINCT name) FROM receiving_waters WHERE impaired = 1')).toBeGreaterThanOrEqual(2);
  });

  it('lists the parties without tax IDs or home addresses, contractors certified before work began', () => {
    const roles = all<{ role: string; n: number }>(
      db,
      'SELECT role, count(DISTINCT project_id) AS n FROM parties GROUP BY role',
    );
    const byRole = Object.fromEntries(roles.map((r) => [r.role, r.n]));
    expect(byRole.owner_operator).toBe(summary.projects);
    expect(byRole.swppp_preparer).toBe(summary.projects);
    expect(byRole.qualified_inspector).toBe(summary.projects);
    expect(byRole.contractor).toBe(summary.projects);
    expect(
      count(
        db,
        "SELECT count(*) FROM parties WHERE role = 'swppp_preparer' AND license NOT GLOB 'NYS [PR][EL]* [0-9]*'",
      ),
    ).toBe(0);
    // Contractors named in the original SWPPP certified before the start of work.
    expect(
      count(
        db,
        `SELECT count(*) FROM parties pa JOIN projects p ON p.id = pa.project_id
                 WHERE pa.role = 'contractor' AND p.actual_start_on IS NOT NULL AND (pa.certified_on IS NULL OR pa.certified_on >= p.actual_start_on)`,
      ),
    ).toBe(0);
    expect(count(db, 'SELECT count(*) FROM users')).toBe(0);
  });

  it('has exactly one stop-work order in force, on the stop-work project, and an earlier one lifted', () => {
    const inForce = all<{ slug: string; status: string }>(
      db,
      `SELECT p.slug, p.status FROM enforcement_actions e JOIN projects p ON p.id = e.project_id
       WHERE e.type = 'stop_work_order' AND e.status = 'issued' AND e.lifted_on IS NULL AND e.closed_on IS NULL`,
    );
    expect(inForce).toEqual([{ slug: 'hamburg-street-mixed-use', status: 'stop_work' }]);
    expect(summary.notable.stopWorkOrderInForce).toBe('hamburg-street-mixed-use');
    expect(
      count(
        db,
        "SELECT count(*) FROM enforcement_actions WHERE type = 'stop_work_order' AND lifted_on IS NOT NULL AND closed_on IS NOT NULL",
      ),
    ).toBeGreaterThanOrEqual(1);
    // The escalation chain: warning -> notice of violation -> stop-work order.
    const chain = all<{ type: string; escalated: string | null }>(
      db,
      `SELECT e.type, t.type AS escalated FROM enforcement_actions e LEFT JOIN enforcement_actions t ON t.id = e.escalated_to_id
       WHERE e.project_id = ? ORDER BY e.issued_on`,
      projectId(db, 'hamburg-street-mixed-use'),
    );
    expect(chain.slice(0, 3)).toEqual([
      { type: 'written_warning', escalated: 'notice_of_violation' },
      { type: 'notice_of_violation', escalated: 'stop_work_order' },
      { type: 'stop_work_order', escalated: null },
    ]);
    const types = all<{ type: string }>(db, 'SELECT DISTINCT type FROM enforcement_actions').map((r) => r.type);
    for (const t of ['written_warning', 'notice_of_violation', 'swppp_deficiency_notice', 'stop_work_order', 'fine'])
      expect(types).toContain(t);
    const fine = one<Record<string, number | string>>(db, "SELECT * FROM enforcement_actions WHERE type = 'fine'");
    expect(fine.fine_daily_rate_cents as number).toBeLessThanOrEqual(25_000);
    expect(fine.fine_assessed_cents).toBe((fine.fine_daily_rate_cents as number) * (fine.fine_days as number));
    expect(fine.fine_paid_cents as number).toBeGreaterThan(0);
    expect(fine.fine_paid_cents as number).toBeLessThan(fine.fine_assessed_cents as number);
    // Every action cites at least one violation and has its notice as a public document.
    expect(
      count(
        db,
        'SELECT count(*) FROM enforcement_actions e WHERE NOT EXISTS (SELECT 1 FROM enforcement_violations v WHERE v.enforcement_action_id = e.id)',
      ),
    ).toBe(0);
    expect(
      count(
        db,
        "SELECT count(*) FROM enforcement_actions e JOIN documents d ON d.id = e.notice_document_id WHERE d.type = 'enforcement_notice' AND d.public = 1",
      ),
    ).toBe(count(db, 'SELECT count(*) FROM enforcement_actions'));
  });

  it('stores every document once on disk, with the recorded sha256, size and page facts', async () => {
    const docs = all<{
      sha256: string;
      size_bytes: number;
      page_count: number;
      sheet_size: string;
      large_format_pages: number;
      type: string;
      mime_type: string;
    }>(
      db,
      'SELECT sha256, size_bytes, page_count, sheet_size, large_format_pages, type, mime_type FROM documents GROUP BY sha256',
    );
    expect(docs.length).toBe(summary.files);
    for (const d of docs) {
      const bytes = fs.readFileSync(storedFilePath(d.sha256, filesDir));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(d.sha256);
      expect(bytes.length).toBe(d.size_bytes);
      expect(d.mime_type).toBe('application/pdf');
    }
    // Page facts agree with what the portal reads from the PDF itself (one of each type).
    const seen = new Set<string>();
    for (const d of docs) {
      if (seen.has(d.type)) continue;
      seen.add(d.type);
      const facts = await readPdfFacts(fs.readFileSync(storedFilePath(d.sha256, filesDir)));
      expect(facts).toEqual({
        pageCount: d.page_count,
        sheetSize: d.sheet_size,
        largeFormatPages: d.large_format_pages,
      });
    }
    expect([...seen].sort()).toEqual([
      'as_built_plans',
      'enforcement_notice',
      'inspection_report',
      'monthly_summary',
      'noi',
      'notice_of_termination',
      'swppp',
      'swppp_amendment',
    ]);
    // SWPPPs: 30-60 letter pages plus large-format plan sheets; NOIs 3-4 pages; inspection reports 2.
    for (const s of all<{ page_count: number; large_format_pages: number; sheet_size: string }>(
      db,
      "SELECT * FROM documents WHERE type = 'swppp'",
    )) {
      expect(s.page_count - s.large_format_pages).toBeGreaterThanOrEqual(30);
      expect(s.page_count - s.large_format_pages).toBeLessThanOrEqual(60);
      expect(s.large_format_pages).toBeGreaterThanOrEqual(4);
      expect(s.large_format_pages).toBeLessThanOrEqual(12);
      expect(s.sheet_size).toBe('mixed');
    }
    expect(all(db, "SELECT DISTINCT page_count FROM documents WHERE type = 'inspection_report'")).toEqual([
      { page_count: 2 },
    ]);
    expect(count(db, "SELECT count(*) FROM documents WHERE type = 'noi' AND page_count NOT BETWEEN 3 AND 4")).toBe(0);
    // Every project has its NOI and SWPPP; completed ones their NOT; amendments chain to what they supersede.
    expect(count(db, "SELECT count(DISTINCT project_id) FROM documents WHERE type = 'noi' AND public = 1")).toBe(
      summary.projects,
    );
    expect(count(db, "SELECT count(DISTINCT project_id) FROM documents WHERE type = 'swppp' AND public = 1")).toBe(
      summary.projects,
    );
    expect(
      count(
        db,
        "SELECT count(*) FROM projects p WHERE status = 'complete' AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.project_id = p.id AND d.type = 'notice_of_termination')",
      ),
    ).toBe(0);
    const amendments = all<{ version: number; prev_version: number; prev_type: string }>(
      db,
      "SELECT d.version, s.version AS prev_version, s.type AS prev_type FROM documents d JOIN documents s ON s.id = d.supersedes_id WHERE d.type = 'swppp_amendment'",
    );
    expect(amendments.length).toBe(count(db, "SELECT count(*) FROM documents WHERE type = 'swppp_amendment'"));
    for (const a of amendments) expect(a.version).toBe(a.prev_version + 1);
  });

  it('has a year of inspections: weekly or twice weekly, after storms, with practices and corrective actions', () => {
    const yearAgo = NOW.getTime() - 365 * DAY;
    const storms = all<{ inches: number; ended_at: number }>(
      db,
      'SELECT inches, ended_at FROM storm_events WHERE ended_at > ?',
      yearAgo,
    );
    const big = storms.filter((s) => s.inches >= 0.5);
    expect(big.length).toBeGreaterThanOrEqual(10);
    expect(big.length).toBeLessThanOrEqual(16);
    expect(Math.max(...storms.map((s) => s.inches))).toBeLessThanOrEqual(2.1);
    expect(storms.some((s) => s.inches < 0.5)).toBe(true);
    expect(count(db, 'SELECT count(*) FROM inspections WHERE inspected_at > ?', NOW.getTime())).toBe(0);
    // Every active project has inspections within the last 10 days, each with practices.
    for (const { id } of all<{ id: number }>(db, "SELECT id FROM projects WHERE status IN ('active', 'stop_work')")) {
      expect(
        count(
          db,
          'SELECT count(*) FROM inspections WHERE project_id = ? AND inspected_at > ?',
          id,
          NOW.getTime() - 10 * DAY,
        ),
      ).toBeGreaterThan(0);
    }
    expect(
      count(
        db,
        'SELECT count(*) FROM inspections i WHERE NOT EXISTS (SELECT 1 FROM inspection_practices p WHERE p.inspection_id = i.id)',
      ),
    ).toBe(0);
    expect(count(db, "SELECT count(*) FROM inspections WHERE type = 'post_storm' AND storm_event_id IS NULL")).toBe(0);
    expect(count(db, 'SELECT count(*) FROM inspections WHERE report_document_id IS NULL')).toBe(0);
    // Twice-weekly sites (over five acres open, or draining to an impaired water) have about twice the inspections per week.
    const solar = projectId(db, 'princetown-road-community-solar');
    const weeks = count(
      db,
      'SELECT (max(inspected_at) - min(inspected_at)) / 604800000.0 FROM inspections WHERE project_id = ?',
      solar,
    );
    expect(
      count(db, "SELECT count(*) FROM inspections WHERE project_id = ? AND type = 'routine'", solar) / weeks,
    ).toBeGreaterThan(1.7);
    expect(count(db, 'SELECT count(*) FROM corrective_actions WHERE closed_on IS NOT NULL')).toBeGreaterThan(20);
  });

  it('plants the lapses the compliance rules will look for', () => {
    // An 11-day gap between inspections.
    const campbell = all<{ t: number }>(
      db,
      "SELECT inspected_at AS t FROM inspections WHERE project_id = ? AND type != 'pre_construction' ORDER BY inspected_at",
      projectId(db, 'campbell-road-medical-office'),
    );
    const gaps = campbell.slice(1).map((r, i) => Math.round((r.t - campbell[i].t) / DAY));
    expect(Math.max(...gaps)).toBe(11);
    // A storm of half an inch or more with no inspection within 24 hours.
    const westcott = projectId(db, 'westcott-road-townhomes');
    const start = one<{ s: string }>(db, 'SELECT actual_start_on AS s FROM projects WHERE id = ?', westcott).s;
    const missed = all(
      db,
      `SELECT s.id FROM storm_events s WHERE s.inches >= 0.5 AND s.ended_at > ? AND s.ended_at < ?
       AND NOT EXISTS (SELECT 1 FROM inspections i WHERE i.project_id = ? AND i.inspected_at > s.ended_at AND i.inspected_at <= s.ended_at + 86400000)`,
      Date.parse(`${start}T12:00:00Z`),
      NOW.getTime() - DAY,
      westcott,
    );
    expect(missed.length).toBe(1);
    // A sediment trap at 60% of storage or more, its cleanout still open past due.
    const storage = projectId(db, 'guilderland-avenue-self-storage');
    const latest = one<{ pct: number }>(
      db,
      `SELECT ip.sediment_accumulation_pct AS pct FROM inspection_practices ip JOIN inspections i ON i.id = ip.inspection_id
       WHERE i.project_id = ? AND ip.practice_type = 'sediment_trap' ORDER BY i.inspected_at DESC, ip.sediment_accumulation_pct DESC LIMIT 1`,
      storage,
    );
    expect(latest.pct).toBeGreaterThanOrEqual(60);
    expect(
      count(
        db,
        'SELECT count(*) FROM corrective_actions WHERE project_id = ? AND closed_on IS NULL AND due_on < ?',
        storage,
        TODAY,
      ),
    ).toBe(1);
    // Last month's monthly summary never filed (today is past the 10th).
    expect(
      count(
        db,
        "SELECT count(*) FROM monthly_summaries WHERE project_id = ? AND month = '2026-05'",
        projectId(db, 'altamont-avenue-plaza'),
      ),
    ).toBe(0);
    expect(
      count(
        db,
        "SELECT count(*) FROM monthly_summaries WHERE project_id = ? AND month = '2026-04'",
        projectId(db, 'altamont-avenue-plaza'),
      ),
    ).toBe(1);
    // One summary filed late, one corrected (version 2 supersedes version 1, which stays with supersededAt).
    expect(
      count(
        db,
        "SELECT count(*) FROM monthly_summaries WHERE version = 1 AND cast(strftime('%d', submitted_at / 1000, 'unixepoch') AS integer) > 10",
      ),
    ).toBe(1);
    const corrected = all<{ version: number; supersedes_id: number | null; superseded_at: number | null }>(
      db,
      'SELECT m.version, m.supersedes_id, m.superseded_at FROM monthly_summaries m WHERE m.id IN (SELECT supersedes_id FROM monthly_summaries) OR m.supersedes_id IS NOT NULL ORDER BY m.version',
    );
    expect(corrected.map((c) => c.version)).toEqual([1, 2]);
    expect(corrected[0].superseded_at).not.toBeNull();
    expect(corrected[1].superseded_at).toBeNull();
    // A 48-hour notice given with less than 48 hours to go.
    expect(count(db, 'SELECT count(*) FROM inspection_notices WHERE scheduled_for - given_at < 48 * 3600000')).toBe(1);
  });

  it('keeps SWPPP reviews consistent with project status, with 30-day clocks running', () => {
    const reviews = all<{
      status: string;
      received_on: string;
      complete_on: string | null;
      deficiencies_notified_on: string | null;
      decision: string | null;
    }>(
      db,
      "SELECT p.status, r.received_on, r.complete_on, r.deficiencies_notified_on, r.decision FROM swppp_reviews r JOIN projects p ON p.id = r.project_id JOIN documents d ON d.id = r.document_id WHERE d.type = 'swppp'",
    );
    expect(reviews.length).toBe(summary.projects);
    const underReview = reviews.filter((r) => r.status === 'swppp_review');
    expect(underReview.length).toBeGreaterThanOrEqual(3);
    for (const r of underReview) {
      expect(r.decision).toBeNull();
      expect(Date.parse(TODAY) - Date.parse(r.received_on)).toBeLessThanOrEqual(45 * DAY);
    }
    // At least one is past day 30 with no action at all.
    expect(
      underReview.some(
        (r) =>
          Date.parse(TODAY) - Date.parse(r.received_on) > 30 * DAY && !r.complete_on && !r.deficiencies_notified_on,
      ),
    ).toBe(true);
    for (const r of reviews.filter((x) => x.status !== 'swppp_review')) expect(r.decision).toMatch(/^approved/);
  });

  it('has records requests in every state, numbered per year, with statutory due dates', () => {
    const closures = all<{ date: string; name: string; active: number }>(db, 'SELECT date, name, active FROM closures');
    const calendar = new BusinessCalendar(closures.map((c) => ({ ...c, active: !!c.active })));
    const requests = all<{
      number: string;
      status: string;
      received_at: number;
      due_on: string;
      channel: string;
      tracking_token_hash: string;
      requester_email: string | null;
    }>(db, 'SELECT * FROM records_requests ORDER BY received_at');
    const states = new Set(requests.map((r) => r.status));
    for (const s of [
      'received',
      'acknowledged',
      'awaiting_cost_approval',
      'awaiting_payment',
      'fulfilled',
      'denied',
      'withdrawn',
    ])
      expect(states).toContain(s);
    requests.forEach((r, i) => {
      expect(r.number).toBe(`R-2026-${String(i + 1).padStart(4, '0')}`);
      expect(r.due_on).toBe(computeDueDate(new Date(r.received_at), calendar).dueOn);
      expect(r.tracking_token_hash).toMatch(/^[a-f0-9]{64}$/);
      if (r.requester_email) expect(r.requester_email).toMatch(/@[a-z0-9.]*example\.(com|org)$/);
    });
    expect(new Set(requests.map((r) => r.channel)).size).toBeGreaterThanOrEqual(4);
    // One is overdue: still open after its due date.
    expect(requests.filter((r) => ['received', 'acknowledged'].includes(r.status) && r.due_on < TODAY).length).toBe(1);
    // Paid requests balance to the cent; released items have releasedAt.
    const invoices = all<{ status: string; total: number; paid: number | null; request_status: string }>(
      db,
      `SELECT i.status, (SELECT sum(amount_cents) FROM invoice_lines l WHERE l.invoice_id = i.id) AS total,
              (SELECT sum(amount_cents) FROM payments p WHERE p.invoice_id = i.id) AS paid, r.status AS request_status
       FROM invoices i JOIN records_requests r ON r.id = i.request_id`,
    );
    for (const inv of invoices) {
      if (inv.request_status === 'fulfilled') expect(inv.paid).toBe(inv.total);
      if (inv.request_status === 'awaiting_payment') expect(inv.paid).toBeNull();
    }
    expect(invoices.some((i) => i.status === 'issued' && i.request_status === 'awaiting_payment')).toBe(true);
    expect(
      count(
        db,
        "SELECT count(*) FROM request_items i JOIN records_requests r ON r.id = i.request_id WHERE r.status = 'fulfilled' AND i.released_at IS NULL",
      ),
    ).toBe(0);
    expect(count(db, "SELECT count(*) FROM invoice_lines WHERE code = 'page' AND unit_cents != 25")).toBe(0);
    expect(
      count(db, "SELECT count(*) FROM invoice_lines WHERE code = 'large_format_sheet' AND unit_cents != 500"),
    ).toBe(0);
  });

  it('shows the clerk’s tools in the demo: a question waiting for its requester, copies waiting at Town Hall, paper handed over, a duplicate closed', () => {
    const states = new Set(all<{ status: string }>(db, 'SELECT status FROM records_requests').map((r) => r.status));
    for (const s of ['awaiting_clarification', 'copies_ready', 'closed_duplicate']) expect(states).toContain(s);
    // The question is on the thread, and the request still answers to its statutory due date (decision 0029).
    const asked = one<{ id: number; due_on: string; respond_by: string | null; status_before_clarification: string }>(
      db,
      "SELECT * FROM records_requests WHERE status = 'awaiting_clarification'",
    );
    expect(asked.status_before_clarification).toBe('received');
    expect(asked.respond_by).toBe(asked.due_on);
    expect(
      count(
        db,
        "SELECT count(*) FROM request_messages WHERE request_id = ? AND kind = 'clarification' AND sender = 'clerk'",
        asked.id,
      ),
    ).toBe(1);
    // Copies waiting for pickup: ready, not picked up, not yet fulfilled.
    const ready = one<{
      copies_ready_on: string | null;
      picked_up_on: string | null;
      fulfilled_on: string | null;
      delivery: string;
    }>(db, "SELECT * FROM records_requests WHERE status = 'copies_ready'");
    expect(ready).toMatchObject({ picked_up_on: null, fulfilled_on: null, delivery: 'paper_pickup' });
    expect(ready.copies_ready_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Every fulfilled paper request says when it was picked up or mailed.
    expect(
      count(
        db,
        "SELECT count(*) FROM records_requests WHERE status = 'fulfilled' AND delivery IN ('paper_pickup', 'cd', 'usb') AND picked_up_on IS NULL",
      ),
    ).toBe(0);
    expect(
      count(
        db,
        "SELECT count(*) FROM records_requests WHERE status = 'fulfilled' AND delivery = 'paper_mail' AND mailed_on IS NULL",
      ),
    ).toBe(0);
    // The duplicate points at the same requester's earlier request for the same project.
    const dup = one<{
      id: number;
      requester_email: string;
      project_id: number;
      received_at: number;
      duplicate_of_request_id: number;
    }>(db, "SELECT * FROM records_requests WHERE status = 'closed_duplicate'");
    const original = one<{ requester_email: string; project_id: number; received_at: number }>(
      db,
      'SELECT * FROM records_requests WHERE id = ?',
      dup.duplicate_of_request_id,
    );
    expect(original.requester_email).toBe(dup.requester_email);
    expect(original.project_id).toBe(dup.project_id);
    expect(original.received_at).toBeLessThan(dup.received_at);
  });

  it('has a dozen residents’ reports in every state, each with its steps, one hidden', () => {
    const rows = all<{ status: string; hidden: number; project_id: number | null }>(
      db,
      'SELECT status, hidden, project_id FROM site_reports',
    );
    expect(rows.length).toBe(12);
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['received', 'under_review', 'inspected', 'violation_found', 'no_violation', 'referred', 'closed']),
    );
    expect(rows.filter((r) => r.hidden)).toHaveLength(1);
    expect(rows.some((r) => r.project_id == null)).toBe(true);
    expect(
      count(
        db,
        'SELECT count(*) FROM site_reports r WHERE NOT EXISTS (SELECT 1 FROM site_report_events e WHERE e.report_id = r.id AND e.status = r.status)',
      ),
    ).toBe(0);
    expect(
      count(db, "SELECT count(*) FROM site_reports WHERE status IN ('closed', 'referred') AND public_reason IS NULL"),
    ).toBe(0);
  });

  it('seeds the reference data once, even when asked again', async () => {
    const before = {
      closures: count(db, 'SELECT count(*) FROM closures'),
      fees: count(db, 'SELECT count(*) FROM fee_schedules'),
      settings: count(db, 'SELECT count(*) FROM settings'),
    };
    await seedReferenceData(db, { now: NOW });
    expect({
      closures: count(db, 'SELECT count(*) FROM closures'),
      fees: count(db, 'SELECT count(*) FROM fee_schedules'),
      settings: count(db, 'SELECT count(*) FROM settings'),
    }).toEqual(before);
    expect(count(db, "SELECT count(*) FROM closures WHERE kind = 'closure'")).toBe(1);
    expect(
      count(db, "SELECT count(*) FROM closures WHERE kind = 'holiday' AND date LIKE '2026-%'"),
    ).toBeGreaterThanOrEqual(10);
    expect(count(db, "SELECT count(*) FROM closures WHERE date LIKE '2031-%'")).toBeGreaterThan(0);
    expect(count(db, "SELECT count(*) FROM closures WHERE strftime('%w', date) IN ('0', '6')")).toBe(0);
    expect(
      one(db, 'SELECT effective_from, per_page_cents, large_format_sheet_cents, electronic_cents FROM fee_schedules'),
    ).toEqual({ effective_from: '2020-01-01', per_page_cents: 25, large_format_sheet_cents: 500, electronic_cents: 0 });
    // The law's text is the demo town's (written by the demo seed with its number and date, decision 0077).
    expect(
      all(db, "SELECT key, substr(value, 1, 40) AS value FROM settings WHERE key <> 'town_profile' ORDER BY key"),
    ).toEqual([
      { key: 'close_of_business', value: '16:30' },
      { key: 'monthly_summary_due_day', value: '10' },
      { key: 'ordinance_law_adopted', value: '2009-03-11' },
      { key: 'ordinance_law_number', value: 'Local Law No. 2 of 2009' },
      { key: 'ordinance_text', value: '## Findings\n\nUncontrolled drainage and r' },
    ]);
    // The demo town's profile, written by the demo seed (not the reference data).
    expect(
      JSON.parse(one<{ value: string }>(db, "SELECT value FROM settings WHERE key = 'town_profile'").value),
    ).toEqual(ROTTERDAM_PROFILE);
    expect(all(db, 'SELECT actor_label, action FROM audit_log')).toEqual([
      { actor_label: 'seed', action: 'seed.demo' },
    ]);
  });

  it('refuses a second seeding of the same database', async () => {
    await expect(seedDemoTown(db, { filesDir, now: NOW })).rejects.toThrow(/already has projects/);
  });

  it('is deterministic: the same "now" gives the same rows and the same files, drawn on several threads (filling a PDF cache), on one, or copied from that cache', async () => {
    const second = freshDatabase('rsp-seed-again-');
    await seedDemoTown(second.db, {
      filesDir: second.filesDir,
      now: NOW,
      renderThreads: 1,
      pdfCache: false,
      pdfTexts: 'later',
    });
    // Every PDF copied from the cache the first seed filled (nothing new is drawn into it).
    const entries = () => fs.readdirSync(pdfCache).filter((f) => f.endsWith('.pdf')).length;
    const filled = entries();
    expect(filled).toBeGreaterThanOrEqual(count(db, 'SELECT count(DISTINCT sha256) FROM documents'));
    const cached = [freshDatabase('rsp-seed-cached-')];
    process.env.DEMO_PDF_CACHE = pdfCache;
    try {
      await seedDemoTown(cached[0].db, { filesDir: cached[0].filesDir, now: NOW, pdfTexts: 'later' });
    } finally {
      if (previousCache === undefined) delete process.env.DEMO_PDF_CACHE;
      else process.env.DEMO_PDF_CACHE = previousCache;
    }
    expect(entries()).toBe(filled);
    fs.rmSync(pdfCache, { recursive: true, force: true });
    for (const other of [second, ...cached]) {
      for (const table of [
        'projects',
        'parties',
        'documents',
        'inspections',
        'inspection_practices',
        'corrective_actions',
        'monthly_summaries',
        'enforcement_actions',
        'records_requests',
        'request_events',
        'invoice_lines',
        'stormwater_practices',
        'practice_inspections',
        'practice_maintenance_items',
        'practice_maintenance_reports',
        'practice_agreement_files',
        'escrow_entries',
      ]) {
        const a = all(db, `SELECT * FROM "${table}" ORDER BY 1`);
        const b = all(other.db, `SELECT * FROM "${table}" ORDER BY 1`);
        expect(b, table).toEqual(a);
      }
      for (const { sha256 } of all<{ sha256: string }>(other.db, 'SELECT DISTINCT sha256 FROM documents')) {
        expect(
          fs
            .readFileSync(storedFilePath(sha256, other.filesDir))
            .equals(fs.readFileSync(storedFilePath(sha256, filesDir))),
        ).toBe(true);
      }
    }
  }, 300_000);
});

describe('the large benchmark town', () => {
  it('seeds a few hundred plausible projects', async () => {
    const { db, filesDir } = freshDatabase('rsp-seed-large-');
    const summary = await seedLargeTown(db, { projects: 300, filesDir, now: NOW });
    expect(summary.projects).toBe(300);
    expect(summary.recordsRequests).toBe(60);
    expect(count(db, 'SELECT count(DISTINCT slug) FROM projects')).toBe(300);
    expect(
      count(db, 'SELECT count(*) FROM projects p WHERE NOT EXISTS (SELECT 1 FROM parties x WHERE x.project_id = p.id)'),
    ).toBe(0);
    expect(
      count(
        db,
        "SELECT count(*) FROM projects p WHERE NOT EXISTS (SELECT 1 FROM documents d WHERE d.project_id = p.id AND d.type = 'swppp')",
      ),
    ).toBe(0);
    const started = count(db, 'SELECT count(*) FROM projects WHERE actual_start_on IS NOT NULL');
    expect(summary.inspections).toBeGreaterThan(started * 4);
    expect(summary.inspections).toBeLessThanOrEqual(started * 6);
    expect(summary.monthlySummaries).toBeGreaterThan(started * 2);
    expect(summary.enforcementActions).toBeGreaterThan(0);
    // A few PDFs, shared by many documents rows.
    expect(summary.files).toBeLessThan(60);
    expect(summary.counts.documents).toBeGreaterThan(300 * 5);
    for (const { sha256 } of all<{ sha256: string }>(db, 'SELECT DISTINCT sha256 FROM documents'))
      expect(fs.existsSync(storedFilePath(sha256, filesDir))).toBe(true);
    const box = one<Record<string, number>>(
      db,
      'SELECT min(latitude) AS a, max(latitude) AS b, min(longitude) AS c, max(longitude) AS d FROM projects',
    );
    expect(box.a).toBeGreaterThan(TOWN_BOUNDS.minLat);
    expect(box.b).toBeLessThan(TOWN_BOUNDS.maxLat);
    expect(box.c).toBeGreaterThan(TOWN_BOUNDS.minLon);
    expect(box.d).toBeLessThan(TOWN_BOUNDS.maxLon);
    expect(
      count(
        db,
        "SELECT count(*) FROM projects p WHERE status = 'stop_work' AND NOT EXISTS (SELECT 1 FROM enforcement_actions e WHERE e.project_id = p.id AND e.type = 'stop_work_order' AND e.lifted_on IS NULL)",
      ),
    ).toBe(0);
    expect(all(db, 'SELECT action FROM audit_log')).toEqual([{ action: 'seed.large' }]);
  }, 300_000);
});

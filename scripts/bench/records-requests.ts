/**
 * Records requests at scale: the bench database is topped up to 50,000 requests (most closed, a few
 * thousand open, spread over three years, due dates from the real calendar), then we measure submitting
 * requests through the public form (each with its own one-time key, so every POST makes a request and
 * a receipt) and the clerk's queue (default view, a deep page, a search, the CSV export).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { DEMO_PASSWORD } from '#db/seed/accounts.ts';
import { hashPassword } from '#lib/server/accounts/passwords.ts';
import { closeOfBusiness, loadCalendar } from '#lib/server/platform/time/calendar.ts';
import { openDatabase } from '#lib/server/platform/db.ts';
import { computeDueDate } from '#lib/server/platform/time/deadlines.rules.ts';
import { respondBy, type RequestChannel } from '#lib/server/records-requests/request.rules.ts';
import { townInstant, townToday } from '#lib/server/platform/time/town-time.ts';
import { addDays } from '#lib/shared/days.ts';
import type { DeliveryMethod, RequestStatus } from '#db/schema.ts';
import { formBody, signIn } from '../../tests/support/http.ts';
import autocannon from 'autocannon';
import { formatLoad, load, type BenchContext } from './lib.ts';

export const TARGET_REQUESTS = 50_000;
export const BENCH_CLERK = 'bench.clerk@rotterdam.example';

/** A tiny deterministic generator, so every fresh bench database is the same. */
function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
  return {
    next,
    int: (a: number, b: number) => a + Math.floor(next() * (b - a + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
  };
}

/** The mail the bench's own requests queued (to bench.… and load.… addresses at example.org). */
function deleteBenchMail(sqlite: ReturnType<typeof openDatabase>['$client']): number {
  return sqlite
    .prepare("delete from outbox where to_address like 'bench.%@example.org' or to_address like 'load.%@example.org'")
    .run().changes;
}

/**
 * After a run: the confirmation mail its submissions queued goes, as at the start of the next run. Left
 * queued, a server started by hand on the bench data delivers it (thousands after a mixed load, 15% of
 * the main thread while they last) and skews whatever is measured meanwhile.
 */
export function forgetBenchMail(dataDir: string): number {
  const db = openDatabase(path.join(dataDir, 'portal.db'));
  try {
    return deleteBenchMail(db.$client);
  } finally {
    db.$client.close();
  }
}

/** Add requests (and a clerk account) until the database holds TARGET_REQUESTS. Returns how many were added. */
export async function prepare(
  dataDir: string,
): Promise<{ added: number; removed: number; total: number; open: number; sample: { slug: string; docId: number } }> {
  const db = openDatabase(path.join(dataDir, 'portal.db'));
  const sqlite = db.$client;
  const count = () => (sqlite.prepare('select count(*) n from records_requests').get() as { n: number }).n;
  if (!sqlite.prepare('select 1 from users where email = ?').get(BENCH_CLERK)) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const id = Number(
      sqlite
        .prepare(
          "insert into users (email, name, title, password_hash) values (?, 'Bench Clerk', 'Deputy Town Clerk', ?)",
        )
        .run(BENCH_CLERK, passwordHash).lastInsertRowid,
    );
    sqlite.prepare("insert into user_roles (user_id, role) values (?, 'clerk')").run(id);
  }
  // Requests earlier bench runs submitted (and their mail) go, so every run measures the same queue.
  const submitted = "requester_name in ('Bench Requester', 'Load Test Resident')";
  const removed = sqlite.transaction(() => {
    deleteBenchMail(sqlite);
    return sqlite.prepare(`delete from records_requests where ${submitted}`).run().changes;
  })();
  if (removed) sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const have = count();
  const missing = TARGET_REQUESTS - have;
  if (missing > 0) {
    const r = rng(0x52455153 + have);
    const calendar = loadCalendar(db);
    const cob = closeOfBusiness(db);
    const today = townToday();
    const docs = sqlite
      .prepare("select id, project_id as projectId, title from documents where type in ('swppp', 'noi') and public = 1")
      .all() as Array<{ id: number; projectId: number; title: string }>;
    const dueMemo = new Map<string, string>();
    const counters = new Map<string, number>();
    for (const row of sqlite
      .prepare(
        "select substr(number, 3, 4) as year, max(cast(substr(number, 8) as integer)) as n from records_requests where number like 'R-%' group by 1",
      )
      .all() as Array<{ year: string; n: number }>)
      counters.set(row.year, row.n);
    const insertRequest = sqlite.prepare(
      `insert into records_requests (number, tracking_token_hash, project_id, channel, status, received_at, due_on, respond_by, acknowledged_on, promised_on, description, delivery,
        requester_name, requester_email, fulfilled_on, denied_on, denial_reason, withdrawn_on, estimate_cents, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertItem = sqlite.prepare(
      'insert into request_items (request_id, document_id, description, pages, large_format_sheets) values (?, ?, ?, ?, ?)',
    );
    const insertEvent = sqlite.prepare(
      "insert into request_events (request_id, at, kind, visible_to_requester, body) values (?, ?, 'status', 1, ?)",
    );
    const first = [
      'Alex',
      'Jordan',
      'Sam',
      'Taylor',
      'Morgan',
      'Casey',
      'Riley',
      'Jamie',
      'Avery',
      'Quinn',
      'Drew',
      'Robin',
    ];
    const last = [
      'Smith',
      'Van Patten',
      'Okafor',
      'Kowalski',
      'Reyes',
      'Brandt',
      'Morrow',
      'Dunning',
      'Raman',
      'Castellano',
      'Oyelaran',
      'Tolliver',
    ];
    sqlite.transaction(() => {
      for (let k = 0, added = 0; added < missing; k++) {
        const age = r.int(0, 3 * 365);
        const day = addDays(today, -age);
        const time = `${String(r.int(7, 19)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}`;
        const receivedAt = townInstant(day, time);
        if (receivedAt.getTime() > Date.now()) continue;
        added++;
        const memoKey = `${day}|${time >= cob}`;
        let dueOn = dueMemo.get(memoKey);
        if (!dueOn) {
          dueOn = computeDueDate(receivedAt, calendar, { closeOfBusiness: cob }).dueOn;
          dueMemo.set(memoKey, dueOn);
        }
        // Older requests are almost all closed; the last few weeks hold the open ones.
        const status: RequestStatus =
          age < 30
            ? r.pick([
                'received',
                'received',
                'acknowledged',
                'acknowledged',
                'awaiting_payment',
                'awaiting_cost_approval',
                'fulfilled',
              ] as const)
            : r.next() < 0.03
              ? r.pick(['received', 'acknowledged', 'awaiting_payment'] as const)
              : r.pick([
                  'fulfilled',
                  'fulfilled',
                  'fulfilled',
                  'fulfilled',
                  'fulfilled',
                  'denied',
                  'withdrawn',
                ] as const);
        const acknowledgedOn =
          status === 'acknowledged' || status === 'awaiting_payment' ? addDays(day, r.int(1, 4)) : null;
        const promisedOn = acknowledgedOn ? addDays(acknowledgedOn, r.int(7, 25)) : null;
        const year = day.slice(0, 4);
        const n = (counters.get(year) ?? 0) + 1;
        counters.set(year, n);
        const doc = r.pick(docs);
        const name = `${r.pick(first)} ${r.pick(last)}`;
        const delivery: DeliveryMethod = r.pick([
          'electronic',
          'electronic',
          'electronic',
          'paper_pickup',
          'paper_mail',
          'usb',
          'cd',
        ] as const);
        const closedOn = addDays(day, r.int(2, 9));
        const at = receivedAt.getTime();
        const id = Number(
          insertRequest.run(
            `R-${year}-${String(n).padStart(4, '0')}`,
            crypto.randomBytes(32).toString('hex'),
            doc.projectId,
            r.pick([
              'web',
              'web',
              'web',
              'email',
              'email',
              'mail',
              'walk_in',
              'phone',
            ] as const satisfies readonly RequestChannel[]),
            status,
            at,
            dueOn,
            respondBy({ status, dueOn, promisedOn }),
            acknowledgedOn,
            promisedOn,
            `Copies of the ${doc.title}.`,
            delivery,
            name,
            `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${k}@example.org`,
            status === 'fulfilled' ? closedOn : null,
            status === 'denied' ? closedOn : null,
            status === 'denied' ? 'The records requested are not held by the Town.' : null,
            status === 'withdrawn' ? closedOn : null,
            delivery === 'electronic' ? 0 : r.int(100, 9000),
            at,
            at,
          ).lastInsertRowid,
        );
        insertItem.run(id, doc.id, doc.title, null, null);
        insertEvent.run(id, at, 'Request received.');
      }
      // Keep the numbering counters in step with what is now stored.
      const upsert = sqlite.prepare(
        'insert into settings (key, value, updated_at) values (?, ?, ?) on conflict(key) do update set value = excluded.value',
      );
      for (const [year, n] of counters) upsert.run(`seq:R:${year}`, String(n), Date.now());
    })();
  }
  const open = (
    sqlite
      .prepare(
        "select count(*) n from records_requests where status in ('received', 'acknowledged', 'awaiting_cost_approval', 'awaiting_payment')",
      )
      .get() as { n: number }
  ).n;
  const total = count();
  // A project with a public SWPPP and inspection reports, for the form posts.
  const sample = sqlite
    .prepare(
      "select p.slug, d.id as docId from projects p join documents d on d.project_id = p.id and d.type = 'swppp' and d.public = 1 where p.published = 1 and exists (select 1 from documents r where r.project_id = p.id and r.type = 'inspection_report') order by p.id limit 1",
    )
    .get() as { slug: string; docId: number };
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  return { added: Math.max(0, total - have), removed, total, open, sample };
}

export async function run(ctx: BenchContext, sample: { slug: string; docId: number }) {
  const origin = new URL(ctx.url).origin;
  let n = 0;
  const runId = crypto.randomBytes(4).toString('hex');
  // Every POST is a new request: its own one-time form key (a double submit would be answered from the first).
  // A created request answers 303 (to its tracking page), so count statuses rather than "2xx".
  const result = await autocannon({
    url: `${ctx.url}/requests/new?_action=requests.submit`,
    duration: ctx.duration,
    connections: ctx.connections,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        setupRequest: (req) => ({
          ...req,
          body: formBody({
            formKey: `bench-${runId}-${String(n++).padStart(10, '0')}`.padEnd(43, 'b'),
            intent: 'submit',
            project: sample.slug,
            documentIds: String(sample.docId),
            reportsFrom: '2020-01-01',
            reportsTo: '2030-12-31',
            delivery: 'paper_pickup',
            name: 'Bench Requester',
            email: `bench.${n}@example.org`,
          }).toString(),
        }),
      },
    ],
  });
  const created = result.statusCodeStats?.['303']?.count ?? 0;
  const other = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => code !== '303')
    .map(([code, v]) => `${code}: ${v.count}`);
  ctx.report(
    `${'POST /requests/new (each makes a request)'.padEnd(44)} ${String(Math.round(result.requests.average)).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms`,
  );
  ctx.report(
    `  ${created.toLocaleString('en-US')} requests created (303)${other.length ? `; other answers ${other.join(', ')}` : ''}${result.errors + result.timeouts ? `; errors ${result.errors + result.timeouts}` : ''}`,
  );

  const cookie = await signIn(ctx.url, BENCH_CLERK, DEMO_PASSWORD);
  const pages = [
    { label: 'GET /staff/requests (open, by deadline)', path: '/staff/requests' },
    { label: 'GET /staff/requests?flag=overdue', path: '/staff/requests?flag=overdue' },
    { label: 'GET /staff/requests?status=all&page=500', path: '/staff/requests?status=all&page=500' },
    { label: 'GET /staff/requests?status=all&q=Okafor', path: '/staff/requests?status=all&q=Okafor' },
  ];
  for (const page of pages) {
    const res = await fetch(`${ctx.url}${page.path}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
    await res.arrayBuffer();
    const result = await load(page.label, `${ctx.url}${page.path}`, {
      ...ctx,
      requests: [{ method: 'GET', headers: { cookie } }],
    });
    ctx.report(formatLoad(result));
  }
  // The CSV of every request is a one-off download: time a few in a row.
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${ctx.url}/staff/requests/export.csv?status=all`, { headers: { cookie } });
    bytes = (await res.arrayBuffer()).byteLength;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  ctx.report(
    `GET /staff/requests/export.csv?status=all      median ${Math.round(times[2])} ms for ${(bytes / 1024 / 1024).toFixed(1)} MB`,
  );
}

/**
 * The officer's desk at 10,000 projects: the public town-wide enforcement page and its Atom feed under
 * load, and, in process against the same database, computing the desk (every SWPPP clock, notices,
 * deadlines, stop-work orders), a month of the calendar, and rendering the printable PDFs.
 */
import { asyncOf } from '#lib/server/platform/db/async-session.ts';
import path from 'node:path';
import { openDatabase } from '#lib/server/platform/db.ts';
import { printableNotice } from '#lib/server/enforcement/actions.ts';
import { calendarItems, officerDesk } from '#lib/server/desks/officer-desk.ts';
import { sitePostingPdf } from '#lib/server/projects/site-posting.ts';
import { town } from '#lib/server/platform/town-profile.ts';
import { getStaffProject } from '#lib/server/projects/registry.ts';
import { townToday } from '#lib/server/platform/time/town-time.ts';
import { formatLoad, load, type BenchContext } from './lib.ts';

async function timed<T>(runs: number, fn: () => Promise<T>): Promise<{ median: number; p95: number; last: T }> {
  const times: number[] = [];
  let last!: T;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)], p95: times[Math.min(runs - 1, Math.floor(runs * 0.95))], last };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function run(ctx: BenchContext) {
  for (const page of [
    { label: 'GET /enforcement', path: '/enforcement' },
    { label: 'GET /enforcement/feed.xml', path: '/enforcement/feed.xml' },
  ]) {
    const bytes = (await (await fetch(`${ctx.url}${page.path}`)).arrayBuffer()).byteLength;
    const r = await load(`${page.label} (${Math.round(bytes / 1024)} KB)`, `${ctx.url}${page.path}`, ctx);
    ctx.report(formatLoad(r));
  }

  const db = openDatabase(path.join(ctx.dataDir, 'portal.db'));
  try {
    const today = townToday();
    const desk = await timed(20, () => officerDesk(asyncOf(db), today));
    ctx.report(
      `officer's desk (${desk.last.total} items; every open SWPPP clock)   median ${ms(desk.median)}   p95 ${ms(desk.p95)}`,
    );
    const month = today.slice(0, 7);
    const cal = await timed(20, () => calendarItems(asyncOf(db), `${month}-01`, `${month}-31`, today));
    ctx.report(
      `calendar, one month (${cal.last.length} items)                 median ${ms(cal.median)}   p95 ${ms(cal.p95)}`,
    );
    const swo = db.$client
      .prepare("select id, project_id from enforcement_actions where type = 'stop_work_order' order by id limit 1")
      .get() as { id: number; project_id: number } | undefined;
    if (swo) {
      const notice = await timed(20, () => printableNotice(asyncOf(db), swo.id, 'http://localhost:4321'));
      ctx.report(
        `printable enforcement notice (PDF)                     median ${ms(notice.median)}   p95 ${ms(notice.p95)}`,
      );
      const data = (await getStaffProject(asyncOf(db), swo.project_id))!;
      const posting = await timed(20, () =>
        sitePostingPdf(
          { ...data.project, waters: data.waters.map((w) => w.name) },
          data.people.find((p) => p.role === 'owner_operator'),
          'http://localhost:4321',
          today,
          town(db),
        ),
      );
      ctx.report(
        `site posting with QR code (PDF)                        median ${ms(posting.median)}   p95 ${ms(posting.p95)}`,
      );
    }
  } finally {
    db.$client.close();
  }
}

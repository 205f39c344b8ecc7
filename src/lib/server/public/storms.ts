/**
 * The public storm pages: each rain event of the threshold or more (half an inch, settings) and, for every
 * published site under construction when it ended, whether the site was inspected within the window the
 * ordinance sets (24 hours). The duty is the compliance rules' own (`postStormDuty`, the same reading as the
 * post-storm findings), so a page never says "missed" where the findings say nothing.
 */
import { and, eq, gte, desc, inArray } from 'drizzle-orm';
import { projects, stormEvents } from '#db/schema.ts';
import { readSnapshotAsync, type Db } from '#lib/server/platform/db/async-session.ts';
import { complianceContext, loadComplianceData } from '#lib/server/compliance/compliance.ts';
import { postStormDuty, type ComplianceStorm, type StormDuty } from '#lib/server/compliance/compliance.rules.ts';

export interface StormSite {
  id: number;
  slug: string;
  name: string;
  duty: Exclude<StormDuty, { kind: 'none' }>;
}

export interface StormPage {
  storm: ComplianceStorm;
  hours: number;
  sites: StormSite[];
  counts: Record<StormSite['duty']['kind'], number>;
}

/** The storms that oblige an inspection, newest first. */
function stormsOverThreshold(db: Db, inches: number, limit: number): Promise<ComplianceStorm[]> {
  return db
    .select({ id: stormEvents.id, endedAt: stormEvents.endedAt, inches: stormEvents.inches, gauge: stormEvents.gauge })
    .from(stormEvents)
    .where(gte(stormEvents.inches, inches))
    .orderBy(desc(stormEvents.endedAt), desc(stormEvents.id))
    .limit(limit);
}

/** Each storm's sites and what each did, for the storms asked (one load of the sites' facts for all of them). */
async function stormPages(db: Db, storms: ComplianceStorm[], now: Date): Promise<StormPage[]> {
  const ctx = await complianceContext(db, now);
  const published = new Set(
    (
      await db
        .select({ id: projects.id })
        .from(projects)
        .where(
          and(
            eq(projects.published, true),
            inArray(projects.status, ['active', 'stop_work', 'final_stabilization', 'complete']),
          ),
        )
    ).map((p) => p.id),
  );
  const data = storms.length ? await loadComplianceData(db, { projectIds: [...published] }) : [];
  return storms.map((storm) => {
    const sites: StormSite[] = [];
    for (const d of data) {
      const duty = postStormDuty(d, ctx, storm);
      if (duty.kind !== 'none') sites.push({ id: d.project.id, slug: d.project.slug, name: d.project.name, duty });
    }
    // Missed first, then still due, then met; by name within each.
    const order = { missed: 0, due: 1, met: 2 } as const;
    sites.sort((a, b) => order[a.duty.kind] - order[b.duty.kind] || a.name.localeCompare(b.name));
    const counts = { missed: 0, due: 0, met: 0 };
    for (const s of sites) counts[s.duty.kind]++;
    return { storm, hours: ctx.settings.postStormHours, sites, counts };
  });
}

/** The newest storms that oblige an inspection, with their sites, read in one snapshot. */
export function recentStorms(
  db: Db,
  now = new Date(),
  limit = 20,
): Promise<{ threshold: number; storms: StormPage[] }> {
  return readSnapshotAsync(db, async () => {
    const threshold = (await complianceContext(db, now)).settings.stormInches;
    return { threshold, storms: await stormPages(db, await stormsOverThreshold(db, threshold, limit), now) };
  });
}

/**
 * The first instant after `now` at which these pages say something else with the same data: a storm ending, or a
 * window still open closing (one millisecond after its last instant). For the page cache (decision 0056).
 */
export function stormPagesChangeAt(pages: StormPage[], now: Date): number {
  let first = Infinity;
  for (const p of pages) {
    if (p.storm.endedAt.getTime() > now.getTime()) first = Math.min(first, p.storm.endedAt.getTime());
    for (const s of p.sites) if (s.duty.kind === 'due') first = Math.min(first, s.duty.dueAt.getTime() + 1);
  }
  return first;
}

/** One storm's page, or undefined when there is no such storm or it is under the threshold. */
export function stormPage(db: Db, id: number, now = new Date()): Promise<StormPage | undefined> {
  return readSnapshotAsync(db, async () => {
    const threshold = (await complianceContext(db, now)).settings.stormInches;
    const [storm] = await db
      .select({
        id: stormEvents.id,
        endedAt: stormEvents.endedAt,
        inches: stormEvents.inches,
        gauge: stormEvents.gauge,
      })
      .from(stormEvents)
      .where(eq(stormEvents.id, id));
    if (!storm || storm.inches < threshold) return undefined;
    return (await stormPages(db, [storm], now))[0];
  });
}

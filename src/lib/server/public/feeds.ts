/**
 * The public Atom feeds (town, one project, one area) and the iCalendar of public dates (planned
 * construction starts and the inspection milestones operators noticed to the town).
 */
import { MILESTONE_LABEL } from '#lib/shared/labels.ts';
import type { Milestone } from '#db/enums.ts';
import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { inspectionNotices, projects } from '#db/schema.ts';
import type { Db } from '#lib/server/platform/db/async-session.ts';
import { latestPublicEvents, type PublicEvent } from './events.ts';
import { renderAtom, type AtomFeed } from '#lib/server/platform/feeds/atom.ts';
import type { IcalEvent } from '#lib/server/platform/feeds/ical.ts';
import { townAsync } from '#lib/server/platform/town-profile.ts';
import type { TownWords } from '#lib/shared/town-profile.ts';

/**
 * Entry ids must never change, even if the portal's address does: their authority is the sender's address
 * in the town profile ("stormwater@x.example" gives "stormwater.x.example"), else the town's name (0038).
 */
function authorityOf(t: TownWords): string {
  const m = /([^<>\s@]+)@([^<>\s@]+?)>?\s*$/.exec(t.profile.mailFrom);
  return m ? `${m[1]}.${m[2]}`.toLowerCase() : `stormwater-portal.${t.slug}`;
}
const tagOf = (t: TownWords) => `tag:${authorityOf(t)},2026:`;

export function eventsFeed(
  t: TownWords,
  baseUrl: string,
  meta: { id: string; title: string; self: string; alternate: string },
  events: PublicEvent[],
): string {
  const TAG = tagOf(t);
  const feed: AtomFeed = {
    author: t.signature,
    id: `${TAG}${meta.id}`,
    title: meta.title,
    self: `${baseUrl}${meta.self}`,
    alternate: `${baseUrl}${meta.alternate}`,
    updated: events[0]?.occurredAt ?? new Date(0),
    entries: events.map((e) => ({
      id: `${TAG}${e.kind}/${e.entityId}`,
      title: e.title,
      updated: e.occurredAt,
      link: `${baseUrl}${e.path}`,
      summary: e.summary,
    })),
  };
  return renderAtom(feed);
}

export function townEvents(db: Db): Promise<PublicEvent[]> {
  return latestPublicEvents(db, { limit: 50 });
}

export function projectEvents(db: Db, projectId: number): Promise<PublicEvent[]> {
  return latestPublicEvents(db, { projectIds: [projectId], limit: 50 });
}

/** Planned starts (all-day) and noticed inspection milestones (timed), from a year ago on. */
export async function publicCalendar(
  db: Db,
  baseUrl: string,
  opts: { projectId?: number; now?: Date } = {},
): Promise<IcalEvent[]> {
  const t = await townAsync(db);
  const host = authorityOf(t);
  const now = opts.now ?? new Date();
  const from = new Date(now.getTime() - 366 * 86_400_000);
  const fromDay = from.toISOString().slice(0, 10);
  const projectFilter = opts.projectId != null ? [eq(projects.id, opts.projectId)] : [];
  const starts = await db
    .select({
      id: projects.id,
      slug: projects.slug,
      name: projects.name,
      siteAddress: projects.siteAddress,
      on: projects.plannedStartOn,
      updatedAt: projects.updatedAt,
    })
    .from(projects)
    .where(
      and(
        eq(projects.published, true),
        isNotNull(projects.plannedStartOn),
        sql`${projects.plannedStartOn} >= ${fromDay}`,
        ...projectFilter,
      ),
    )
    .orderBy(asc(projects.plannedStartOn));
  const notices = await db
    .select({
      id: inspectionNotices.id,
      milestone: inspectionNotices.milestone,
      scheduledFor: inspectionNotices.scheduledFor,
      givenAt: inspectionNotices.givenAt,
      slug: projects.slug,
      name: projects.name,
      siteAddress: projects.siteAddress,
    })
    .from(inspectionNotices)
    .innerJoin(projects, eq(projects.id, inspectionNotices.projectId))
    .where(
      and(
        eq(projects.published, true),
        gte(inspectionNotices.scheduledFor, from),
        ...(opts.projectId != null ? [inArray(projects.id, [opts.projectId])] : []),
      ),
    )
    .orderBy(asc(inspectionNotices.scheduledFor));
  return [
    ...starts.map((p) => ({
      uid: `planned-start-${p.id}@${host}`,
      summary: `Planned construction start: ${p.name}`,
      description: `The operator's planned start of construction at ${p.siteAddress}, as given in the notice of intent.`,
      url: `${baseUrl}/projects/${p.slug}`,
      location: `${p.siteAddress}, ${t.placeSuffix}`,
      date: p.on!,
      stamp: p.updatedAt,
    })),
    ...notices.map((n) => ({
      uid: `inspection-notice-${n.id}@${host}`,
      summary: `${MILESTONE_LABEL[n.milestone as Milestone] ?? n.milestone}: ${n.name}`,
      description:
        'An inspection milestone the operator gave the municipality notice of (at least 48 hours ahead, as the ordinance requires), so the municipality can inspect.',
      url: `${baseUrl}/projects/${n.slug}`,
      location: `${n.siteAddress}, ${t.placeSuffix}`,
      start: n.scheduledFor,
      end: new Date(n.scheduledFor.getTime() + 60 * 60 * 1000),
      stamp: n.givenAt,
    })),
  ];
}
